//! What the diff reads of a search tree, whichever index holds it: the explorer's
//! [`SearchTree`] (links over the log's events, which it shares with its panels) or the diff's
//! own [`CompactTree`](super::CompactTree) (every fact the diff needs copied out of the events
//! as they stream by, so the command holds no event at all). Both answer for the same log
//! alike, so the walk, the alignment and the sentences are one code for both.

use killerscope_chess::Move;
use killerscope_log::{Bound, NodeKind};
use killerscope_trace::line::Step;
use killerscope_trace::{CutoffInfo, NodeId, SearchTree};

/// How a node ended, as the diff compares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Main search or quiescence.
    pub kind: NodeKind,
    /// The score and bound it returned (`None`: never closed, the log ends inside it).
    pub result: Option<(i32, Bound)>,
    /// The last move that failed high among its own events.
    pub cutoff: Option<CutoffInfo>,
    /// Whether a transposition-table entry ended it without a search.
    pub tt_cutoff: bool,
}

/// A search tree in pre-order (ids in the order the nodes were entered), as the diff reads it.
pub trait DiffTree {
    /// Number of nodes.
    fn node_count(&self) -> usize;
    /// Top-level nodes, in search order.
    fn top_level(&self) -> &[NodeId];
    /// The remaining depth top-level node `root` was entered with: its iteration's.
    fn root_depth(&self, root: NodeId) -> i8;
    /// Nodes of the subtree of `id`, itself included.
    fn nodes_under(&self, id: NodeId) -> u64;
    /// Children of `id` in search order.
    fn child_ids(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_;
    /// Whether `id` has a child.
    fn has_child(&self, id: NodeId) -> bool {
        self.child_ids(id).next().is_some()
    }
    /// The move that led to `id` (`Move::NULL` for a root or a null move), and whether `id`
    /// searches its parent's own position again (entered by no move at the parent's ply).
    fn entered_by(&self, id: NodeId) -> (Move, bool);
    /// How `id` ended.
    fn outcome(&self, id: NodeId) -> Outcome;
    /// The top-level node whose subtree holds `id`.
    fn top_of(&self, id: NodeId) -> Option<NodeId>;
    /// The steps from the top-level node down to `id`, passes included.
    fn steps_to(&self, id: NodeId) -> Vec<Step>;
}

impl DiffTree for SearchTree {
    fn node_count(&self) -> usize {
        self.len()
    }

    fn top_level(&self) -> &[NodeId] {
        self.roots()
    }

    fn root_depth(&self, root: NodeId) -> i8 {
        self.node(root).map_or(0, |n| n.depth())
    }

    fn nodes_under(&self, id: NodeId) -> u64 {
        u64::from(self.subtree_size(id))
    }

    fn child_ids(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.children(id)
    }

    fn has_child(&self, id: NodeId) -> bool {
        self.child_count(id) > 0
    }

    fn entered_by(&self, id: NodeId) -> (Move, bool) {
        let node = self.node(id);
        (
            node.map_or(Move::NULL, |n| n.mv()),
            node.is_some_and(|n| n.same_position()),
        )
    }

    fn outcome(&self, id: NodeId) -> Outcome {
        let node = self.node(id);
        Outcome {
            kind: node.map_or(NodeKind::Main, |n| n.kind()),
            result: node.and_then(|n| n.result()),
            cutoff: node.and_then(|n| n.cutoff()),
            tt_cutoff: node.is_some_and(|n| n.tt_cutoff()),
        }
    }

    fn top_of(&self, id: NodeId) -> Option<NodeId> {
        self.root_of(id)
    }

    fn steps_to(&self, id: NodeId) -> Vec<Step> {
        self.line(id).into_iter().map(|(_, step)| step).collect()
    }
}
