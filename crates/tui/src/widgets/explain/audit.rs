//! The explain panel's paragraph for the audit key (`a`): while the node's selective decisions
//! are searched again, that they are; then, per decision, what it claimed, what the search
//! without its technique found, and the verdict — sound (the same side of the window) or
//! unsound (it changed the node's result).

use killerscope_analysis::{Claim, Technique};
use killerscope_chess::Notation;
use killerscope_chess::Position;
use killerscope_engine::fmt;
use killerscope_explorer::{AuditView, Judged};
use killerscope_explorer::{NodeId, Session};

/// Decisions described one by one; the rest are counted (a node can prune dozens of moves).
const LISTED: usize = 4;

/// The audit's paragraph for node `id`, empty when it was not audited. The panel puts it
/// first: on a small screen the verdict is what the key was pressed for.
pub fn paragraph(session: &Session, id: NodeId, view: AuditView<'_>, notation: Notation) -> String {
    match view {
        AuditView::None => String::new(),
        AuditView::Running(n) => {
            let what = if n == 1 {
                "its selective decision".to_string()
            } else {
                format!("its {n} selective decisions")
            };
            format!("Audit: searching {what} again without the technique (TT off)…")
        }
        AuditView::Done(judged) => {
            let at = session.position_at(Some(id));
            let listed: Vec<String> = judged
                .iter()
                .take(LISTED)
                .map(|j| sentence(&at, j, notation))
                .collect();
            let mut out = listed.join("\n");
            if judged.len() > LISTED {
                let rest = &judged[LISTED..];
                let unsound = rest
                    .iter()
                    .filter(|j| j.verdict.as_ref().is_ok_and(|v| !v.sound))
                    .count();
                out.push_str(&format!(
                    "\n{} more audited, {unsound} of them unsound.",
                    rest.len()
                ));
            }
            out
        }
    }
}

/// One decision: what it was, the search that checked it, the verdict.
fn sentence(at: &Position, judged: &Judged, notation: Notation) -> String {
    let d = &judged.decision;
    let what = match d.technique {
        Technique::NullMove => "the null-move cut".to_string(),
        Technique::Reduction => "the reduction that stood".to_string(),
        Technique::Futility => {
            let mv = d.path.last().map_or_else(String::new, |&m| {
                if at.is_legal(m) {
                    notation.format(at, m)
                } else {
                    m.to_string()
                }
            });
            format!("the futility prune of {mv}")
        }
        Technique::ReverseFutility => "the reverse futility prune".to_string(),
        Technique::MateDistance => "the mate distance prune".to_string(),
    };
    let without = match d.technique {
        Technique::NullMove => "null-move pruning",
        Technique::Reduction => "reductions",
        Technique::Futility | Technique::ReverseFutility => "futility pruning",
        Technique::MateDistance => "mate distance pruning",
    };
    let claim = match d.claim {
        Claim::High => format!("≥ β {}", fmt::score(d.beta)),
        Claim::Low => format!("≤ α {}", fmt::score(d.alpha)),
    };
    let searched = format!(
        "It claimed {claim} (score {}); searched to depth {} in [{}, {}] without {without}, \
         TT off:",
        fmt::score(d.claimed),
        d.depth,
        fmt::score(d.alpha),
        fmt::score(d.beta),
    );
    match &judged.verdict {
        Ok(v) if v.sound => format!(
            "Audit of {what}: sound. {searched} {}, the same side of the window.",
            fmt::score(v.score)
        ),
        Ok(v) => format!(
            "Audit of {what}: UNSOUND. {searched} {}, the other side of the window: the \
             decision changed the node's result.",
            fmt::score(v.score)
        ),
        Err(e) => format!("Audit of {what}: not searched again ({e})."),
    }
}
