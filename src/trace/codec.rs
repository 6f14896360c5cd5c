//! The 16-byte on-disk record of an `Event` (layout in `docs/kslog-format.md`): fixed size so
//! a log can be read in bulk and indexed by position, canonical so that every byte means
//! something and a corrupted record is rejected rather than misread.

use crate::chess::Move;
use crate::search::countermove::COUNTER_KEYS;
use crate::search::{
    Bound, EVENT_BYTES, Event, KillerSlots, MAX_KILLER_SLOTS, MoveSource, NodeCount, NodeKind,
    PruneRule, ReSearchReason, WindowOutcome,
};

impl Event {
    /// The fixed 16-byte little-endian record (layout in `docs/kslog-format.md`).
    pub fn to_bytes(&self) -> [u8; EVENT_BYTES] {
        let mut b = [0u8; EVENT_BYTES];
        b[0] = self.kind() as u8;
        match *self {
            Event::NodeEnter {
                ply,
                depth,
                kind,
                mv,
                alpha,
                beta,
            } => {
                b[1] = ply;
                b[2] = depth as u8;
                b[3] = kind as u8;
                put_move(&mut b, 4, mv);
                put_i32(&mut b, 8, alpha);
                put_i32(&mut b, 12, beta);
            }
            Event::MoveTried { mv, index, source } => {
                b[1] = index;
                b[2] = source.code();
                put_move(&mut b, 4, mv);
            }
            Event::Cutoff {
                mv,
                index,
                source,
                score,
                beta,
            } => {
                b[1] = index;
                b[2] = source.code();
                put_move(&mut b, 4, mv);
                put_i32(&mut b, 8, score);
                put_i32(&mut b, 12, beta);
            }
            Event::KillerStore { ply, mv, slots } => {
                b[1] = ply;
                b[2] = slots.as_slice().len() as u8;
                put_move(&mut b, 4, mv);
                for (i, &slot) in slots.as_slice().iter().enumerate() {
                    put_move(&mut b, 6 + 2 * i, slot);
                }
            }
            Event::TtHit {
                mv,
                depth,
                score,
                bound,
                cutoff,
            } => {
                b[1] = depth as u8;
                b[2] = bound as u8;
                b[3] = cutoff as u8;
                put_move(&mut b, 4, mv);
                put_i32(&mut b, 8, score);
            }
            Event::NodeExit { score, bound } => {
                b[1] = bound as u8;
                put_i32(&mut b, 8, score);
            }
            Event::Iteration {
                depth,
                score,
                nodes,
            } => {
                b[1] = depth;
                put_i32(&mut b, 4, score);
                b[8..16].copy_from_slice(&nodes.get().to_le_bytes());
            }
            Event::MateKillerStore { ply, mv } => {
                b[1] = ply;
                put_move(&mut b, 4, mv);
            }
            Event::CounterStore { key, mv } => {
                b[2..4].copy_from_slice(&key.to_le_bytes());
                put_move(&mut b, 4, mv);
            }
            Event::NullMove {
                depth,
                reduction,
                score,
                cutoff,
            } => {
                b[1] = depth as u8;
                b[2] = reduction;
                b[3] = cutoff as u8;
                put_i32(&mut b, 8, score);
            }
            Event::Reduction { mv, by } => {
                b[1] = by;
                put_move(&mut b, 4, mv);
            }
            Event::ReSearch { mv, reason } => {
                b[1] = reason as u8;
                put_move(&mut b, 4, mv);
            }
            Event::Pruned { mv, rule, score } => {
                b[1] = rule as u8;
                put_move(&mut b, 4, mv);
                put_i32(&mut b, 8, score);
            }
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => {
                b[1] = depth;
                b[2] = outcome as u8;
                put_i32(&mut b, 4, alpha);
                put_i32(&mut b, 8, beta);
            }
        }
        b
    }

