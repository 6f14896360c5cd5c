//! `SearchTree`: an index of the nodes in an event log, built in one pass, so a viewer can walk
//! parents, children and subtrees of a multi-million-node search without rescanning the log.
//!
//! Nodes are numbered in the order they were entered (pre-order), so a node's subtree is the
//! contiguous id range `id..end` and its events are the contiguous range `enter..=exit`.
//! Each node is one 64-byte record in a flat `Vec`; links are `u32` ids, both ways between
//! siblings and with each node's index among its siblings, so a viewer can page to any child of
//! a million-child node, or step through a million-level line, without walking the siblings.

use crate::chess::Move;
use crate::search::Event;
use crate::search::{Bound, MoveSource, NodeKind};
use std::ops::Range;

/// Index of a node in a `SearchTree` (pre-order: the order the search entered the nodes).
pub type NodeId = u32;

const NONE: u32 = u32::MAX;
const FLAG_TT_HIT: u8 = 1;
const FLAG_TT_CUTOFF: u8 = 2;
const FLAG_CUTOFF: u8 = 4;
const FLAG_CLOSED: u8 = 8;

/// The move that failed high in a node, and what put it where it was in the move order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutoffInfo {
    /// The refuting move.
    pub mv: Move,
    /// Its 0-based index in the ordered list.
    pub index: u8,
    /// The ordering heuristic that placed it.
    pub source: MoveSource,
}

/// One searched node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    parent: u32,
    first_child: u32,
    last_child: u32,
    prev_sibling: u32,
    next_sibling: u32,
    index: u32,
    enter: u32,
    exit: u32,
    end: u32,
    children: u32,
    alpha: i32,
    beta: i32,
    score: i32,
    mv: Move,
    cut_mv: Move,
    ply: u8,
    depth: i8,
    kind: NodeKind,
    bound: Bound,
    cut_index: u8,
    cut_source: u8,
    flags: u8,
    pruned: u8,
}

impl Node {
    /// The parent node, `None` for a root (each iteration's root, or the top of a filtered log).
    pub fn parent(&self) -> Option<NodeId> {
        (self.parent != NONE).then_some(self.parent)
    }
    /// The first child searched.
    pub fn first_child(&self) -> Option<NodeId> {
        (self.first_child != NONE).then_some(self.first_child)
    }
    /// The last child searched so far.
    pub fn last_child(&self) -> Option<NodeId> {
        (self.last_child != NONE).then_some(self.last_child)
    }
    /// The next child of the same parent, in search order.
    pub fn next_sibling(&self) -> Option<NodeId> {
        (self.next_sibling != NONE).then_some(self.next_sibling)
    }
    /// The previous child of the same parent, in search order: a PVS re-search is told from
    /// it, and a page of siblings is walked back from it, without scanning from the first.
    pub fn prev_sibling(&self) -> Option<NodeId> {
        (self.prev_sibling != NONE).then_some(self.prev_sibling)
    }
    /// Position among its siblings in search order (a root's among the roots), so a viewer
    /// can say "… N before" and place a page of children around it in constant time.
    pub fn sibling_index(&self) -> usize {
        self.index as usize
    }
    /// Number of children searched.
    pub fn child_count(&self) -> u32 {
        self.children
    }
    /// Index of this node's `NodeEnter` event.
    pub fn enter_event(&self) -> usize {
        self.enter as usize
    }
    /// Index of its `NodeExit` event; `None` while open (live search or truncated log).
    pub fn exit_event(&self) -> Option<usize> {
        self.is_closed().then_some(self.exit as usize)
    }
    /// Whether the node's `NodeExit` has been seen.
    pub fn is_closed(&self) -> bool {
        self.flags & FLAG_CLOSED != 0
    }
    /// Distance from the root.
    pub fn ply(&self) -> u8 {
        self.ply
    }
    /// Remaining depth at entry.
    pub fn depth(&self) -> i8 {
        self.depth
    }
    /// Main search or quiescence.
    pub fn kind(&self) -> NodeKind {
        self.kind
    }
    /// The move that led here (`Move::NULL` at the root).
    pub fn mv(&self) -> Move {
        self.mv
    }
    /// The window (alpha, beta) at entry.
    pub fn window(&self) -> (i32, i32) {
        (self.alpha, self.beta)
    }
    /// The returned score and bound, once closed.
    pub fn result(&self) -> Option<(i32, Bound)> {
        self.is_closed().then_some((self.score, self.bound))
    }
    /// The move that failed high here, if one did.
    pub fn cutoff(&self) -> Option<CutoffInfo> {
        if self.flags & FLAG_CUTOFF == 0 {
            return None;
        }
        Some(CutoffInfo {
            mv: self.cut_mv,
            index: self.cut_index,
            source: MoveSource::from_code(self.cut_source),
        })
    }
    /// Whether the transposition table had an entry for this node.
    pub fn tt_hit(&self) -> bool {
        self.flags & FLAG_TT_HIT != 0
    }
    /// Whether a TT entry ended this node without a search.
    pub fn tt_cutoff(&self) -> bool {
        self.flags & FLAG_TT_CUTOFF != 0
    }
    /// Moves pruned here without a search (futility; up to 255): they never became nodes, so
    /// a viewer can only learn of them from this count and the node's `Pruned` events.
    pub fn pruned_moves(&self) -> u8 {
        self.pruned
    }
}

