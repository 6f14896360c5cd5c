//! What part of the search tree is on screen: the selected node, the opened nodes, the zoom
//! stack, and which page of children each parent shows. The tree widget only ever sees a
//! bounded slice of the tree, whatever its shape:
//!
//! - **Wide**: a parent shows a window of `PAGE` children with "… N before" and "… N more"
//!   rows around it; the window slides to follow the selection, so a frame builds the same
//!   rows whether the parent has fifty children or a million.
//! - **Deep**: rows go at most `levels()` levels below the view's root (`LEVELS` at most, fewer
//!   when the panel is too narrow for the indentation). When the selection goes deeper, the
//!   root moves down to a node above it (the *anchor*, shown as "… N levels above"), and back
//!   up when the selection climbs out, so the widget's opened paths (it keys them by the whole
//!   path) stay short on a 100,000-level line.
//!
//! Opened nodes are kept by id, not by path, and every walk up or down the tree is a loop.
//! Moving around is in `tree_view/nav.rs`. The router holds it, since every view reads and moves
//! the selection (`views::Cx::tree`); the tree's keys are the tree view's (`views::tree`).

use std::collections::{HashMap, HashSet};
use std::iter;

use super::session::{NodeId, Session};
use super::viewport::Area;

mod nav;

/// Children shown per parent; "… N before" / "… N more" rows stand for the rest.
pub const PAGE: usize = 50;
/// Most levels of rows below the view's root. The selection stays above the last one, so its
/// children always show when it is open.
pub const LEVELS: usize = 48;
/// Fewest levels shown, however narrow the panel.
const MIN_LEVELS: usize = 4;
/// Columns a row needs besides its indentation (two per level) to show its move, score and
/// node type: deeper rows would show nothing but indentation.
const ROW_TEXT: usize = 24;

/// Identifies a row of the tree widget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// A search node.
    Node(NodeId),
    /// The "… N before" row above this parent's page of children (`None` = the top level).
    Before(Option<NodeId>),
    /// The "… N more" row below this parent's page of children (`None` = the top level).
    More(Option<NodeId>),
    /// The `k`th illegal try of this parent that the engine refuted without a search (it has
    /// no node of its own, so the row is shown but not selected).
    Illegal(NodeId, u8),
}

/// The root the view moved down to on its own because the selection went deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor {
    /// The node whose children are the top rows.
    pub node: NodeId,
    /// Levels hidden above the top rows: the anchor's own level below the zoom root.
    pub levels: usize,
}

/// The page of one parent's children that gets rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The first child shown (`None`: no children).
    pub first: Option<NodeId>,
    /// Children before it (the "… N before" row).
    pub before: usize,
    /// Children shown.
    pub shown: usize,
    /// Children after the page (the "… N more" row).
    pub after: usize,
}

/// The view state of the tree panel.
#[derive(Debug, Default)]
pub struct TreeView {
    /// The selected node and the nodes above it up to the view's root, top first: the path of
    /// the selected row.
    path: Vec<NodeId>,
    /// Rows per page for PgUp/PgDn: the panel's height at the last layout.
    page_rows: usize,
    /// Zoomed-in nodes, innermost last.
    pub zoom: Vec<NodeId>,
    anchor: Option<Anchor>,
    selected: Option<NodeId>,
    /// Levels that fit the panel's width at the last draw (`None`: not drawn yet).
    fitted: Option<usize>,
    opened: HashSet<NodeId>,
    /// First child shown per parent, where it is not the first child.
    windows: HashMap<Option<NodeId>, NodeId>,
}

impl TreeView {
    /// The node whose children form the top level of the view (`None` = the search roots).
    pub fn view_root(&self) -> Option<NodeId> {
        self.anchor.map(|a| a.node).or(self.zoom_root())
    }

    /// The node the user zoomed into last (`None` = not zoomed).
    pub fn zoom_root(&self) -> Option<NodeId> {
        self.zoom.last().copied()
    }

    /// Where the view's root moved down to because the selection is deep, if it did.
    pub fn anchor(&self) -> Option<Anchor> {
        self.anchor
    }

    /// Levels of rows shown below the view's root.
    pub fn levels(&self) -> usize {
        self.fitted.unwrap_or(LEVELS)
    }

    /// Fits the view to the tree panel's `area` (inside its border): the levels to its width
    /// (and the view's root to the selection if that changed them), the page to its height;
    /// and selects the first row if nothing is selected yet.
    pub fn fit(&mut self, session: &Session, area: Area) {
        self.page_rows = usize::from(area.height.saturating_sub(1));
        let levels =
            (usize::from(area.width).saturating_sub(ROW_TEXT) / 2).clamp(MIN_LEVELS, LEVELS);
        if self.fitted.replace(levels) != Some(levels)
            && let Some(id) = self.selected
        {
            self.select_node(session, id);
        }
        if self.selected.is_none() {
            self.first(session);
        }
    }

