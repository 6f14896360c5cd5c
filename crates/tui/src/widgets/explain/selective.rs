//! The explain panel's sentences for what selective search did at a node: how it was searched
//! (an aspiration window, a late move reduction, a re-search, a null-move search), how it ended
//! without searching a move (a null-move cutoff, reverse futility, mate distance), and which of
//! its moves were pruned without a search — the moves no row shows.

use killerscope_chess::Notation;
use killerscope_chess::{Color, Move, Position};
use killerscope_engine::fmt;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::{PruneRule, WindowOutcome};
use killerscope_trace::{ReSearch, Window, move_order, pruned_moves};

/// Pruned moves listed by name; the rest are counted.
const LISTED: usize = 24;

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `mv` played from `before` in `notation`, `…` before Black's moves.
fn written(before: &Position, mv: Move, notation: Notation) -> String {
    let text = notation.format(before, mv);
    if before.side_to_move() == Color::Black {
        format!("…{text}")
    } else {
        text
    }
}

/// How node `id` (reached by `led_by`) was searched: its aspiration window, its reduction and
/// what came of it, the kind of re-search it is, or the null move it stands for.
pub fn searched(session: &Session, id: NodeId, led_by: &str) -> String {
    let marks = session.marks(id);
    let mut out = String::new();
    if let Some(window) = marks.aspiration {
        out.push_str(&aspiration(session, id, window));
    } else if let Some(full) = full_window_fallback(session, id) {
        out.push_str(&full);
    }
    if let Some(by) = marks.reduced {
        out.push_str(&reduced(session, id, led_by, by));
    }
    match marks.research {
        Some(ReSearch::Pvs) => out.push_str("Re-search: the null-window search of this move failed high, so it was searched again with the full window. "),
        Some(ReSearch::Reduction) => {
            let by = session
                .prev_sibling(id)
                .and_then(|p| session.marks(p).reduced)
                .map_or_else(String::new, |by| {
                    let plies = if by == 1 { "ply" } else { "plies" };
                    format!(", searched {by} {plies} shallower,")
                });
            out.push_str(&format!("Re-search at full depth: {led_by}{by} failed high, so it is searched again at full depth (still with the null window). "));
        }
        None => {}
    }
    if marks.null_search {
        out.push_str(&null_search(session, id));
    }
    out
}

/// A root's window at entry and what happened. Killerscope's own search widens a failed
/// aspiration window; another engine's trace may probe with windows that move rather than
/// widen (MTD(f)), so the next window is described as it was, never assumed.
fn aspiration(session: &Session, id: NodeId, w: Window) -> String {
    let window = format!("[{}, {}]", fmt::score(w.alpha), fmt::score(w.beta));
    let own = session.header().engine.starts_with("killerscope");
    let next = session
        .next_sibling(id)
        .and_then(|n| session.node(n))
        .filter(|n| n.depth() == w.depth as i8)
        .map(|n| n.window());
    let again = match next {
        Some((a, b)) if (a, b) == (w.alpha, w.beta) => {
            "searched again with the same window".to_string()
        }
        Some((a, b)) if a <= w.alpha && b >= w.beta => format!(
            "widened to [{}, {}] and searched again",
            fmt::score(a),
            fmt::score(b)
        ),
        Some((a, b)) => format!(
            "searched again with the window [{}, {}] (moved, not widened)",
            fmt::score(a),
            fmt::score(b)
        ),
        None if own => "to be widened and searched again".to_string(),
        None => "the log has no further search at this depth".to_string(),
    };
    let name = if own { "Aspiration window" } else { "Window" };
    match w.outcome {
        WindowOutcome::Inside if own => format!(
            "Aspiration window {window} around the previous iteration's score held at depth {}: the score fell inside it. ",
            w.depth
        ),
        WindowOutcome::Inside => format!(
            "Window {window} at depth {}: the score fell inside it. ",
            w.depth
        ),
        WindowOutcome::FailLow => format!(
            "{name} {window} failed low at depth {} (the score fell to α or below); {again}. ",
            w.depth
        ),
        WindowOutcome::FailHigh => format!(
            "{name} {window} failed high at depth {} (the score reached β); {again}. ",
            w.depth
        ),
    }
}

/// For a root searched with the full window because the aspiration windows before it kept
/// failing: the sentence saying so.
fn full_window_fallback(session: &Session, id: NodeId) -> Option<String> {
    let node = session.node(id)?;
    if node.parent().is_some() {
        return None;
    }
    let previous = session.marks(session.prev_sibling(id)?).aspiration?;
    (previous.outcome != WindowOutcome::Inside && previous.depth as i8 == node.depth()).then(|| {
        format!(
            "The aspiration windows kept failing at depth {}: searched with the full window. ",
            previous.depth
        )
    })
}

