//! Explain at or below a pseudo-legal engine's illegal try (or a null move made in check):
//! what the engine did there, without a side to move or a move in SAN, because the position
//! is not a chess position (a king can be captured) and nothing about it is invented.

use killerscope_chess::Color;
use killerscope_chess::Notation;
use killerscope_engine::fmt;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::Bound;
use killerscope_trace::line::Step;

/// The explanation of node `id`, whose position is unknown.
pub fn text(session: &Session, id: NodeId, notation: Notation) -> String {
    let Some(node) = session.node(id) else {
        return String::new();
    };
    let (alpha, beta) = node.window();
    let step = Step::of(node).map_or("the root".into(), |s| s.coordinates(notation));
    let head = format!(
        "{step}: node at ply {}, depth {}, window [{}, {}]",
        node.ply(),
        node.depth(),
        fmt::score(alpha),
        fmt::score(beta)
    );
    let result = match node.result() {
        Some((score, Bound::Exact)) => format!("It returned {}.", fmt::score(score)),
        Some((score, Bound::Lower)) => format!("It failed high: at least {}.", fmt::score(score)),
        Some((score, Bound::Upper)) => format!("It failed low: at most {}.", fmt::score(score)),
        None => "It did not finish.".into(),
    };
    let below = format!(
        "{} node{} searched below it.",
        fmt::count(u64::from(session.tree().subtree_size(id).saturating_sub(1))),
        if session.tree().subtree_size(id) == 2 {
            ""
        } else {
            "s"
        }
    );
    let Some(first) = session.illegal_above(id).and_then(|s| session.node(s)) else {
        return format!(
            "{head}. A move on its line is not legal in its position (the log does not fit \
             its root position), so no position is shown. {result}"
        );
    };
    let mover = session
        .known_position_at(first.parent())
        .map_or("the mover", |p| match p.side_to_move() {
            Color::White => "White",
            Color::Black => "Black",
        });
    if first.id() != id {
        let what = if first.is_null_move() {
            "the null move made in check".to_string()
        } else {
            format!("the illegal try {}", first.mv())
        };
        return format!(
            "{head}, below {what} at ply {}: the position is not a chess position, so its \
             moves are written in coordinates and no side to move is named. {result} {below}",
            first.ply()
        );
    }
    let what = if node.is_null_move() {
        format!("{mover}'s null move made in check: passing leaves {mover}'s king attacked")
    } else {
        format!("an illegal try: it leaves {mover}'s king attacked")
    };
    format!(
        "{head}: {what}. A pseudo-legal engine generates such moves and refutes them one ply \
         down by capturing the king. {result} {below}"
    )
}
