//! What the search keeps for each ply of the line it is on, in one place: the Zobrist key (for
//! repetitions), the key of the move that reached it (for the tables that answer a move), the
//! incrementally updated evaluation, and the buffer the node's move picker works in. Kept as parallel arrays so the repetition scan reads keys from packed memory.

use crate::countermove::CounterKey;
use crate::eval::EvalState;
use crate::picker::MoveBuffer;
use crate::tables::Line;
use killerscope_log::MAX_PLY;

/// The per-ply data of the current line, indexed by ply (0 = the root).
pub(super) struct PlyStack {
    /// The position's Zobrist key at each ply, set as a main node starts.
    pub keys: [u64; MAX_PLY + 1],
    /// The key (piece, to-square) of the move that reached each main node, set as it starts;
    /// `None` at the root, after a null move, and above a node searched on its own.
    pub played: [Option<CounterKey>; MAX_PLY + 1],
    /// The evaluation state at each ply, set by the parent before it makes the move.
    pub evals: [EvalState; MAX_PLY + 1],
    /// The move list and ordering scores of the node at each ply, allocated once per search
    /// so starting a node costs no zeroing.
    pub moves: Vec<MoveBuffer>,
}

impl PlyStack {
    /// A stack for a search whose root evaluates to `root_eval`.
    pub fn new(root_eval: EvalState) -> PlyStack {
        PlyStack {
            keys: [0; MAX_PLY + 1],
            played: [None; MAX_PLY + 1],
            evals: [root_eval; MAX_PLY + 1],
            moves: (0..MAX_PLY).map(|_| MoveBuffer::new()).collect(),
        }
    }

    /// The moves that led to the main node at `ply`.
    #[inline]
    pub fn line(&self, ply: usize) -> Line<'_> {
        Line::new(&self.played[..=ply])
    }
}
