//! The ordering report: how well a search ordered its moves, per remaining depth and node type,
//! in figures that can be compared between commits — cutoffs and the first-move cutoff rate,
//! the cut-index histogram and mean, the sum of squared move numbers Hyatt and Schröder
//! proposed as one ordering score (a cutoff at the k-th move adds k²: lower is better), the TT
//! move tried / cut / not cut, the source of each cutting move, and the share of the tree that
//! ordering could still remove: the tree against the same tree with every cut node cut by its
//! first move (each cut node's children replaced by the search of its cutting move alone).
//!
//! Beside them, the killers: tries and cutoffs per killer source (each killer slot, and any
//! other source the log's header calls a killer) and the slot order — how many nodes tried a
//! later slot before an earlier one — per remaining depth.
//!
//! Folded over the event stream ([`KillerWalk`]) in constant memory, from the log's own events
//! and source codes: another engine's trace reports the same way. The TT move is the move of
//! the node's `tt_hit` event, whatever source label an engine gives it.

use crate::{node_killers::KillerWalk, node_killers::NodeKillers};
use killerscope_log::SourceTable;
use killerscope_log::{Event, NodeKind, SearchObserver};
use killerscope_trace::{FoldControl, FoldError, RecordStream};
use killerscope_trace::{NodeType, NodeWalk, WalkedNode};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// The cut-index histogram's buckets, by the 1-based rank of the cutting move.
pub const RANK_BUCKETS: [&str; 7] = ["1", "2", "3", "4", "5", "6-10", "11+"];

fn bucket(rank: u64) -> usize {
    match rank {
        0..=5 => rank.saturating_sub(1) as usize,
        6..=10 => 5,
        _ => 6,
    }
}

/// The killers of one group of nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KillerStats {
    /// Per killer source code: moves tried, and cutoffs.
    pub by_source: BTreeMap<u8, (u64, u64)>,
    /// Nodes that tried two killer slots or more.
    pub multi_slot: u64,
    /// Of which a later slot came before an earlier one.
    pub inverted: u64,
}

impl KillerStats {
    fn add(&mut self, killers: &NodeKillers) {
        for t in &killers.tries {
            self.by_source.entry(t.source.code()).or_default().0 += 1;
        }
        if let Some(cut) = killers.cut {
            self.by_source.entry(cut.source.code()).or_default().1 += 1;
        }
        if killers.slots().nth(1).is_some() {
            self.multi_slot += 1;
            self.inverted += u64::from(killers.inverted());
        }
    }

    /// Adds another group's killers.
    pub fn merge(&mut self, other: &KillerStats) {
        for (&code, &(tries, cuts)) in &other.by_source {
            let mine = self.by_source.entry(code).or_default();
            mine.0 += tries;
            mine.1 += cuts;
        }
        self.multi_slot += other.multi_slot;
        self.inverted += other.inverted;
    }

    /// Tries and cutoffs of the killer source `code` (0, 0 when it tried nothing here).
    pub fn of(&self, code: u8) -> (u64, u64) {
        self.by_source.get(&code).copied().unwrap_or_default()
    }

    /// Tries and cutoffs over every killer source.
    pub fn total(&self) -> (u64, u64) {
        self.by_source
            .values()
            .fold((0, 0), |(t, c), &(tries, cuts)| (t + tries, c + cuts))
    }
}

/// The figures of one group of nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderingStats {
    /// Nodes in the group.
    pub nodes: u64,
    /// Nodes a move failed high in.
    pub cutoffs: u64,
    /// Cutoffs by the move tried first.
    pub first_move_cutoffs: u64,
    /// Cutoffs by rank bucket (`RANK_BUCKETS`).
    pub ranks: [u64; 7],
    /// Sum of the cutting moves' 1-based ranks.
    pub rank_sum: u64,
    /// Sum of their squares (Hyatt and Schröder's ordering score).
    pub rank_squares: u64,
    /// Nodes whose TT move was tried.
    pub tt_tried: u64,
    /// Of which the TT move cut.
    pub tt_cut: u64,
    /// Nodes searched under the moves tried before the cutting move, over the group's cut
    /// nodes: what ordering the cutting move first would have saved at those nodes.
    pub before_cut: u64,
    /// Cutoffs by the source code of the cutting move.
    pub by_source: BTreeMap<u8, u64>,
    /// The killers: tries and cutoffs per killer source, and the slot order.
    pub killers: KillerStats,
}