/// The node index of an event log. Grows with `extend` as a live search streams events.
#[derive(Clone, Debug, Default)]
pub struct SearchTree {
    nodes: Vec<Node>,
    /// Open nodes, innermost last.
    stack: Vec<NodeId>,
    roots: Vec<NodeId>,
    events_seen: usize,
    stray: usize,
}

impl SearchTree {
    /// Indexes `events` in one pass.
    pub fn build(events: &[Event]) -> SearchTree {
        let mut tree = SearchTree::default();
        tree.extend(events);
        tree
    }

    /// Indexes events that follow the ones seen so far (a streamed batch).
    pub fn extend(&mut self, events: &[Event]) {
        self.nodes.reserve(events.len() / 3);
        for (k, event) in events.iter().enumerate() {
            let i = (self.events_seen + k) as u32;
            match *event {
                Event::NodeEnter {
                    ply,
                    depth,
                    kind,
                    mv,
                    alpha,
                    beta,
                } => self.enter(Node {
                    parent: NONE,
                    first_child: NONE,
                    last_child: NONE,
                    prev_sibling: NONE,
                    next_sibling: NONE,
                    index: 0,
                    enter: i,
                    exit: NONE,
                    end: NONE,
                    children: 0,
                    alpha,
                    beta,
                    score: 0,
                    mv,
                    cut_mv: Move::NULL,
                    ply,
                    depth,
                    kind,
                    bound: Bound::Exact,
                    cut_index: 0,
                    cut_source: 0,
                    flags: 0,
                    pruned: 0,
                }),
                Event::NodeExit { score, bound } => match self.stack.pop() {
                    Some(id) => {
                        let end = self.nodes.len() as u32;
                        let n = &mut self.nodes[id as usize];
                        n.exit = i;
                        n.end = end;
                        n.score = score;
                        n.bound = bound;
                        n.flags |= FLAG_CLOSED;
                    }
                    None => self.stray += 1,
                },
                Event::Cutoff {
                    mv, index, source, ..
                } => match self.stack.last() {
                    Some(&id) => {
                        let n = &mut self.nodes[id as usize];
                        n.cut_mv = mv;
                        n.cut_index = index;
                        n.cut_source = source.code();
                        n.flags |= FLAG_CUTOFF;
                    }
                    None => self.stray += 1,
                },
                Event::TtHit { cutoff, .. } => match self.stack.last() {
                    Some(&id) => {
                        let flag = if cutoff { FLAG_TT_CUTOFF } else { 0 };
                        self.nodes[id as usize].flags |= FLAG_TT_HIT | flag;
                    }
                    None => self.stray += 1,
                },
                Event::Pruned { mv, .. } if !mv.is_null() => match self.stack.last() {
                    Some(&id) => {
                        let n = &mut self.nodes[id as usize];
                        n.pruned = n.pruned.saturating_add(1);
                    }
                    None => self.stray += 1,
                },
                // Iterations and aspiration windows come between the roots.
                Event::Iteration { .. } | Event::Aspiration { .. } => {}
                // Other kinds (new ones too) belong to the open node and shape no tree.
                _ => self.stray += usize::from(self.stack.is_empty()),
            }
        }
        self.events_seen += events.len();
    }

