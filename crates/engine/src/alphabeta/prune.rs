//! The node-level selective stages of a main node, decided before any move is searched: mate
//! distance pruning, reverse futility pruning and null-move pruning, plus the futility test
//! the move loop applies to quiet moves. Their margins are in `crate::margins`.

use super::{Context, MainNode};
use crate::{
    margins::FUTILITY_DEPTH, margins::NULL_MOVE_MIN_DEPTH, margins::futility_margin,
    margins::null_move_reduction, margins::reverse_futility_margin,
};
use crate::{score::DRAW, score::MATE, score::is_mate};
use killerscope_chess::{Move, PieceKind};
use killerscope_log::Bound;
use killerscope_log::SearchObserver;
use killerscope_log::{Event, PruneRule};

/// Mate distance pruning: a node `ply` plies from the root can neither be mated sooner
/// nor mate sooner than that, so the window narrows to what is still possible. `Ok` with
/// the (narrowed) window, or `Err` with the node's result when nothing is left of it.
pub(super) fn mate_distance<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    alpha: i32,
    beta: i32,
    ply: usize,
) -> Result<(i32, i32), (i32, Bound)> {
    if !cx.selective.mate_distance || ply == 0 {
        return Ok((alpha, beta));
    }
    let alpha = alpha.max(-(MATE - ply as i32));
    let beta = beta.min(MATE - ply as i32 - 1);
    if alpha < beta {
        return Ok((alpha, beta));
    }
    cx.observer.observe(Event::Pruned {
        mv: Move::NULL,
        rule: PruneRule::MateDistance,
        score: alpha,
    });
    Err((alpha, Bound::Exact))
}

/// Node-level pruning before any move is searched: reverse futility (the static evaluation
/// minus a margin already beats beta at shallow depth) and null-move pruning (even passing
/// the turn fails high). Returns the node's result when it is pruned.
pub(super) fn prune_node<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    node: &MainNode,
) -> Option<(i32, Bound)> {
    let MainNode {
        at, depth, eval, ..
    } = *node;
    let beta = node.beta;
    if !cx.selective.any() || node.is_pv || at.in_check || at.ply == 0 || is_mate(beta) {
        return None;
    }
    if cx.selective.futility && depth <= FUTILITY_DEPTH {
        let margin = reverse_futility_margin(depth);
        if eval - margin >= beta {
            cx.observer.observe(Event::Pruned {
                mv: Move::NULL,
                rule: PruneRule::ReverseFutility,
                score: eval - margin,
            });
            return Some((eval - margin, Bound::Lower));
        }
    }
    if !cx.selective.null_move
        || depth < NULL_MOVE_MIN_DEPTH
        || at.led_by.is_null()
        || eval < beta
        || !has_pieces(cx)
    {
        return None;
    }
    null_move(cx, node)
}

/// Whether the side to move has a piece besides pawns and king: in pawn endings passing
/// can be the only good move (zugzwang), so no null move is tried there.
fn has_pieces<O: SearchObserver>(cx: &Context<'_, O>) -> bool {
    let side = cx.pos.side_to_move();
    let pieces = cx.pos.color_bb(side)
        & !cx.pos.pieces(side, PieceKind::Pawn)
        & !cx.pos.pieces(side, PieceKind::King);
    !pieces.is_empty()
}

/// Passes the turn and searches the reply shallower with a null window at beta: the
/// node's result when even that fails high.
fn null_move<O: SearchObserver>(cx: &mut Context<'_, O>, node: &MainNode) -> Option<(i32, Bound)> {
    let (depth, ply, beta) = (node.depth, node.at.ply, node.beta);
    let reduction = null_move_reduction(depth);
    let null_depth = depth - 1 - reduction;
    cx.plies.evals[ply + 1] = cx.plies.evals[ply];
    let undo = cx.pos.make_null_move();
    let pass = node.at.child(Move::NULL, false);
    let score = -cx.negamax(null_depth, -beta, -beta + 1, pass);
    cx.pos.unmake_null_move(undo);
    if cx.stopped {
        return Some((DRAW, Bound::Exact));
    }
    let cutoff = score >= beta;
    cx.observer.observe(Event::NullMove {
        depth: null_depth.clamp(0, i32::from(i8::MAX)) as i8,
        reduction: reduction as u8,
        score,
        cutoff,
    });
    // A mate found after passing proves nothing about the real moves: return beta.
    cutoff.then(|| (if is_mate(score) { beta } else { score }, Bound::Lower))
}

/// Whether quiet moves of this node may be skipped by futility pruning: a shallow node
/// outside the principal variation whose static evaluation plus a margin cannot reach
/// alpha.
pub(super) fn futile<O: SearchObserver>(cx: &Context<'_, O>, node: &MainNode) -> bool {
    cx.selective.futility
        && !node.is_pv
        && !node.at.in_check
        && node.depth <= FUTILITY_DEPTH
        && !is_mate(node.alpha)
        && node.eval + futility_margin(node.depth) <= node.alpha
}
