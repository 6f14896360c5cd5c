//! The figures of the ordering report, declared once as columns, so markdown, CSV, JSON and the
//! side-by-side view print the same numbers under the same names.

use killerscope_analysis::{OrderingReport, OrderingStats, RowKey};
use killerscope_engine::fmt::grouped;
use killerscope_engine::percent;
use killerscope_log::MoveSource;
use serde_json::{Value, json};

/// One figure, shown or written raw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Figure {
    /// A count.
    Count(u64),
    /// `part` of `whole`, shown as `search` shows rates (`80.3%`).
    Share(u64, u64),
    /// A mean, when there is anything to average.
    Mean(Option<f64>),
}

impl Figure {
    /// For people: `1,234`, `80.3%`, `1.42`, `–`.
    pub(super) fn text(self) -> String {
        match self {
            Figure::Count(n) => grouped(n),
            Figure::Share(part, whole) => percent(part, whole),
            Figure::Mean(Some(m)) => format!("{m:.2}"),
            Figure::Mean(None) => "–".into(),
        }
    }

    /// For CSV: a plain number (a share as a fraction), empty when undefined.
    pub(super) fn raw(self) -> String {
        match self {
            Figure::Count(n) => n.to_string(),
            Figure::Share(_, 0) | Figure::Mean(None) => String::new(),
            Figure::Share(part, whole) => format!("{:.4}", part as f64 / whole as f64),
            Figure::Mean(Some(m)) => format!("{m:.4}"),
        }
    }

    /// For JSON: a number, or `null` when undefined.
    pub(super) fn json(self) -> Value {
        match self {
            Figure::Count(n) => json!(n),
            Figure::Share(_, 0) | Figure::Mean(None) => Value::Null,
            Figure::Share(part, whole) => json!(part as f64 / whole as f64),
            Figure::Mean(Some(m)) => json!(m),
        }
    }

    /// The value to compare two reports by (`None` when undefined).
    pub(super) fn number(self) -> Option<f64> {
        match self {
            Figure::Count(n) => Some(n as f64),
            Figure::Share(_, 0) | Figure::Mean(None) => None,
            Figure::Share(part, whole) => Some(part as f64 / whole as f64),
            Figure::Mean(Some(m)) => Some(m),
        }
    }
}

/// A column of the per-row tables.
pub(super) struct ColumnDef {
    /// Its heading.
    pub name: &'static str,
    /// Its CSV and JSON key.
    pub key: &'static str,
    /// Its value in a row.
    pub value: fn(&OrderingStats) -> Figure,
}

/// A column: its heading, its CSV and JSON key, its value.
const fn column(
    name: &'static str,
    key: &'static str,
    value: fn(&OrderingStats) -> Figure,
) -> ColumnDef {
    ColumnDef { name, key, value }
}

/// The per-row columns, in table order.
#[rustfmt::skip]
pub(super) const COLUMNS: &[ColumnDef] = &[
    column("nodes", "nodes", |s| Figure::Count(s.nodes)),
    column("cutoffs", "cutoffs", |s| Figure::Count(s.cutoffs)),
    column("first move", "first_move_rate", |s| Figure::Share(s.first_move_cutoffs, s.cutoffs)),
    column("mean rank", "mean_rank", |s| Figure::Mean(s.mean_rank())),
    column("Σ rank²", "rank_squares", |s| Figure::Count(s.rank_squares)),
    column("TT tried", "tt_tried", |s| Figure::Count(s.tt_tried)),
    column("TT cut", "tt_cut", |s| Figure::Count(s.tt_cut)),
    column("TT not cut", "tt_not_cut", |s| Figure::Count(s.tt_not_cut())),
    column("nodes before the cut", "before_cut", |s| Figure::Count(s.before_cut)),
];

/// A row's depth and node-type label.
pub(super) fn row_label(key: &RowKey) -> (String, &'static str) {
    (key.0.0.to_string(), key.1.label())
}

/// The summary lines above the tables.
pub(super) fn summary(r: &OrderingReport) -> Vec<String> {
    let m = &r.main;
    let mut lines = vec![
        format!(
            "nodes: {} (main {}, quiescence {})",
            grouped(m.nodes + r.quiescence.nodes),
            grouped(m.nodes),
            grouped(r.quiescence.nodes)
        ),
        format!(
            "cutoffs: {} in the main search, first move {} ({} more in quiescence)",
            grouped(m.cutoffs),
            percent(m.first_move_cutoffs, m.cutoffs),
            grouped(r.quiescence.cutoffs)
        ),
        format!(
            "rank of the cutting move: mean {}; Σ rank² {} (Hyatt and Schröder's ordering score; root mean square {})",
            Figure::Mean(m.mean_rank()).text(),
            grouped(m.rank_squares),
            Figure::Mean(m.rank_rms()).text()
        ),
        format!(
            "TT move: tried at {} nodes, cut at {} ({}), did not cut at {}",
            grouped(m.tt_tried),
            grouped(m.tt_cut),
            percent(m.tt_cut, m.tt_tried),
            grouped(m.tt_not_cut())
        ),
    ];
    let sources: Vec<String> = r
        .cutting_sources()
        .into_iter()
        .filter_map(|c| {
            let n = *m.by_source.get(&c)?;
            let label = r.sources.label(MoveSource::from_code(c));
            Some(format!(
                "{label} {} ({})",
                grouped(n),
                percent(n, m.cutoffs)
            ))
        })
        .collect();
    lines.push(format!("cutting moves by source: {}", sources.join(" · ")));
    lines.push(match r.cuts_unrecorded() {
        Some(failed_high) => format!(
            "ordering cannot be measured from this log: it records no cutoff, though {} nodes \
             failed high (a lower-bound score), so which move cut each is unknown",
            grouped(failed_high)
        ),
        None => format!(
            "ordering could still remove {:.1}% of the tree: {} nodes searched, {} had every cut node cut with its first move",
            r.removable_share() * 100.0,
            grouped(r.tree),
            grouped(r.minimal)
        ),
    });
    if r.unfinished > 0 {
        lines.push(format!(
            "{} nodes unfinished (the log ends inside them): not in the tables",
            grouped(r.unfinished)
        ));
    }
    lines
}
