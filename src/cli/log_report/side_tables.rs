//! The tables of `log report A B` that the single-log report has beside its per-row columns:
//! the cut-rank histogram and the source of each cutting move, A's cell beside B's — and the
//! pairing of the two logs' sources by label, so two engines' `K1`s share a column whatever
//! codes their logs gave them.

use super::depth_table;
use super::figures::{Figure, row_label};
use super::side::{keys, marked, row};
use killerscope_analysis::{OrderingReport, OrderingStats, RANK_BUCKETS, RowKey};
use killerscope_log::MoveSource;
use killerscope_text::printable;
use std::io::Write;

/// One source as two logs name it: its raw label, and its code in each (`None` where that log
/// never used it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Paired {
    pub label: String,
    pub codes: [Option<u8>; 2],
}

/// The sources of `lists` (A's codes, B's codes) paired by raw label: A's order, then B's
/// others.
fn pair(reports: [&OrderingReport; 2], lists: [Vec<u8>; 2]) -> Vec<Paired> {
    let label = |k: usize, code: u8| {
        reports[k]
            .sources
            .raw_label(MoveSource::from_code(code))
            .into_owned()
    };
    let mut pairs: Vec<Paired> = Vec::new();
    for (k, list) in lists.iter().enumerate() {
        for &code in list {
            let l = label(k, code);
            match pairs.iter_mut().find(|p| p.label == l) {
                Some(p) => p.codes[k] = p.codes[k].or(Some(code)),
                None => {
                    let mut codes = [None; 2];
                    codes[k] = Some(code);
                    pairs.push(Paired { label: l, codes });
                }
            }
        }
    }
    pairs
}

/// The cutting sources of either report, paired.
pub(super) fn cutting_pairs(reports: [&OrderingReport; 2]) -> Vec<Paired> {
    pair(reports, reports.map(OrderingReport::cutting_sources))
}

/// The killer sources of either report, paired.
pub(super) fn killer_pairs(reports: [&OrderingReport; 2]) -> Vec<Paired> {
    pair(reports, reports.map(OrderingReport::killer_sources))
}

/// The rows either report has cutoffs in.
fn cut_keys(reports: [&OrderingReport; 2]) -> Vec<RowKey> {
    keys(reports)
        .into_iter()
        .filter(|k| {
            reports
                .iter()
                .any(|r| r.rows.get(k).is_some_and(|s| s.cutoffs > 0))
        })
        .collect()
}

/// The cut-rank histogram, A's count beside B's in each bucket.
pub(super) fn histogram(out: &mut impl Write, [a, b]: [&OrderingReport; 2]) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "## Cut-index histogram (rank of the cutting move, A | B)"
    )?;
    writeln!(out)?;
    let heads = RANK_BUCKETS
        .iter()
        .flat_map(|r| [format!("{r} A"), format!("{r} B")]);
    let mut table = depth_table(heads);
    for key in cut_keys([a, b]) {
        let (ra, rb) = (row(a, &key), row(b, &key));
        let (depth, kind) = row_label(&key);
        let mut cells = vec![depth, kind.to_string()];
        for (&x, y) in ra.ranks.iter().zip(rb.ranks) {
            let (x, y) = (Figure::Count(x), Figure::Count(y));
            cells.extend([x.text(), marked(x, y)]);
        }
        table.row(cells);
    }
    table.write(out)
}

/// The share of cutoffs each source made, A's beside B's.
pub(super) fn cutting_sources(
    out: &mut impl Write,
    reports: [&OrderingReport; 2],
) -> std::io::Result<()> {
    let [a, b] = reports;
    let pairs = cutting_pairs(reports);
    writeln!(out)?;
    writeln!(out, "## Source of each cutting move (A | B)")?;
    writeln!(out)?;
    let heads = pairs.iter().flat_map(|p| {
        let l = printable(&p.label);
        [format!("{l} A"), format!("{l} B")]
    });
    let mut table = depth_table(heads);
    for key in cut_keys(reports) {
        let (ra, rb) = (row(a, &key), row(b, &key));
        let share = |s: &OrderingStats, c: Option<u8>| {
            let n = c.and_then(|c| s.by_source.get(&c).copied()).unwrap_or(0);
            Figure::Share(n, s.cutoffs)
        };
        let (depth, kind) = row_label(&key);
        let mut cells = vec![depth, kind.to_string()];
        for p in &pairs {
            let (x, y) = (share(&ra, p.codes[0]), share(&rb, p.codes[1]));
            cells.extend([x.text(), marked(x, y)]);
        }
        table.row(cells);
    }
    table.write(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_log::{SourceColour, SourceRole};
    use killerscope_log::{SourceRow, SourceTable};

    fn report(labels: &[(u8, &str)]) -> OrderingReport {
        let rows = labels
            .iter()
            .map(|&(code, label)| {
                let row = SourceRow {
                    code,
                    label: label.into(),
                    name: label.into(),
                    colour: SourceColour::Plain,
                    killer_slot: None,
                };
                (row, SourceRole::Other)
            })
            .collect();
        OrderingReport::new(SourceTable::with_roles(rows))
    }

    #[test]
    fn sources_pair_by_label_whatever_their_codes() {
        let a = report(&[(3, "K1"), (4, "K2")]);
        let b = report(&[(2, "K1"), (7, "cm")]);
        let pairs = pair([&a, &b], [vec![3, 4], vec![7, 2]]);
        let got: Vec<(&str, [Option<u8>; 2])> =
            pairs.iter().map(|p| (p.label.as_str(), p.codes)).collect();
        assert_eq!(
            got,
            [
                ("K1", [Some(3), Some(2)]),
                ("K2", [Some(4), None]),
                ("cm", [None, Some(7)])
            ]
        );
    }
}