fn reduced(session: &Session, id: NodeId, led_by: &str, by: u8) -> String {
    let why = match move_order(session.tree(), session.events(), id) {
        Some((index, source)) => format!(
            " (late quiet move {}, ordered by {})",
            usize::from(index) + 1,
            session.header().sources.label(source)
        ),
        None => String::new(),
    };
    let plies = if by == 1 { "ply" } else { "plies" };
    // The reduced search ran with a null window just above the mover's α.
    let mover = side(session.position_at(session.parent(id)).side_to_move());
    let alpha = fmt::score(-session.node(id).map_or(0, |n| n.window().1));
    let searched_again = session
        .next_sibling(id)
        .is_some_and(|n| session.marks(n).research == Some(ReSearch::Reduction));
    let outcome = if searched_again {
        format!(
            "it failed high (above {mover}'s α {alpha}), so it was searched again at full depth"
        )
    } else if session.node(id).is_some_and(|n| n.is_closed()) {
        format!(
            "it stayed at or below {mover}'s α {alpha}, so the reduction stood and a full-depth search was saved"
        )
    } else {
        "its search is still running".to_string()
    };
    format!("{led_by} was searched {by} {plies} shallower{why}; {outcome}. ")
}

/// The sentence of a null-move search node: who passed, and what the pass proved.
fn null_search(session: &Session, id: NodeId) -> String {
    let Some(parent) = session.parent(id) else {
        return String::new();
    };
    let passer = side(session.position_at(Some(parent)).side_to_move());
    let beta = session.node(parent).map_or(0, |n| n.window().1);
    match session.marks(parent).null_move {
        Some(try_) if try_.cutoff => format!(
            "Null move: {passer} passed instead of moving (R = {}, searched to depth {}); the reduced search still scored {} ≥ β {}, so the node above was cut without searching a move. ",
            try_.reduction,
            try_.depth,
            fmt::score(try_.score),
            fmt::score(beta)
        ),
        Some(try_) => format!(
            "Null move: {passer} passed instead of moving (R = {}, searched to depth {}); it scored only {} < β {}, so the node above searched its moves. ",
            try_.reduction,
            try_.depth,
            fmt::score(try_.score),
            fmt::score(beta)
        ),
        None => format!("Null move: {passer} passed instead of moving. "),
    }
}

/// How node `id` ended without searching a move, if it did: a null-move cutoff, or pruned whole.
pub fn ended(session: &Session, id: NodeId) -> Option<String> {
    let marks = session.marks(id);
    let node = session.node(id)?;
    let mover = side(session.position_at(Some(id)).side_to_move());
    let (alpha, beta) = node.window();
    if let Some(try_) = marks.null_move.filter(|t| t.cutoff) {
        return Some(format!(
            "Null move: {mover} passed; the reduced search (R = {}, depth {}) still scored {} ≥ β {}, so this node was cut without searching a move.",
            try_.reduction,
            try_.depth,
            fmt::score(try_.score),
            fmt::score(beta)
        ));
    }
    let (rule, score) = marks.pruned?;
    Some(match rule {
        PruneRule::ReverseFutility => format!(
            "Reverse futility: the static evaluation minus a margin, {}, already beat β {} at depth {}, so this node returned without searching a move.",
            fmt::score(score),
            fmt::score(beta),
            node.depth()
        ),
        PruneRule::MateDistance => format!(
            "Mate distance pruning: a mate already found nearer the root leaves no score inside the window [{}, {}], so this node returned at once.",
            fmt::score(alpha),
            fmt::score(beta)
        ),
        PruneRule::Futility => format!(
            "Pruned by futility ({}), without searching a move.",
            fmt::score(score)
        ),
    })
}

/// What else selective search did inside node `id`: a null move it tried that did not cut,
/// and the moves it pruned without a search (they never became rows), by name.
pub fn inside(session: &Session, id: NodeId, notation: Notation) -> String {
    let marks = session.marks(id);
    let Some(node) = session.node(id) else {
        return String::new();
    };
    let pos = session.position_at(Some(id));
    let mut out = String::new();
    if let Some(try_) = marks.null_move.filter(|t| !t.cutoff) {
        out.push_str(&format!(
            " It first tried a null move: {} passed (R = {}) but scored only {} < β {}, so the moves were searched.",
            side(pos.side_to_move()),
            try_.reduction,
            fmt::score(try_.score),
            fmt::score(node.window().1)
        ));
    }
    let total = usize::from(marks.pruned_moves);
    if total == 0 {
        return out;
    }
    let pruned = pruned_moves(session.tree(), session.events(), id, LISTED);
    let names: Vec<String> = pruned
        .iter()
        .map(|p| written(&pos, p.mv, notation))
        .collect();
    let more = match total.saturating_sub(names.len()) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let estimate = pruned
        .first()
        .map(|p| p.score)
        .filter(|&s| pruned.iter().all(|p| p.score == s));
    let why = match estimate {
        Some(s) => format!(
            "static eval + margin {} could not reach α {}",
            fmt::score(s),
            fmt::score(node.window().0)
        ),
        None => format!(
            "static eval + margin could not reach α {}",
            fmt::score(node.window().0)
        ),
    };
    let (verb, count) = if total == 1 {
        ("was", String::new())
    } else {
        ("were", format!(" ({total} moves)"))
    };
    out.push_str(&format!(
        " {}{more}{count} {verb} pruned by futility, never searched: {why}.",
        names.join(", ")
    ));
    out
}