    /// Decodes a record written by `to_bytes`; `Err` names what is wrong when the bytes cannot
    /// come from any event (unknown tag, bad code, non-zero reserved bytes).
    pub fn from_bytes(b: &[u8; EVENT_BYTES]) -> Result<Event, &'static str> {
        let (lo_mask, hi_mask) = *RESERVED.get(usize::from(b[0])).ok_or("unknown event tag")?;
        let half = |at: usize| {
            let mut h = [0u8; 8];
            h.copy_from_slice(&b[at..at + 8]);
            u64::from_le_bytes(h)
        };
        if half(0) & lo_mask != 0 || half(8) & hi_mask != 0 {
            return Err("reserved bytes are not zero");
        }
        let event = match b[0] {
            1 => Event::NodeEnter {
                ply: b[1],
                depth: b[2] as i8,
                kind: match b[3] {
                    0 => NodeKind::Main,
                    1 => NodeKind::Quiescence,
                    _ => return Err("node kind is neither 0 (main) nor 1 (quiescence)"),
                },
                mv: get_move(b, 4),
                alpha: get_i32(b, 8),
                beta: get_i32(b, 12),
            },
            2 => Event::MoveTried {
                mv: get_move(b, 4),
                index: b[1],
                source: MoveSource::from_code(b[2]),
            },
            3 => Event::Cutoff {
                mv: get_move(b, 4),
                index: b[1],
                source: MoveSource::from_code(b[2]),
                score: get_i32(b, 8),
                beta: get_i32(b, 12),
            },
            4 => {
                let len = b[2] as usize;
                if len > MAX_KILLER_SLOTS {
                    return Err("killer row longer than the most slots a search keeps");
                }
                let mut moves = [Move::NULL; MAX_KILLER_SLOTS];
                for (i, slot) in moves.iter_mut().enumerate() {
                    *slot = get_move(b, 6 + 2 * i);
                }
                if moves[len..].iter().any(|m| !m.is_null()) {
                    return Err("killer slots beyond the row length are not empty");
                }
                Event::KillerStore {
                    ply: b[1],
                    mv: get_move(b, 4),
                    slots: KillerSlots::new(&moves[..len]),
                }
            }
            5 => Event::TtHit {
                mv: get_move(b, 4),
                depth: b[1] as i8,
                score: get_i32(b, 8),
                bound: bound(b[2])?,
                cutoff: match b[3] {
                    0 => false,
                    1 => true,
                    _ => return Err("TT cutoff flag is neither 0 nor 1"),
                },
            },
            6 => Event::NodeExit {
                score: get_i32(b, 8),
                bound: bound(b[1])?,
            },
            7 => {
                let mut nodes = [0u8; 8];
                nodes.copy_from_slice(&b[8..16]);
                Event::Iteration {
                    depth: b[1],
                    score: get_i32(b, 4),
                    nodes: NodeCount::from(u64::from_le_bytes(nodes)),
                }
            }
            8 => Event::MateKillerStore {
                ply: b[1],
                mv: get_move(b, 4),
            },
            9 => {
                let key = u16::from_le_bytes([b[2], b[3]]);
                if usize::from(key) >= COUNTER_KEYS {
                    return Err("countermove key is not below 768 (12 pieces × 64 squares)");
                }
                Event::CounterStore {
                    key,
                    mv: get_move(b, 4),
                }
            }
            10 => Event::NullMove {
                depth: b[1] as i8,
                reduction: b[2],
                cutoff: match b[3] {
                    0 => false,
                    1 => true,
                    _ => return Err("null-move cutoff flag is neither 0 nor 1"),
                },
                score: get_i32(b, 8),
            },
            11 => Event::Reduction {
                by: b[1],
                mv: get_move(b, 4),
            },
            12 => Event::ReSearch {
                reason: ReSearchReason::from_code(b[1]).ok_or("unknown re-search reason")?,
                mv: get_move(b, 4),
            },
            13 => Event::Pruned {
                rule: PruneRule::from_code(b[1]).ok_or("unknown pruning rule")?,
                mv: get_move(b, 4),
                score: get_i32(b, 8),
            },
            14 => Event::Aspiration {
                depth: b[1],
                outcome: WindowOutcome::from_code(b[2]).ok_or("unknown aspiration outcome")?,
                alpha: get_i32(b, 4),
                beta: get_i32(b, 8),
            },
            _ => return Err("unknown event tag"),
        };
        Ok(event)
    }
}

/// Per tag, the bytes that must be zero: masks over the record's two little-endian `u64`
/// halves (byte `k` of a half is bits `8k..8k+8`). Index 0 is not a tag.
const RESERVED: [(u64, u64); 15] = [
    (0, 0),
    (0xffff << 48, 0),                                // node_enter: bytes 6-7
    (0xff << 24 | 0xffff << 48, u64::MAX),            // move_tried: 3, 6-15
    (0xff << 24 | 0xffff << 48, 0),                   // cutoff: 3, 6-7
    (0xff << 24, 0xffff << 48),                       // killer_store: 3, 14-15
    (0xffff << 48, 0xffff_ffff << 32),                // tt_hit: 6-7, 12-15
    (0xffff_ffff_ffff << 16, 0xffff_ffff << 32),      // node_exit: 2-7, 12-15
    (0xffff << 16, 0),                                // iteration: 2-3
    (0xffff << 16 | 0xffff << 48, u64::MAX),          // mate_killer_store: 2-3, 6-15
    (0xff << 8 | 0xffff << 48, u64::MAX),             // counter_store: 1, 6-15
    (0xffff_ffff << 32, 0xffff_ffff << 32),           // null_move: 4-7, 12-15
    (0xffff << 16 | 0xffff << 48, u64::MAX),          // reduction: 2-3, 6-15
    (0xffff << 16 | 0xffff << 48, u64::MAX),          // re_search: 2-3, 6-15
    (0xffff << 16 | 0xffff << 48, 0xffff_ffff << 32), // pruned: 2-3, 6-7, 12-15
    (0xff << 24, 0xffff_ffff << 32),                  // aspiration: 3, 12-15
];

fn bound(code: u8) -> Result<Bound, &'static str> {
    match code {
        0 => Ok(Bound::Exact),
        1 => Ok(Bound::Lower),
        2 => Ok(Bound::Upper),
        _ => Err("bound is not 0 (exact), 1 (lower) or 2 (upper)"),
    }
}

fn put_move(b: &mut [u8; EVENT_BYTES], at: usize, mv: Move) {
    b[at..at + 2].copy_from_slice(&mv.raw().to_le_bytes());
}

fn put_i32(b: &mut [u8; EVENT_BYTES], at: usize, v: i32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn get_move(b: &[u8; EVENT_BYTES], at: usize) -> Move {
    Move::from_raw(u16::from_le_bytes([b[at], b[at + 1]]))
}

fn get_i32(b: &[u8; EVENT_BYTES], at: usize) -> i32 {
    i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
