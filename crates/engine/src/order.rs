//! The limits of move ordering: the `order=` switch puts the heuristics' order beside its two
//! extremes and a control, so a class can see how much of alpha-beta's saving ordering buys.
//!
//! - `normal`: the heuristics' order, as the picker stages it (the default, today's tree);
//! - `oracle`: the move a first search of the same position at the same depth found best or
//!   cutting is tried first (see `oracle`), as close to the minimal tree as a real search gets;
//! - `worst`: that move last, and the others in reverse of the normal order;
//! - `random:SEED`: the normal order shuffled, the same way for the same seed, position and
//!   depth, so the same seed gives the same tree.
//!
//! Worst and random reorder the main search only: quiescence keeps its capture order, since it
//! stands in for the evaluation at the horizon (and reversed, it explodes into every capture
//! sequence). The oracle leads everywhere, quiescence included. Moves keep the source of the
//! heuristic that placed them in the normal order (a killer tried last is still `K1`); only the
//! oracle's move has a source of its own.

use super::config::MoveOrder;
use super::picker::{MoveBuffer, MovePicker};
use super::tables::OrderingTables;
use killerscope_chess::{MAX_MOVES, Move, Position};
use killerscope_log::MoveSource;

/// A node's moves, all generated, in the order `worst` or `random` gives them.
pub struct ListedMoves {
    moves: [(Move, MoveSource); MAX_MOVES],
    len: usize,
    cursor: usize,
}

impl ListedMoves {
    /// Every move `picker` hands out at this node, in its order.
    pub fn drain(
        mut picker: MovePicker,
        pos: &Position,
        tables: &OrderingTables,
        buf: &mut MoveBuffer,
    ) -> ListedMoves {
        let mut listed = ListedMoves {
            moves: [(Move::NULL, MoveSource::QUIET); MAX_MOVES],
            len: 0,
            cursor: 0,
        };
        while let Some(entry) = picker.next(pos, tables, buf) {
            if listed.len < MAX_MOVES {
                listed.moves[listed.len] = entry;
                listed.len += 1;
            }
        }
        listed
    }

    /// Reverses the order and then moves `last` (the oracle's move, if listed) to the end.
    pub fn worst_first(&mut self, last: Move) {
        let moves = &mut self.moves[..self.len];
        moves.reverse();
        if let Some(at) = moves.iter().position(|&(mv, _)| mv == last) {
            moves[at..].rotate_left(1);
        }
    }

    /// Shuffles the moves (Fisher–Yates) with a generator seeded by `seed` and the node (its
    /// key and depth), so the same seed orders the same node the same way every time.
    pub fn shuffle(&mut self, seed: u64, key: u64, depth: i32) {
        let mut state = seed ^ key ^ (depth as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for i in (1..self.len).rev() {
            let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
            self.moves.swap(i, j);
        }
    }
}

/// The moves in their arranged order, each with its source.
impl Iterator for ListedMoves {
    type Item = (Move, MoveSource);

    fn next(&mut self) -> Option<(Move, MoveSource)> {
        let entry = self.moves[..self.len].get(self.cursor).copied();
        self.cursor += 1;
        entry
    }
}

/// SplitMix64: a tiny, well-mixed generator, enough to shuffle a move list (or draw an
/// exercise) reproducibly: advances `state` and returns the next number.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A node's moves in the order its `order=` asks for: staged by the picker (normal, oracle),
/// or listed whole and rearranged (worst, random).
pub enum NodeMoves {
    /// Handed out lazily by the picker.
    Staged(MovePicker),
    /// Generated whole and rearranged.
    Listed(Box<ListedMoves>),
}

impl NodeMoves {
    /// Arranges `picker`'s moves for `order` at the node with `key` and remaining `depth`;
    /// `oracle` is the move the oracle names there (null if none).
    pub fn arrange(
        order: MoveOrder,
        picker: MovePicker,
        oracle: Move,
        at: (&Position, &OrderingTables, &mut MoveBuffer),
        key: u64,
        depth: i32,
    ) -> NodeMoves {
        let (pos, tables, buf) = at;
        match order {
            MoveOrder::Normal | MoveOrder::Oracle => NodeMoves::Staged(picker),
            MoveOrder::Worst => {
                let mut listed = ListedMoves::drain(picker, pos, tables, buf);
                listed.worst_first(oracle);
                NodeMoves::Listed(Box::new(listed))
            }
            MoveOrder::Random(seed) => {
                let mut listed = ListedMoves::drain(picker, pos, tables, buf);
                listed.shuffle(seed, key, depth);
                NodeMoves::Listed(Box::new(listed))
            }
        }
    }

    /// The next move and why it is here; `None` when every move has been handed out.
    #[inline]
    pub fn next(
        &mut self,
        pos: &Position,
        tables: &OrderingTables,
        buf: &mut MoveBuffer,
    ) -> Option<(Move, MoveSource)> {
        match self {
            NodeMoves::Staged(picker) => picker.next(pos, tables, buf),
            NodeMoves::Listed(listed) => listed.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for order in [
            MoveOrder::Normal,
            MoveOrder::Worst,
            MoveOrder::Random(42),
            MoveOrder::Oracle,
        ] {
            assert_eq!(MoveOrder::from_name(&order.name()), Some(order));
        }
        assert_eq!(MoveOrder::from_name("random"), None);
        assert_eq!(MoveOrder::from_name("random:x"), None);
        assert_eq!(MoveOrder::from_name("best"), None);
    }
}
