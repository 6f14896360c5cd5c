//! `SearchTree`: an index of the nodes in an event log, built in one pass, so a viewer can walk
//! parents, children and subtrees of a search of a hundred million events without rescanning
//! the log.
//!
//! Nodes are numbered in the order they were entered (pre-order), so a node's subtree is the
//! contiguous id range `id..end` and its events are the contiguous range `enter..=exit`. The
//! index keeps 21 bytes a node — enter and exit event, parent, last child and index among its
//! siblings (`u32` each), and a byte of flags (TT hit, TT cutoff, cutoff, pruned moves, illegal
//! node, illegal tries) —
//! and reads everything else from the events it holds (`Events`, in memory or mapped): the
//! window, move and ply from the node's `NodeEnter`, its result from its `NodeExit`, the cutoff
//! and the pruned-move count from its own events (see `node.rs`). What is derived costs O(1)
//! or a binary search: the first child is `id + 1` when that node's parent is `id`, the subtree
//! ends at the first node entered after the exit, and the next sibling is that node when it
//! has the same parent. So a viewer still pages to any child of a million-child node, or steps
//! through a million-level line, without walking the siblings or the levels.

mod node;

pub use node::{CutoffInfo, Node};

use killerscope_chess::Move;
use killerscope_log::Event;
use killerscope_log::{EventSource, Events};
use std::ops::Range;

/// Index of a node in a `SearchTree` (pre-order: the order the search entered the nodes).
pub type NodeId = u32;

const NONE: u32 = u32::MAX;
const FLAG_TT_HIT: u8 = 1;
const FLAG_TT_CUTOFF: u8 = 2;
const FLAG_CUTOFF: u8 = 4;
const FLAG_PRUNED: u8 = 8;
const FLAG_ILLEGAL: u8 = 16;
const FLAG_ILLEGAL_TRIES: u8 = 32;

/// What the index stores of one node; the rest is read from its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    enter: u32,
    exit: u32,
    parent: u32,
    last_child: u32,
    index: u32,
}

/// The node index of an event log, holding the events it indexes. Grows with `extend` as a live
/// search streams events, or with `index_chunk` over events it already holds.
#[derive(Clone, Debug, Default)]
pub struct SearchTree {
    events: Events,
    links: Vec<Link>,
    flags: Vec<u8>,
    /// Open nodes, innermost last.
    stack: Vec<NodeId>,
    roots: Vec<NodeId>,
    events_seen: usize,
    stray: usize,
    /// An `Illegal` event's node and move, until the move's node is entered (or another move
    /// is tried): that node gets `FLAG_ILLEGAL`.
    illegal: Option<(NodeId, Move)>,
}

impl SearchTree {
    /// Indexes `events` in one pass (a slice is copied; `Events` are shared, not copied).
    pub fn build(events: impl Into<Events>) -> SearchTree {
        let mut tree = SearchTree::over(events);
        tree.index_held();
        tree.shrink_to_fit();
        tree
    }

    /// Gives back the room the index grew into but does not use (a finished log's index).
    pub fn shrink_to_fit(&mut self) {
        self.links.shrink_to_fit();
        self.flags.shrink_to_fit();
        self.roots.shrink_to_fit();
    }

    /// An empty index over `events`, to be filled by `index_chunk`.
    pub fn over(events: impl Into<Events>) -> SearchTree {
        SearchTree {
            events: events.into(),
            ..SearchTree::default()
        }
    }

    /// Appends events that follow the ones held so far (a streamed batch) and indexes them.
    pub fn extend(&mut self, batch: &[Event]) {
        self.events.extend_from_slice(batch);
        self.index_chunk(batch);
    }

    /// Takes another view of the same events: a live spool's, once the caller has indexed
    /// (with `index_chunk`) the records it has published so far.
    pub fn set_events(&mut self, events: Events) {
        self.events = events;
    }

    /// Indexes the held events not indexed yet, a chunk at a time.
    fn index_held(&mut self) {
        let events = self.events.clone();
        let from = self.events_seen;
        events.for_each_chunk(from..events.len(), &mut |chunk| self.index_chunk(chunk));
    }

