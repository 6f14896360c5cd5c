//! The compare view's state: each chosen configuration's search of the current position — its
//! statistics and result for the table, its nodes per ply for the paired chart, and its tree
//! for the side-by-side icicle — and which of the three pictures is on screen. The numbers come
//! from the comparison's job (`worker::run`), which records each search in memory.

use crate::views::charts::Colouring;
use crate::views::charts::data::PlyNodes;
use killerscope_engine::{CutoffStats, OrderingConfig, SearchReport};
use killerscope_log::{DEFAULT_EVENT_CAP, SourceTable};
use killerscope_trace::SearchTree;

/// Events a comparison records in all, shared between its configurations: the explorer's own
/// cap for one search, so a comparison costs no more memory than a search does. A search past
/// its share keeps its numbers but has no icicle.
pub const RECORD_BUDGET: usize = DEFAULT_EVENT_CAP;

/// What the compare view shows; `Tab` / `v` go forward through them in this order, like the
/// charts view's charts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ComparePage {
    /// The table: nodes and their ratio, cutoffs by source, best move and score.
    #[default]
    Numbers,
    /// Nodes per ply of every configuration side by side, with the ratio to the first.
    Plies,
    /// The first configuration's icicle over another's, on one scale.
    Icicle,
    /// The ordering ladder (`O`): outside the `Tab` cycle, which goes on to the numbers.
    Ladder,
}

impl ComparePage {
    /// Every page, in cycling order.
    pub const ALL: [ComparePage; 3] = [
        ComparePage::Numbers,
        ComparePage::Plies,
        ComparePage::Icicle,
    ];

    /// The page's name in the view's title.
    pub fn title(self) -> &'static str {
        match self {
            ComparePage::Numbers => "numbers",
            ComparePage::Plies => "nodes per ply",
            ComparePage::Icicle => "icicles",
            ComparePage::Ladder => "ordering ladder",
        }
    }

    /// The page `step` places further along the cycle (negative: back), wrapping around; from
    /// the ladder, as if from just before the numbers.
    pub fn cycle(self, step: isize) -> ComparePage {
        let n = ComparePage::ALL.len() as isize;
        let at = ComparePage::ALL
            .iter()
            .position(|&p| p == self)
            .map_or(-1, |at| at as isize);
        ComparePage::ALL[(at + step).rem_euclid(n) as usize]
    }
}

/// One configuration's search in the comparison.
#[derive(Debug)]
pub struct Compared {
    /// The configuration.
    pub ordering: OrderingConfig,
    /// Its cutoff statistics.
    pub stats: CutoffStats,
    /// Its result.
    pub report: SearchReport,
    /// Nodes entered per ply, main and quiescence.
    pub plies: Vec<PlyNodes>,
    /// Its search tree, or `None` when the search recorded more than its share of
    /// [`RECORD_BUDGET`] (the icicle then says so).
    pub tree: Option<SearchTree>,
    /// The source table its log header carried, for the icicle's labels and colours.
    pub sources: SourceTable,
}

/// The compare view's content.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Still running.
    pub running: bool,
    /// The column names, one per configuration asked for, in order.
    pub labels: Vec<String>,
    /// Results per config, in order.
    pub rows: Vec<Compared>,
    /// The picture on screen.
    pub page: ComparePage,
    /// The configuration drawn under the first one in the icicles (`←` / `→` change it).
    pub partner: usize,
    /// The icicles' colouring (`m`).
    pub colouring: Colouring,
}

impl Comparison {
    /// Clears the results for a comparison of configurations named `labels` that is starting.
    pub fn start(&mut self, labels: Vec<String>) {
        self.running = true;
        self.rows.clear();
        self.labels = labels;
        self.partner = 1;
    }

    /// The name of configuration `i`: its picker line, else its settings.
    pub fn name(&self, i: usize) -> String {
        self.labels
            .get(i)
            .cloned()
            .or_else(|| self.rows.get(i).map(|r| r.ordering.changes()))
            .unwrap_or_default()
    }

    /// The configuration paired with the first in the icicles: `partner` kept within the
    /// configurations after the first.
    pub fn partner(&self) -> usize {
        self.partner
            .clamp(1, self.rows.len().saturating_sub(1).max(1))
    }
}

impl Comparison {
    /// Icicles: pairs the first configuration with the one `step` places further along
    /// (negative: back); a note for the status line when there is no other to pair it with.
    pub fn pair_with(&mut self, step: isize) -> Option<&'static str> {
        let others = self.rows.len().saturating_sub(1);
        if others < 2 {
            return Some(
                "the icicles pair the first configuration with another: choose three or more to switch",
            );
        }
        let at = self.partner() as isize - 1 + step;
        self.partner = 1 + at.rem_euclid(others as isize) as usize;
        None
    }

    /// The comparison's searches, as the worker reports them.
    pub fn finish(&mut self, rows: Vec<Compared>) {
        self.rows = rows;
        self.running = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_cycle_both_ways() {
        assert_eq!(ComparePage::Numbers.cycle(1), ComparePage::Plies);
        assert_eq!(ComparePage::Icicle.cycle(1), ComparePage::Numbers);
        assert_eq!(ComparePage::Numbers.cycle(-1), ComparePage::Icicle);
        assert_eq!(ComparePage::Ladder.cycle(1), ComparePage::Numbers);
    }
}
