//! The two event fields that are structs, small and `Copy` so they fit in an `Event`'s 16
//! bytes: a killer row (`KillerSlots`: at most `MAX_KILLER_SLOTS` moves, inline, carried whole)
//! and a node count (`NodeCount`: a `u64` as two `u32` halves, so `Event` keeps an alignment
//! of 4). Apart from `event.rs`, which defines what the search reports, because these are how
//! two of its values are stored rather than what they mean.

use killerscope_chess::Move;

/// Most killer slots per ply a row holds: a killer store's event carries the whole row, so the
/// log bounds it (and the engine's `killers=` setting with it).
pub const MAX_KILLER_SLOTS: usize = 4;

/// The killer row at one ply right after a store: up to `MAX_KILLER_SLOTS` moves, slot 0 first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KillerSlots {
    moves: [Move; MAX_KILLER_SLOTS],
    len: u8,
}

impl KillerSlots {
    /// Copies a killer row (extra slots beyond `MAX_KILLER_SLOTS` are dropped; the search never
    /// has more).
    pub fn new(slots: &[Move]) -> KillerSlots {
        let mut moves = [Move::NULL; MAX_KILLER_SLOTS];
        let len = slots.len().min(MAX_KILLER_SLOTS);
        moves[..len].copy_from_slice(&slots[..len]);
        KillerSlots {
            moves,
            len: len as u8,
        }
    }

    /// The row, slot 0 first (empty slots are `Move::NULL`).
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

/// Total node count after an iteration, split into two `u32` halves so `Event` keeps an
/// alignment of 4 and a size of 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeCount([u32; 2]);

impl NodeCount {
    /// The count as a `u64`.
    pub const fn get(self) -> u64 {
        (self.0[1] as u64) << 32 | self.0[0] as u64
    }
}

impl From<u64> for NodeCount {
    fn from(n: u64) -> NodeCount {
        NodeCount([n as u32, (n >> 32) as u32])
    }
}
