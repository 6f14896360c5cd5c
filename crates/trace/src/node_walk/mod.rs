//! Every node of a log, described whole, in one pass over its events with nothing but a stack
//! of the open nodes: what the workbench's streamed folds (node queries, the ordering report)
//! are built on, so they read a log of any size in memory that grows with the search's depth,
//! never with its length.
//!
//! A node is complete at its exit, so the walk hands nodes out in the order they close (a
//! child before its parent); each carries its id, the order it was entered in, which is the
//! `SearchTree`'s id of the same node. Selective-search events are read as `marks.rs` reads
//! them: a `Reduction` or `ReSearch` right before a child's enter belongs to that child, a
//! `NullMove` after the null child's exit and `Pruned` events to the node itself.

mod node;
mod positions;

pub use node::{NodeType, TtProbe, WalkPath, WalkedNode};

use positions::Positions;

use super::line::Step;
use super::marks::{NullTry, ReSearch};
use super::tree::CutoffInfo;
use killerscope_chess::{Move, Position};
use killerscope_log::NodeEntry;
use killerscope_log::{Bound, Event, ReSearchReason};

/// An open node and what its children told it so far.
struct Frame {
    node: WalkedNode,
    /// Whether the node added a step to the path (a root and a search of its parent's own
    /// position add none).
    on_path: bool,
    child_sum: u64,
    child_minimal: u64,
    /// Move, subtree and minimal size of the last child closed.
    last_child: Option<(Move, u64, u64)>,
    /// The last child's move and the nodes of the children before its first search
    /// (re-searches of a move come right after it).
    move_start: Option<(Move, u64)>,
    /// Minimal size of the cutting move's search, once the node has cut.
    cut_minimal: Option<u64>,
}

/// The walk itself: feed it every event in order, then `finish`.
#[derive(Default)]
pub struct NodeWalk {
    stack: Vec<Frame>,
    path: Vec<Step>,
    positions: Option<Positions>,
    next_id: u64,
    iteration: i8,
    /// A `Reduction` or `ReSearch` just seen: it belongs to the next node if that node is
    /// entered right away with the same move.
    pending: Option<(Move, Pending)>,
}

#[derive(Clone, Copy)]
enum Pending {
    Reduced(u8),
    ReSearch,
}

impl NodeWalk {
    /// A walk that does not follow positions.
    pub fn new() -> NodeWalk {
        NodeWalk::default()
    }

    /// A walk that also plays every move from `root` (the log header's position), so that
    /// each node's position is known; a move that is not legal where it is played (a damaged
    /// log) leaves its subtree without one.
    pub fn with_positions(root: Option<Position>) -> NodeWalk {
        NodeWalk {
            positions: Some(Positions::new(root)),
            ..NodeWalk::default()
        }
    }

    /// Nodes entered so far.
    pub fn nodes_entered(&self) -> u64 {
        self.next_id
    }