    /// Indexes the next events, already decoded by the caller: they must be the held events
    /// from `events_seen()` on (a background reader decodes each event once and feeds every
    /// index from it).
    pub fn index_chunk(&mut self, chunk: &[Event]) {
        for (k, event) in chunk.iter().enumerate() {
            let i = (self.events_seen + k) as u32;
            let flag = match *event {
                Event::NodeEnter { mv, .. } => {
                    let parent = self.stack.last().copied();
                    let pending = self.illegal.take();
                    let illegal = pending.is_some() && pending == parent.map(|p| (p, mv));
                    self.enter(i);
                    if illegal && let Some(flags) = self.flags.last_mut() {
                        *flags |= FLAG_ILLEGAL;
                    }
                    continue;
                }
                Event::Illegal { mv } => {
                    self.illegal = self.stack.last().map(|&p| (p, mv));
                    if mv.is_null() {
                        continue;
                    }
                    FLAG_ILLEGAL_TRIES
                }
                Event::MoveTried { mv, .. } => {
                    if self.illegal.is_some_and(|(_, m)| m != mv) {
                        self.illegal = None;
                    }
                    0
                }
                Event::NodeExit { .. } => {
                    match self.stack.pop() {
                        Some(id) => self.links[id as usize].exit = i,
                        None => self.stray += 1,
                    }
                    continue;
                }
                Event::Cutoff { .. } => FLAG_CUTOFF,
                Event::TtHit { cutoff: true, .. } => FLAG_TT_HIT | FLAG_TT_CUTOFF,
                Event::TtHit { .. } => FLAG_TT_HIT,
                Event::Pruned { mv, .. } if !mv.is_null() => FLAG_PRUNED,
                // Iterations and aspiration windows come between the roots.
                Event::Iteration { .. } | Event::Aspiration { .. } => continue,
                // Other kinds (new ones too) belong to the open node and shape no tree.
                _ => 0,
            };
            match self.stack.last() {
                Some(&id) => self.flags[id as usize] |= flag,
                None => self.stray += 1,
            }
        }
        self.events_seen += chunk.len();
    }

    /// Links a newly entered node after the last child of the innermost open node (or after
    /// the last top-level node) and opens it.
    fn enter(&mut self, enter: u32) {
        let id = self.links.len() as u32;
        let (parent, index) = match self.stack.last() {
            Some(&parent) => {
                let last = self.links[parent as usize].last_child;
                self.links[parent as usize].last_child = id;
                let index = match self.links.get(last as usize) {
                    Some(l) => l.index + 1,
                    None => 0,
                };
                (parent, index)
            }
            None => {
                self.roots.push(id);
                (NONE, self.roots.len() as u32 - 1)
            }
        };
        self.links.push(Link {
            enter,
            exit: NONE,
            parent,
            last_child: NONE,
            index,
        });
        self.flags.push(0);
        self.stack.push(id);
    }

    /// The events the index reads from.
    pub fn events(&self) -> &Events {
        &self.events
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Whether no node was entered.
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// Number of events indexed so far.
    pub fn events_seen(&self) -> usize {
        self.events_seen
    }

    /// Heap bytes of the index itself (not of the events): what the explorer holds per node.
    pub fn index_bytes(&self) -> usize {
        self.links.capacity() * std::mem::size_of::<Link>()
            + self.flags.capacity()
            + (self.roots.capacity() + self.stack.capacity()) * 4
    }

    /// Events that belong to no open node (an exit without an enter, a cutoff outside any
    /// node): zero for any log the recorder wrote.
    pub fn stray_events(&self) -> usize {
        self.stray
    }

    /// The node with id `id`; `None` if out of range.
    pub fn node(&self, id: NodeId) -> Option<Node<'_>> {
        let link = *self.links.get(id as usize)?;
        Some(Node::new(self, id, link, self.flags[id as usize]))
    }

    fn link(&self, id: NodeId) -> Option<Link> {
        self.links.get(id as usize).copied()
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

    /// The parent of `id` (`None` for a top-level node).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.link(id).map(|l| l.parent).filter(|&p| p != NONE)
    }

