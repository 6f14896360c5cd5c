//! What part of the search tree is on screen: the tui-tree-widget state (selection, opened
//! paths, scroll), the zoom stack, and how many children each opened node shows. Only opened
//! nodes get rows, and a node shows its children a page at a time, so the rows built per frame
//! stay in the hundreds whatever the tree's size.

use std::collections::HashMap;

use tui_tree_widget::TreeState;

use super::session::{NodeId, Session};

/// Children shown per page under an opened node; a "… N more" row gives the next page.
pub const PAGE: usize = 50;

/// Identifies a row of the tree widget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// A search node.
    Node(NodeId),
    /// The "… N more" row under this parent (`None` = the view's top level).
    More(Option<NodeId>),
}

/// The view state of the tree panel.
#[derive(Debug, Default)]
pub struct TreeView {
    /// Selection, opened paths and scroll offset, as the tree widget keeps them.
    pub state: TreeState<Row>,
    /// Zoomed-in nodes, innermost last; the last one is the view's root.
    pub zoom: Vec<NodeId>,
    /// Children shown under a parent (`None` = top level) when more than one page was asked for.
    pub pages: HashMap<Option<NodeId>, usize>,
}

impl TreeView {
    /// The node whose children form the top level of the view (`None` = the search roots).
    pub fn view_root(&self) -> Option<NodeId> {
        self.zoom.last().copied()
    }

    /// How many children of `parent` are shown.
    pub fn shown(&self, parent: Option<NodeId>) -> usize {
        self.pages.get(&parent).copied().unwrap_or(PAGE)
    }

    /// The selected node; a "… N more" row stands for its parent.
    pub fn selected_node(&self) -> Option<NodeId> {
        match self.state.selected().last()? {
            Row::Node(id) => Some(*id),
            Row::More(parent) => *parent,
        }
    }

    /// Opens the selected row: a node shows its children, "… N more" shows the next page.
    pub fn open_selected(&mut self) {
        if let Some(Row::More(parent)) = self.state.selected().last().copied() {
            let shown = self.shown(parent);
            self.pages.insert(parent, shown + PAGE);
        } else {
            self.state.key_right();
        }
    }

    /// Toggles the selected node, or shows the next page on a "… N more" row.
    pub fn toggle_selected(&mut self) {
        if matches!(self.state.selected().last(), Some(Row::More(_))) {
            self.open_selected();
        } else {
            self.state.toggle_selected();
        }
    }

    /// Makes the selected node the root of the view.
    pub fn zoom_in(&mut self, session: &Session) {
        if let Some(id) = self.selected_node().filter(|&id| session.has_children(id)) {
            self.zoom.push(id);
            self.state = TreeState::default();
            self.state.select(vec![]);
            self.select_first_child(session);
        }
    }

    /// Undoes the last zoom and selects the node that was zoomed into.
    pub fn zoom_out(&mut self, session: &Session) {
        if let Some(id) = self.zoom.pop() {
            self.state = TreeState::default();
            self.select_node(session, id);
        }
    }

    fn select_first_child(&mut self, session: &Session) {
        if let Some(first) = session.children(self.view_root()).next() {
            self.state.select(vec![Row::Node(first)]);
        }
    }

    /// Selects `id`, opening its ancestors and paging far enough that its row exists. A node
    /// outside the zoomed subtree first zooms out as far as needed.
    pub fn select_node(&mut self, session: &Session, id: NodeId) {
        while let Some(&z) = self.zoom.last() {
            if session.is_ancestor(z, id) && z != id {
                break;
            }
            self.zoom.pop();
            self.state = TreeState::default();
        }
        let view_root = self.view_root();
        let mut chain = vec![id];
        let mut at = id;
        while let Some(p) = session.parent(at) {
            if Some(p) == view_root {
                break;
            }
            chain.push(p);
            at = p;
        }
        chain.reverse();
        let mut path = Vec::with_capacity(chain.len());
        let mut parent = view_root;
        for &node in &chain {
            let index = session.child_index(parent, node);
            if index >= self.shown(parent) {
                self.pages.insert(parent, (index / PAGE + 1) * PAGE);
            }
            path.push(Row::Node(node));
            if node != id {
                self.state.open(path.clone());
            }
            parent = Some(node);
        }
        self.state.select(path);
    }
}
