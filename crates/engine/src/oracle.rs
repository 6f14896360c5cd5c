//! The oracle behind `order=oracle` and `order=worst`: a first search of the same position to
//! the same depth, in the normal order, remembers at every node it searched the move that
//! cut off or was best (by Zobrist key and remaining depth); the search that follows tries that
//! move first (oracle) or last (worst) wherever it meets the same position at the same depth.
//! Knuth and Moore's minimal tree assumes exactly this knowledge, so the oracle's tree is as
//! close to it as a real search (with its transpositions, extensions and quiescence) gets.

use killerscope_chess::Move;
use killerscope_log::Bound;
use std::collections::HashMap;

/// The refutations and best moves of one search, by position key and remaining depth
/// (0 for quiescence nodes).
#[derive(Clone, Debug, Default)]
pub struct OracleTable {
    moves: HashMap<(u64, i32), Move>,
}

impl OracleTable {
    /// An empty table.
    pub fn new() -> OracleTable {
        OracleTable::default()
    }

    /// The move remembered for the position with `key` at remaining `depth`; null if none.
    pub fn get(&self, key: u64, depth: i32) -> Move {
        self.moves.get(&(key, depth)).copied().unwrap_or(Move::NULL)
    }

    /// Number of positions remembered.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// What the running search does with an oracle table.
#[derive(Debug, Default)]
pub enum Oracle<'a> {
    /// Nothing: the normal, worst-free search.
    #[default]
    Off,
    /// Remembers each node's cutting or best move (the first search).
    Learn(&'a mut OracleTable),
    /// Reads the moves remembered by the first search.
    Guide(&'a OracleTable),
}

impl Oracle<'_> {
    /// The move the oracle names for the node with `key` at `depth` (null when guiding nothing
    /// or the first search did not search it).
    #[inline]
    pub fn hint(&self, key: u64, depth: i32) -> Move {
        match self {
            Oracle::Guide(table) => table.get(key, depth),
            _ => Move::NULL,
        }
    }

    /// A node with `key` at `depth` finished with `bound` and `best` as its best move: learned
    /// when it cut off or was exact (a node that failed low has no move better than another).
    #[inline]
    pub fn learn(&mut self, key: u64, depth: i32, bound: Bound, best: Move) {
        if let Oracle::Learn(table) = self
            && bound != Bound::Upper
            && !best.is_null()
        {
            table.moves.insert((key, depth), best);
        }
    }
}
