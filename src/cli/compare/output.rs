//! The lab's three output formats over the same figures: markdown (a nodes table to paste into
//! notes, then the details), CSV (one line per position and configuration, then the summary
//! lines) and JSON (one document). Names and labels arrive already made printable.

use super::lab::{Column, Cost, Named, Summary, ratio};
use killerscope_analysis::table::{Align, Csv, Markdown};
use killerscope_engine::percent;
use killerscope_log::SourceInfo;
use serde_json::{Map, Value, json};
use std::io::Write;

/// Everything a report prints: the positions, columns, per-position costs and the summary.
pub struct Lab<'a> {
    /// Depth every search went to.
    pub depth: u8,
    /// Transposition table size of every search, MiB.
    pub hash_mib: usize,
    /// The positions, in order.
    pub positions: &'a [Named],
    /// The configurations, in order; the first is the base of every ratio.
    pub columns: &'a [Column],
    /// One row per position, one cost per column.
    pub costs: &'a [Vec<Cost>],
    /// One line per column.
    pub summary: &'a [Summary],
    /// The sources that get a cutoff column.
    pub sources: &'a [&'static SourceInfo],
}

impl Lab<'_> {
    /// The cutoffs of `c` by each source that has a column, as the cells print them.
    fn cutoffs_by_source(&self, c: &Cost) -> Vec<String> {
        let counts = self.sources.iter().map(|s| c.cutoffs_by(s).to_string());
        counts.collect()
    }
}

fn fixed(value: Option<f64>, decimals: usize) -> String {
    value.map_or_else(|| "–".into(), |v| format!("{v:.decimals$}"))
}

/// The markdown report: a table of nodes per position and configuration with the summary rows,
/// then one row per position and configuration with time, cutoffs and cutoffs by source.
pub fn markdown(out: &mut impl Write, lab: &Lab) -> std::io::Result<()> {
    let base = &lab.columns[0].label;
    let count = lab.positions.len();
    writeln!(
        out,
        "Depth {}, {count} position{}, {} MiB hash; ratios are nodes relative to `{base}`.",
        lab.depth,
        if count == 1 { "" } else { "s" },
        lab.hash_mib
    )?;
    let named: Vec<String> = lab
        .columns
        .iter()
        .map(|c| match c.label == c.switches {
            true => format!("`{}`", c.label),
            false => format!("**{}** (`{}`)", c.label, c.switches),
        })
        .collect();
    writeln!(out, "Configurations: {}.", named.join(", "))?;
    writeln!(out)?;
    let heads = lab.columns.iter().map(|c| (c.label.as_str(), Align::Right));
    let mut nodes = Markdown::new(std::iter::once(("position", Align::Left)).chain(heads));
    for (named, row) in lab.positions.iter().zip(lab.costs) {
        let cells = row.iter().map(|c| c.nodes.to_string());
        nodes.row(std::iter::once(named.name.clone()).chain(cells));
    }
    let summary = lab.summary;
    let totals = summary.iter().map(|s| s.total.nodes.to_string());
    nodes.row(std::iter::once("**total**".to_string()).chain(totals));
    let ratios = summary.iter().map(|s| fixed(s.total_ratio, 3));
    nodes.row(std::iter::once("**total ratio**".to_string()).chain(ratios));
    let geomean = summary.iter().map(|s| fixed(s.geomean_ratio, 3));
    nodes.row(std::iter::once("**geometric mean ratio**".to_string()).chain(geomean));
    nodes.write(out)?;
    writeln!(out)?;
    let left = ["position", "config"].map(|h| (h, Align::Left));
    let right = ["nodes", "ratio", "time ms", "cutoffs", "first-move cutoffs"]
        .into_iter()
        .chain(lab.sources.iter().map(|s| s.label))
        .map(|h| (h, Align::Right));
    let mut details = Markdown::new(left.into_iter().chain(right));
    let mut detail = |name: &str, label: &str, c: &Cost, base: u64| {
        let mut cells = vec![
            name.to_string(),
            label.to_string(),
            c.nodes.to_string(),
            fixed(ratio(c.nodes, base), 3),
            c.time.as_millis().to_string(),
            c.cutoffs.to_string(),
            percent(c.first_move_cutoffs, c.cutoffs),
        ];
        cells.extend(lab.cutoffs_by_source(c));
        details.row(cells);
    };
    for (named, row) in lab.positions.iter().zip(lab.costs) {
        for (column, cost) in lab.columns.iter().zip(row) {
            detail(&named.name, &column.label, cost, row[0].nodes);
        }
    }
    let base_total = summary.first().map_or(0, |s| s.total.nodes);
    for (column, s) in lab.columns.iter().zip(summary) {
        detail("**total**", &column.label, &s.total, base_total);
    }
    details.write(out)
}

