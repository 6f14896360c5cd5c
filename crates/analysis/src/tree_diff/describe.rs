//! A divergence in words: "B tried Bc6 first (K1) and cut at once; A tried it 6th (Hist) after
//! 5 moves costing 3,412 nodes". Moves are SAN in the node's position (UCI where it cannot be
//! played), sources the labels of each log's own header.

use super::{Divergence, OnlyIn, SideFacts};
use killerscope_chess::Notation;
use killerscope_chess::{Move, Position};
use killerscope_engine::fmt::grouped;
use killerscope_log::LogHeader;
use killerscope_text::ordinal;
use killerscope_trace::{line::Step, line::play_line};

const NAMES: [&str; 2] = ["A", "B"];

/// The sentence for `d`, whose path starts at `root`.
pub(super) fn sentence(
    d: &Divergence,
    root: Option<&Position>,
    headers: [&LogHeader; 2],
) -> String {
    let pos = root.and_then(|r| play_line(r, d.path.iter().copied()));
    let ctx = Context {
        pos: pos.as_ref(),
        headers,
    };
    let (Some(a), Some(b)) = (&d.a, &d.b) else {
        let (k, f) = match (&d.a, &d.b) {
            (Some(f), _) => (0, f),
            (_, Some(f)) => (1, f),
            _ => return String::new(),
        };
        return format!(
            "only {} searched this root of iteration {} ({} nodes)",
            NAMES[k],
            d.iteration,
            grouped(f.nodes)
        );
    };
    let mut parts = Vec::new();
    let cut_told = ctx.cutoffs([a, b], &mut parts);
    if !cut_told && let Some(order) = ctx.order(d, [a, b]) {
        parts.push(order);
    }
    for (k, only) in [&d.only_a.biggest, &d.only_b.biggest]
        .into_iter()
        .enumerate()
    {
        let extra: Vec<&OnlyIn> = only
            .iter()
            .filter(|o| !cut_told || o.mv.is_null())
            .collect();
        if !extra.is_empty() {
            parts.push(ctx.only(k, &extra));
        }
    }
    if parts.is_empty() {
        parts.push(format!("{}; {}", ending(0, a), ending(1, b)));
    }
    parts.join("; ")
}

struct Context<'a> {
    pos: Option<&'a Position>,
    headers: [&'a LogHeader; 2],
}

