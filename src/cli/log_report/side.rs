//! `log report A B`: two ordering reports side by side — the summary with the change of each
//! figure, then every per-row column for A and B, B's cell in bold where it differs from A's,
//! the cut-rank histogram, the cutting sources and the killer table, A's cell beside B's: every
//! figure the single-log report has, in markdown and CSV as in JSON.

use super::figures::{COLUMNS, Figure, row_label};
use super::side_tables::{cutting_pairs, cutting_sources, histogram, killer_pairs};
use super::{ReportFormat, depth_table, killers, to_json};
use killerscope_analysis::RANK_BUCKETS;
use killerscope_analysis::table::{Align, Csv, Markdown};
use killerscope_analysis::{OrderingReport, OrderingStats, RowKey};
use killerscope_engine::percent;
use killerscope_log::LogHeader;
use killerscope_text::printable;
use serde_json::json;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

/// Writes `reports` (A, B) side by side in `format`.
pub(super) fn write(
    out: &mut impl Write,
    format: ReportFormat,
    names: [&Path; 2],
    headers: [&LogHeader; 2],
    reports: [&OrderingReport; 2],
) -> std::io::Result<()> {
    let names = names.map(|p| printable(&p.display().to_string()).into_owned());
    match format {
        ReportFormat::Json => {
            let [a, b] = [0, 1].map(|k| to_json(&names[k], reports[k]));
            writeln!(out, "{}", json!({ "a": a, "b": b }))
        }
        ReportFormat::Csv => csv(out, reports),
        ReportFormat::Text => markdown(out, &names, headers, reports),
    }
}

/// Every row key of either report, in report order.
pub(super) fn keys(reports: [&OrderingReport; 2]) -> BTreeSet<RowKey> {
    reports
        .iter()
        .flat_map(|r| r.rows.keys().copied())
        .collect()
}

/// A report's row, empty where it has none.
pub(super) fn row(report: &OrderingReport, key: &RowKey) -> OrderingStats {
    report.rows.get(key).cloned().unwrap_or_default()
}

/// B's cell, bold when it differs from A's.
pub(super) fn marked(a: Figure, b: Figure) -> String {
    if a.number() == b.number() {
        b.text()
    } else {
        format!("**{}**", b.text())
    }
}

/// The change from `a` to `b`: a relative change for counts and means, points for rates.
fn change(a: Figure, b: Figure) -> String {
    match (a, b, a.number(), b.number()) {
        (_, _, Some(x), Some(y)) if x == y => "=".into(),
        (Figure::Share(..), _, Some(x), Some(y)) => format!("{:+.1} pts", (y - x) * 100.0),
        (_, _, Some(x), Some(y)) if x != 0.0 => format!("{:+.1}%", (y / x - 1.0) * 100.0),
        _ => "≠".into(),
    }
}

