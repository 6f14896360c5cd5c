//! The explain panel's paragraph for the best-reply key (`E`): the move that cut only had to
//! reach β, so beside it the panel sets what a full-window search of the node's position to its
//! own depth plays ("Bc6 reached β +111 and cut; White's best here is Qd2, +322") — or that the
//! cutting move is the best one too.

use killerscope_chess::Color;
use killerscope_chess::Notation;
use killerscope_engine::BestReply;
use killerscope_engine::fmt;
use killerscope_explorer::BestView;
use killerscope_explorer::{NodeId, Session};

/// `explained` (the panel's text for node `id`) with the best reply's paragraph first, if `E`
/// was pressed on it: on a small screen it is what the key was pressed for.
pub fn prepend(
    session: &Session,
    id: NodeId,
    view: BestView,
    notation: Notation,
    explained: String,
) -> String {
    let paragraph = match view {
        BestView::None => return explained,
        BestView::Running(depth) => {
            format!("Best reply: searching this position with the full window to depth {depth}…")
        }
        BestView::Done(found) => {
            let pos = session.position_at(Some(id));
            let beta = session.node(id).map_or(0, |n| n.window().1);
            let cut = notation.format(&pos, found.cut);
            let side = match pos.side_to_move() {
                Color::White => "White",
                Color::Black => "Black",
            };
            let searched = format!("a full-window search to depth {}", found.depth);
            match found.best {
                BestReply::Move(mv, score) if mv == found.cut => format!(
                    "Best reply: {cut} reached β {} and cut, and it is {side}'s best here too: \
                     {} by {searched}.",
                    fmt::score(beta),
                    fmt::score(score)
                ),
                BestReply::Move(mv, score) => format!(
                    "Best reply: {cut} reached β {} and cut; {side}'s best here is {}, {} \
                     ({searched}). A cut needs a move good enough to reach β, not the best.",
                    fmt::score(beta),
                    notation.format(&pos, mv),
                    fmt::score(score)
                ),
                BestReply::NoMove => format!("Best reply: {side} has no legal move here."),
            }
        }
    };
    format!("{paragraph}\n\n{explained}")
}