/// The CSV report: a header, one line per position and configuration (its name, then its
/// switches), one `TOTAL` line per configuration and one `GEOMEAN` line per configuration
/// whose `nodes_ratio` is the geometric mean of the per-position ratios (its other counts are
/// empty).
pub fn csv(out: &mut impl Write, lab: &Lab) -> std::io::Result<()> {
    let mut csv = Csv::new(out);
    let mut head: Vec<String> = [
        "position",
        "config",
        "switches",
        "nodes",
        "qnodes",
        "nodes_ratio",
        "time_ms",
        "cutoffs",
        "first_move_cutoff_rate",
        "killer_cutoffs",
    ]
    .map(String::from)
    .to_vec();
    head.extend(lab.sources.iter().map(|s| format!("cutoffs_{}", s.key)));
    csv.row(&head)?;
    let line = |name: &str, column: &Column, c: &Cost, ratio: Option<f64>| {
        let mut cells = vec![
            name.to_string(),
            column.label.clone(),
            column.switches.clone(),
            c.nodes.to_string(),
            c.qnodes.to_string(),
            ratio.map_or_else(String::new, |r| format!("{r:.6}")),
            c.time.as_millis().to_string(),
            c.cutoffs.to_string(),
            format!("{:.4}", c.first_move_rate()),
            c.killer_cutoffs().to_string(),
        ];
        cells.extend(lab.cutoffs_by_source(c));
        cells
    };
    for (named, row) in lab.positions.iter().zip(lab.costs) {
        for (column, cost) in lab.columns.iter().zip(row) {
            csv.row(line(
                &named.name,
                column,
                cost,
                ratio(cost.nodes, row[0].nodes),
            ))?;
        }
    }
    for (column, s) in lab.columns.iter().zip(lab.summary) {
        csv.row(line("TOTAL", column, &s.total, s.total_ratio))?;
    }
    for (column, s) in lab.columns.iter().zip(lab.summary) {
        let ratio = s
            .geomean_ratio
            .map_or_else(String::new, |r| format!("{r:.6}"));
        let mut cells = vec![
            "GEOMEAN".to_string(),
            column.label.clone(),
            column.switches.clone(),
            String::new(),
            String::new(),
            ratio,
        ];
        cells.resize(head.len(), String::new());
        csv.row(cells)?;
    }
    csv.flush()
}

/// What `column` cost (`c`, on one position or summed) as a JSON object: its figures, the
/// column's label as `config`, then the `ratios` the caller compares it by (a position's
/// result: to the first column; a column's summary: its total and geometric mean).
fn cost_json(lab: &Lab, column: &Column, c: &Cost, ratios: &[(&str, Option<f64>)]) -> Value {
    let by_source: Map<String, Value> = lab
        .sources
        .iter()
        .map(|s| (s.key.to_string(), json!(c.cutoffs_by(s))))
        .collect();
    let value = json!({
        "nodes": c.nodes,
        "qnodes": c.qnodes,
        "time_ms": u64::try_from(c.time.as_millis()).unwrap_or(u64::MAX),
        "cutoffs": c.cutoffs,
        "first_move_cutoff_rate": c.first_move_rate(),
        "killer_cutoffs": c.killer_cutoffs(),
        "cutoffs_by_source": by_source,
    });
    let mut map = match value {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    map.insert("config".into(), json!(column.label));
    for &(name, ratio) in ratios {
        map.insert(name.into(), json!(ratio));
    }
    Value::Object(map)
}

/// The JSON report: one document with the settings, the configurations (their names, the
/// switches that differ from the default and the settings in full), the sources, every
/// position's results and the summary.
pub fn json(out: &mut impl Write, lab: &Lab) -> std::io::Result<()> {
    let columns: Vec<Value> = lab
        .columns
        .iter()
        .map(|c| {
            json!({
                "label": c.label,
                "switches": c.switches,
                "ordering": c.ordering.to_string(),
                "search": c.selective.to_string(),
            })
        })
        .collect();
    let sources: Vec<Value> = lab
        .sources
        .iter()
        .map(|s| json!({ "key": s.key, "label": s.label, "name": s.name }))
        .collect();
    let positions: Vec<Value> = lab
        .positions
        .iter()
        .zip(lab.costs)
        .map(|(named, row)| {
            let results: Vec<Value> = lab
                .columns
                .iter()
                .zip(row)
                .map(|(column, cost)| {
                    let nodes_ratio = ratio(cost.nodes, row[0].nodes);
                    cost_json(lab, column, cost, &[("nodes_ratio", nodes_ratio)])
                })
                .collect();
            json!({ "name": named.name, "fen": named.pos.to_fen(), "results": results })
        })
        .collect();
    let summary: Vec<Value> = lab
        .columns
        .iter()
        .zip(lab.summary)
        .map(|(column, s)| {
            let ratios = [
                ("total_ratio", s.total_ratio),
                ("geomean_ratio", s.geomean_ratio),
            ];
            cost_json(lab, column, &s.total, &ratios)
        })
        .collect();
    let document = json!({
        "depth": lab.depth,
        "hash_mib": lab.hash_mib,
        "configs": columns,
        "sources": sources,
        "positions": positions,
        "summary": summary,
    });
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_ratios_print_a_dash() {
        assert_eq!(fixed(None, 3), "–");
        assert_eq!(fixed(Some(0.5), 3), "0.500");
    }
}
