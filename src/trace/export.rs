//! Logs in other tools' formats: JSON Lines for jq and pandas, Graphviz for drawing a subtree.

use super::event::Event;
use super::log::EventLog;
use super::tree::{NodeId, SearchTree};
use crate::chess::Move;
use crate::search::{Bound, NodeKind};
use std::io::{self, Write};

/// Most nodes a Graphviz export draws; beyond that the drawing is unreadable anyway.
pub const DOT_NODE_LIMIT: usize = 2000;

fn bound_name(b: Bound) -> &'static str {
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

fn dot_label(tree: &SearchTree, id: NodeId) -> String {
    let Some(n) = tree.node(id) else {
        return String::new();
    };
    let mv = if n.mv().is_null() {
        "root".to_string()
    } else {
        n.mv().to_string()
    };
    let (alpha, beta) = n.window();
    let result = match n.result() {
        Some((score, bound)) => format!("{score} {}", bound_name(bound)),
        None => "open".to_string(),
    };
    let tt = if n.tt_cutoff() { "\\nTT cutoff" } else { "" };
    format!(
        "#{id} {mv}\\nply {} depth {}\\n[{alpha}, {beta}]\\n{result}{tt}",
        n.ply(),
        n.depth()
    )
}

/// Writes node `root`'s subtree, `max_depth` levels deep, as a Graphviz digraph. The edge of the
/// move that failed high is drawn bold red and labelled with its order index and source;
/// quiescence nodes are dashed. At most `DOT_NODE_LIMIT` nodes are drawn.
pub fn write_dot<W: Write>(
    tree: &SearchTree,
    root: NodeId,
    max_depth: u32,
    mut w: W,
) -> io::Result<()> {
    writeln!(w, "digraph search {{")?;
    writeln!(
        w,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    )?;
    let mut drawn = 0usize;
    let mut skipped = 0u64;
    let mut stack = vec![(root, 0u32)];
    while let Some((id, level)) = stack.pop() {
        let Some(n) = tree.node(id) else { continue };
        if drawn == DOT_NODE_LIMIT {
            skipped += u64::from(tree.subtree_size(id));
            continue;
        }
        drawn += 1;
        let style = match n.kind() {
            NodeKind::Main => "solid",
            NodeKind::Quiescence => "dashed",
        };
        writeln!(
            w,
            "  n{id} [label=\"{}\", style={style}];",
            dot_label(tree, id)
        )?;
        if let Some(parent) = n.parent().filter(|_| id != root) {
            let cut = tree
                .node(parent)
                .and_then(|p| p.cutoff())
                .filter(|c| c.mv == n.mv() && tree.children(parent).last() == Some(id));
            match cut {
                Some(c) => writeln!(
                    w,
                    "  n{parent} -> n{id} [label=\"{} β-cut #{} {}\", color=red, penwidth=2];",
                    n.mv(),
                    c.index + 1,
                    c.source.label()
                )?,
                None => writeln!(w, "  n{parent} -> n{id} [label=\"{}\"];", n.mv())?,
            }
        }
        if level < max_depth {
            let children: Vec<NodeId> = tree.children(id).collect();
            stack.extend(children.into_iter().rev().map(|c| (c, level + 1)));
        } else if n.child_count() > 0 {
            let hidden = tree.subtree_size(id) - 1;
            writeln!(
                w,
                "  more{id} [label=\"{hidden} more nodes\", shape=plaintext];"
            )?;
            writeln!(w, "  n{id} -> more{id} [style=dotted];")?;
        }
    }
    if skipped > 0 {
        writeln!(
            w,
            "  limit [label=\"node limit reached: {skipped} more nodes not drawn\", shape=plaintext];"
        )?;
    }
    writeln!(w, "}}")?;
    w.flush()
}