impl Context<'_> {
    /// A move of the node, in SAN when it can be played there.
    fn mv(&self, mv: Move) -> String {
        let step = if mv.is_null() {
            Step::Pass
        } else {
            Step::Move(mv)
        };
        match self.pos {
            Some(p) => step.text(p, Notation::San),
            None if mv.is_null() => "--".to_string(),
            None => mv.to_string(),
        }
    }

    fn source(&self, k: usize, f: &SideFacts) -> String {
        f.cutoff
            .map(|c| self.headers[k].sources.label(c.source).into_owned())
            .unwrap_or_default()
    }

    /// What the two did about cutting off; `false` when they did the same.
    fn cutoffs(&self, [a, b]: [&SideFacts; 2], parts: &mut Vec<String>) -> bool {
        match (a.cutoff, b.cutoff) {
            (Some(ca), Some(cb)) if ca.mv == cb.mv => {
                let same_place = a.moves_before_cut == b.moves_before_cut;
                let (sa, sb) = (self.source(0, a), self.source(1, b));
                if same_place && sa == sb {
                    return false;
                }
                if same_place {
                    parts.push(format!(
                        "both cut with {} {}, which A credits to {sa} and B to {sb}",
                        self.mv(ca.mv),
                        rank_word(a.moves_before_cut)
                    ));
                    return true;
                }
                let (first, second) = if a.moves_before_cut <= b.moves_before_cut {
                    (0, 1)
                } else {
                    (1, 0)
                };
                let f = [a, b];
                parts.push(format!(
                    "{} tried {} {} ({}) and cut {}",
                    NAMES[first],
                    self.mv(ca.mv),
                    rank_word(f[first].moves_before_cut),
                    self.source(first, f[first]),
                    cost(f[first])
                ));
                parts.push(format!(
                    "{} tried it {} ({}) {}",
                    NAMES[second],
                    rank_word(f[second].moves_before_cut),
                    self.source(second, f[second]),
                    cost(f[second])
                ));
                true
            }
            (None, None) if a.node_type == b.node_type && a.searched == b.searched => false,
            _ => {
                for (k, f) in [a, b].into_iter().enumerate() {
                    parts.push(match f.cutoff {
                        Some(c) => format!(
                            "{} cut with {} ({}, {}) {}, {}",
                            NAMES[k],
                            self.mv(c.mv),
                            rank_word(f.moves_before_cut),
                            self.source(k, f),
                            cost(f),
                            cut_cost(f)
                        ),
                        None => ending(k, f),
                    });
                }
                true
            }
        }
    }

    /// The first moves of each side's order, when the order is what differs.
    fn order(&self, d: &Divergence, [a, b]: [&SideFacts; 2]) -> Option<String> {
        if !d.kinds.order {
            return None;
        }
        let line = |f: &SideFacts| {
            let moves: Vec<String> = f
                .first_moves
                .iter()
                .take_while(|m| !m.is_null())
                .map(|&m| self.mv(m))
                .collect();
            let more = if f.searched as usize > moves.len() {
                ", …"
            } else {
                ""
            };
            format!("{}{more}", moves.join(", "))
        };
        Some(format!(
            "the orders differ: A tried {}, B {}",
            line(a),
            line(b)
        ))
    }

    /// What side `k` searched here alone.
    fn only(&self, k: usize, only: &[&OnlyIn]) -> String {
        let items: Vec<String> = only
            .iter()
            .map(|o| {
                let what = if o.mv.is_null() {
                    "a null move".to_string()
                } else if o.repeat {
                    format!("{} again", self.mv(o.mv))
                } else {
                    self.mv(o.mv)
                };
                format!("{what} ({} nodes)", grouped(o.nodes))
            })
            .collect();
        format!("only {} searched {}", NAMES[k], items.join(", "))
    }
}

/// "first", "6th": where a move stood, from the moves before it.
fn rank_word(before: u32) -> String {
    if before == 0 {
        "first".to_string()
    } else {
        ordinal(u64::from(before) + 1)
    }
}

/// "at once", "after 5 moves costing 3,412 nodes".
fn cost(f: &SideFacts) -> String {
    match f.moves_before_cut {
        0 => "at once".to_string(),
        1 => format!("after 1 move costing {} nodes", grouped(f.before_cut)),
        n => format!("after {n} moves costing {} nodes", grouped(f.before_cut)),
    }
}

/// "in 144 nodes": what the cutting move's own search cost.
fn cut_cost(f: &SideFacts) -> String {
    format!("in {} nodes", grouped(f.cut_nodes))
}

/// How a side's node ended when no move cut it off.
fn ending(k: usize, f: &SideFacts) -> String {
    let how = format!("{} {}", type_text(f), score_text(f.score));
    if f.tt_cutoff {
        format!("{}'s transposition table ended the node ({how})", NAMES[k])
    } else if f.null_cutoff {
        format!(
            "{} cut with its null move ({how}, {} nodes)",
            NAMES[k],
            grouped(f.nodes)
        )
    } else if f.searched == 0 {
        format!("{} searched no move ({how})", NAMES[k])
    } else {
        let moves = if f.searched == 1 { "move" } else { "moves" };
        format!(
            "{} searched {} {moves} without a cutoff ({how}, {} nodes)",
            NAMES[k],
            f.searched,
            grouped(f.nodes)
        )
    }
}

fn type_text(f: &SideFacts) -> &'static str {
    f.node_type.map_or("unfinished", |t| t.label())
}

fn score_text(score: Option<i32>) -> String {
    score.map_or_else(|| "nothing".to_string(), |s| s.to_string())
}
