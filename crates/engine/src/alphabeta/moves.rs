//! The move loop of a main node: each move in the picker's order, futility-pruned or searched
//! (the first with the full window, the others with a null window first — principal variation
//! search — and late quiet moves reduced), until one fails high; and what the ordering tables
//! learn from misses and cutoffs.

use super::{Context, MainNode, prune};
use crate::MoveOrder;
use crate::order::NodeMoves;
use crate::picker::MovePicker;
use crate::score::INFINITY;
use crate::tables::QuietCutoff;
use crate::{margins::futility_margin, margins::late_move_reduction};
use killerscope_chess::Move;
use killerscope_log::MoveSource;
use killerscope_log::SearchObserver;
use killerscope_log::{Event, PruneRule, ReSearchReason};

/// What a node's move loop found.
pub(super) struct Searched {
    /// The best score (fail-soft), `-INFINITY` when no move was searched.
    pub best: i32,
    /// The move that scored it.
    pub best_move: Move,
    /// Moves searched (futility-pruned and `searchmoves`-excluded ones not counted).
    pub tried: usize,
}

/// One move about to be searched from a node.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    source: MoveSource,
    /// Its place among the moves searched so far (0 = first).
    index: usize,
    /// Whether it gives check (which extends its search by a ply).
    check: bool,
}

/// Searches the node's moves within (`node.alpha`, `node.beta`) until one fails high or
/// none is left; stops early (with what it has) when the search is stopped.
pub(super) fn search_moves<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    node: &MainNode,
    tt_move: Move,
) -> Searched {
    let (depth, ply) = (node.depth, node.at.ply);
    let (mut alpha, beta) = (node.alpha, node.beta);
    let futile = prune::futile(cx, node);
    let side = cx.pos.side_to_move();
    let mut moves = node_moves(cx, node, tt_move);
    let mut searched = Searched {
        best: -INFINITY,
        best_move: Move::NULL,
        tried: 0,
    };
    while let Some((mv, source)) = moves.next(&cx.pos, cx.tables, &mut cx.plies.moves[ply]) {
        if ply == 0 && !cx.root_moves.is_empty() && !cx.root_moves.contains(&mv) {
            continue;
        }
        let order = searched.tried.min(usize::from(u8::MAX)) as u8;
        cx.plies.evals[ply + 1] = cx.plies.evals[ply].after(&cx.pos, mv, cx.eval);
        let undo = cx.pos.make_move(mv);
        let check = cx.pos.in_check();
        if futile && searched.tried > 0 && mv.is_quiet() && !check {
            cx.pos.unmake_move(mv, undo);
            cx.observer.observe(Event::Pruned {
                mv,
                rule: PruneRule::Futility,
                score: node.eval + futility_margin(depth),
            });
            continue;
        }
        cx.observer.observe(Event::MoveTried {
            mv,
            index: order,
            source,
        });
        if depth > 1
            && let Some(tt) = cx.tt.as_ref()
        {
            tt.prefetch(cx.pos.key());
        }
        let child = Child {
            mv,
            source,
            index: searched.tried,
            check,
        };
        let score = search_child(cx, node, child, alpha, beta);
        cx.pos.unmake_move(mv, undo);
        searched.tried += 1;
        if cx.stopped {
            break;
        }
        if score < beta && mv.is_quiet() {
            cx.tables.learn_from_miss(&cx.ordering, side, mv, depth);
        }
        if score <= searched.best {
            continue;
        }
        searched.best = score;
        searched.best_move = mv;
        if score <= alpha {
            continue;
        }
        alpha = score;
        cx.pv.update(ply, mv);
        if score >= beta {
            cutoff(cx, node, child, score);
            break;
        }
    }
    searched
}

/// The node's moves in the order `order=` asks for.
fn node_moves<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    node: &MainNode,
    tt_move: Move,
) -> NodeMoves {
    let (depth, ply) = (node.depth, node.at.ply);
    let line = cx.plies.line(ply);
    let picker = MovePicker::main(&cx.ordering, tt_move, cx.tables, ply, depth, line);
    arrange(cx, picker, cx.plies.keys[ply], depth, ply)
}

/// `picker`'s moves for the node at `ply` with `key` and remaining `depth` (0 in
/// quiescence), in the order `order=` asks for: the picker's stages (with the oracle's move
/// first under `order=oracle`), or the whole list rearranged (worst, random). Quiescence,
/// which stands in for the evaluation at the horizon, keeps the capture order under worst
/// and random: their trees are the fixed-depth trees Knuth and Moore count, not an
/// explosion of capture sequences below them.
pub(super) fn arrange<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    picker: MovePicker,
    key: u64,
    depth: i32,
    ply: usize,
) -> NodeMoves {
    let order = match cx.ordering.order {
        MoveOrder::Worst | MoveOrder::Random(_) if depth <= 0 => MoveOrder::Normal,
        order => order,
    };
    let hint = cx.oracle.hint(key, depth);
    let picker = if order == MoveOrder::Oracle {
        picker.with_oracle(hint)
    } else {
        picker
    };
    let at = (&cx.pos, &*cx.tables, &mut cx.plies.moves[ply]);
    NodeMoves::arrange(order, picker, hint, at, key, depth)
}

/// Searches `child` (already made) within (`alpha`, `beta`): the first move with the full
/// window; a later one with a null window at alpha — reduced first if it is a late quiet
/// move, re-searched at full depth if that fails high — and with the full window only when
/// it lands inside.
fn search_child<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    node: &MainNode,
    child: Child,
    alpha: i32,
    beta: i32,
) -> i32 {
    let Child { mv, check, .. } = child;
    let at = node.at.child(mv, check);
    let depth = node.depth - 1 + i32::from(check);
    if child.index == 0 {
        return -cx.negamax(depth, -beta, -alpha, at);
    }
    let reduction = if cx.selective.lmr && !node.at.in_check && !check {
        late_move_reduction(node.depth, child.index, mv, child.source)
    } else {
        0
    };
    let mut probe;
    if reduction > 0 {
        cx.observer.observe(Event::Reduction {
            mv,
            by: reduction as u8,
        });
        probe = -cx.negamax(depth - reduction, -alpha - 1, -alpha, at);
        if probe > alpha && !cx.stopped {
            cx.observer.observe(Event::ReSearch {
                mv,
                reason: ReSearchReason::Reduction,
            });
            probe = -cx.negamax(depth, -alpha - 1, -alpha, at);
        }
    } else {
        probe = -cx.negamax(depth, -alpha - 1, -alpha, at);
    }
    if probe > alpha && probe < beta && !cx.stopped {
        -cx.negamax(depth, -beta, -alpha, at)
    } else {
        probe
    }
}

/// `child` failed high with `score`: the event, and — for a quiet move — what the killer,
/// countermove and history tables learn.
fn cutoff<O: SearchObserver>(cx: &mut Context<'_, O>, node: &MainNode, child: Child, score: i32) {
    let Child { mv, source, .. } = child;
    cx.observer.observe(Event::Cutoff {
        mv,
        index: child.index.min(usize::from(u8::MAX)) as u8,
        source,
        score,
        beta: node.beta,
    });
    if mv.is_quiet() {
        let cut = QuietCutoff {
            ply: node.at.ply,
            depth: node.depth,
            side: cx.pos.side_to_move(),
            mv,
            score,
            line: cx.plies.line(node.at.ply),
        };
        cx.tables.learn_from_cutoff(&cx.ordering, cut, cx.observer);
    }
}
