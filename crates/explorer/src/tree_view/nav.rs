//! Moving around the tree panel: rows in the order they are drawn, pages of children, opening
//! and closing, zoom and mouse clicks. Every move picks a node from the tree index (sibling
//! and parent links, constant time each) and hands it to `TreeView::select_node`, which makes
//! its row exist; nothing here depends on rows built for the last frame, so a move costs the
//! same on a million-child node as on a ten-child one.

use std::iter;

use super::{PAGE, Row, TreeView};
use crate::{session::NodeId, session::Session};

impl TreeView {
    /// Moves the selection `n` rows down (↓: one, PgDn: a screen), into open nodes and out of
    /// finished ones; a page of children slides along when the selection leaves it.
    pub fn down(&mut self, session: &Session, n: usize) {
        let Some(mut at) = self.selected else {
            return self.first(session);
        };
        for _ in 0..n {
            match self.next_row(session, at) {
                Some(next) => at = next,
                None => break,
            }
        }
        self.select_node(session, at);
    }

    /// Moves the selection `n` rows up (↑: one, PgUp: a screen).
    pub fn up(&mut self, session: &Session, n: usize) {
        let Some(mut at) = self.selected else {
            return self.first(session);
        };
        let mut level = self.path.len();
        for _ in 0..n {
            match self.prev_row(session, at, level) {
                Some((prev, l)) => (at, level) = (prev, l),
                None => break,
            }
        }
        self.select_node(session, at);
    }

    /// Selects the first row of the view: the zoom root's first child (or the first search
    /// root).
    pub fn first(&mut self, session: &Session) {
        if let Some(first) = session.first_child(self.zoom_root()) {
            self.select_node(session, first);
        }
    }

    /// Selects the last row of the view: the zoom root's last child, then the last child of
    /// each open node below it.
    pub fn last(&mut self, session: &Session) {
        let mut at = session.last_child(self.zoom_root());
        while let Some(id) = at.filter(|&id| self.is_open(id)) {
            match session.last_child(Some(id)) {
                Some(child) => at = Some(child),
                None => break,
            }
        }
        if let Some(id) = at {
            self.select_node(session, id);
        }
    }

    /// Opens the selected node.
    pub fn open_selected(&mut self, session: &Session) {
        if let Some(id) = self.selected.filter(|&id| session.has_children(id)) {
            self.opened.insert(id);
        }
    }

    /// Closes the selected node if it is open, else selects its parent (not above the zoom).
    pub fn close_selected(&mut self, session: &Session) {
        let Some(id) = self.selected else {
            return;
        };
        if self.opened.remove(&id) && session.has_children(id) {
            return;
        }
        if let Some(parent) = session.parent(id).filter(|&p| Some(p) != self.zoom_root()) {
            self.select_node(session, parent);
        }
    }

    /// Opens or closes the selected node.
    pub fn toggle_selected(&mut self, session: &Session) {
        if let Some(id) = self.selected.filter(|&id| session.has_children(id))
            && !self.opened.remove(&id)
        {
            self.opened.insert(id);
        }
    }

    /// Keeps `id`'s children off screen (a lesson's question about it waits): closes it, zooms
    /// out of it and of anything below it, and moves a selection below it up to it. Whether
    /// anything had to change.
    pub fn veil(&mut self, session: &Session, id: NodeId) -> bool {
        let below = |n: NodeId| n != id && session.is_ancestor(id, n);
        let mut changed = self.opened.remove(&id);
        while self.zoom_root().is_some_and(|z| z == id || below(z)) {
            self.zoom.pop();
            self.anchor = None;
            changed = true;
        }
        if self.anchor.is_some_and(|a| a.node == id || below(a.node)) {
            self.anchor = None;
            changed = true;
        }
        if self.selected.is_some_and(below) {
            self.select_node(session, id);
            self.opened.remove(&id);
            changed = true;
        }
        changed
    }

    /// Makes the selected node the root of the view.
    pub fn zoom_in(&mut self, session: &Session) {
        if let Some(id) = self.selected.filter(|&id| session.has_children(id)) {
            self.zoom.push(id);
            self.anchor = None;
            if let Some(first) = session.first_child(Some(id)) {
                self.select_node(session, first);
            }
        }
    }

    /// Undoes the last zoom and selects the node that was zoomed into.
    pub fn zoom_out(&mut self, session: &Session) {
        if let Some(id) = self.zoom.pop() {
            self.anchor = None;
            self.select_node(session, id);
        }
    }

    /// A click on a row: selects a node (or opens and closes it when it is selected already);
    /// on "… N more" / "… N before" shows the next / previous page and selects its first new
    /// row; an unsearched illegal try's row has no node to select.
    pub fn click(&mut self, session: &Session, row: Row) {
        match row {
            Row::Node(id) if self.selected == Some(id) => self.toggle_selected(session),
            Row::Node(id) => self.select_node(session, id),
            Row::More(parent) => self.next_page(session, parent),
            Row::Before(parent) => self.previous_page(session, parent),
            Row::Illegal(..) => {}
        }
    }

    /// Slides `parent`'s page forward by up to a page, keeping it full, and selects the child
    /// right after the old page.
    fn next_page(&mut self, session: &Session, parent: Option<NodeId>) {
        let window = self.window(session, parent);
        let forward = |steps| nth(window.first, steps, |c| session.next_sibling(c));
        if let (Some(first), Some(target)) = (forward(window.after.min(PAGE)), forward(PAGE)) {
            self.set_window(parent, first);
            self.select_node(session, target);
        }
    }

    /// Slides `parent`'s page back by up to a page and selects the child right before the old
    /// page.
    fn previous_page(&mut self, session: &Session, parent: Option<NodeId>) {
        let window = self.window(session, parent);
        let back = |steps| nth(window.first, steps, |c| session.prev_sibling(c));
        if let (Some(first), Some(target)) = (back(window.before.min(PAGE)), back(1)) {
            self.set_window(parent, first);
            self.select_node(session, target);
        }
    }

    /// The row drawn below `id`: its first shown child if it is open, else the next sibling of
    /// it or of its nearest ancestor that has one (within the zoom).
    fn next_row(&self, session: &Session, id: NodeId) -> Option<NodeId> {
        if self.is_open(id)
            && let Some(child) = self.window(session, Some(id)).first
        {
            return Some(child);
        }
        let zoom = self.zoom_root();
        let mut at = id;
        loop {
            if let Some(next) = session.next_sibling(at) {
                return Some(next);
            }
            at = session.parent(at).filter(|&p| Some(p) != zoom)?;
        }
    }

    /// The row drawn above `id` (at `level` below the view's root) and its level: the previous
    /// sibling's last shown row, or the parent (within the zoom).
    fn prev_row(&self, session: &Session, id: NodeId, level: usize) -> Option<(NodeId, usize)> {
        let Some(mut at) = session.prev_sibling(id) else {
            let parent = session
                .parent(id)
                .filter(|&p| Some(p) != self.zoom_root())?;
            return Some((parent, level.saturating_sub(1)));
        };
        let mut level = level;
        while level < self.levels() && self.is_open(at) {
            let window = self.window(session, Some(at));
            let Some(last) = nth(window.first, window.shown.saturating_sub(1), |c| {
                session.next_sibling(c)
            }) else {
                break;
            };
            (at, level) = (last, level + 1);
        }
        Some((at, level))
    }
}

/// The node `steps` links away from `start` along `link`.
fn nth(
    start: Option<NodeId>,
    steps: usize,
    link: impl Fn(NodeId) -> Option<NodeId>,
) -> Option<NodeId> {
    iter::successors(start, |&c| link(c)).nth(steps)
}
