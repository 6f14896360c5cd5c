//! Perft: count the leaf nodes of the legal move tree, the standard correctness test (and
//! speed benchmark) for move generators.
//!
//! Two ways to count, giving the same numbers: `Bulk` counts the last ply's moves without
//! playing them (as Stockfish's `go perft` does), and `Full` makes and unmakes every leaf, so
//! its figure measures the same generate-and-play work a search does.

use super::board::Position;
use super::moves::{Move, MoveList};

/// How perft reaches its leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftMode {
    /// The moves of the last ply are counted, not played.
    Bulk,
    /// Every leaf is made and unmade.
    Full,
}

/// Number of leaf nodes `depth` plies below this position, reached as `mode` says.
pub(super) fn perft_with(pos: &mut Position, depth: u32, mode: PerftMode) -> u64 {
    match (depth, mode) {
        (0, _) => 1,
        (1, PerftMode::Bulk) => pos.count_legal_moves(),
        (1, PerftMode::Full) => {
            // Each leaf is played and taken back here rather than by a call one level
            // down that would only return 1: the same work per leaf, without the call.
            // `black_box` keeps the compiler from proving the pair a no-op.
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for mv in list.iter() {
                let undo = pos.make_move(mv);
                std::hint::black_box(&*pos);
                pos.unmake_move(mv, undo);
            }
            list.len() as u64
        }
        _ => {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let mut nodes = 0;
            for mv in list.iter() {
                let undo = pos.make_move(mv);
                nodes += perft_with(pos, depth - 1, mode);
                pos.unmake_move(mv, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move, in generation order: the `divide` used to find which move's
/// subtree disagrees with a reference generator.
pub(super) fn perft_divide(pos: &mut Position, depth: u32, mode: PerftMode) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|mv| {
            let undo = pos.make_move(mv);
            let nodes = perft_with(pos, depth.saturating_sub(1), mode);
            pos.unmake_move(mv, undo);
            (mv, nodes)
        })
        .collect()
}
