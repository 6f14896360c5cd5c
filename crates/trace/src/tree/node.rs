//! `Node`: one searched node as the index and its events describe it, read on demand. The
//! links come from the index; the window, move, ply and depth from the node's `NodeEnter`;
//! the result from its `NodeExit`; the cutoff and the count of pruned moves from its own
//! events (those not inside a child), looked up only when the node's flags say there is one.

use super::{
    FLAG_CUTOFF, FLAG_ILLEGAL, FLAG_ILLEGAL_TRIES, FLAG_PRUNED, FLAG_TT_CUTOFF, FLAG_TT_HIT, Link,
    NONE, NodeId, SearchTree,
};
use killerscope_chess::Move;
use killerscope_log::NodeEntry;
use killerscope_log::{Bound, Event, MoveSource, NodeKind};
use std::fmt;

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

impl CutoffInfo {
    /// The cutoff `event` reports; `None` when it is not a `Cutoff`. The tree, the node walk
    /// and the provenance facts each take a node's cutoff from its events this way.
    pub fn of(event: &Event) -> Option<CutoffInfo> {
        match *event {
            Event::Cutoff {
                mv, index, source, ..
            } => Some(CutoffInfo { mv, index, source }),
            _ => None,
        }
    }
}

/// One searched node: a view into a `SearchTree` (cheap to copy; each accessor reads what it
/// needs).
#[derive(Clone, Copy)]
pub struct Node<'a> {
    tree: &'a SearchTree,
    id: NodeId,
    link: Link,
    flags: u8,
}

impl<'a> Node<'a> {
    pub(super) fn new(tree: &'a SearchTree, id: NodeId, link: Link, flags: u8) -> Node<'a> {
        Node {
            tree,
            id,
            link,
            flags,
        }
    }

    /// The node's id.
    pub fn id(self) -> NodeId {
        self.id
    }
    /// The parent node, `None` for a root (each iteration's root, or the top of a filtered log).
    pub fn parent(self) -> Option<NodeId> {
        (self.link.parent != NONE).then_some(self.link.parent)
    }
    /// The first child searched.
    pub fn first_child(self) -> Option<NodeId> {
        self.tree.first_child(self.id)
    }
    /// The last child searched so far.
    pub fn last_child(self) -> Option<NodeId> {
        (self.link.last_child != NONE).then_some(self.link.last_child)
    }
    /// The next child of the same parent, in search order.
    pub fn next_sibling(self) -> Option<NodeId> {
        self.tree.next_sibling(self.id)
    }
    /// The previous child of the same parent, in search order: a PVS re-search is told from
    /// it, and a page of siblings is walked back from it, without scanning from the first.
    pub fn prev_sibling(self) -> Option<NodeId> {
        self.tree.prev_sibling(self.id)
    }
    /// Position among its siblings in search order (a root's among the roots), so a viewer
    /// can say "… N before" and place a page of children around it in constant time.
    pub fn sibling_index(self) -> usize {
        self.link.index as usize
    }
    /// Number of children searched.
    pub fn child_count(self) -> u32 {
        self.tree.child_count(self.id)
    }
    /// Index of this node's `NodeEnter` event.
    pub fn enter_event(self) -> usize {
        self.link.enter as usize
    }
    /// Index of its `NodeExit` event; `None` while open (live search or truncated log).
    pub fn exit_event(self) -> Option<usize> {
        self.is_closed().then_some(self.link.exit as usize)
    }
    /// Whether the node's `NodeExit` has been seen.
    pub fn is_closed(self) -> bool {
        self.link.exit != NONE
    }
    /// Distance from the root, modulo 256: the byte a log keeps it in. Past 255 the nesting
    /// holds the rest (a child is one ply below its parent), so readers keep deep lines whole.
    pub fn ply(self) -> u8 {
        self.entry().ply
    }
    /// Remaining depth at entry.
    pub fn depth(self) -> i8 {
        self.entry().depth
    }
    /// Main search or quiescence.
    pub fn kind(self) -> NodeKind {
        self.entry().kind
    }
    /// The move that led here (`Move::NULL` at the root).
    pub fn mv(self) -> Move {
        self.entry().mv
    }
    /// The window (alpha, beta) at entry.
    pub fn window(self) -> (i32, i32) {
        self.entry().window
    }
    /// The returned score and bound, once closed.
    pub fn result(self) -> Option<(i32, Bound)> {
        match self.tree.events.get(self.exit_event()?)? {
            Event::NodeExit { score, bound } => Some((score, bound)),
            _ => None,
        }
    }
    /// The move that failed high here, if one did (the last cutoff among its own events).
    pub fn cutoff(self) -> Option<CutoffInfo> {
        if self.flags & FLAG_CUTOFF == 0 {
            return None;
        }
        self.own_events_backward().find_map(|e| CutoffInfo::of(&e))
    }
    /// Whether the transposition table had an entry for this node.
    pub fn tt_hit(self) -> bool {
        self.flags & FLAG_TT_HIT != 0
    }
    /// Whether a TT entry ended this node without a search.
    pub fn tt_cutoff(self) -> bool {
        self.flags & FLAG_TT_CUTOFF != 0
    }
    /// Moves pruned here without a search (futility; up to 255): they never became nodes, so
    /// a viewer can only learn of them from this count and the node's `Pruned` events.
    pub fn pruned_moves(self) -> u8 {
        self.own_count(
            FLAG_PRUNED,
            |e| matches!(e, Event::Pruned { mv, .. } if !mv.is_null()),
        )
    }

    /// Whether this node searches its parent's position again: entered by no move at the
    /// parent's own ply (internal iterative deepening, a singular-extension test or a null-move
    /// verification, as Texel's tree logs record them), unlike a null move one ply down.
    pub fn same_position(self) -> bool {
        self.mv().is_null()
            && self.ply() > 0
            && self
                .parent()
                .and_then(|p| self.tree.node(p))
                .is_some_and(|p| p.ply() == self.ply())
    }

    /// Whether the move that reached this node left the mover's own king attacked: a
    /// pseudo-legal engine's illegal try, or a null move made in check (an `Illegal` event
    /// announced it). The side to move here could capture a king; the node is refuted, and
    /// below a king capture positions are unknown (see `docs/trace-schema.md`).
    pub fn illegal(self) -> bool {
        self.flags & FLAG_ILLEGAL != 0
    }
    /// Moves tried here that left the king attacked (up to 255), whether or not the engine
    /// searched a node for them: an engine that refutes a try without a search leaves only
    /// this count and the node's `Illegal` events.
    pub fn illegal_tries(self) -> u8 {
        self.own_count(
            FLAG_ILLEGAL_TRIES,
            |e| matches!(e, Event::Illegal { mv } if !mv.is_null()),
        )
    }

    /// How many of the node's own events `counts` (up to 255); the walk over them is made only
    /// when the node's `flag` says there is one.
    fn own_count(self, flag: u8, counts: impl Fn(&Event) -> bool) -> u8 {
        if self.flags & flag == 0 {
            return 0;
        }
        let found = self.own_events_forward().filter(|e| counts(e)).count();
        u8::try_from(found).unwrap_or(u8::MAX)
    }

    /// The moves tried here that left the king attacked, in the order tried, at most `limit`
    /// (the walk over the node's own events ends once `illegal_tries` of them are found).
    pub fn illegal_moves(self, limit: usize) -> Vec<Move> {
        let wanted = usize::from(self.illegal_tries()).min(limit);
        self.own_events_forward()
            .filter_map(|e| match e {
                Event::Illegal { mv } if !mv.is_null() => Some(mv),
                _ => None,
            })
            .take(wanted)
            .collect()
    }

    /// The node's `NodeEnter`, read from the events (a record that no longer reads gives a
    /// blank entry rather than a panic: the file changed under the map after it was checked).
    fn entry(self) -> NodeEntry {
        let event = self.tree.events.get(self.enter_event());
        event.as_ref().and_then(NodeEntry::of).unwrap_or(NodeEntry {
            ply: 0,
            depth: 0,
            kind: NodeKind::Main,
            mv: Move::NULL,
            window: (0, 0),
        })
    }

    /// The last indexed event of the node, exclusive: its exit, or the end of what is indexed.
    fn own_end(self) -> usize {
        self.exit_event().unwrap_or(self.tree.events_seen)
    }

    /// The node's own events after its enter, in order, skipping over its children.
    fn own_events_forward(self) -> impl Iterator<Item = Event> + 'a {
        let tree = self.tree;
        let end = self.own_end();
        let mut child = self.first_child();
        let mut i = self.enter_event() + 1;
        std::iter::from_fn(move || {
            while i < end {
                if let Some(c) = child
                    .and_then(|c| tree.link(c))
                    .filter(|c| c.enter as usize == i)
                {
                    i = if c.exit == NONE {
                        end
                    } else {
                        c.exit as usize + 1
                    };
                    child = child.and_then(|c| tree.next_sibling(c));
                    continue;
                }
                i += 1;
                return tree.events.get(i - 1);
            }
            None
        })
    }

