//! `SelectiveCounts`: what selective search did during a search — null moves tried and how many
//! cut, late move reductions by size and how many of them failed high and were searched again,
//! moves and nodes pruned by each rule, aspiration windows that failed. A class reads the
//! re-search rate to see that a reduction is a bet that usually pays; a programmer reads it to
//! tune the reduction formula.

use killerscope_log::{Event, PruneRule, WindowOutcome};

/// Reduction sizes counted apart: 1, 2, 3 and 4 or more plies.
pub const REDUCTION_BUCKETS: usize = 4;

/// Labels of the buckets of `SelectiveCounts::reductions`, in order.
pub const REDUCTION_LABELS: [&str; REDUCTION_BUCKETS] = ["R1", "R2", "R3", "R4+"];

/// Counters of the selective-search events of one or more searches; all zero for a
/// full-width search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SelectiveCounts {
    /// Null-move searches tried.
    pub null_moves: u64,
    /// Of which failed high and cut their node.
    pub null_cutoffs: u64,
    /// Late move reductions by size (`REDUCTION_LABELS`).
    pub reductions: [u64; REDUCTION_BUCKETS],
    /// Of those, searched again at full depth after failing high, by the same buckets.
    pub re_searched: [u64; REDUCTION_BUCKETS],
    /// Moves pruned by futility.
    pub futility: u64,
    /// Nodes cut by reverse futility.
    pub reverse_futility: u64,
    /// Nodes cut by mate distance pruning.
    pub mate_distance: u64,
    /// Root aspiration windows that held.
    pub windows_inside: u64,
    /// Root aspiration windows that failed low.
    pub windows_failed_low: u64,
    /// Root aspiration windows that failed high.
    pub windows_failed_high: u64,
    /// Per open node (innermost last): the bucket of the reduction its current move got.
    pending: Vec<Option<usize>>,
}

impl SelectiveCounts {
    /// Every late move reduction, whatever its size.
    pub fn reductions_total(&self) -> u64 {
        self.reductions.iter().sum()
    }

    /// Every re-search after a reduction.
    pub fn re_searched_total(&self) -> u64 {
        self.re_searched.iter().sum()
    }

    /// Whether any selective event was counted.
    pub fn any(&self) -> bool {
        self.null_moves
            + self.reductions_total()
            + self.futility
            + self.reverse_futility
            + self.mate_distance
            + self.windows_inside
            + self.windows_failed_low
            + self.windows_failed_high
            > 0
    }

    /// Counts `event`; node enters and exits keep the per-node reduction bookkeeping. Inlined
    /// with `CutoffStats::observe`.
    #[inline(always)]
    pub fn observe(&mut self, event: &Event) {
        match *event {
            Event::NodeEnter { .. } => self.pending.push(None),
            Event::NodeExit { .. } => {
                self.pending.pop();
            }
            Event::NullMove { cutoff, .. } => {
                self.null_moves += 1;
                self.null_cutoffs += u64::from(cutoff);
            }
            Event::Reduction { by, .. } => {
                let bucket = usize::from(by.clamp(1, REDUCTION_BUCKETS as u8) - 1);
                self.reductions[bucket] += 1;
                if let Some(slot) = self.pending.last_mut() {
                    *slot = Some(bucket);
                }
            }
            Event::ReSearch { .. } => {
                if let Some(bucket) = self.pending.last_mut().and_then(Option::take) {
                    self.re_searched[bucket] += 1;
                }
            }
            Event::MoveTried { .. } => {
                if let Some(slot) = self.pending.last_mut() {
                    *slot = None;
                }
            }
            Event::Pruned { rule, .. } => match rule {
                PruneRule::Futility => self.futility += 1,
                PruneRule::ReverseFutility => self.reverse_futility += 1,
                PruneRule::MateDistance => self.mate_distance += 1,
            },
            Event::Aspiration { outcome, .. } => match outcome {
                WindowOutcome::Inside => self.windows_inside += 1,
                WindowOutcome::FailLow => self.windows_failed_low += 1,
                WindowOutcome::FailHigh => self.windows_failed_high += 1,
            },
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::Move;
    use killerscope_log::{Bound, NodeKind, ReSearchReason};

    fn enter() -> Event {
        Event::NodeEnter {
            ply: 1,
            depth: 3,
            kind: NodeKind::Main,
            mv: Move::NULL,
            alpha: -1,
            beta: 0,
        }
    }

    fn exit() -> Event {
        Event::NodeExit {
            score: 0,
            bound: Bound::Upper,
        }
    }

    fn tried() -> Event {
        Event::MoveTried {
            mv: Move::NULL,
            index: 3,
            source: killerscope_log::MoveSource::QUIET,
        }
    }

    #[test]
    fn a_re_search_is_credited_to_the_reduction_of_its_own_node_not_a_nested_one() {
        let mut c = SelectiveCounts::default();
        let reduce = |by| Event::Reduction { mv: Move::NULL, by };
        let again = Event::ReSearch {
            mv: Move::NULL,
            reason: ReSearchReason::Reduction,
        };
        for e in [
            enter(),
            tried(),
            reduce(2),
            enter(),
            tried(),
            reduce(1),
            enter(),
            exit(),
            exit(),
            again,
            enter(),
            exit(),
            tried(),
            reduce(5),
            enter(),
            exit(),
            exit(),
        ] {
            c.observe(&e);
        }
        assert_eq!(c.reductions, [1, 1, 0, 1]);
        assert_eq!(c.re_searched, [0, 1, 0, 0]);
        assert_eq!((c.reductions_total(), c.re_searched_total()), (3, 1));
    }

    #[test]
    fn null_moves_prunes_and_windows_are_counted_by_outcome() {
        let mut c = SelectiveCounts::default();
        assert!(!c.any());
        let null = |cutoff| Event::NullMove {
            depth: 1,
            reduction: 2,
            score: 0,
            cutoff,
        };
        let pruned = |rule| Event::Pruned {
            mv: Move::NULL,
            rule,
            score: 0,
        };
        let window = |outcome| Event::Aspiration {
            depth: 5,
            alpha: -35,
            beta: 35,
            outcome,
        };
        for e in [
            null(true),
            null(false),
            pruned(PruneRule::Futility),
            pruned(PruneRule::Futility),
            pruned(PruneRule::ReverseFutility),
            pruned(PruneRule::MateDistance),
            window(WindowOutcome::FailHigh),
            window(WindowOutcome::Inside),
        ] {
            c.observe(&e);
        }
        assert!(c.any());
        assert_eq!((c.null_moves, c.null_cutoffs), (2, 1));
        assert_eq!((c.futility, c.reverse_futility, c.mate_distance), (2, 1, 1));
        assert_eq!(
            (
                c.windows_inside,
                c.windows_failed_low,
                c.windows_failed_high
            ),
            (1, 0, 1)
        );
    }
}
