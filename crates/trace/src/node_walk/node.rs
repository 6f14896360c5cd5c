//! What the walk says of a node: its type, its TT probe, the node itself, and where it sits.

use super::positions::Positions;
use crate::line::Step;
use crate::tree::CutoffInfo;
use crate::{marks::NullTry, marks::ReSearch};
use killerscope_chess::{Move, Position};
use killerscope_log::{Bound, NodeKind, PruneRule};

/// The four kinds of node a search report tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NodeType {
    /// A full-width node whose score is exact (inside its window).
    Pv,
    /// A full-width node that failed high (its score is a lower bound).
    Cut,
    /// A full-width node that failed low (its score is an upper bound).
    All,
    /// A quiescence node.
    Quiescence,
}

impl NodeType {
    /// Every type, in report order.
    pub const ALL: [NodeType; 4] = [
        NodeType::Pv,
        NodeType::Cut,
        NodeType::All,
        NodeType::Quiescence,
    ];

    /// The type of a node of `kind` that returned with `bound`.
    pub fn of(kind: NodeKind, bound: Bound) -> NodeType {
        match (kind, bound) {
            (NodeKind::Quiescence, _) => NodeType::Quiescence,
            (NodeKind::Main, Bound::Exact) => NodeType::Pv,
            (NodeKind::Main, Bound::Lower) => NodeType::Cut,
            (NodeKind::Main, Bound::Upper) => NodeType::All,
        }
    }

    /// The label the explorer's tree shows: `PV`, `CUT`, `ALL`, `Q`.
    pub const fn label(self) -> &'static str {
        match self {
            NodeType::Pv => "PV",
            NodeType::Cut => "CUT",
            NodeType::All => "ALL",
            NodeType::Quiescence => "Q",
        }
    }
}

/// The transposition-table entry a node found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtProbe {
    /// The stored move (`Move::NULL` if none).
    pub mv: Move,
    /// Whether the entry ended the node without a search.
    pub cutoff: bool,
}

/// One node as the walk saw it, complete at its exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkedNode {
    /// Pre-order id: the `SearchTree` id of the same node.
    pub id: u64,
    /// Distance from the root.
    pub ply: u8,
    /// Remaining depth at entry.
    pub depth: i8,
    /// Main search or quiescence.
    pub kind: NodeKind,
    /// The move that led here (`Move::NULL` at a root, or for a null-move search).
    pub mv: Move,
    /// The window (alpha, beta) at entry.
    pub window: (i32, i32),
    /// Score and bound; `None` for a node still open when the log ends.
    pub result: Option<(i32, Bound)>,
    /// Remaining depth of the top-level node above it: the iteration it belongs to.
    pub iteration: i8,
    /// Whether it is a top-level node (an iteration's root, or the top of a filtered log).
    pub top_level: bool,
    /// Whether it searches its parent's position again (entered by no move at the parent's
    /// ply: an engine's internal iterative deepening or verification search, as Texel logs
    /// record them).
    pub same_position: bool,
    /// The move that failed high here, if one did.
    pub cutoff: Option<CutoffInfo>,
    /// The node's transposition-table hit (the first, if an engine reports several).
    pub tt: Option<TtProbe>,
    /// Whether the TT entry's move was then tried here.
    pub tt_move_tried: bool,
    /// Whether the TT entry's move cut the node off.
    pub tt_move_cut: bool,
    /// Moves tried (`MoveTried` events of the node itself).
    pub tried: u32,
    /// Child nodes (re-searches of a move are children too).
    pub children: u32,
    /// Nodes in its subtree, itself included.
    pub subtree: u64,
    /// Nodes its subtree would have if every cut node in it had been cut by its first move:
    /// each cut node's children replaced by the last search of its cutting move alone.
    pub minimal: u64,
    /// For a cut node: nodes searched under the moves tried before the cutting move (what
    /// ordering it first would have saved here).
    pub before_cut: u64,
    /// Plies its move was reduced by (a late move reduction).
    pub reduced: Option<u8>,
    /// Whether, and why, the node searches its move again.
    pub re_search: Option<ReSearch>,
    /// The null move the node tried, if it did.
    pub null_move: Option<NullTry>,
    /// The rule that pruned the whole node, and the bound it judged.
    pub pruned: Option<(PruneRule, i32)>,
    /// Moves pruned here without a search.
    pub pruned_moves: u32,
}

impl WalkedNode {
    /// PV, CUT, ALL or quiescence; `None` while unfinished.
    pub fn node_type(&self) -> Option<NodeType> {
        self.result.map(|(_, bound)| NodeType::of(self.kind, bound))
    }

    /// Whether the node is a null-move search (its parent passed).
    pub fn is_null_search(&self) -> bool {
        self.mv.is_null() && self.ply > 0 && !self.same_position
    }
}

/// Where a node sits, while the walk hands it out: its line from the root and the position.
pub struct WalkPath<'a> {
    pub(super) steps: &'a [Step],
    pub(super) positions: Option<&'a Positions>,
}

impl<'a> WalkPath<'a> {
    /// The steps from the root to the node: moves, and passes for null moves (a root, and a
    /// search of its parent's own position, add none).
    pub fn steps(&self) -> &'a [Step] {
        self.steps
    }

    /// The position at the node, when the walk follows positions ([`with_positions`](crate::NodeWalk::with_positions))
    /// and every move above it was legal where it was played.
    pub fn position(&self) -> Option<&'a Position> {
        self.positions?.at_node()
    }

    /// The position at the node's parent, where its move was played (when followed): made on
    /// demand, since the walk keeps one board.
    pub fn parent_position(&self) -> Option<Position> {
        self.positions?.at_parent()
    }
}
