//! What the panels and the keys ask of the search on screen: children, siblings and parents,
//! the position at a node, whether a node lies on its iteration's principal variation, and
//! the next event of a kind along the timeline.

use killerscope_chess::{Move, Position};
use killerscope_log::Event;
use killerscope_trace::{Marks, Node};

use super::{NodeId, Session};

impl Session {
    /// The node the event at `index` belongs to (the innermost node open at that event).
    pub fn node_at_event(&self, index: usize) -> Option<NodeId> {
        self.ix.tree.node_at_event(index)
    }

    /// The node record; `None` only for an id from another session.
    pub fn node(&self, id: NodeId) -> Option<Node<'_>> {
        self.ix.tree.node(id)
    }

    /// Children of `parent` in the order searched; `None` lists the search roots (one per
    /// iteration).
    pub fn children(&self, parent: Option<NodeId>) -> Box<dyn Iterator<Item = NodeId> + '_> {
        match parent {
            Some(p) => Box::new(self.ix.tree.children(p)),
            None => Box::new(self.ix.tree.roots().iter().copied()),
        }
    }

    /// Number of children of `parent` (`None` = number of roots).
    pub fn child_count(&self, parent: Option<NodeId>) -> usize {
        match parent {
            Some(p) => self.node(p).map_or(0, |n| n.child_count() as usize),
            None => self.ix.tree.roots().len(),
        }
    }

    /// The first child of `parent` (`None` = the first search root).
    pub fn first_child(&self, parent: Option<NodeId>) -> Option<NodeId> {
        match parent {
            Some(p) => self.node(p).and_then(Node::first_child),
            None => self.ix.tree.roots().first().copied(),
        }
    }

    /// The last child of `parent` so far (`None` = the last search root).
    pub fn last_child(&self, parent: Option<NodeId>) -> Option<NodeId> {
        match parent {
            Some(p) => self.node(p).and_then(Node::last_child),
            None => self.ix.tree.roots().last().copied(),
        }
    }

    /// The sibling searched after `id` (for a root, the next root).
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(Node::next_sibling)
    }

    /// The sibling searched before `id` (for a root, the previous root).
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(Node::prev_sibling)
    }

    /// What selective search did at `id` (reduced, searched again, null move, pruned,
    /// aspiration window), read from the events next to it.
    pub fn marks(&self, id: NodeId) -> Marks {
        Marks::of(&self.ix.tree, self.events(), id)
    }

    /// Whether `id` searches the move of its previous sibling again: a principal variation
    /// search re-search (the null-window search failed high; full window now) or, with late
    /// move reductions, the full-depth search after a reduced one failed high (`marks` says
    /// which). Without this the searches look like identical sibling rows.
    pub fn is_research(&self, id: NodeId) -> bool {
        let Some(node) = self.node(id) else {
            return false;
        };
        !node.mv().is_null()
            && node
                .prev_sibling()
                .and_then(|p| self.node(p))
                .is_some_and(|p| p.mv() == node.mv())
    }

    /// Whether the node has children.
    pub fn has_children(&self, id: NodeId) -> bool {
        self.node(id).is_some_and(|n| n.child_count() > 0)
    }

    /// The node's parent (`None` for a root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(Node::parent)
    }

    /// Whether `ancestor` is `id` or above it: pre-order ids make this a range test.
    pub fn is_ancestor(&self, ancestor: NodeId, id: NodeId) -> bool {
        self.ix.tree.is_ancestor(ancestor, id)
    }

    /// The position at `id` (the root position for `None` or an unplayable line). Reached from
    /// the nearest recently shown ancestor, so a deep selection costs its new moves only.
    pub fn position_at(&self, id: Option<NodeId>) -> Position {
        self.known_position_at(id)
            .unwrap_or_else(|| self.root.clone())
    }

    /// The position at `id` (the root for `None`), or `None` when its line cannot be played:
    /// at or below a pseudo-legal engine's illegal try or a null move made in check (where a
    /// king can be captured), or in a log whose moves do not fit its position. The views that
    /// must not show a wrong position there (the board, the tree's rows, Explain) ask this.
    pub fn known_position_at(&self, id: Option<NodeId>) -> Option<Position> {
        match id {
            Some(id) => self.positions.at(&self.ix.tree, &self.root, id),
            None => Some(self.root.clone()),
        }
    }

    /// The illegal step nearest the root on the line to `id` (`id` itself included): the node
    /// of the illegal try or null move in check from which positions are unknown. A walk up the
    /// parent links, reading flags only.
    pub fn illegal_above(&self, id: NodeId) -> Option<NodeId> {
        std::iter::once(id)
            .chain(self.ix.tree.ancestors(id))
            .filter(|&n| self.node(n).is_some_and(Node::illegal))
            .last()
    }

    /// The principal variation of the iteration `id` belongs to and how many of its moves the
    /// line to `id` has played, if that line follows it (a null move leaves it). The tree panel extends this from a
    /// row to its children a move at a time instead of asking for every row; the walk up stops
    /// once the line is longer than the PV.
    pub fn pv_prefix(&self, id: NodeId) -> Option<(&[Move], usize)> {
        let top = self.ix.tree.root_of(id)?;
        let enter = self.node(top).map_or(0, Node::enter_event);
        let pv = self
            .log
            .pvs()
            .get(self.ix.iterations.partition_point(|&i| i < enter))?;
        let mut line = Vec::new();
        for n in std::iter::once(id).chain(self.ix.tree.ancestors(id)) {
            let node = self.node(n)?;
            if node.is_null_move() {
                return None;
            }
            let mv = node.mv();
            if !mv.is_null() {
                if line.len() == pv.len() {
                    return None;
                }
                line.push(mv);
            }
        }
        let played = line.len();
        line.iter()
            .rev()
            .eq(&pv[..played])
            .then_some((pv.as_slice(), played))
    }

    /// Whether `id` lies on the principal variation of its iteration (as far as that PV goes).
    pub fn on_pv(&self, id: NodeId) -> bool {
        self.pv_prefix(id).is_some()
    }

    /// The timeline position just after the first event from the current one on that
    /// `wanted` picks; else the first such event from the start (`wrapped`), if any.
    pub fn find_forward(&self, wanted: impl Fn(&Event) -> bool) -> Option<(usize, bool)> {
        let from = self.position();
        let events = self.events();
        if let Some(offset) = events.range(from..events.len()).position(|e| wanted(&e)) {
            return Some((from + offset + 1, false));
        }
        let first = events.range(0..from).position(|e| wanted(&e))?;
        Some((first + 1, true))
    }

    /// The timeline position just after the last event before the current one's that
    /// `wanted` picks, if any.
    pub fn find_back(&self, wanted: impl Fn(&Event) -> bool) -> Option<usize> {
        let before = self.position().saturating_sub(1);
        let events = self.events().range(0..before);
        let k = events.rev().position(|e| wanted(&e))?;
        Some(before - k)
    }
}