impl OrderingStats {
    fn add(&mut self, node: &WalkedNode, killers: &NodeKillers) {
        self.nodes += 1;
        self.killers.add(killers);
        self.tt_tried += u64::from(node.tt_move_tried);
        self.tt_cut += u64::from(node.tt_move_cut);
        let Some(cut) = node.cutoff else {
            return;
        };
        let rank = u64::from(cut.index) + 1;
        self.cutoffs += 1;
        self.first_move_cutoffs += u64::from(rank == 1);
        self.ranks[bucket(rank)] += 1;
        self.rank_sum += rank;
        self.rank_squares += rank * rank;
        self.before_cut += node.before_cut;
        *self.by_source.entry(cut.source.code()).or_default() += 1;
    }

    /// Adds another group's figures (a bench's positions, summed).
    pub fn merge(&mut self, other: &OrderingStats) {
        self.nodes += other.nodes;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        for (a, b) in self.ranks.iter_mut().zip(other.ranks) {
            *a += b;
        }
        self.rank_sum += other.rank_sum;
        self.rank_squares += other.rank_squares;
        self.tt_tried += other.tt_tried;
        self.tt_cut += other.tt_cut;
        self.before_cut += other.before_cut;
        for (&code, &n) in &other.by_source {
            *self.by_source.entry(code).or_default() += n;
        }
        self.killers.merge(&other.killers);
    }

    /// TT moves tried that did not cut.
    pub fn tt_not_cut(&self) -> u64 {
        self.tt_tried - self.tt_cut
    }

    /// Mean 1-based rank of the cutting move (`None` without cutoffs).
    pub fn mean_rank(&self) -> Option<f64> {
        (self.cutoffs > 0).then(|| self.rank_sum as f64 / self.cutoffs as f64)
    }

    /// Hyatt's reading of the squared ranks: the root of their mean, an "average" cut rank
    /// that weighs late cutoffs more (`None` without cutoffs).
    pub fn rank_rms(&self) -> Option<f64> {
        (self.cutoffs > 0).then(|| (self.rank_squares as f64 / self.cutoffs as f64).sqrt())
    }
}

/// A row's key: remaining depth (deepest first) and node type.
pub type RowKey = (Reverse<i8>, NodeType);

/// The whole report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderingReport {
    /// Per remaining depth and node type.
    pub rows: BTreeMap<RowKey, OrderingStats>,
    /// Every full-width node: the figures `search` prints (its first-move rate is this one's).
    pub main: OrderingStats,
    /// Every quiescence node.
    pub quiescence: OrderingStats,
    /// Nodes of the tree (every top-level subtree).
    pub tree: u64,
    /// Nodes of the same tree with every cut node cut by its first move.
    pub minimal: u64,
    /// Nodes the log ends inside of (not in the rows).
    pub unfinished: u64,
    /// The log's source table, for labels.
    pub sources: SourceTable,
}

impl OrderingReport {
    /// An empty report for a log whose sources are `sources`.
    pub fn new(sources: SourceTable) -> OrderingReport {
        OrderingReport {
            rows: BTreeMap::new(),
            main: OrderingStats::default(),
            quiescence: OrderingStats::default(),
            tree: 0,
            minimal: 0,
            unfinished: 0,
            sources,
        }
    }

    /// The report of every event of `record`.
    pub fn run(
        record: RecordStream,
        control: &mut FoldControl<'_>,
    ) -> Result<OrderingReport, FoldError> {
        let mut fold = ReportFold::new(record.header().sources.clone());
        record.run(control, &mut |chunk| fold.feed(chunk))?;
        Ok(fold.finish())
    }

    fn add(&mut self, node: &WalkedNode, killers: &NodeKillers) {
        if node.top_level {
            self.tree += node.subtree;
            self.minimal += node.minimal;
        }
        let Some(kind) = node.node_type() else {
            self.unfinished += 1;
            return;
        };
        self.rows
            .entry((Reverse(node.depth), kind))
            .or_default()
            .add(node, killers);
        match node.kind {
            NodeKind::Main => self.main.add(node, killers),
            NodeKind::Quiescence => self.quiescence.add(node, killers),
        }
    }

