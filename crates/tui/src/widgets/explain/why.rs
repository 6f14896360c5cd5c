//! The explain panel's paragraph for `y`: the selected node's score chain, one line per link —
//! the move that led to it (in the notation chosen with `n`), its type, score and bound, its
//! window, and how it took its score from the next link — then where the number was born. The
//! link the selection is on (`Y` walks them) is marked `▶`, the others `·` (the panel trims
//! leading spaces). A long chain shows its ends and the links around the selection. The words are `log why`'s
//! ([`killerscope_analysis::provenance`]).

use killerscope_analysis::{ChainLink, origin_text, score_text, via_text};
use killerscope_chess::Notation;
use killerscope_engine::fmt;
use killerscope_explorer::WhyState;
use killerscope_explorer::{NodeId, Session};

/// Links a chain shows whole; a longer one shows its first and last links and those around
/// the selection, the rest said as a count (a chain 100,000 plies deep draws as fast as a short
/// one: only the links shown have their moves written).
const SHOWN: usize = 41;

/// Links shown at each end of a long chain, and on each side of the selected one.
const ENDS: usize = 3;
const AROUND: usize = 15;

/// The chain's paragraph while the selection `id` is on the chain `why` traced, else empty.
pub fn paragraph(session: &Session, why: &WhyState, id: NodeId, notation: Notation) -> String {
    let Some((chain, at)) = why.chain_at(Some(id)) else {
        return String::new();
    };
    let sources = &session.header().sources;
    let n = chain.links.len();
    let mut out = vec![format!(
        "Where the score of node {} came from (y hides, Y walks down{}):",
        chain.links[0].node,
        if n > SHOWN {
            format!("; {} links", fmt::grouped(n as u64))
        } else {
            String::new()
        }
    )];
    let shown = |k: usize| n <= SHOWN || k < ENDS || k + ENDS >= n || k.abs_diff(at) <= AROUND;
    let mut skipped = 0usize;
    for (k, link) in chain.links.iter().enumerate() {
        if !shown(k) {
            skipped += 1;
            continue;
        }
        if skipped > 0 {
            out.push(format!("  … {} links …", fmt::grouped(skipped as u64)));
            skipped = 0;
        }
        let (score, bound) = score_text(link);
        let next = chain
            .links
            .get(k + 1)
            .map(|l| move_text(session, l, notation));
        let how = match (link.via, next) {
            (Some(via), Some(next)) => via_text(via, &next, sources),
            _ => "born here".to_string(),
        };
        out.push(format!(
            "{} {} {} {score} {bound} [{}, {}]: {how}",
            if k == at { "▶" } else { "·" },
            move_text(session, link, notation),
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

/// A link's move, written from its parent's position when the position is known (UCI
/// otherwise, as everywhere a position is unknown); the root is "(root)", the null move "null".
fn move_text(session: &Session, link: &ChainLink, notation: Notation) -> String {
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
}
