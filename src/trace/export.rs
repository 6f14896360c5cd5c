//! Logs as JSON Lines, one object per event, for jq and pandas.

use super::event::Event;
use super::log::EventLog;
use crate::chess::Move;
use crate::search::{Bound, NodeKind};
use std::io::{self, Write};

pub(crate) fn bound_name(b: Bound) -> &'static str {
    match b {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

fn kind_name(k: NodeKind) -> &'static str {
    match k {
        NodeKind::Main => "main",
        NodeKind::Quiescence => "quiescence",
    }
}

/// A move as a JSON value: `"g2c6"`, or `null` for `Move::NULL`.
fn json_move(mv: Move) -> String {
    if mv.is_null() {
        "null".to_string()
    } else {
        format!("\"{mv}\"")
    }
}

fn json_moves(moves: &[Move]) -> String {
    let items: Vec<String> = moves.iter().map(|&m| json_move(m)).collect();
    format!("[{}]", items.join(","))
}

/// Writes one JSON object per event, e.g.
/// `{"i":1234,"type":"killer_store","ply":1,"move":"g2c6","slots":["g2c6","c1c2"]}`.
/// Every event of a node carries that node's `ply` (root = 0); moves are UCI strings.
pub fn write_jsonl<W: Write>(log: &EventLog, mut w: W) -> io::Result<()> {
    let mut plies: Vec<u8> = Vec::new();
    let mut iteration = 0;
    for (i, event) in log.events().iter().enumerate() {
        let ty = event.kind().name();
        let ply = plies.last().copied().unwrap_or(0);
        write!(w, "{{\"i\":{i},\"type\":\"{ty}\",")?;
        match *event {
            Event::NodeEnter {
                ply,
                depth,
                kind,
                mv,
                alpha,
                beta,
            } => {
                plies.push(ply);
                write!(
                    w,
                    "\"ply\":{ply},\"depth\":{depth},\"alpha\":{alpha},\"beta\":{beta},\"move\":{},\"kind\":\"{}\"",
                    json_move(mv),
                    kind_name(kind)
                )?;
            }
            Event::MoveTried { mv, index, source } => write!(
                w,
                "\"ply\":{ply},\"move\":{},\"index\":{index},\"source\":\"{}\"",
                json_move(mv),
                source.label()
            )?,
            Event::Cutoff {
                mv,
                index,
                source,
                score,
                beta,
            } => write!(
                w,
                "\"ply\":{ply},\"move\":{},\"index\":{index},\"source\":\"{}\",\"score\":{score},\"beta\":{beta}",
                json_move(mv),
                source.label()
            )?,
            Event::KillerStore { ply, mv, slots } => write!(
                w,
                "\"ply\":{ply},\"move\":{},\"slots\":{}",
                json_move(mv),
                json_moves(slots.as_slice())
            )?,
            Event::TtHit {
                mv,
                depth,
                score,
                bound,
                cutoff,
            } => write!(
                w,
                "\"ply\":{ply},\"move\":{},\"depth\":{depth},\"score\":{score},\"bound\":\"{}\",\"cutoff\":{cutoff}",
                json_move(mv),
                bound_name(bound)
            )?,
            Event::NodeExit { score, bound } => {
                plies.pop();
                write!(
                    w,
                    "\"ply\":{ply},\"score\":{score},\"bound\":\"{}\"",
                    bound_name(bound)
                )?;
            }
            Event::Iteration {
                depth,
                score,
                nodes,
            } => {
                write!(
                    w,
                    "\"depth\":{depth},\"score\":{score},\"nodes\":{},\"pv\":{}",
                    nodes.get(),
                    json_moves(log.pv(iteration))
                )?;
                iteration += 1;
            }
        }
        w.write_all(b"}\n")?;
    }
    w.flush()
}
