//! Diffing two searches of the same position node by node: the trees are aligned by move path,
//! iteration by iteration (the k-th search of an iteration's root in one with the k-th in the
//! other; a null move is a step of the path, and the k-th search of a move under a node — a
//! re-search — pairs with the k-th), and every pair of nodes found in both is compared.
//!
//! A **divergence** is a pair whose move order, cutting move, cutting source or node type
//! differ, or under which one search has subtrees the other has not. It explains the nodes of
//! those subtrees: what A searched there and B did not counts for A, and the other way round.
//! Every node of either tree is in exactly one aligned pair or one such subtree, so the
//! divergences explain the whole difference in size, to the node; they are ranked by how many
//! nodes of the difference they explain (then by the nodes searched by one side only), and each
//! is told in a sentence ([`describe`]).
//!
//! The walk is iterative over the two tree indexes (no recursion, any depth), and the
//! divergences kept are the `limit` biggest: memory is the two indexes, whatever the number of
//! differences. The indexes are whatever [`DiffTree`] they are: the explorer's `SearchTree`s,
//! which read their nodes back from the logs' events, or the `diff` command's
//! [`CompactTree`]s, which copied out all the walk reads as the logs streamed by once and hold
//! no event (16 bytes a node, about 5 an event, and no page of either log).

mod align;
mod compact;
mod describe;
mod facts;
mod pairs;
mod shape;

pub use align::{diff_trees, divergence_at, kinds_at};
pub use compact::{CompactTree, CompactTreeBuilder};
pub use pairs::{Pair, alignable, child_pairs, pair_has_children, root_pairs};
pub use shape::{DiffTree, Outcome};

use killerscope_chess::Move;
use killerscope_trace::NodeType;
use killerscope_trace::line::Step;
use killerscope_trace::{CutoffInfo, NodeId};

/// What one search did at a node of a divergence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideFacts {
    /// The node's id in its own tree.
    pub node: NodeId,
    /// PV, CUT, ALL or quiescence (`None`: unfinished).
    pub node_type: Option<NodeType>,
    /// The score it returned.
    pub score: Option<i32>,
    /// The move that cut it off.
    pub cutoff: Option<CutoffInfo>,
    /// Whether a transposition-table entry ended it without a search.
    pub tt_cutoff: bool,
    /// Whether it failed high on its null move alone (no move searched).
    pub null_cutoff: bool,
    /// Moves searched (each once however often re-searched; the null move not counted).
    pub searched: u32,
    /// For a cut node: distinct moves searched before the cutting move.
    pub moves_before_cut: u32,
    /// For a cut node: nodes under the moves searched before the cutting move.
    pub before_cut: u64,
    /// For a cut node: nodes under the cutting move's own searches.
    pub cut_nodes: u64,
    /// Nodes of its subtree.
    pub nodes: u64,
    /// The first moves it searched, in order (`Move::NULL` past the last).
    pub first_moves: [Move; ORDER_SHOWN],
}

/// Moves of each side's order a divergence keeps, to say how the orders differ.
pub const ORDER_SHOWN: usize = 4;

/// What differs at a divergence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DivergenceKinds {
    /// The moves searched by both came in another order.
    pub order: bool,
    /// One cut with another move, or only one cut.
    pub cut_move: bool,
    /// Both cut, by moves their logs credit to different sources.
    pub cut_source: bool,
    /// PV, CUT, ALL or quiescence differ.
    pub node_type: bool,
    /// A searched subtrees B did not.
    pub only_a: bool,
    /// B searched subtrees A did not.
    pub only_b: bool,
}

impl DivergenceKinds {
    /// Each kind, in field order: whether it is present, its JSON name (`diff --json`'s
    /// `kinds`) and its one-letter mark in the explorer's diff tree.
    pub fn each(self) -> [(bool, &'static str, char); 6] {
        [
            (self.order, "order", 'o'),
            (self.cut_move, "cut_move", 'c'),
            (self.cut_source, "cut_source", 's'),
            (self.node_type, "node_type", 't'),
            (self.only_a, "only_a", 'A'),
            (self.only_b, "only_b", 'B'),
        ]
    }
}

/// A subtree searched under a divergence by one side only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlyIn {
    /// The move that leads to it (`Move::NULL`: a null move, or a root).
    pub mv: Move,
    /// Its nodes.
    pub nodes: u64,
    /// Whether it is a second (or later) search of the move: a re-search.
    pub repeat: bool,
}

/// The subtrees one side searched under a divergence and the other did not: the few its
/// sentence names, and the nodes of them all, which the divergence explains.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlySide {
    /// The biggest, biggest first (at most `SHOWN_SUBTREES`).
    pub biggest: Vec<OnlyIn>,
    /// Nodes of every one of them.
    pub nodes: u64,
}

/// One place where the two searches part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The iteration, by its depth.
    pub iteration: i8,
    /// The line from the root (moves, and passes for null moves); empty at a root.
    pub path: Vec<Step>,
    /// A's node, when A has it (a root searched by B only has none).
    pub a: Option<SideFacts>,
    /// B's node.
    pub b: Option<SideFacts>,
    /// What differs.
    pub kinds: DivergenceKinds,
    /// Subtrees only A searched here.
    pub only_a: OnlySide,
    /// Subtrees only B searched here.
    pub only_b: OnlySide,
    /// The divergence told in a sentence.
    pub sentence: String,
}

/// Subtrees of one side kept per divergence for its sentence.
pub const SHOWN_SUBTREES: usize = 3;

impl Divergence {
    /// The nodes of the difference it explains, A's minus B's.
    pub fn explains(&self) -> i64 {
        self.only_a.nodes as i64 - self.only_b.nodes as i64
    }

    /// Nodes searched here by one side only.
    pub fn unshared(&self) -> u64 {
        self.only_a.nodes + self.only_b.nodes
    }
}

/// How many divergences of each kind were found (one divergence may count under several).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindCounts {
    /// Move order.
    pub order: u64,
    /// Cutting move.
    pub cut_move: u64,
    /// Cutting source.
    pub cut_source: u64,
    /// Node type.
    pub node_type: u64,
    /// Subtrees searched by one side only.
    pub only_one: u64,
}

/// Nodes of one iteration in each search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IterationNodes {
    /// The iteration's depth.
    pub depth: i8,
    /// A's nodes in it.
    pub a: u64,
    /// B's.
    pub b: u64,
}

/// The diff of two searches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeDiff {
    /// Nodes of A and of B.
    pub nodes: [u64; 2],
    /// Nodes per iteration.
    pub iterations: Vec<IterationNodes>,
    /// Divergences found.
    pub total: u64,
    /// Of which by kind.
    pub kinds: KindCounts,
    /// Nodes all divergences explain, A's minus B's: always `nodes[0] - nodes[1]`.
    pub explained: i64,
    /// Nodes searched by one side only, over all divergences.
    pub unshared: u64,
    /// The biggest divergences: by nodes of the difference explained, then by nodes searched by
    /// one side only, then in A's search order.
    pub divergences: Vec<Divergence>,
}
