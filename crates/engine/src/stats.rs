//! `CutoffStats`: an observer that counts what move ordering achieved — how many beta cutoffs,
//! how early in the ordered list they came, and which heuristic (TT, capture, killer slot,
//! history) put the cutting move there. The `search` and `compare` commands print these, and a
//! recorded log can be replayed into one.

use super::selective_stats::SelectiveCounts;
use killerscope_log::Event;
use killerscope_log::NodeKind;
use killerscope_log::SearchObserver;
use killerscope_log::{KILLER_SOURCES, MoveSource};

/// Labels of the rank buckets of `CutoffStats::by_rank`, in order.
pub const RANK_LABELS: [&str; 4] = ["1st", "2nd-5th", "6th-10th", "later"];

/// `part` as a percentage of `whole` with one decimal (`25.0%`), `–` when `whole` is 0: the
/// one way every report and panel writes a share.
pub fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "–".into()
    } else {
        format!("{:.1}%", part as f64 * 100.0 / whole as f64)
    }
}

/// A counter per move-source code. Every code a byte can hold has a slot, so counting a log
/// whose sources this build does not know needs no lookup and cannot fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerSource(Box<[u64; 256]>);

impl Default for PerSource {
    fn default() -> Self {
        PerSource(Box::new([0; 256]))
    }
}

impl PerSource {
    /// The count for `source`.
    pub fn get(&self, source: MoveSource) -> u64 {
        self.0[usize::from(source.code())]
    }

    fn add(&mut self, source: MoveSource) {
        self.0[usize::from(source.code())] += 1;
    }

    /// Sources with a non-zero count, by code.
    pub fn non_zero(&self) -> impl Iterator<Item = (MoveSource, u64)> + '_ {
        (0..=u8::MAX)
            .map(MoveSource::from_code)
            .map(|s| (s, self.get(s)))
            .filter(|&(_, n)| n > 0)
    }
}

/// Counters over one or more searches. Cutoff breakdowns (`by_source`, `by_rank`, tries) cover
/// the main search, where ordering decides the tree's size; quiescence cutoffs are counted apart
/// in `q_cutoffs`.
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
    /// Main-search cutoffs by the source of the cutting move.
    pub by_source: PerSource,
    /// Main-search moves searched, by source (how often each heuristic got its chance).
    pub tries: PerSource,
    /// Main-search cutoffs by the cutting move's index: 1st, 2nd–5th, 6th–10th, later.
    pub by_rank: [u64; 4],
    /// Stores that changed the killer table.
    pub killer_stores: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// TT hits whose bound ended the node without a search.
    pub tt_cutoffs: u64,
    /// What selective search did: null moves, reductions and their re-searches, prunes.
    pub selective: SelectiveCounts,
    /// Moves tried that left the mover's king attacked (a pseudo-legal engine's illegal tries,
    /// read from an imported trace; killerscope's own search never makes one).
    pub illegal_tries: u64,
    /// Null moves made in check (imported traces only).
    pub illegal_nulls: u64,
    kinds: Vec<NodeKind>,
}

impl CutoffStats {
    /// Each rank bucket of the main-search cutoffs as `2nd-5th 12 (8.3%)`, in `RANK_LABELS`
    /// order: the breakdown the `search` report and `log stats` print.
    pub fn rank_shares(&self) -> Vec<String> {
        RANK_LABELS
            .iter()
            .zip(self.by_rank)
            .map(|(label, n)| format!("{label} {n} ({})", percent(n, self.cutoffs)))
            .collect()
    }

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
        self.by_source.get(source)
    }

    /// Main-search tries and cutoffs of each killer candidate slot, slot 0 first.
    pub fn killer_slots(&self) -> [(u64, u64); KILLER_SOURCES] {
        std::array::from_fn(|k| {
            let source = MoveSource::killer(k);
            (self.tries.get(source), self.by_source.get(source))
        })
    }

    /// Main-search cutoffs by any killer slot.
    pub fn killer_cutoffs_total(&self) -> u64 {
        self.killer_slots().iter().map(|&(_, cut)| cut).sum()
    }

    /// Main-search killer moves searched, over every slot.
    pub fn killer_tries_total(&self) -> u64 {
        self.killer_slots().iter().map(|&(tried, _)| tried).sum()
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
}

