//! Reading the selective-search events and TT hits of a trace line: a null move, a prune, an
//! aspiration window, a TT hit — each checked against the open node like every other event.

use super::fields::{Bad, Fields, Key};
use super::state::State;
use killerscope_chess::Move;
use killerscope_log::{Bound, Event, PruneRule, WindowOutcome};

/// A pass: its depth, reduction and score; a cutoff unless said otherwise when the score reaches β.
pub(super) fn null_move(st: &mut State, f: &Fields) -> Result<Event, Bad> {
    let node = st.own_node(f)?;
    let score = f.need(Key::Score, f.score(Key::Score, node.ply)?)?;
    let depth = f.int(Key::Depth, -128, 127)?.unwrap_or(0) as i8;
    let reduction = f.int(Key::Reduction, 0, 255)?.unwrap_or(0) as u8;
    let cutoff = f.boolean(Key::Cutoff)?.unwrap_or(score >= node.window().1);
    Ok(Event::NullMove {
        depth,
        reduction,
        score,
        cutoff,
    })
}

/// A move (or the node, for a mate-distance prune) pruned by a named rule, with the score it was judged by.
pub(super) fn pruned(st: &mut State, f: &Fields) -> Result<Event, Bad> {
    let node = st.own_node(f)?;
    let mv = st.legal(f, Key::Move)?.unwrap_or(Move::NULL);
    let rule = f.named(Key::Rule, PruneRule::ALL, PruneRule::name)?;
    let rule = f.need(Key::Rule, rule)?;
    let score = f.need(Key::Score, f.score(Key::Score, node.ply)?)?;
    Ok(Event::Pruned { mv, rule, score })
}

/// An aspiration window at the root and how the search fared in it.
pub(super) fn aspiration(f: &Fields) -> Result<Event, Bad> {
    let depth = f.need(Key::Depth, f.int(Key::Depth, 0, 255)?)? as u8;
    let alpha = f.need(Key::Alpha, f.score(Key::Alpha, 0)?)?;
    let beta = f.need(Key::Beta, f.score(Key::Beta, 0)?)?;
    let outcome = f.named(Key::Outcome, WindowOutcome::ALL, WindowOutcome::name)?;
    let outcome = f.need(Key::Outcome, outcome)?;
    Ok(Event::Aspiration {
        depth,
        alpha,
        beta,
        outcome,
    })
}

/// A transposition-table hit: its move (read loosely: the table may hold a move of another position), depth, score, bound and whether it ended the node.
pub(super) fn tt_hit(st: &mut State, f: &Fields) -> Result<Event, Bad> {
    let node = st.own_node(f)?;
    let mv = match f.mv(Key::Move)? {
        Some(Some(text)) => st.board.loose(text).map_err(|what| Bad {
            col: f.col(Key::Move),
            what: format!("\"move\": {what}"),
        })?,
        _ => Move::NULL,
    };
    let depth = f.int(Key::Depth, -128, 127)?.unwrap_or(0) as i8;
    let score = f.need(Key::Score, f.score(Key::Score, node.ply)?)?;
    let bound = f.named(Key::Bound, Bound::ALL, Bound::name)?;
    let bound = bound.unwrap_or(Bound::Exact);
    let cutoff = f.boolean(Key::Cutoff)?.unwrap_or(false);
    Ok(Event::TtHit {
        mv,
        depth,
        score,
        bound,
        cutoff,
    })
}
