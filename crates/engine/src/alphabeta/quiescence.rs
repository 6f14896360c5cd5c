//! Quiescence search: below the horizon only captures (every evasion when in check) are
//! searched, from a stand-pat score, until the position is quiet.

use super::{Context, Place, bound_of, moves};
use crate::picker::MovePicker;
use crate::{score::DRAW, score::INFINITY, score::MATE};
use killerscope_chess::Move;
use killerscope_log::MAX_PLY;
use killerscope_log::SearchObserver;
use killerscope_log::{Bound, NodeKind};
use killerscope_log::{Event, StaticKind};

/// Quiescence search: stand pat on the static evaluation, then try captures (all evasions
/// when in check) until the position is quiet.
pub(super) fn search<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    alpha: i32,
    beta: i32,
    at: Place,
) -> i32 {
    cx.count_node();
    cx.qnodes += 1;
    cx.observer.observe(Event::NodeEnter {
        ply: at.ply as u8,
        depth: 0,
        kind: NodeKind::Quiescence,
        mv: at.led_by,
        alpha,
        beta,
    });
    let (score, bound) = node(cx, alpha, beta, at);
    cx.observer.observe(Event::NodeExit { score, bound });
    score
}

fn node<O: SearchObserver>(
    cx: &mut Context<'_, O>,
    mut alpha: i32,
    beta: i32,
    at: Place,
) -> (i32, Bound) {
    let Place { ply, in_check, .. } = at;
    if !cx.start_node(ply) {
        return (DRAW, Bound::Exact);
    }
    if ply >= MAX_PLY - 1 {
        let eval = cx.static_eval(ply);
        return (cx.settled(StaticKind::PlyLimit, eval), Bound::Exact);
    }
    let alpha_orig = alpha;
    let mut best = -INFINITY;
    if !in_check {
        best = cx.static_eval(ply);
        // Standing pat with no capture searched: the tree tells, no event needed.
        if best >= beta {
            return (best, Bound::Lower);
        }
        alpha = alpha.max(best);
    }
    let stand_pat = best;
    let key = cx.pos.key();
    let picker = MovePicker::quiescence(&cx.ordering, in_check);
    let mut moves = moves::arrange(cx, picker, key, 0, ply);
    let mut best_move = Move::NULL;
    let mut index: usize = 0;
    while let Some((mv, source)) = moves.next(&cx.pos, cx.tables, &mut cx.plies.moves[ply]) {
        let order = index.min(usize::from(u8::MAX)) as u8;
        cx.observer.observe(Event::MoveTried {
            mv,
            index: order,
            source,
        });
        cx.plies.evals[ply + 1] = cx.plies.evals[ply].after(&cx.pos, mv, cx.eval);
        let undo = cx.pos.make_move(mv);
        let check = cx.pos.in_check();
        let score = -search(cx, -beta, -alpha, at.child(mv, check));
        cx.pos.unmake_move(mv, undo);
        index += 1;
        if cx.stopped {
            return (best.max(DRAW), Bound::Exact);
        }
        if score > best {
            best = score;
            best_move = mv;
            if score > alpha {
                alpha = score;
                if score >= beta {
                    cx.observer.observe(Event::Cutoff {
                        mv,
                        index: order,
                        source,
                        score,
                        beta,
                    });
                    break;
                }
            }
        }
    }
    if in_check && index == 0 {
        let mated = -(MATE - ply as i32);
        return (cx.settled(StaticKind::Checkmate, mated), Bound::Exact);
    }
    // Captures were searched and none beat the stand pat: say so, or a capture that tied
    // it would pass for the score's origin.
    if index > 0 && !in_check && best == stand_pat {
        cx.settled(StaticKind::StandPat, best);
    }
    let bound = bound_of(best, alpha_orig, beta);
    cx.oracle.learn(key, 0, bound, best_move);
    (best, bound)
}
