//! The numbers of the move-ordering lab: what each configuration cost on each position, the
//! sources worth a column, and the summary — totals and the geometric mean of the per-position
//! node ratios. Kept apart from the output formats so that markdown, CSV and JSON print the
//! same figures.

use killerscope_chess::Position;
use killerscope_engine::{
    CutoffStats, Limits, OrderingConfig, SearchConfig, Searcher, SelectiveConfig,
};
use killerscope_explorer::{charts::data::Counts, charts::data::PlyNodes};
use killerscope_log::{MoveSource, SOURCES, SearchObserver, SourceInfo};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A position of the lab, with the name it is shown under (already safe to print).
pub struct Named {
    /// The EPD `id`, `start position` or the library id (`plot::position`), the FEN without
    /// its clocks, or `#n`.
    pub name: String,
    /// The position searched.
    pub pos: Position,
}

/// A configuration column: its name and what its `--config` parsed to.
pub struct Column {
    /// The name shown over the column and in every legend (given or generated), safe to print.
    pub label: String,
    /// The switches that differ from the default, as `--config` reads them, or `default`.
    pub switches: String,
    /// The ordering searched with.
    pub ordering: OrderingConfig,
    /// The selective-search techniques searched with (full width unless the column says).
    pub selective: SelectiveConfig,
}

/// What one configuration cost on one position (or, summed, on all of them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Nodes searched, main plus quiescence.
    pub nodes: u64,
    /// Of which quiescence nodes.
    pub qnodes: u64,
    /// Wall-clock time of the search.
    pub time: Duration,
    /// Main-search beta cutoffs.
    pub cutoffs: u64,
    /// Of which by the first move tried.
    pub first_move_cutoffs: u64,
    /// Main-search cutoffs by source, indexed by source code (every row of `SOURCES`).
    pub by_source: Vec<u64>,
    /// Late move reductions made.
    pub reductions: u64,
    /// Of which searched again at full depth after failing high.
    pub re_searched: u64,
    /// Nodes entered per ply, when the search was asked to count them (the one-position
    /// picture of `--svg`); empty otherwise, and never summed.
    pub plies: Vec<PlyNodes>,
}

impl Cost {
    /// A cost of `nodes` nodes and nothing else: the figures tests of the summaries need.
    #[cfg(test)]
    pub fn with_nodes(nodes: u64) -> Cost {
        Cost {
            nodes,
            ..Cost::default()
        }
    }

    /// The cost of a search that produced `stats` and took `time`.
    fn of(stats: &CutoffStats, qnodes: u64, time: Duration) -> Cost {
        Cost {
            nodes: stats.nodes(),
            qnodes,
            time,
            cutoffs: stats.cutoffs,
            first_move_cutoffs: stats.by_rank[0],
            by_source: MoveSource::all().map(|s| stats.cutoffs_by(s)).collect(),
            reductions: stats.selective.reductions_total(),
            re_searched: stats.selective.re_searched_total(),
            plies: Vec::new(),
        }
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Cost) {
        self.nodes += other.nodes;
        self.qnodes += other.qnodes;
        self.time += other.time;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.reductions += other.reductions;
        self.re_searched += other.re_searched;
        if self.by_source.len() < other.by_source.len() {
            self.by_source.resize(other.by_source.len(), 0);
        }
        for (sum, n) in self.by_source.iter_mut().zip(&other.by_source) {
            *sum += n;
        }
    }

    /// Cutoffs credited to `source`.
    pub fn cutoffs_by(&self, source: &SourceInfo) -> u64 {
        self.by_source
            .get(usize::from(source.code))
            .copied()
            .unwrap_or(0)
    }

    /// Cutoffs by any killer slot.
    pub fn killer_cutoffs(&self) -> u64 {
        SOURCES
            .iter()
            .filter(|s| s.killer_slot.is_some())
            .map(|s| self.cutoffs_by(s))
            .sum()
    }

    /// Share (0.0–1.0) of cutoffs made by the first move tried; 0 without cutoffs.
    pub fn first_move_rate(&self) -> f64 {
        if self.cutoffs == 0 {
            0.0
        } else {
            self.first_move_cutoffs as f64 / self.cutoffs as f64
        }
    }
}

