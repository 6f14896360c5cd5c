//! The ordering report's killer figures: a table per remaining depth — tries, cutoffs and hit
//! rate of each killer source (each slot, and any other source the log calls a killer), and
//! the slot order (nodes that tried a later slot before an earlier one, of those that tried two
//! slots or more) — in markdown, in CSV columns and in JSON, for one log or two side by side.

use super::figures::Figure;
use super::side_tables::Paired;
use killerscope_analysis::KillerStats;
use killerscope_analysis::OrderingReport;
use killerscope_analysis::table::{Align, Markdown};
use killerscope_log::MoveSource;
use killerscope_text::printable;
use serde_json::{Value, json};
use std::io::Write;

/// A killer source's label in `report`'s log, escaped for a screen.
fn label(report: &OrderingReport, code: u8) -> String {
    report
        .sources
        .label(MoveSource::from_code(code))
        .into_owned()
}

/// `3 of 40 (7.5%)`: nodes with a later slot first, of the nodes that tried two slots.
fn order_text(k: &KillerStats) -> String {
    if k.multi_slot == 0 {
        return "–".into();
    }
    format!(
        "{} of {} ({})",
        Figure::Count(k.inverted).text(),
        Figure::Count(k.multi_slot).text(),
        Figure::Share(k.inverted, k.multi_slot).text()
    )
}

/// The killers of the whole search: the full-width nodes' and the quiescence nodes'.
fn whole(report: &OrderingReport) -> KillerStats {
    let mut all = report.main.killers.clone();
    all.merge(&report.quiescence.killers);
    all
}

/// The three cells of one source (`None`: a source the log never used): tries, cutoffs, hit
/// rate.
fn cells(k: &KillerStats, code: Option<u8>) -> [Figure; 3] {
    let (tries, cuts) = code.map_or((0, 0), |c| k.of(c));
    [
        Figure::Count(tries),
        Figure::Count(cuts),
        Figure::Share(cuts, tries),
    ]
}

/// The killer table of one report, as markdown (nothing when no killer was tried).
pub(super) fn markdown(out: &mut impl Write, report: &OrderingReport) -> std::io::Result<()> {
    let codes = report.killer_sources();
    if codes.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(out, "## Killers per remaining depth")?;
    writeln!(out)?;
    writeln!(
        out,
        "Tries, cutoffs and hit rate of each killer source; slot order: nodes that tried a later \
         slot before an earlier one, of those that tried two slots or more."
    )?;
    writeln!(out)?;
    let heads = codes.iter().flat_map(|&c| {
        let l = label(report, c);
        [
            format!("{l} tries"),
            format!("{l} cuts"),
            format!("{l} hit rate"),
        ]
    });
    let mut table = killer_table(heads.chain(["all hit rate".into(), "slot order".into()]));
    let rows = report.killer_rows();
    let all = whole(report);
    let lines = rows
        .iter()
        .filter(|(_, k)| k.total().0 > 0)
        .map(|(d, k)| (d.0.to_string(), k))
        .chain([("all".to_string(), &all)]);
    for (depth, k) in lines {
        let mut row = vec![depth];
        row.extend(
            codes
                .iter()
                .flat_map(|&c| cells(k, Some(c)))
                .map(Figure::text),
        );
        let (tries, cuts) = k.total();
        row.push(Figure::Share(cuts, tries).text());
        row.push(order_text(k));
        table.row(row);
    }
    table.write(out)
}

/// A markdown table whose rows are a remaining depth, then `heads`, all numbers.
fn killer_table(heads: impl Iterator<Item = String>) -> Markdown {
    let first = std::iter::once("depth".to_string());
    Markdown::new(first.chain(heads).map(|h| (h, Align::Right)))
}

/// The killer tables of two reports side by side: every killer source of either (paired by
/// label), A's cell then B's.
pub(super) fn markdown_side(
    out: &mut impl Write,
    [a, b]: [&OrderingReport; 2],
    pairs: &[Paired],
) -> std::io::Result<()> {
    if pairs.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(out, "## Killers per remaining depth (A | B)")?;
    writeln!(out)?;
    let heads = pairs.iter().flat_map(|p| {
        let l = printable(&p.label);
        [
            "tries A",
            "tries B",
            "cuts A",
            "cuts B",
            "hit rate A",
            "hit rate B",
        ]
        .map(|h| format!("{l} {h}"))
    });
    let last = [
        "all hit rate A",
        "all hit rate B",
        "slot order A",
        "slot order B",
    ];
    let mut table = killer_table(heads.chain(last.map(String::from)));
    let (ra, rb) = (a.killer_rows(), b.killer_rows());
    let depths: std::collections::BTreeSet<_> = ra.keys().chain(rb.keys()).copied().collect();
    let empty = KillerStats::default();
    let rows = depths.into_iter().map(|d| {
        let x = ra.get(&d).unwrap_or(&empty).clone();
        (d.0.to_string(), x, rb.get(&d).unwrap_or(&empty).clone())
    });
    let totals = [("all".to_string(), whole(a), whole(b))];
    for (depth, x, y) in rows.chain(totals) {
        let (x, y) = (&x, &y);
        if x.total().0 + y.total().0 == 0 {
            continue;
        }
        let mut row: Vec<String> = Vec::new();
        for p in pairs {
            let (cx, cy) = (cells(x, p.codes[0]), cells(y, p.codes[1]));
            for (fx, fy) in cx.into_iter().zip(cy) {
                row.extend([fx.text(), fy.text()]);
            }
        }
        let all = |k: &KillerStats| {
            let (tries, cuts) = k.total();
            Figure::Share(cuts, tries).text()
        };
        row.extend([all(x), all(y), order_text(x), order_text(y)]);
        table.row(std::iter::once(depth).chain(row));
    }
    table.write(out)
}

/// The CSV headings of the killer columns of the sources with raw `labels` (CSV is data).
pub(super) fn csv_heads<'a>(labels: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut heads: Vec<String> = labels
        .flat_map(|l| [format!("killer_{l}_tries"), format!("killer_{l}_cuts")])
        .collect();
    heads.extend(["killer_multi_slot".into(), "killer_inverted".into()]);
    heads
}

/// The CSV cells of `k` under [`csv_heads`], for the sources with these codes (`None`: one
/// the log never used).
pub(super) fn csv_cells(k: &KillerStats, codes: &[Option<u8>]) -> Vec<String> {
    let mut cells: Vec<String> = codes
        .iter()
        .flat_map(|&c| {
            let (tries, cuts) = c.map_or((0, 0), |c| k.of(c));
            [tries.to_string(), cuts.to_string()]
        })
        .collect();
    cells.extend([k.multi_slot.to_string(), k.inverted.to_string()]);
    cells
}

/// The killers of one row as JSON: per source label its tries, cutoffs and hit rate, and the
/// slot order.
pub(super) fn json(report: &OrderingReport, k: &KillerStats) -> Value {
    let sources: serde_json::Map<String, Value> = k
        .by_source
        .iter()
        .map(|(&c, &(tries, cuts))| {
            let l = report
                .sources
                .raw_label(MoveSource::from_code(c))
                .into_owned();
            let v = json!({
                "tries": tries,
                "cuts": cuts,
                "hit_rate": Figure::Share(cuts, tries).json(),
            });
            (l, v)
        })
        .collect();
    json!({
        "sources": sources,
        "multi_slot": k.multi_slot,
        "inverted": k.inverted,
    })
}
