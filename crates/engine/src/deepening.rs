//! Iterative deepening over the alpha-beta search: one iteration per depth, each reported, the
//! root searched in an aspiration window when that technique is on, and the loop ended by the
//! limits, the stop flag or a mate that no deeper iteration can improve.

use super::alphabeta::{Context, Place};
use super::limits::{Limits, MAX_DEPTH};
use super::margins::{ASPIRATION_DELTA, ASPIRATION_GIVE_UP, ASPIRATION_MIN_DEPTH};
use super::score::{INFINITY, MATE, MATE_BOUND, is_mate};
use super::searcher::{IterationReport, SearchReport};
use killerscope_chess::{Move, MoveList, Position};
use killerscope_log::SearchObserver;
use killerscope_log::{Event, NodeCount, WindowOutcome};
use std::time::Duration;

/// Deepens the search of `root` in `ctx` one iteration at a time until `limits`, the stop flag
/// or a settled mate end it; `on_iteration` hears each completed iteration.
pub(super) fn deepen<O: SearchObserver>(
    ctx: &mut Context<'_, O>,
    root: &Position,
    limits: &Limits,
    on_iteration: &mut dyn FnMut(&IterationReport),
) -> SearchReport {
    let mut legal = MoveList::new();
    root.legal_moves(&mut legal);
    let first_allowed = legal
        .iter()
        .find(|mv| limits.searchmoves.is_empty() || limits.searchmoves.contains(mv));
    let mut report = SearchReport {
        best_move: first_allowed.unwrap_or(Move::NULL),
        score: 0,
        depth: 0,
        nodes: 0,
        qnodes: 0,
        pv: Vec::new(),
        elapsed: Duration::ZERO,
    };
    let mate_plies = mate_plies(limits);
    let max_depth = limits
        .depth
        .unwrap_or(MAX_DEPTH)
        .min(mate_plies.unwrap_or(MAX_DEPTH))
        .clamp(1, MAX_DEPTH);
    for depth in 1..=max_depth {
        ctx.tables.start_iteration();
        ctx.seldepth = 0;
        let score = search_root(ctx, depth, report.score, root.in_check());
        if ctx.stopped {
            break;
        }
        let pv = ctx.pv.line(0).to_vec();
        if let Some(&first) = pv.first() {
            report.best_move = first;
        }
        report.score = score;
        report.depth = depth;
        ctx.observer.observe(Event::Iteration {
            depth,
            score,
            nodes: NodeCount::from(ctx.nodes),
        });
        ctx.observer.iteration_pv(&pv);
        on_iteration(&IterationReport {
            depth,
            seldepth: ctx.seldepth.min(usize::from(u8::MAX)) as u8,
            score,
            nodes: ctx.nodes,
            qnodes: ctx.qnodes,
            elapsed: ctx.clock.elapsed(),
            pv: pv.clone(),
        });
        report.pv = pv;
        if legal.is_empty()
            || ctx.clock.should_not_deepen(limits.movetime.is_some())
            || mate_settles(limits, score, depth)
        {
            break;
        }
    }
    report.nodes = ctx.nodes;
    report.qnodes = ctx.qnodes;
    report.elapsed = ctx.clock.elapsed();
    report
}

/// The plies a `go mate n` search needs: a mate in n moves is at most 2n − 1 plies away, so
/// no deeper iteration can find one.
fn mate_plies(limits: &Limits) -> Option<u8> {
    limits.mate.map(|n| {
        n.saturating_mul(2)
            .saturating_sub(1)
            .min(u32::from(MAX_DEPTH)) as u8
    })
}

/// Whether an iteration to `depth` scoring `score` ends the search: a mate it has seen whole
/// (unless a depth was asked for, or the search is infinite), or the mate `go mate` asked for.
fn mate_settles(limits: &Limits, score: i32, depth: u8) -> bool {
    let mate_found = is_mate(score) && (MATE - score.abs()) <= i32::from(depth);
    if mate_found && limits.depth.is_none() && !limits.infinite {
        return true;
    }
    mate_plies(limits).is_some_and(|plies| score >= MATE_BOUND && MATE - score <= i32::from(plies))
}

/// Searches the root to `depth`: with the full window, or — aspiration windows on, from depth 4,
/// and `previous` not a mate — in a window around `previous` that widens (doubling on the side
/// that failed) until the score falls inside it; each try is reported as an `Aspiration` event.
fn search_root<O: SearchObserver>(
    ctx: &mut Context<'_, O>,
    depth: u8,
    previous: i32,
    in_check: bool,
) -> i32 {
    let root = Place {
        ply: 0,
        led_by: Move::NULL,
        in_check,
    };
    let full = |ctx: &mut Context<'_, O>| ctx.negamax(i32::from(depth), -INFINITY, INFINITY, root);
    if !ctx.selective.aspiration || depth < ASPIRATION_MIN_DEPTH || is_mate(previous) {
        return full(ctx);
    }
    let (mut below, mut above) = (ASPIRATION_DELTA, ASPIRATION_DELTA);
    loop {
        let alpha = (previous - below).max(-INFINITY);
        let beta = (previous + above).min(INFINITY);
        let score = ctx.negamax(i32::from(depth), alpha, beta, root);
        if ctx.stopped {
            return score;
        }
        let outcome = if score <= alpha {
            below = below.saturating_mul(2);
            WindowOutcome::FailLow
        } else if score >= beta {
            above = above.saturating_mul(2);
            WindowOutcome::FailHigh
        } else {
            WindowOutcome::Inside
        };
        ctx.observer.observe(Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        });
        if outcome == WindowOutcome::Inside {
            return score;
        }
        if below > ASPIRATION_GIVE_UP || above > ASPIRATION_GIVE_UP {
            return full(ctx);
        }
    }
}