/// Searches `pos` to `depth` under `config` from an empty table and counts what ordering did;
/// with `per_ply`, the nodes entered at each ply too (which costs a little time, so only the
/// picture that shows them asks). `searcher` is the lab's one searcher, reconfigured and
/// cleared for each search, so that one transposition table serves the whole run.
pub fn measure(
    searcher: &mut Searcher,
    pos: &Position,
    config: SearchConfig,
    depth: u8,
    per_ply: bool,
) -> Cost {
    searcher.set_config(config);
    searcher.clear();
    let mut stats = CutoffStats::new();
    if !per_ply {
        let (qnodes, time) = search(searcher, pos, depth, &mut stats);
        return Cost::of(&stats, qnodes, time);
    }
    let mut counts = Counts::default();
    let (qnodes, time) = search(searcher, pos, depth, &mut (&mut stats, &mut counts));
    Cost {
        plies: counts.plies().to_vec(),
        ..Cost::of(&stats, qnodes, time)
    }
}

/// One search, watched by `observer`: its quiescence nodes and time.
fn search(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u8,
    observer: &mut impl SearchObserver,
) -> (u64, Duration) {
    let report = searcher.search(
        pos,
        &[],
        &Limits::depth(depth),
        &AtomicBool::new(false),
        observer,
        &mut |_| {},
    );
    (report.qnodes, report.elapsed)
}

/// The sources some column can produce, in report order: the only ones worth a column.
pub fn used_sources(columns: &[Column]) -> Vec<&'static SourceInfo> {
    SOURCES
        .iter()
        .filter(|row| {
            let source = MoveSource::from_code(row.code);
            columns.iter().any(|c| c.ordering.uses(source))
        })
        .collect()
}

/// `nodes / base`, or `None` when the base searched nothing.
pub fn ratio(nodes: u64, base: u64) -> Option<f64> {
    (base > 0).then(|| nodes as f64 / base as f64)
}

/// The geometric mean of `ratios` (`None` for none): the average that treats halving one
/// position's tree and doubling another's as no change, unlike a ratio of totals, which the
/// biggest tree dominates.
pub fn geometric_mean(ratios: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, count) = ratios
        .into_iter()
        .filter(|r| *r > 0.0 && r.is_finite())
        .fold((0.0, 0usize), |(sum, n), r| (sum + r.ln(), n + 1));
    (count > 0).then(|| (sum / count as f64).exp())
}

/// A column's line in the summary.
pub struct Summary {
    /// Every position's cost added up.
    pub total: Cost,
    /// Total nodes relative to the first column's total.
    pub total_ratio: Option<f64>,
    /// Geometric mean over the positions of the node ratio to the first column.
    pub geomean_ratio: Option<f64>,
}

/// The summary of each column of `costs` (one row per position, one cost per column).
pub fn summarize(costs: &[Vec<Cost>], columns: usize) -> Vec<Summary> {
    let mut totals = vec![Cost::default(); columns];
    for row in costs {
        for (sum, cost) in totals.iter_mut().zip(row) {
            sum.add(cost);
        }
    }
    let base_total = totals.first().map_or(0, |c| c.nodes);
    totals
        .into_iter()
        .enumerate()
        .map(|(k, total)| {
            let ratios = costs
                .iter()
                .filter_map(|row| ratio(row.get(k)?.nodes, row.first()?.nodes));
            Summary {
                total_ratio: ratio(total.nodes, base_total),
                geomean_ratio: geometric_mean(ratios),
                total,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(nodes: u64) -> Cost {
        Cost::with_nodes(nodes)
    }

    #[test]
    fn geometric_mean_of_a_halving_and_a_doubling_is_one() {
        let mean = geometric_mean([0.5, 2.0]).expect("two ratios");
        assert!((mean - 1.0).abs() < 1e-12);
        assert_eq!(geometric_mean([]), None);
        assert!((geometric_mean([0.25, 1.0]).expect("ratios") - 0.5).abs() < 1e-12);
    }

    #[test]
    fn summary_has_totals_and_both_ratios() {
        let costs = vec![vec![cost(100), cost(50)], vec![cost(1000), cost(2000)]];
        let summary = summarize(&costs, 2);
        assert_eq!(summary[1].total.nodes, 2050);
        assert_eq!(summary[0].geomean_ratio, Some(1.0));
        assert!((summary[1].geomean_ratio.expect("ratio") - 1.0).abs() < 1e-12);
        assert!((summary[1].total_ratio.expect("ratio") - 2050.0 / 1100.0).abs() < 1e-12);
    }

    #[test]
    fn used_sources_are_the_union_of_the_columns() {
        let column = |text: &str| Column {
            label: text.into(),
            switches: text.into(),
            ordering: text.parse().expect("valid config"),
            selective: SelectiveConfig::default(),
        };
        let labels: Vec<&str> = used_sources(&[column("killers=0"), column("countermove=on")])
            .iter()
            .map(|s| s.label)
            .collect();
        assert_eq!(labels, ["TT", "Cap", "K1", "K2", "CM", "Hist", "Quiet"]);
    }
}
