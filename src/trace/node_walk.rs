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

use super::marks::{NullTry, ReSearch};
use super::tree::CutoffInfo;
use crate::chess::{Move, Position};
use crate::search::{Bound, Event, NodeKind, PruneRule, ReSearchReason};

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
        self.mv.is_null() && self.ply > 0
    }
}

/// Where a node sits, while the walk hands it out: the moves from the root and the position.
pub struct WalkPath<'a> {
    moves: &'a [Move],
    positions: &'a [Option<Position>],
}

impl<'a> WalkPath<'a> {
    /// The moves from the root to the node (a null move is `Move::NULL`; a root's own null
    /// move is left out).
    pub fn moves(&self) -> &'a [Move] {
        self.moves
    }

    /// The position at the node, when the walk follows positions ([`NodeWalk::with_positions`])
    /// and every move above it was legal where it was played.
    pub fn position(&self) -> Option<&'a Position> {
        self.positions.last().and_then(Option::as_ref)
    }

    /// The position at the node's parent, where its move was played (when followed).
    pub fn parent_position(&self) -> Option<&'a Position> {
        let n = self.positions.len();
        self.positions
            .get(n.checked_sub(2)?)
            .and_then(Option::as_ref)
    }
}

/// An open node and what its children told it so far.
struct Frame {
    node: WalkedNode,
    /// Whether `mv` is on the path (everything but a root's null move).
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
    path: Vec<Move>,
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

/// The positions of the open nodes, for walks that need them (Zobrist keys, SAN).
struct Positions {
    root: Option<Position>,
    stack: Vec<Option<Position>>,
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
            positions: Some(Positions {
                root,
                stack: Vec::new(),
            }),
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
            match event {
                Event::NodeEnter {
                    ply,
                    depth,
                    kind,
                    mv,
                    alpha,
                    beta,
                } => self.enter(ply, depth, kind, mv, (alpha, beta), pending),
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

    fn enter(
        &mut self,
        ply: u8,
        depth: i8,
        kind: NodeKind,
        mv: Move,
        window: (i32, i32),
        pending: Option<(Move, Pending)>,
    ) {
        if self.stack.is_empty() {
            self.iteration = depth;
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
        let on_path = !(parent.is_none() && ply == 0 && mv.is_null());
        if let Some(positions) = &mut self.positions {
            positions.enter(ply, mv, parent.is_none());
        }
        if on_path {
            self.path.push(mv);
        }
        let node = WalkedNode {
            id: self.next_id,
            ply,
            depth,
            kind,
            mv,
            window,
            result: None,
            iteration: self.iteration,
            top_level: parent.is_none(),
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
            Event::Cutoff {
                mv, index, source, ..
            } => {
                node.cutoff = Some(CutoffInfo { mv, index, source });
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
            moves: &self.path,
            positions: self.positions.as_ref().map_or(&[], |p| p.stack.as_slice()),
        };
        on_node(node, &path);
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if frame.on_path {
            self.path.pop();
        }
        if let Some(positions) = &mut self.positions {
            positions.stack.pop();
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

impl Positions {
    /// The position of a node entered by `mv` at `ply`: the root's for a top-level node at
    /// ply 0, else its parent's after `mv` (a pass for the null move), if legal there.
    fn enter(&mut self, ply: u8, mv: Move, top: bool) {
        let pos = if top {
            self.root.clone().filter(|_| ply == 0 && mv.is_null())
        } else {
            match self.stack.last().and_then(Option::as_ref) {
                Some(parent) if mv.is_null() => parent.after_pass(),
                Some(parent) if parent.is_legal(mv) => {
                    let mut pos = parent.clone();
                    pos.make_move(mv);
                    Some(pos)
                }
                _ => None,
            }
        };
        self.stack.push(pos);
    }
}