    /// Adds another search's report (a bench's positions, summed); labels stay this one's.
    pub fn merge(&mut self, other: &OrderingReport) {
        for (key, stats) in &other.rows {
            self.rows.entry(*key).or_default().merge(stats);
        }
        self.main.merge(&other.main);
        self.quiescence.merge(&other.quiescence);
        self.tree += other.tree;
        self.minimal += other.minimal;
        self.unfinished += other.unfinished;
    }

    /// Nodes that failed high (their score a lower bound) in a log that records no cutoff at
    /// all — a Texel tree log, a UCI trace: which move cut each is unknown, so the ordering
    /// cannot be measured from the log. `None` when the log records cutoffs, or nothing failed
    /// high.
    pub fn cuts_unrecorded(&self) -> Option<u64> {
        if self.main.cutoffs + self.quiescence.cutoffs > 0 {
            return None;
        }
        let failed_high: u64 = self
            .rows
            .iter()
            .filter(|((_, kind), _)| *kind == NodeType::Cut)
            .map(|(_, stats)| stats.nodes)
            .sum();
        (failed_high > 0).then_some(failed_high)
    }

    /// The share of the tree ordering could still remove (0.0–1.0).
    pub fn removable_share(&self) -> f64 {
        if self.tree == 0 {
            0.0
        } else {
            (self.tree - self.minimal) as f64 / self.tree as f64
        }
    }

    /// Source codes that cut anywhere, in the log's table order (codes it does not name last).
    pub fn cutting_sources(&self) -> Vec<u8> {
        let mut used: Vec<u8> = self
            .rows
            .values()
            .flat_map(|r| r.by_source.keys().copied())
            .collect();
        used.sort_unstable();
        used.dedup();
        let order = |code: &u8| {
            self.sources
                .rows()
                .iter()
                .position(|r| r.code == *code)
                .unwrap_or(usize::MAX)
        };
        used.sort_by_key(|c| (order(c), *c));
        used
    }

    /// The killers per remaining depth, every node type together (deepest first).
    pub fn killer_rows(&self) -> BTreeMap<Reverse<i8>, KillerStats> {
        let mut rows: BTreeMap<Reverse<i8>, KillerStats> = BTreeMap::new();
        for ((depth, _), stats) in &self.rows {
            rows.entry(*depth).or_default().merge(&stats.killers);
        }
        rows
    }

    /// Killer source codes that tried a move anywhere: the log's killer sources in slot order
    /// (then its other killers), codes it does not name last.
    pub fn killer_sources(&self) -> Vec<u8> {
        let mut used: Vec<u8> = self
            .rows
            .values()
            .flat_map(|r| r.killers.by_source.keys().copied())
            .collect();
        used.sort_unstable();
        used.dedup();
        let order: Vec<u8> = self.sources.killer_sources().map(|r| r.code).collect();
        used.sort_by_key(|c| (order.iter().position(|o| o == c).unwrap_or(usize::MAX), *c));
        used
    }
}

/// The report being folded: feed it the events in order, then `finish`.
pub struct ReportFold {
    walk: KillerWalk,
    report: OrderingReport,
}

impl ReportFold {
    /// A fold for a log whose sources are `sources`.
    pub fn new(sources: SourceTable) -> ReportFold {
        ReportFold {
            walk: KillerWalk::new(NodeWalk::new(), &sources),
            report: OrderingReport::new(sources),
        }
    }

    /// Folds in the next events.
    pub fn feed(&mut self, chunk: &[Event]) {
        let report = &mut self.report;
        self.walk
            .feed(chunk, &mut |node, _, killers| report.add(node, killers));
    }

    /// After the last event: the report (nodes still open counted as unfinished).
    pub fn finish(self) -> OrderingReport {
        let ReportFold { walk, mut report } = self;
        walk.finish(&mut |node, _, killers| report.add(node, killers));
        report
    }
}

/// The report folded while the search runs (`bench --report`), with no log in between.
impl SearchObserver for ReportFold {
    fn observe(&mut self, event: Event) {
        self.feed(std::slice::from_ref(&event));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_fall_in_their_buckets() {
        let buckets: Vec<usize> = [1, 2, 5, 6, 10, 11, 200].map(bucket).to_vec();
        assert_eq!(buckets, [0, 1, 4, 5, 5, 6, 6]);
    }
}
