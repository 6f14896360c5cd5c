//! `diff DIR_A DIR_B`: two benches kept on disk (`bench --log-dir DIR`) compared position by
//! position — nodes, ratio, and for every
//! position whose two logs are kept, the tree diff's divergences and the biggest of them.

use super::{diff_searches, load_both, same_search_space};
use crate::cli::CliError;
use crate::cli::bench::Manifest;
use killerscope_chess::Position;
use killerscope_engine::fmt::grouped;
use killerscope_text::printable;
use killerscope_trace::san_steps;
use serde_json::json;
use std::io::{BufWriter, Write};
use std::path::Path;

/// One position of the comparison.
struct Row<'a> {
    name: &'a str,
    nodes: [Option<u64>; 2],
    divergences: Option<(u64, String)>,
}

/// The two benches compared: what the text and the JSON report both read.
struct Report<'a> {
    dirs: [&'a Path; 2],
    manifests: &'a [Manifest; 2],
    rows: Vec<Row<'a>>,
}

/// `diff DIR_A DIR_B`.
pub(super) fn diff_dirs(a: &Path, b: &Path, json: bool, limit: usize) -> Result<(), CliError> {
    let manifests = [Manifest::read(a)?, Manifest::read(b)?];
    let dirs = [a, b];
    let mut rows = Vec::new();
    let mut used_b = vec![false; manifests[1].positions.len()];
    for pa in &manifests[0].positions {
        let found = manifests[1]
            .positions
            .iter()
            .enumerate()
            .find(|(i, pb)| !used_b[*i] && pb.fen == pa.fen);
        let Some((i, pb)) = found else {
            rows.push(Row {
                name: &pa.name,
                nodes: [Some(pa.nodes), None],
                divergences: None,
            });
            continue;
        };
        used_b[i] = true;
        let divergences = match (&pa.log, &pb.log) {
            (Some(la), Some(lb)) => Some(position_diff(&dirs, [la, lb], limit)?),
            _ => None,
        };
        rows.push(Row {
            name: &pa.name,
            nodes: [Some(pa.nodes), Some(pb.nodes)],
            divergences,
        });
    }
    for (pb, _) in manifests[1]
        .positions
        .iter()
        .zip(&used_b)
        .filter(|(_, u)| !**u)
    {
        rows.push(Row {
            name: &pb.name,
            nodes: [None, Some(pb.nodes)],
            divergences: None,
        });
    }
    let report = Report {
        dirs,
        manifests: &manifests,
        rows,
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if json {
        report.json(&mut out)?;
    } else {
        report.text(&mut out)?;
    }
    Ok(out.flush()?)
}

/// The divergences of one position's two logs, and the biggest in words.
fn position_diff(
    dirs: &[&Path; 2],
    logs: [&String; 2],
    limit: usize,
) -> Result<(u64, String), CliError> {
    let [a, b] = [0, 1].map(|k| dirs[k].join(logs[k]));
    let [a, b] = load_both([&a, &b], Default::default())?;
    same_search_space(&a, &b)?;
    let diff = diff_searches(&a, &b, limit.max(1))?;
    let biggest = diff.divergences.first().map_or_else(String::new, |d| {
        let root = Position::from_fen(&a.header.fen).ok();
        let path = san_steps(root.as_ref(), &d.path).join(" ");
        format!(
            "{:+} at {}: {}",
            d.explains(),
            if path.is_empty() { "the root" } else { &path },
            d.sentence
        )
    });
    Ok((diff.total, biggest))
}

fn ratio(nodes: [Option<u64>; 2]) -> String {
    match nodes {
        [Some(a), Some(b)] if a > 0 => format!("{:.3}", b as f64 / a as f64),
        _ => "–".into(),
    }
}

fn total(m: &Manifest) -> u64 {
    m.positions.iter().map(|p| p.nodes).sum()
}

impl Report<'_> {
    /// The sides' settings and totals, then a table row per position.
    fn text(&self, out: &mut impl Write) -> std::io::Result<()> {
        for (k, m) in self.manifests.iter().enumerate() {
            let config = if m.config.trim().is_empty() {
                "default"
            } else {
                m.config.as_str()
            };
            writeln!(
                out,
                "{}  {}  depth {}  {}  Bench: {}",
                ["A", "B"][k],
                printable(&self.dirs[k].display().to_string()),
                m.depth,
                printable(config),
                total(m)
            )?;
        }
        writeln!(
            out,
            "B/A {}",
            ratio(self.manifests.each_ref().map(|m| Some(total(m))))
        )?;
        writeln!(out)?;
        writeln!(
            out,
            "{:>3}  {:<24} {:>14} {:>14} {:>7} {:>12}",
            "#", "position", "A nodes", "B nodes", "B/A", "divergences"
        )?;
        let count = |n: Option<u64>| n.map_or_else(|| "–".to_string(), grouped);
        for (k, r) in self.rows.iter().enumerate() {
            let name: String = printable(r.name).chars().take(24).collect();
            let div = r
                .divergences
                .as_ref()
                .map_or_else(|| "–".to_string(), |d| grouped(d.0));
            writeln!(
                out,
                "{:>3}  {name:<24} {:>14} {:>14} {:>7} {:>12}",
                k + 1,
                count(r.nodes[0]),
                count(r.nodes[1]),
                ratio(r.nodes),
                div
            )?;
            if let Some((_, biggest)) = r.divergences.as_ref().filter(|d| !d.1.is_empty()) {
                writeln!(out, "       {}", printable(biggest))?;
            }
        }
        Ok(())
    }

    /// One JSON document: each side's settings and total, and the positions.
    fn json(&self, out: &mut impl Write) -> std::io::Result<()> {
        let side = |k: usize| {
            json!({
                "dir": self.dirs[k].display().to_string(),
                "depth": self.manifests[k].depth,
                "config": self.manifests[k].config,
                "bench": total(&self.manifests[k]),
            })
        };
        let positions: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|r| {
                json!({
                    "name": r.name,
                    "a": r.nodes[0],
                    "b": r.nodes[1],
                    "divergences": r.divergences.as_ref().map(|d| d.0),
                    "biggest": r.divergences.as_ref().map(|d| d.1.clone()),
                })
            })
            .collect();
        writeln!(
            out,
            "{}",
            json!({ "a": side(0), "b": side(1), "positions": positions })
        )
    }
}