fn markdown(
    out: &mut impl Write,
    names: &[String; 2],
    headers: [&LogHeader; 2],
    [a, b]: [&OrderingReport; 2],
) -> std::io::Result<()> {
    writeln!(
        out,
        "# Ordering report: A = {} vs B = {}",
        names[0], names[1]
    )?;
    writeln!(out)?;
    if headers[0].fen != headers[1].fen {
        writeln!(
            out,
            "A and B searched different positions (A `{}`, B `{}`): their figures are not of one tree.",
            printable(&headers[0].fen),
            printable(&headers[1].fen)
        )?;
        writeln!(out)?;
    }
    let mut table = Markdown::new([
        ("", Align::Left),
        ("A", Align::Right),
        ("B", Align::Right),
        ("change", Align::Right),
    ]);
    let total = |r: &OrderingReport| Figure::Count(r.main.nodes + r.quiescence.nodes);
    let removable = |r: &OrderingReport| Figure::Share(r.tree - r.minimal, r.tree);
    let summary = [
        ("nodes".to_string(), total(a), total(b)),
        (
            "tree if every cut node cut first".to_string(),
            Figure::Count(a.minimal),
            Figure::Count(b.minimal),
        ),
        (
            "ordering could still remove".to_string(),
            removable(a),
            removable(b),
        ),
    ];
    let main = COLUMNS.iter().map(|c| {
        let name = format!("{} (main search)", c.name);
        (name, (c.value)(&a.main), (c.value)(&b.main))
    });
    for (name, x, y) in summary.into_iter().chain(main) {
        table.row([name, x.text(), y.text(), change(x, y)]);
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(
        out,
        "## Per remaining depth and node type (B in bold where it differs from A)"
    )?;
    writeln!(out)?;
    let heads = COLUMNS
        .iter()
        .flat_map(|c| [format!("{} A", c.name), format!("{} B", c.name)]);
    let mut table = depth_table(heads);
    for key in keys([a, b]) {
        let (ra, rb) = (row(a, &key), row(b, &key));
        let (depth, kind) = row_label(&key);
        let mut cells = vec![depth, kind.to_string()];
        for c in COLUMNS {
            let (x, y) = ((c.value)(&ra), (c.value)(&rb));
            cells.extend([x.text(), marked(x, y)]);
        }
        table.row(cells);
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(
        out,
        "First-move cutoff rate in the main search: A {}, B {}.",
        percent(a.main.first_move_cutoffs, a.main.cutoffs),
        percent(b.main.first_move_cutoffs, b.main.cutoffs)
    )?;
    histogram(out, [a, b])?;
    cutting_sources(out, [a, b])?;
    killers::markdown_side(out, [a, b], &killer_pairs([a, b]))
}

fn csv(out: &mut impl Write, reports: [&OrderingReport; 2]) -> std::io::Result<()> {
    let [a, b] = reports;
    let mut head = vec!["depth".to_string(), "type".to_string()];
    for c in COLUMNS {
        head.push(format!("{}_a", c.key));
        head.push(format!("{}_b", c.key));
    }
    for r in RANK_BUCKETS {
        head.extend([format!("rank_{r}_a"), format!("rank_{r}_b")]);
    }
    let sources = cutting_pairs(reports);
    for p in &sources {
        let l = &p.label;
        head.extend([format!("source_{l}_a"), format!("source_{l}_b")]);
    }
    let killer = killer_pairs(reports);
    for h in killers::csv_heads(killer.iter().map(|p| p.label.as_str())) {
        head.extend([format!("{h}_a"), format!("{h}_b")]);
    }
    let killer_codes =
        |k: usize| -> Vec<Option<u8>> { killer.iter().map(|p| p.codes[k]).collect() };
    let killer_codes = [killer_codes(0), killer_codes(1)];
    let mut csv = Csv::new(out);
    csv.row(&head)?;
    let rows = keys([a, b]).into_iter().map(|key| {
        let (depth, kind) = row_label(&key);
        (depth, kind.to_string(), row(a, &key), row(b, &key))
    });
    let totals = [
        ("main", a.main.clone(), b.main.clone()),
        ("Q", a.quiescence.clone(), b.quiescence.clone()),
    ]
    .into_iter()
    .map(|(k, x, y)| ("all".to_string(), k.to_string(), x, y));
    for (depth, kind, ra, rb) in rows.chain(totals) {
        let mut cells = vec![depth, kind];
        for c in COLUMNS {
            cells.push((c.value)(&ra).raw());
            cells.push((c.value)(&rb).raw());
        }
        for (x, y) in ra.ranks.iter().zip(rb.ranks) {
            cells.extend([x.to_string(), y.to_string()]);
        }
        for p in &sources {
            let n = |s: &OrderingStats, c: Option<u8>| {
                c.and_then(|c| s.by_source.get(&c).copied())
                    .unwrap_or(0)
                    .to_string()
            };
            cells.extend([n(&ra, p.codes[0]), n(&rb, p.codes[1])]);
        }
        let (ka, kb) = (
            killers::csv_cells(&ra.killers, &killer_codes[0]),
            killers::csv_cells(&rb.killers, &killer_codes[1]),
        );
        for (x, y) in ka.into_iter().zip(kb) {
            cells.extend([x, y]);
        }
        csv.row(cells)?;
    }
    csv.flush()
}