    /// Rows per page (PgUp, PgDn): at least one.
    pub fn page_rows(&self) -> usize {
        self.page_rows.max(1)
    }

    /// The selected row's path from the view's root, top first (empty: nothing selected).
    pub fn selected_path(&self) -> impl Iterator<Item = Row> + '_ {
        self.path.iter().map(|&n| Row::Node(n))
    }

    /// The selected node.
    pub fn selected_node(&self) -> Option<NodeId> {
        self.selected
    }

    /// Whether `id` was opened (its children get rows when it is shown above the last level).
    pub fn is_open(&self, id: NodeId) -> bool {
        self.opened.contains(&id)
    }

    /// The page of `parent`'s children that is shown.
    pub fn window(&self, session: &Session, parent: Option<NodeId>) -> Window {
        let total = session.child_count(parent);
        let first = self
            .windows
            .get(&parent)
            .copied()
            .or_else(|| session.first_child(parent));
        let before = first
            .and_then(|f| session.node(f))
            .map_or(0, |n| n.sibling_index());
        let shown = PAGE.min(total.saturating_sub(before));
        Window {
            first,
            before,
            shown,
            after: total.saturating_sub(before + shown),
        }
    }

    /// Selects `id` and makes its row exist: zooms out of zooms that do not hold it, moves the
    /// view's root when `id` is too deep below it or not below it at all, opens the nodes
    /// between, and slides each page on the way so it holds the line to `id`.
    pub fn select_node(&mut self, session: &Session, id: NodeId) {
        if session.node(id).is_none() {
            return;
        }
        while let Some(z) = self.zoom_root() {
            if z != id && session.is_ancestor(z, id) {
                break;
            }
            self.zoom.pop();
            self.anchor = None;
        }
        let chain = self.chain_below_view_root(session, id);
        self.opened.extend(chain.iter().skip(1));
        for &n in &chain {
            self.place(session, n);
        }
        self.selected = Some(id);
        self.path = chain.into_iter().rev().collect();
    }

    /// `id` and its ancestors below the view's root, `id` first, fewer than `levels()` of them.
    /// Keeps the anchor if it still fits, else drops it if the zoom root is near enough, else
    /// anchors half way (`levels() / 2` above `id`, so the anchor moves once per half a screen
    /// of levels, not on every step) and opens the line above the anchor, so the hidden levels
    /// show open when the view climbs back to them (one walk per move of the anchor).
    fn chain_below_view_root(&mut self, session: &Session, id: NodeId) -> Vec<NodeId> {
        if let Some(a) = self.anchor
            && a.node != id
            && session.is_ancestor(a.node, id)
            && let Some(chain) = chain_up_to(session, id, Some(a.node), self.levels())
        {
            return chain;
        }
        let zoom = self.zoom_root();
        if let Some(chain) = chain_up_to(session, id, zoom, self.levels()) {
            self.anchor = None;
            return chain;
        }
        let line = iter::once(id).chain(session.tree().ancestors(id));
        let chain: Vec<NodeId> = line.take(self.levels() / 2).collect();
        let node = chain.last().and_then(|&top| session.parent(top));
        self.anchor = node.map(|node| {
            let hidden = iter::once(node).chain(session.tree().ancestors(node));
            let mut levels = 0;
            for above in hidden.take_while(|&a| Some(a) != zoom) {
                self.opened.insert(above);
                levels += 1;
            }
            Anchor { node, levels }
        });
        chain
    }

    /// Slides the page of `child`'s parent, if needed, so that it shows `child`: to start at it
    /// when it is above the page, to end at it when below.
    fn place(&mut self, session: &Session, child: NodeId) {
        let parent = session.parent(child);
        let window = self.window(session, parent);
        let index = session.node(child).map_or(0, |n| n.sibling_index());
        if index < window.before {
            self.windows.insert(parent, child);
        } else if index >= window.before + PAGE {
            let back = iter::successors(Some(child), |&c| session.prev_sibling(c));
            if let Some(first) = back.take(PAGE).last() {
                self.windows.insert(parent, first);
            }
        }
    }

    /// Moves `parent`'s page so it starts at `first` (a child of `parent`).
    fn set_window(&mut self, parent: Option<NodeId>, first: NodeId) {
        self.windows.insert(parent, first);
    }
}

/// `id` and its ancestors up to `top` (left out; `None` = above the search roots), `id` first,
/// if `top` is fewer than `levels` levels up.
fn chain_up_to(
    session: &Session,
    id: NodeId,
    top: Option<NodeId>,
    levels: usize,
) -> Option<Vec<NodeId>> {
    let mut chain = vec![id];
    for p in session.tree().ancestors(id) {
        if Some(p) == top {
            return Some(chain);
        }
        if chain.len() == levels - 1 {
            return None;
        }
        chain.push(p);
    }
    top.is_none().then_some(chain)
}
