//! `CutoffStats`: an observer that counts what move ordering achieved — how many beta cutoffs,
//! how early in the ordered list they came, and which heuristic (TT, capture, killer slot,
//! history) put the cutting move there. The `search` and `compare` commands print these, and a
//! recorded log can be replayed into one.

use super::observer::{Bound, MoveSource, NodeKind, SearchObserver};
use crate::chess::Move;

/// Number of distinct `MoveSource::code()` values.
pub const SOURCE_CODES: usize = 9;

/// Labels of the rank buckets of `CutoffStats::by_rank`, in order.
pub const RANK_LABELS: [&str; 4] = ["1st", "2nd-5th", "6th-10th", "later"];

/// Number of killer slots the stats distinguish (one per killer `MoveSource` code).
pub const KILLER_SOURCES: usize = 5;

/// Counters over one or more searches. Cutoff breakdowns (`by_source`, `by_rank`, killer tries
/// and cutoffs) cover the main search, where ordering decides the tree's size; quiescence cutoffs
/// are counted apart in `q_cutoffs`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CutoffStats {
    /// Full-width nodes entered.
    pub main_nodes: u64,
    /// Quiescence nodes entered.
    pub q_nodes: u64,
    /// Beta cutoffs by a move in the main search.
    pub cutoffs: u64,
    /// Beta cutoffs by a move in quiescence (stand-pat cutoffs are not moves and not counted).
    pub q_cutoffs: u64,
    /// Main-search cutoffs by the source of the cutting move, indexed by `MoveSource::code()`.
    pub by_source: [u64; SOURCE_CODES],
    /// Main-search cutoffs by the cutting move's index: 1st, 2nd–5th, 6th–10th, later.
    pub by_rank: [u64; 4],
    /// Stores that changed the killer table.
    pub killer_stores: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// TT hits whose bound ended the node without a search.
    pub tt_cutoffs: u64,
    /// Killer moves searched, per killer slot.
    pub killer_tries: [u64; KILLER_SOURCES],
    /// Killer moves that cut off, per killer slot.
    pub killer_cutoffs: [u64; KILLER_SOURCES],
    kinds: Vec<NodeKind>,
}

impl CutoffStats {
    /// All counters at zero.
    pub fn new() -> CutoffStats {
        CutoffStats::default()
    }

    /// Main plus quiescence nodes: equals the search report's `nodes`.
    pub fn nodes(&self) -> u64 {
        self.main_nodes + self.q_nodes
    }

    /// Main-search cutoffs credited to `source`.
    pub fn cutoffs_by(&self, source: MoveSource) -> u64 {
        self.by_source[usize::from(source.code())]
    }

    /// Main-search cutoffs by any killer slot.
    pub fn killer_cutoffs_total(&self) -> u64 {
        self.killer_cutoffs.iter().sum()
    }

    /// Share (0.0–1.0) of main-search cutoffs made by the first move tried; 0 without cutoffs.
    pub fn first_move_cutoff_rate(&self) -> f64 {
        if self.cutoffs == 0 {
            0.0
        } else {
            self.by_rank[0] as f64 / self.cutoffs as f64
        }
    }

    fn in_main(&self) -> bool {
        self.kinds.last() == Some(&NodeKind::Main)
    }

    fn rank_bucket(index: u8) -> usize {
        match index {
            0 => 0,
            1..=4 => 1,
            5..=9 => 2,
            _ => 3,
        }
    }

    fn killer_slot(source: MoveSource) -> Option<usize> {
        match source {
            MoveSource::Killer(k) => Some(usize::from(k)).filter(|&k| k < KILLER_SOURCES),
            _ => None,
        }
    }
}

impl SearchObserver for CutoffStats {
    fn node_enter(&mut self, _ply: u8, _depth: i8, _a: i32, _b: i32, _mv: Move, kind: NodeKind) {
        match kind {
            NodeKind::Main => self.main_nodes += 1,
            NodeKind::Quiescence => self.q_nodes += 1,
        }
        self.kinds.push(kind);
    }

    fn move_tried(&mut self, _mv: Move, _index: u8, source: MoveSource) {
        if let Some(slot) = Self::killer_slot(source).filter(|_| self.in_main()) {
            self.killer_tries[slot] += 1;
        }
    }

    fn cutoff(&mut self, _mv: Move, index: u8, source: MoveSource, _score: i32, _beta: i32) {
        if !self.in_main() {
            self.q_cutoffs += 1;
            return;
        }
        self.cutoffs += 1;
        self.by_source[usize::from(source.code())] += 1;
        self.by_rank[Self::rank_bucket(index)] += 1;
        if let Some(slot) = Self::killer_slot(source) {
            self.killer_cutoffs[slot] += 1;
        }
    }

    fn killer_store(&mut self, _ply: u8, _mv: Move, _slots: &[Move]) {
        self.killer_stores += 1;
    }

    fn tt_hit(&mut self, _mv: Move, _depth: i8, _score: i32, _bound: Bound, cutoff: bool) {
        self.tt_hits += 1;
        if cutoff {
            self.tt_cutoffs += 1;
        }
    }

    fn node_exit(&mut self, _score: i32, _bound: Bound) {
        self.kinds.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_cutoffs_by_source_and_rank_in_main_nodes_only() {
        let mut s = CutoffStats::new();
        let m = Move::NULL;
        s.node_enter(0, 3, -100, 100, m, NodeKind::Main);
        s.node_enter(1, 2, -100, 100, m, NodeKind::Main);
        s.move_tried(m, 0, MoveSource::Killer(1));
        s.cutoff(m, 0, MoveSource::Killer(1), 120, 100);
        s.node_exit(120, Bound::Lower);
        s.node_enter(1, 0, -100, 100, m, NodeKind::Quiescence);
        s.cutoff(m, 0, MoveSource::Capture, 300, 100);
        s.node_exit(300, Bound::Lower);
        s.node_enter(1, 2, -100, 100, m, NodeKind::Main);
        s.tt_hit(m, 4, 10, Bound::Exact, true);
        s.node_exit(10, Bound::Exact);
        s.node_enter(1, 2, -100, 100, m, NodeKind::Main);
        s.cutoff(m, 7, MoveSource::History, 150, 100);
        s.node_exit(150, Bound::Lower);
        s.node_exit(-150, Bound::Upper);
        assert_eq!((s.main_nodes, s.q_nodes, s.nodes()), (4, 1, 5));
        assert_eq!((s.cutoffs, s.q_cutoffs), (2, 1));
        assert_eq!(s.cutoffs_by(MoveSource::Killer(1)), 1);
        assert_eq!(s.cutoffs_by(MoveSource::History), 1);
        assert_eq!(s.cutoffs_by(MoveSource::Capture), 0);
        assert_eq!(s.by_rank, [1, 0, 1, 0]);
        assert_eq!((s.killer_tries[1], s.killer_cutoffs[1]), (1, 1));
        assert_eq!((s.tt_hits, s.tt_cutoffs), (1, 1));
        assert!((s.first_move_cutoff_rate() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn no_cutoffs_means_zero_rate() {
        assert_eq!(CutoffStats::new().first_move_cutoff_rate(), 0.0);
    }
}
