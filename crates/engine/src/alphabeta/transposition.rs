//! The transposition-table stages of a main node: the probe before the moves (a move to try
//! first, or a stored result that ends the node) and the store after them.

use super::{Context, MainNode, bound_of};
use crate::{score::from_tt, score::to_tt};
use killerscope_chess::Move;
use killerscope_log::Bound;
use killerscope_log::Event;
use killerscope_log::SearchObserver;

/// Probes the table for the node at `ply`: `Ok` with the stored move to try first (null
/// when none), or `Err` with the node's result when the stored bound already decides it
/// (never at the root or in a principal-variation node).
pub(super) fn probe<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    is_pv: bool,
) -> Result<Move, (i32, Bound)> {
    let key = cx.plies.keys[ply];
    let Some(entry) = cx.tt.as_ref().and_then(|tt| tt.probe(key)) else {
        return Ok(Move::NULL);
    };
    let tt_move = entry.mv();
    let score = from_tt(entry.score(), ply);
    let cut = ply > 0
        && !is_pv
        && i32::from(entry.depth()) >= depth
        && match entry.bound() {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
    cx.observer.observe(Event::TtHit {
        mv: tt_move,
        depth: entry.depth(),
        score,
        bound: entry.bound(),
        cutoff: cut,
    });
    if cut {
        return Err((score, bound_of(score, alpha, beta)));
    }
    Ok(tt_move)
}

/// Stores the searched node's result: its best move unless it failed low (then no move
/// is better than another). A root searched over some moves only (`searchmoves`) is not
/// stored, so it never passes for the whole position.
pub(super) fn store<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    node: &MainNode,
    best: i32,
    best_move: Move,
    bound: Bound,
) {
    let ply = node.at.ply;
    let restricted = ply == 0 && !cx.root_moves.is_empty();
    let Some(tt) = cx.tt.as_mut().filter(|_| !restricted) else {
        return;
    };
    let stored_move = if bound == Bound::Upper {
        Move::NULL
    } else {
        best_move
    };
    let key = cx.plies.keys[ply];
    tt.store(key, stored_move, to_tt(best, ply), node.depth, bound);
}
