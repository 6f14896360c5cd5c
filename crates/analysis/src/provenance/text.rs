//! A score chain in words, shared by `killerscope log why` and the explorer's Explain panel
//! (`y`), so the two say the same thing: a link's score and bound, how it took its score from
//! the next link, and where the number was born.

use super::{ChainLink, Origin, Via};
use killerscope_engine::fmt;
use killerscope_log::SourceTable;
use killerscope_log::{Bound, PruneRule};
use killerscope_text::ordinal;

/// A link's score (`…` while unfinished) and its bound in words.
pub fn score_text(link: &ChainLink) -> (String, &'static str) {
    match link.result {
        Some((s, bound)) => (
            fmt::score(s),
            match bound {
                Bound::Exact => "exact",
                Bound::Lower => "lower bound",
                Bound::Upper => "upper bound",
            },
        ),
        None => ("…".into(), "unfinished"),
    }
}

/// How a link took its score from the next one, whose move is written `mv` (in whatever
/// notation the caller shows moves).
pub fn via_text(via: Via, mv: &str, sources: &SourceTable) -> String {
    match via {
        Via::Cut { index, source, .. } => format!(
            "cut by {mv} ({}, {})",
            ordinal(u64::from(index) + 1),
            sources.label(source)
        ),
        Via::Best { .. } => format!("best move {mv}"),
        Via::NullMove => "its null move failed high".to_string(),
    }
}

/// The origin in words.
pub fn origin_text(origin: Origin) -> String {
    let inferred = |yes: bool| {
        if yes {
            " (read from the tree: the log has no static_score event here)"
        } else {
            ""
        }
    };
    match origin {
        Origin::StaticEval {
            ply_limit: true, ..
        } => "the static evaluation at the deepest ply the search holds".into(),
        Origin::StaticEval { inferred: i, .. } => {
            format!(
                "the static evaluation: the quiescence node stood pat{}",
                inferred(i)
            )
        }
        Origin::TtHit => "a transposition-table entry ended the node".into(),
        Origin::Checkmate { inferred: i } => format!("checkmate{}", inferred(i)),
        Origin::Stalemate { inferred: true } => {
            "no move searched: stalemate (or a draw the log does not record)".into()
        }
        Origin::Stalemate { inferred: false } => "stalemate".into(),
        Origin::Draw(kind) => format!("a draw by {}", kind.name().replace('_', " ")),
        Origin::Pruned(rule) => format!(
            "the node was pruned whole by {} ({})",
            rule.name().replace('_', " "),
            match rule {
                PruneRule::ReverseFutility => "its static evaluation minus a margin",
                _ => "the bound the rule judged",
            }
        ),
        Origin::NullMoveBound => {
            "the null move found a mate, which proves nothing: the node returned beta".into()
        }
        Origin::Clamped {
            beta,
            bound,
            found,
            from,
        } => format!(
            "the node's {} ({}), returned fail-hard: {from} gave {}, {} it",
            if beta { "beta" } else { "alpha" },
            fmt::score(bound),
            fmt::score(found),
            if beta { "above" } else { "below" }
        ),
        Origin::Unknown(why) => format!("unknown: {why}"),
    }
}