    /// The node's own events before its exit, last first, skipping over its children.
    fn own_events_backward(self) -> impl Iterator<Item = Event> + 'a {
        let tree = self.tree;
        let start = self.enter_event() + 1;
        let mut child = self.last_child();
        let mut i = self.own_end();
        std::iter::from_fn(move || {
            while i > start {
                let inside = |c: &Link| c.exit == NONE || c.exit as usize >= i - 1;
                if let Some(c) = child.and_then(|c| tree.link(c)).filter(inside) {
                    i = c.enter as usize;
                    child = child.and_then(|c| tree.prev_sibling(c));
                    continue;
                }
                i -= 1;
                return tree.events.get(i);
            }
            None
        })
    }

    /// Everything the node says, for comparing and printing nodes of different trees.
    fn facts(self) -> Facts {
        Facts {
            links: (
                self.id,
                self.parent(),
                self.first_child(),
                self.last_child(),
            ),
            siblings: (
                self.prev_sibling(),
                self.next_sibling(),
                self.sibling_index(),
            ),
            events: (self.child_count(), self.enter_event(), self.exit_event()),
            entry: (
                self.ply(),
                self.depth(),
                self.kind(),
                self.mv(),
                self.window(),
            ),
            outcome: (
                self.result(),
                self.cutoff(),
                self.tt_hit(),
                self.tt_cutoff(),
            ),
            pruned: self.pruned_moves(),
            illegal: (self.illegal(), self.illegal_tries()),
        }
    }
}

/// A node's every accessor, gathered.
#[derive(Debug, PartialEq)]
struct Facts {
    links: (NodeId, Option<NodeId>, Option<NodeId>, Option<NodeId>),
    siblings: (Option<NodeId>, Option<NodeId>, usize),
    events: (u32, usize, Option<usize>),
    entry: (u8, i8, NodeKind, Move, (i32, i32)),
    outcome: (Option<(i32, Bound)>, Option<CutoffInfo>, bool, bool),
    pruned: u8,
    illegal: (bool, u8),
}

impl PartialEq for Node<'_> {
    fn eq(&self, other: &Node<'_>) -> bool {
        self.facts() == other.facts()
    }
}

impl Eq for Node<'_> {}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Node{:?}", self.facts())
    }
}
