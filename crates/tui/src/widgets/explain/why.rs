//! The explain panel's paragraph for `y`: the selected node's score chain, one line per link —
//! the move that led to it (in the notation chosen with `n`), its type, score and bound, its
//! window, and how it took its score from the next link — then where the number was born. The
//! link the selection is on (`Y` walks them) is marked `▶`, the others `·` (the panel trims
//! leading spaces). The words are `log why`'s
//! ([`killerscope_analysis::provenance`]).

use killerscope_analysis::{ScoreChain, origin_text, score_text, via_text};
use killerscope_chess::Notation;
use killerscope_engine::fmt;
use killerscope_explorer::WhyState;
use killerscope_explorer::{NodeId, Session};

/// The chain's paragraph while the selection `id` is on the chain `why` traced, else empty.
pub fn paragraph(session: &Session, why: &WhyState, id: NodeId, notation: Notation) -> String {
    let Some((chain, at)) = why.chain_at(Some(id)) else {
        return String::new();
    };
    let moves = moves(session, chain, notation);
    let sources = &session.header().sources;
    let mut out = vec![format!(
        "Where the score of node {} came from (y hides, Y walks down):",
        chain.links[0].node
    )];
    for (k, link) in chain.links.iter().enumerate() {
        let (score, bound) = score_text(link);
        let how = match (link.via, moves.get(k + 1)) {
            (Some(via), Some(next)) => via_text(via, next, sources),
            _ => "born here".to_string(),
        };
        out.push(format!(
            "{} {} {} {score} {bound} [{}, {}]: {how}",
            if k == at { "▶" } else { "·" },
            moves[k],
            link.node_type.map_or("open", |t| t.label()),
            fmt::score(link.window.0),
            fmt::score(link.window.1),
        ));
    }
    let last = chain.links.last().map_or(id, |l| l.node);
    out.push(format!(
        "Born at node {last}: {}.",
        origin_text(chain.origin)
    ));
    out.join("\n")
}

/// Each link's move, written from its parent's position when the position is known (UCI
/// otherwise, as everywhere a position is unknown); the root is "(root)", the null move "null".
fn moves(session: &Session, chain: &ScoreChain, notation: Notation) -> Vec<String> {
    chain
        .links
        .iter()
        .map(|link| {
            if link.mv.is_null() {
                return match session.parent(link.node) {
                    Some(_) => "null".to_string(),
                    None => "(root)".to_string(),
                };
            }
            match session.known_position_at(session.parent(link.node)) {
                Some(pos) => notation.format(&pos, link.mv),
                None => link.mv.to_string(),
            }
        })
        .collect()
}