    /// Links a newly entered node after the last child of the innermost open node (or after
    /// the last top-level node) and opens it.
    fn enter(&mut self, mut node: Node) {
        let id = self.nodes.len() as u32;
        let previous = match self.stack.last() {
            Some(&parent) => {
                let p = &mut self.nodes[parent as usize];
                node.parent = parent;
                node.index = p.children;
                p.children += 1;
                let last = p.last_child;
                p.last_child = id;
                if last == NONE {
                    p.first_child = id;
                }
                last
            }
            None => {
                node.index = self.roots.len() as u32;
                let last = self.roots.last().copied().unwrap_or(NONE);
                self.roots.push(id);
                last
            }
        };
        if previous != NONE {
            self.nodes[previous as usize].next_sibling = id;
            node.prev_sibling = previous;
        }
        self.nodes.push(node);
        self.stack.push(id);
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node was entered.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of events indexed so far.
    pub fn events_seen(&self) -> usize {
        self.events_seen
    }

    /// Events that belong to no open node (an exit without an enter, a cutoff outside any
    /// node): zero for any log the recorder wrote.
    pub fn stray_events(&self) -> usize {
        self.stray
    }

    /// The node with id `id`; `None` if out of range.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    /// Top-level nodes in order: one root per iteration (and per re-search of the root).
    pub fn roots(&self) -> &[NodeId] {
        &self.roots
    }

    /// Nodes still open after the last event, outermost first (the live search's current path,
    /// or where a truncated log stopped).
    pub fn open_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.stack.iter().copied()
    }

    /// Children of `id` in the order they were searched.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let first = self.node(id).and_then(Node::first_child);
        std::iter::successors(first, |&c| self.nodes[c as usize].next_sibling())
    }

    /// Ids of the nodes in `id`'s subtree (itself included): contiguous in pre-order.
    pub fn subtree(&self, id: NodeId) -> Range<NodeId> {
        match self.node(id) {
            Some(n) if n.is_closed() => id..n.end,
            Some(_) => id..self.nodes.len() as u32,
            None => id..id,
        }
    }

    /// Number of nodes in `id`'s subtree, itself included.
    pub fn subtree_size(&self, id: NodeId) -> u32 {
        let r = self.subtree(id);
        r.end - r.start
    }

    /// The events of node `id`, from its enter to its exit (or to the last event if open).
    pub fn event_range(&self, id: NodeId) -> Range<usize> {
        match self.node(id) {
            Some(n) => n.enter as usize..n.exit_event().map_or(self.events_seen, |x| x + 1),
            None => 0..0,
        }
    }

    /// The innermost node open at event `i` (the node event `i` belongs to), by binary search.
    pub fn node_at_event(&self, i: usize) -> Option<NodeId> {
        let after = self.nodes.partition_point(|n| n.enter as usize <= i);
        let mut id = after.checked_sub(1)? as u32;
        loop {
            let n = &self.nodes[id as usize];
            match n.exit_event() {
                Some(exit) if exit < i => id = n.parent()?,
                _ => return Some(id),
            }
        }
    }

    /// Ancestors of `id`, its parent first and its top-level node last: a loop over parent
    /// links, so a line a million levels deep costs a million steps and no stack.
    pub fn ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let parent = self.node(id).and_then(Node::parent);
        std::iter::successors(parent, |&n| self.nodes[n as usize].parent())
    }

    /// Whether `ancestor` is `id` or above it: pre-order ids make this a range test.
    pub fn is_ancestor(&self, ancestor: NodeId, id: NodeId) -> bool {
        self.subtree(ancestor).contains(&id)
    }

    /// The top-level node whose subtree holds `id`, by binary search over the roots (they are
    /// in pre-order), without walking up the line.
    pub fn root_of(&self, id: NodeId) -> Option<NodeId> {
        let after = self.roots.partition_point(|&r| r <= id);
        let root = *self.roots.get(after.checked_sub(1)?)?;
        self.is_ancestor(root, id).then_some(root)
    }

    /// Nodes from the top-level root down to `id`, inclusive.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path: Vec<NodeId> = self.node(id).map(|_| id).into_iter().collect();
        path.extend(self.ancestors(id));
        path.reverse();
        path
    }

    /// The moves from the top-level node down to `id` (the root's own null move left out).
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        let path = self.path(id).into_iter().map(|n| self.nodes[n as usize].mv);
        path.filter(|mv| !mv.is_null()).collect()
    }
}

const _: () = assert!(
    std::mem::size_of::<Node>() == 64,
    "a node stays one 64-byte record"
);
