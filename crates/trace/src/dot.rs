//! A subtree of a log as a Graphviz digraph (`killerscope log dot FILE | dot -Tsvg`), with
//! moves in SAN when the root position is known, and the refuting move of every cut node drawn
//! as a bold red edge labelled with its rank and ordering source.

use super::tree::{NodeId, SearchTree};
use killerscope_chess::san;
use killerscope_chess::{Move, Position};
use killerscope_engine::fmt::score;
use killerscope_log::NodeKind;
use killerscope_log::SourceTable;
use std::io::{self, Write};

/// Most nodes a Graphviz export draws; beyond that the drawing is unreadable anyway.
pub const DOT_NODE_LIMIT: usize = 2000;

/// `mv` in SAN when it is legal in `before`, else in UCI; and the position after it.
fn play(before: Option<&Position>, mv: Move) -> (String, Option<Position>) {
    match before {
        Some(pos) if !mv.is_null() && pos.is_legal(mv) => {
            let mut after = pos.clone();
            after.make_move(mv);
            (san(pos, mv), Some(after))
        }
        Some(pos) if mv.is_null() => ("root".to_string(), Some(pos.clone())),
        _ if mv.is_null() => ("root".to_string(), None),
        _ => (mv.to_string(), None),
    }
}

/// A label from the log's header, to sit inside a double-quoted DOT string: already free of
/// control characters ([`SourceTable::label`]), with `\` and `"` escaped so that it cannot end
/// the string early and inject attributes or statements.
fn quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

fn node_label(tree: &SearchTree, id: NodeId, mv: &str) -> String {
    let Some(n) = tree.node(id) else {
        return String::new();
    };
    // Scores as the explorer writes them: mates as #n, the infinite window bounds as ∞.
    let (alpha, beta) = n.window();
    let (alpha, beta) = (score(alpha), score(beta));
    let result = match n.result() {
        Some((value, bound)) => format!("{} {}", score(value), bound.name()),
        None => "open".to_string(),
    };
    let tt = if n.tt_cutoff() { "\\nTT cutoff" } else { "" };
    format!(
        "#{id} {mv}\\nply {} depth {}\\n[{alpha}, {beta}]\\n{result}{tt}",
        n.ply(),
        n.depth()
    )
}

/// Writes node `start`'s subtree, `max_depth` levels deep, as a Graphviz digraph. With the
/// log's `root` position, moves are written in SAN (UCI otherwise). The edge of the move that
/// failed high is bold red and labelled with its rank and source; quiescence nodes are dashed.
/// At most `DOT_NODE_LIMIT` nodes are drawn.
pub fn write_dot<W: Write>(
    tree: &SearchTree,
    start: NodeId,
    max_depth: u32,
    root: Option<&Position>,
    sources: &SourceTable,
    mut w: W,
) -> io::Result<()> {
    writeln!(w, "digraph search {{")?;
    writeln!(
        w,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    )?;
    let before_start = match (root, tree.node(start).and_then(|n| n.parent())) {
        (Some(pos), Some(parent)) => super::line::position_at(tree, pos, parent),
        (Some(pos), None) => Some(pos.clone()),
        (None, _) => None,
    };
    let mut drawn = 0usize;
    let mut skipped = 0u64;
    let mut stack = vec![(start, 0u32, before_start)];
    while let Some((id, level, before)) = stack.pop() {
        let Some(n) = tree.node(id) else { continue };
        if drawn == DOT_NODE_LIMIT {
            skipped += u64::from(tree.subtree_size(id));
            continue;
        }
        drawn += 1;
        let (mv, after) = play(before.as_ref(), n.mv());
        let style = match n.kind() {
            NodeKind::Main => "solid",
            NodeKind::Quiescence => "dashed",
        };
        writeln!(
            w,
            "  n{id} [label=\"{}\", style={style}];",
            node_label(tree, id, &mv)
        )?;
        if let Some(parent) = n.parent().filter(|_| id != start) {
            let cut = tree
                .node(parent)
                .and_then(|p| p.cutoff())
                .filter(|c| c.mv == n.mv() && tree.children(parent).last() == Some(id));
            match cut {
                Some(c) => writeln!(
                    w,
                    "  n{parent} -> n{id} [label=\"{mv} β-cut #{} {}\", color=red, penwidth=2];",
                    c.index + 1,
                    quoted(&sources.label(c.source))
                )?,
                None => writeln!(w, "  n{parent} -> n{id} [label=\"{mv}\"];")?,
            }
        }
        if level < max_depth {
            let children: Vec<NodeId> = tree.children(id).collect();
            stack.extend(
                children
                    .into_iter()
                    .rev()
                    .map(|c| (c, level + 1, after.clone())),
            );
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
