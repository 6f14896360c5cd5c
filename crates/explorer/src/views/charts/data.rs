//! The charts' numbers, folded from the event log up to the timeline cursor: nodes entered per
//! ply (main search and quiescence apart), main-search cutoffs by the cutting move's rank
//! (1st … 10th, 11th and later — finer than `CutoffStats`' four buckets), and the cumulative
//! node count after each iteration, from which the per-iteration counts and the effective
//! branching factor follow.
//!
//! Like the timeline's scan it is a `fold::Cursor`, so the charts follow the timeline of a
//! multi-million-event log at a bounded cost per step; the fold is moved only while the charts
//! are on screen.

use crate::session::fold::Fold;
use killerscope_log::{Event, SourceTable};
use killerscope_log::{NodeKind, SearchObserver};

/// Rank buckets: the 1st to the 10th move, then every later one together.
pub const RANKS: usize = 11;

/// The label of rank bucket `i` (`1st`, `2nd`, …, `10th`, `11th+`).
pub fn rank_label(i: usize) -> String {
    let n = i + 1;
    let more = if n == RANKS { "+" } else { "" };
    format!("{}{more}", killerscope_text::ordinal(n as u64))
}

/// Nodes entered at one ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlyNodes {
    /// Full-width nodes.
    pub main: u64,
    /// Quiescence nodes.
    pub quiescence: u64,
}

impl PlyNodes {
    /// Both kinds together.
    pub fn total(&self) -> u64 {
        self.main + self.quiescence
    }
}

/// One finished iteration as the charts see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IterationNodes {
    /// The iteration's depth.
    pub depth: u8,
    /// Nodes it searched: its cumulative count minus the previous iteration's.
    pub nodes: u64,
    /// `nodes` over the previous iteration's `nodes` (none for the first, or after an empty
    /// one): how many times bigger one more ply made the tree.
    pub ebf: Option<f64>,
}

/// The fold over the first `applied` events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    applied: usize,
    plies: Vec<PlyNodes>,
    ranks: [u64; RANKS],
    /// `(depth, cumulative nodes)` of every `Iteration` event.
    iterations: Vec<(u8, u64)>,
    /// Kinds of the open nodes, innermost last: a cutoff counts when its node is a main one.
    open: Vec<NodeKind>,
}

impl Counts {
    /// Number of events folded in.
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// Nodes entered at each ply, ply 0 first, up to the deepest ply reached.
    pub fn plies(&self) -> &[PlyNodes] {
        &self.plies
    }

    /// Every node entered: also the number of tree nodes that exist at the cursor (node ids
    /// are given in entering order).
    pub fn nodes(&self) -> u64 {
        self.plies.iter().map(PlyNodes::total).sum()
    }

    /// Main-search cutoffs per rank bucket (see [`rank_label`]).
    pub fn ranks(&self) -> &[u64; RANKS] {
        &self.ranks
    }

    /// Main-search cutoffs.
    pub fn cutoffs(&self) -> u64 {
        self.ranks.iter().sum()
    }

    /// Each finished iteration's own node count and branching factor.
    pub fn iterations(&self) -> Vec<IterationNodes> {
        let mut out: Vec<IterationNodes> = Vec::with_capacity(self.iterations.len());
        let mut before = 0;
        for &(depth, cumulative) in &self.iterations {
            let nodes = cumulative.saturating_sub(before);
            let ebf = out
                .last()
                .filter(|last| last.nodes > 0)
                .map(|last| nodes as f64 / last.nodes as f64);
            out.push(IterationNodes { depth, nodes, ebf });
            before = cumulative;
        }
        out
    }

    /// Nodes entered since the last finished iteration: the one still running at the cursor.
    pub fn running(&self) -> u64 {
        let done = self.iterations.last().map_or(0, |&(_, n)| n);
        self.nodes().saturating_sub(done)
    }
}

impl SearchObserver for Counts {
    /// Folds one more event in (an observer, so a live search could feed it directly).
    fn observe(&mut self, event: Event) {
        self.applied += 1;
        match event {
            Event::NodeEnter { ply, kind, .. } => {
                let ply = usize::from(ply);
                if self.plies.len() <= ply {
                    self.plies.resize(ply + 1, PlyNodes::default());
                }
                match kind {
                    NodeKind::Main => self.plies[ply].main += 1,
                    NodeKind::Quiescence => self.plies[ply].quiescence += 1,
                }
                self.open.push(kind);
            }
            Event::Cutoff { index, .. } if self.open.last() == Some(&NodeKind::Main) => {
                self.ranks[usize::from(index).min(RANKS - 1)] += 1;
            }
            Event::NodeExit { .. } => {
                self.open.pop();
            }
            Event::Iteration { depth, nodes, .. } => self.iterations.push((depth, nodes.get())),
            // Other kinds (new ones too) change no chart.
            _ => {}
        }
    }
}

/// The charts' fold, movable to any event index.
pub type Cursor = crate::session::fold::Cursor<Counts>;

impl Fold for Counts {
    fn applied(&self) -> usize {
        self.applied
    }

    fn apply(&mut self, event: &Event, _: &SourceTable) {
        self.observe(*event);
    }

    fn restart(&self) -> Counts {
        Counts::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_labels_read_as_ordinals_and_the_last_bucket_is_open() {
        let labels: Vec<String> = (0..RANKS).map(rank_label).collect();
        assert_eq!(
            labels,
            [
                "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th+"
            ]
        );
    }

    #[test]
    fn cycling_the_charts_wraps_both_ways() {
        use crate::charts::ChartKind;
        assert_eq!(ChartKind::Plies.cycle(1), ChartKind::Ranks);
        assert_eq!(ChartKind::Icicle.cycle(1), ChartKind::Plies);
        assert_eq!(ChartKind::Plies.cycle(-1), ChartKind::Icicle);
        assert_eq!(ChartKind::Ebf.cycle(-2), ChartKind::Ranks);
    }
}
