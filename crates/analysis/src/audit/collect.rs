//! Finding the selective decisions of a log: one pass over its events (fed a chunk at a time)
//! with a stack of the open nodes — their windows, the alpha their move loop has reached and
//! the moves that lead to them — turning each null-move cut, reverse futility prune, futility
//! prune, late move reduction that stood and mate distance prune into a `Decision`: the search
//! that would check it.

use super::{Claim, Decision, Technique};
use killerscope_chess::Move;
use killerscope_log::NodeEntry;
use killerscope_log::{Event, NodeKind, PruneRule, ReSearchReason};

/// An open node.
#[derive(Clone, Debug)]
struct Frame {
    /// Index of its `NodeEnter`.
    enter: usize,
    kind: NodeKind,
    /// The move that led here (null at the root and after a pass).
    mv: Move,
    depth: i32,
    alpha: i32,
    beta: i32,
    /// The alpha its move loop has reached: raised by each move's final score.
    alpha_now: i32,
    /// The last score (from this node's side) of the move being searched, applied to
    /// `alpha_now` when the next move starts.
    pending: Option<i32>,
    /// A reduced search that failed low, kept until the node shows it was not searched again.
    reduced: Option<Decision>,
    /// A `Reduction` was announced: the next child is the reduced search of `.0` by `.1`.
    reducing: Option<(Move, i32)>,
}

/// Collects the decisions of a log's events in order.
#[derive(Debug, Default)]
pub struct Collector {
    stack: Vec<Frame>,
    seen: usize,
    iteration: u8,
    decisions: Vec<Decision>,
}

impl Collector {
    /// A collector that has seen no event.
    pub fn new() -> Collector {
        Collector::default()
    }

    /// The decisions found so far, in log order.
    pub fn finish(mut self) -> Vec<Decision> {
        self.decisions.sort_by_key(|d| d.event);
        self.decisions
    }

    /// The next event fed is event `index` of the log: a caller that reads only some of the
    /// events (`at_node`) keeps the decisions' event indexes true.
    pub fn skip_to(&mut self, index: usize) {
        self.seen = index;
    }

    /// Reads the next events.
    pub fn feed(&mut self, events: &[Event]) {
        for &event in events {
            self.event(event);
            self.seen += 1;
        }
    }

    fn event(&mut self, event: Event) {
        if let Some(entry) = NodeEntry::of(&event) {
            return self.enter(entry);
        }
        match event {
            Event::NodeExit { score, .. } => self.exit(score),
            Event::MoveTried { .. } => self.next_move(),
            Event::Reduction { mv, by } => {
                if let Some(frame) = self.stack.last_mut() {
                    frame.reducing = Some((mv, i32::from(by)));
                }
            }
            Event::ReSearch {
                reason: ReSearchReason::Reduction,
                ..
            } => {
                if let Some(frame) = self.stack.last_mut() {
                    frame.reduced = None;
                }
            }
            Event::NullMove { score, cutoff, .. } if cutoff => {
                self.decide_here(Technique::NullMove, score);
            }
            Event::Pruned { mv, rule, score } => self.pruned(mv, rule, score),
            _ => {}
        }
    }

    fn enter(&mut self, entry: NodeEntry) {
        if entry.ply == 0 {
            self.iteration = u8::try_from(entry.depth).unwrap_or(0);
        }
        let (alpha, beta) = entry.window;
        self.stack.push(Frame {
            enter: self.seen,
            kind: entry.kind,
            mv: entry.mv,
            depth: i32::from(entry.depth),
            alpha,
            beta,
            alpha_now: alpha,
            pending: None,
            reduced: None,
            reducing: None,
        });
    }

    fn exit(&mut self, score: i32) {
        let Some(mut frame) = self.stack.pop() else {
            return;
        };
        self.flush_reduced(&mut frame);
        if frame.mv.is_null() {
            return; // the root, or a pass: its score is no move's
        }
        let Some(parent) = self.stack.last_mut() else {
            return;
        };
        parent.pending = Some(-score);
        let (stood, node_depth) = match parent.reducing.take() {
            Some((mv, by)) if mv == frame.mv && -score <= parent.alpha_now => (by, parent.depth),
            _ => return,
        };
        let mut path = self.path();
        path.push(frame.mv);
        let decision = Decision {
            technique: Technique::Reduction,
            event: frame.enter,
            node_event: frame.enter,
            iteration: self.iteration,
            node_depth,
            path,
            depth: frame.depth + stood,
            alpha: frame.alpha,
            beta: frame.beta,
            claimed: score,
            claim: Claim::High,
        };
        if let Some(parent) = self.stack.last_mut() {
            parent.reduced = Some(decision);
        }
    }

    /// A new move starts in the innermost node: the last one's score counts, and a reduction
    /// that was not searched again stood.
    fn next_move(&mut self) {
        let Some(mut frame) = self.stack.pop() else {
            return;
        };
        if let Some(score) = frame.pending.take() {
            frame.alpha_now = frame.alpha_now.max(score);
        }
        self.flush_reduced(&mut frame);
        self.stack.push(frame);
    }

    fn flush_reduced(&mut self, frame: &mut Frame) {
        if let Some(decision) = frame.reduced.take() {
            self.decisions.push(decision);
        }
    }

    fn pruned(&mut self, mv: Move, rule: PruneRule, score: i32) {
        match rule {
            PruneRule::ReverseFutility => self.decide_here(Technique::ReverseFutility, score),
            PruneRule::MateDistance => self.decide_here(Technique::MateDistance, score),
            PruneRule::Futility => {
                self.next_move();
                let Some(frame) = self.stack.last() else {
                    return;
                };
                let mut path = self.path();
                path.push(mv);
                // The move would have been searched with a null window at the alpha reached:
                // pruning it claims its reply cannot get below -alpha.
                let decision = Decision {
                    technique: Technique::Futility,
                    event: self.seen,
                    node_event: frame.enter,
                    iteration: self.iteration,
                    node_depth: frame.depth,
                    path,
                    depth: frame.depth - 1,
                    alpha: -frame.alpha_now - 1,
                    beta: -frame.alpha_now,
                    claimed: -score,
                    claim: Claim::High,
                };
                self.decisions.push(decision);
            }
        }
    }

    /// The innermost node was decided by `technique` with `score` from its own side.
    fn decide_here(&mut self, technique: Technique, score: i32) {
        let Some(frame) = self.stack.last() else {
            return;
        };
        if frame.kind != NodeKind::Main {
            return;
        }
        let claim = if score >= frame.beta {
            Claim::High
        } else {
            Claim::Low
        };
        let decision = Decision {
            technique,
            event: self.seen,
            node_event: frame.enter,
            iteration: self.iteration,
            node_depth: frame.depth,
            path: self.path(),
            depth: frame.depth,
            alpha: frame.alpha,
            beta: frame.beta,
            claimed: score,
            claim,
        };
        self.decisions.push(decision);
    }

    /// The moves from the root to the innermost node (null for a pass).
    fn path(&self) -> Vec<Move> {
        self.stack.iter().skip(1).map(|f| f.mv).collect()
    }
}