    /// Folds in the next events, handing every node that closes to `on_node`.
    pub fn feed(&mut self, chunk: &[Event], on_node: &mut dyn FnMut(&WalkedNode, &WalkPath<'_>)) {
        for &event in chunk {
            let pending = self.pending.take();
            if let Some(entry) = NodeEntry::of(&event) {
                self.enter(entry, pending);
                continue;
            }
            match event {
                Event::NodeExit { score, bound } => {
                    if !self.stack.is_empty() {
                        self.close(Some((score, bound)), on_node);
                    }
                }
                Event::Reduction { mv, by } => self.pending = Some((mv, Pending::Reduced(by))),
                Event::ReSearch {
                    mv,
                    reason: ReSearchReason::Reduction,
                } => self.pending = Some((mv, Pending::ReSearch)),
                other => self.own_event(other),
            }
        }
    }

    /// After the last event: hands out the nodes still open (a truncated log), innermost first,
    /// with no result.
    pub fn finish(mut self, on_node: &mut dyn FnMut(&WalkedNode, &WalkPath<'_>)) {
        while !self.stack.is_empty() {
            self.close(None, on_node);
        }
    }

    fn enter(&mut self, entry: NodeEntry, pending: Option<(Move, Pending)>) {
        let NodeEntry { ply, mv, .. } = entry;
        if self.stack.is_empty() {
            self.iteration = entry.depth;
        }
        let (reduced, research) = match pending {
            Some((m, Pending::Reduced(by))) if m == mv => (Some(by), None),
            Some((m, Pending::ReSearch)) if m == mv => (None, Some(ReSearch::Reduction)),
            _ => (None, None),
        };
        let parent = self.stack.last();
        let pvs = !mv.is_null()
            && parent
                .and_then(|p| p.last_child)
                .is_some_and(|(m, ..)| m == mv);
        let same_position = mv.is_null() && parent.is_some_and(|p| p.node.ply == ply);
        let step = match parent {
            _ if same_position => None,
            None if ply == 0 && mv.is_null() => None,
            _ if mv.is_null() => Some(Step::Pass),
            _ => Some(Step::Move(mv)),
        };
        if let Some(positions) = &mut self.positions {
            positions.enter(step, ply, parent.is_none());
        }
        let on_path = step.is_some();
        self.path.extend(step);
        let node = WalkedNode {
            id: self.next_id,
            ply,
            depth: entry.depth,
            kind: entry.kind,
            mv,
            window: entry.window,
            result: None,
            iteration: self.iteration,
            top_level: parent.is_none(),
            same_position,
            cutoff: None,
            tt: None,
            tt_move_tried: false,
            tt_move_cut: false,
            tried: 0,
            children: 0,
            subtree: 1,
            minimal: 1,
            before_cut: 0,
            reduced,
            re_search: research.or(pvs.then_some(ReSearch::Pvs)),
            null_move: None,
            pruned: None,
            pruned_moves: 0,
        };
        self.next_id += 1;
        self.stack.push(Frame {
            node,
            on_path,
            child_sum: 0,
            child_minimal: 0,
            last_child: None,
            move_start: None,
            cut_minimal: None,
        });
    }

    /// An event of the innermost open node (outside any node, it is ignored, as the tree does).
    fn own_event(&mut self, event: Event) {
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        let node = &mut frame.node;
        match event {
            Event::MoveTried { mv, .. } => {
                node.tried += 1;
                if node.tt.is_some_and(|tt| tt.mv == mv && !mv.is_null()) {
                    node.tt_move_tried = true;
                }
            }
            Event::Cutoff { mv, .. } => {
                node.cutoff = CutoffInfo::of(&event);
                node.tt_move_cut = node.tt.is_some_and(|tt| tt.mv == mv && !mv.is_null());
                if let Some((m, _, minimal)) = frame.last_child.filter(|c| c.0 == mv) {
                    frame.cut_minimal = Some(minimal);
                    node.before_cut = frame.move_start.filter(|s| s.0 == m).map_or(0, |s| s.1);
                } else {
                    node.before_cut = frame.child_sum;
                }
            }
            Event::TtHit { mv, cutoff, .. } => {
                node.tt.get_or_insert(TtProbe { mv, cutoff }).cutoff |= cutoff;
            }
            Event::NullMove {
                depth,
                reduction,
                score,
                cutoff,
            } => {
                node.null_move = Some(NullTry {
                    depth,
                    reduction,
                    score,
                    cutoff,
                });
            }
            Event::Pruned { mv, rule, score } if mv.is_null() => node.pruned = Some((rule, score)),
            Event::Pruned { .. } => node.pruned_moves += 1,
            _ => {}
        }
    }

    /// Completes the innermost open node, hands it out, and adds it to its parent.
    fn close(
        &mut self,
        result: Option<(i32, Bound)>,
        on_node: &mut dyn FnMut(&WalkedNode, &WalkPath<'_>),
    ) {
        let Some(frame) = self.stack.last_mut() else {
            return;
        };
        let node = &mut frame.node;
        node.result = result;
        node.subtree = 1 + frame.child_sum;
        node.minimal = 1 + frame.cut_minimal.unwrap_or(frame.child_minimal);
        let path = WalkPath {
            steps: &self.path,
            positions: self.positions.as_ref(),
        };
        on_node(node, &path);
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if frame.on_path {
            self.path.pop();
        }
        if let Some(positions) = &mut self.positions {
            positions.exit();
        }
        if let Some(parent) = self.stack.last_mut() {
            let node = &frame.node;
            parent.node.children += 1;
            if parent.move_start.is_none_or(|(m, _)| m != node.mv) {
                parent.move_start = Some((node.mv, parent.child_sum));
            }
            parent.child_sum += node.subtree;
            parent.child_minimal += node.minimal;
            parent.last_child = Some((node.mv, node.subtree, node.minimal));
        }
    }
}
