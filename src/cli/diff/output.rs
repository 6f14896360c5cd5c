//! What `diff` prints: text for people, one JSON document for scripts.

use super::Searched;
use killerscope_analysis::{Divergence, SideFacts, TreeDiff};
use killerscope_chess::Position;
use killerscope_engine::fmt::grouped;
use killerscope_text::printable;
use killerscope_trace::line::Step;
use killerscope_trace::{san_steps, uci_steps};
use serde_json::{Value, json};
use std::io::Write;

/// `b / a`, written with three decimals (`–` when A is empty).
fn ratio(a: u64, b: u64) -> String {
    if a == 0 {
        "–".into()
    } else {
        format!("{:.3}", b as f64 / a as f64)
    }
}

fn signed(n: i64) -> String {
    let digits = grouped(n.unsigned_abs());
    match n.signum() {
        1 => format!("+{digits}"),
        -1 => format!("-{digits}"),
        _ => digits,
    }
}

/// The text report.
pub(super) fn text(
    out: &mut impl Write,
    a: &Searched,
    b: &Searched,
    d: &TreeDiff,
) -> std::io::Result<()> {
    for (k, s) in [a, b].into_iter().enumerate() {
        let settings = s.header.ordering_text();
        writeln!(
            out,
            "{}  {}  {} nodes{}",
            ["A", "B"][k],
            s.name,
            grouped(d.nodes[k]),
            if settings.is_empty() {
                String::new()
            } else {
                format!("  ({})", printable(&settings))
            }
        )?;
    }
    let difference = d.nodes[0] as i64 - d.nodes[1] as i64;
    writeln!(
        out,
        "B/A {}  (A - B = {} nodes)",
        ratio(d.nodes[0], d.nodes[1]),
        signed(difference)
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "iteration  {:>12}  {:>12}  {:>7}",
        "A nodes", "B nodes", "B/A"
    )?;
    for it in &d.iterations {
        writeln!(
            out,
            "{:>9}  {:>12}  {:>12}  {:>7}",
            it.depth,
            grouped(it.a),
            grouped(it.b),
            ratio(it.a, it.b)
        )?;
    }
    writeln!(out)?;
    if d.total == 0 {
        return writeln!(out, "no divergences: the two searches are the same tree");
    }
    let k = d.kinds;
    writeln!(
        out,
        "divergences {}: move order {} · cutting move {} · cutting source {} · node type {} · subtrees searched by one only {}",
        grouped(d.total),
        grouped(k.order),
        grouped(k.cut_move),
        grouped(k.cut_source),
        grouped(k.node_type),
        grouped(k.only_one)
    )?;
    writeln!(
        out,
        "they explain A - B = {} nodes ({} nodes searched by one side only)",
        signed(d.explained),
        grouped(d.unshared)
    )?;
    if d.divergences.is_empty() {
        return Ok(());
    }
    let shown = d.divergences.len() as u64;
    let more = if shown < d.total {
        format!(", the {shown} that explain most (--limit N for more)")
    } else {
        String::new()
    };
    writeln!(out)?;
    writeln!(
        out,
        "{:>10}  {:>9}  {:>9}  {:>4}  path{more}",
        "explains", "A alone", "B alone", "iter"
    )?;
    let root = Position::from_fen(&a.header.fen).ok();
    for div in &d.divergences {
        writeln!(
            out,
            "{:>10}  {:>9}  {:>9}  {:>4}  {}",
            signed(div.explains()),
            grouped(div.only_a.nodes),
            grouped(div.only_b.nodes),
            div.iteration,
            path_text(root.as_ref(), &div.path)
        )?;
        writeln!(out, "{:>12}{}", "", printable(&div.sentence))?;
    }
    Ok(())
}

fn path_text(root: Option<&Position>, path: &[Step]) -> String {
    if path.is_empty() {
        "(root)".into()
    } else {
        san_steps(root, path).join(" ")
    }
}

fn side_json(f: &Option<SideFacts>, header: &killerscope_log::LogHeader) -> Value {
    let Some(f) = f else {
        return Value::Null;
    };
    json!({
        "node": f.node,
        "type": f.node_type.map(|t| t.label()),
        "score": f.score,
        "cut": f.cutoff.map(|c| json!({
            "move": c.mv.to_string(),
            "rank": u32::from(c.index) + 1,
            "source": header.sources.raw_label(c.source),
        })),
        "moves_searched": f.searched,
        "moves_before_cut": f.moves_before_cut,
        "nodes_before_cut": f.before_cut,
        "nodes": f.nodes,
    })
}

fn divergence_json(div: &Divergence, root: Option<&Position>, a: &Searched, b: &Searched) -> Value {
    let kinds: Vec<&str> = div
        .kinds
        .each()
        .into_iter()
        .filter_map(|(on, name, _)| on.then_some(name))
        .collect();
    json!({
        "iteration": div.iteration,
        "path": san_steps(root, &div.path),
        "path_uci": uci_steps(&div.path),
        "kinds": kinds,
        "explains": div.explains(),
        "only_a_nodes": div.only_a.nodes,
        "only_b_nodes": div.only_b.nodes,
        "sentence": div.sentence,
        "a": side_json(&div.a, &a.header),
        "b": side_json(&div.b, &b.header),
    })
}

/// The JSON document.
pub(super) fn json(a: &Searched, b: &Searched, d: &TreeDiff) -> Value {
    let root = Position::from_fen(&a.header.fen).ok();
    let iterations: Vec<Value> = d
        .iterations
        .iter()
        .map(|i| json!({ "depth": i.depth, "a": i.a, "b": i.b }))
        .collect();
    let k = d.kinds;
    json!({
        "a": { "name": a.name, "nodes": d.nodes[0], "ordering": a.header.ordering_text() },
        "b": { "name": b.name, "nodes": d.nodes[1], "ordering": b.header.ordering_text() },
        "ratio": if d.nodes[0] == 0 { Value::Null } else { json!(d.nodes[1] as f64 / d.nodes[0] as f64) },
        "iterations": iterations,
        "divergences_total": d.total,
        "by_kind": {
            "order": k.order,
            "cut_move": k.cut_move,
            "cut_source": k.cut_source,
            "node_type": k.node_type,
            "only_one": k.only_one,
        },
        "explained": d.explained,
        "unshared": d.unshared,
        "divergences": d.divergences.iter().map(|div| divergence_json(div, root.as_ref(), a, b)).collect::<Vec<_>>(),
    })
}