impl SearchObserver for CutoffStats {
    /// Inlined at every hook site, where the event's kind is known, so the event stays in
    /// registers for the observers beside it (a recorder) instead of going through memory.
    #[inline(always)]
    fn observe(&mut self, event: Event) {
        self.selective.observe(&event);
        match event {
            Event::NodeEnter { kind, .. } => {
                match kind {
                    NodeKind::Main => self.main_nodes += 1,
                    NodeKind::Quiescence => self.q_nodes += 1,
                }
                self.kinds.push(kind);
            }
            Event::MoveTried { source, .. } if self.in_main() => self.tries.add(source),
            Event::Cutoff { index, source, .. } => {
                if !self.in_main() {
                    self.q_cutoffs += 1;
                    return;
                }
                self.cutoffs += 1;
                self.by_source.add(source);
                self.by_rank[Self::rank_bucket(index)] += 1;
            }
            Event::KillerStore { .. } => self.killer_stores += 1,
            Event::TtHit { cutoff, .. } => {
                self.tt_hits += 1;
                if cutoff {
                    self.tt_cutoffs += 1;
                }
            }
            Event::NodeExit { .. } => {
                self.kinds.pop();
            }
            Event::Illegal { mv } if mv.is_null() => self.illegal_nulls += 1,
            Event::Illegal { .. } => self.illegal_tries += 1,
            // Kinds the counters do not cover (new kinds too) are ignored.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::Move;
    use killerscope_log::Bound;

    #[test]
    fn counts_cutoffs_by_source_and_rank_in_main_nodes_only() {
        let mut s = CutoffStats::new();
        let m = Move::NULL;
        let enter = |ply, depth, kind| Event::NodeEnter {
            ply,
            depth,
            kind,
            mv: m,
            alpha: -100,
            beta: 100,
        };
        let cut = |index, source, score| Event::Cutoff {
            mv: m,
            index,
            source,
            score,
            beta: 100,
        };
        let exit = |score, bound| Event::NodeExit { score, bound };
        s.observe(enter(0, 3, NodeKind::Main));
        s.observe(enter(1, 2, NodeKind::Main));
        s.observe(Event::MoveTried {
            mv: m,
            index: 0,
            source: MoveSource::killer(1),
        });
        s.observe(cut(0, MoveSource::killer(1), 120));
        s.observe(exit(120, Bound::Lower));
        s.observe(enter(1, 0, NodeKind::Quiescence));
        s.observe(cut(0, MoveSource::CAPTURE, 300));
        s.observe(exit(300, Bound::Lower));
        s.observe(enter(1, 2, NodeKind::Main));
        s.observe(Event::TtHit {
            mv: m,
            depth: 4,
            score: 10,
            bound: Bound::Exact,
            cutoff: true,
        });
        s.observe(exit(10, Bound::Exact));
        s.observe(enter(1, 2, NodeKind::Main));
        s.observe(cut(7, MoveSource::HISTORY, 150));
        s.observe(exit(150, Bound::Lower));
        s.observe(exit(-150, Bound::Upper));
        assert_eq!((s.main_nodes, s.q_nodes, s.nodes()), (4, 1, 5));
        assert_eq!((s.cutoffs, s.q_cutoffs), (2, 1));
        assert_eq!(s.cutoffs_by(MoveSource::killer(1)), 1);
        assert_eq!(s.cutoffs_by(MoveSource::HISTORY), 1);
        assert_eq!(s.cutoffs_by(MoveSource::CAPTURE), 0);
        assert_eq!(s.by_rank, [1, 0, 1, 0]);
        assert_eq!(s.killer_slots()[1], (1, 1));
        assert_eq!((s.tt_hits, s.tt_cutoffs), (1, 1));
        assert!((s.first_move_cutoff_rate() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn no_cutoffs_means_zero_rate() {
        assert_eq!(CutoffStats::new().first_move_cutoff_rate(), 0.0);
    }
}