    /// The first child of `id`: the next node entered, if `id` is its parent.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        let next = id.checked_add(1)?;
        (self.link(next)?.parent == id).then_some(next)
    }

    /// The last child of `id` searched so far.
    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.link(id).map(|l| l.last_child).filter(|&c| c != NONE)
    }

    /// Number of children of `id` searched so far.
    pub fn child_count(&self, id: NodeId) -> u32 {
        self.last_child(id)
            .and_then(|c| self.link(c))
            .map_or(0, |l| l.index + 1)
    }

    /// The next child of the same parent, in search order: the node entered right after the
    /// subtree of `id`, if it has the same parent (none while `id` is open).
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        let l = self.link(id)?;
        if l.exit == NONE {
            return None;
        }
        let end = self.subtree(id).end;
        (self.link(end)?.parent == l.parent).then_some(end)
    }

    /// The previous child of the same parent: the ancestor of `id - 1` that has `id`'s parent
    /// (a top-level node's comes from the roots).
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        let l = self.link(id)?;
        if l.index == 0 {
            return None;
        }
        if l.parent == NONE {
            return self.roots.get(l.index as usize - 1).copied();
        }
        let mut at = id - 1;
        loop {
            let parent = self.link(at)?.parent;
            if parent == l.parent {
                return Some(at);
            }
            at = parent;
        }
    }

    /// Children of `id` in the order they were searched.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.first_child(id), |&c| self.next_sibling(c))
    }

    /// Ids of the nodes in `id`'s subtree (itself included): contiguous in pre-order. A closed
    /// subtree ends at the first node entered after its exit (a binary search past its last
    /// child); an open one runs to the last node.
    pub fn subtree(&self, id: NodeId) -> Range<NodeId> {
        let Some(l) = self.link(id) else {
            return id..id;
        };
        let len = self.links.len() as u32;
        if l.exit == NONE {
            return id..len;
        }
        if l.last_child == NONE {
            return id..id + 1;
        }
        let from = l.last_child as usize + 1;
        let after = self.links[from..].partition_point(|n| n.enter < l.exit);
        id..(from + after) as u32
    }

    /// Number of nodes in `id`'s subtree, itself included.
    pub fn subtree_size(&self, id: NodeId) -> u32 {
        let r = self.subtree(id);
        r.end - r.start
    }

    /// The events of node `id`, from its enter to its exit (or to the last event indexed if
    /// open).
    pub fn event_range(&self, id: NodeId) -> Range<usize> {
        match self.link(id) {
            Some(l) if l.exit == NONE => l.enter as usize..self.events_seen,
            Some(l) => l.enter as usize..l.exit as usize + 1,
            None => 0..0,
        }
    }

    /// The innermost node open at event `i` (the node event `i` belongs to), by binary search.
    pub fn node_at_event(&self, i: usize) -> Option<NodeId> {
        let after = self.links.partition_point(|n| n.enter as usize <= i);
        let mut id = after.checked_sub(1)? as u32;
        loop {
            let l = self.links[id as usize];
            if l.exit != NONE && (l.exit as usize) < i {
                id = self.parent(id)?;
            } else {
                return Some(id);
            }
        }
    }

    /// Ancestors of `id`, its parent first and its top-level node last: a loop over parent
    /// links, so a line a million levels deep costs a million steps and no stack.
    pub fn ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.parent(id), |&n| self.parent(n))
    }

    /// Whether `ancestor` is `id` or above it: nodes nest, so `id` is inside when it was
    /// entered at or after `ancestor` and before its exit.
    pub fn is_ancestor(&self, ancestor: NodeId, id: NodeId) -> bool {
        match (self.link(ancestor), self.link(id)) {
            (Some(a), Some(n)) => ancestor <= id && (a.exit == NONE || n.enter < a.exit),
            _ => false,
        }
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
        let mut path: Vec<NodeId> = self.link(id).map(|_| id).into_iter().collect();
        path.extend(self.ancestors(id));
        path.reverse();
        path
    }

    /// The steps from the root to the innermost node open after the first `n` events (passes
    /// included): where the search stood at that moment.
    pub fn path_at(&self, n: usize) -> Vec<super::line::Step> {
        let Some(last) = n.checked_sub(1) else {
            return Vec::new();
        };
        let node = self.node_at_event(last).and_then(|id| match self.link(id) {
            Some(l) if l.exit as usize == last => self.parent(id),
            _ => Some(id),
        });
        node.map_or_else(Vec::new, |id| {
            self.line(id).into_iter().map(|(_, s)| s).collect()
        })
    }
}

const _: () = assert!(
    std::mem::size_of::<Link>() == 20,
    "a node's links stay 20 bytes (plus its flag byte)"
);
