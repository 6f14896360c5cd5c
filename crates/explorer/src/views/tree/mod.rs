//! The tree view's keys: moving the selection row by row and page by page, opening and closing
//! nodes, zooming, a click on a row. Its state is the selection every view reads and moves
//! (`TreeView`, the router's, lent to each view as `Cx::tree`); this component is what the
//! keys do to it. The moves are shared with the diff view, whose rows are pairs of nodes.

use crate::action::{Action, Effect};
use crate::keys::KeyCode::{Char, Down, End, Enter, Home, Left, PageDown, PageUp, Right, Up};
use crate::keys::{Binding, Context, Group, KeyRow, Rows};
use crate::tree_view::{Row as TreeRow, TreeView};

use super::{Cx, Hooks, NoJob, View};

/// A move through a tree, row by row (the normal view's tree and the diff view's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeMove {
    /// Select the row above.
    Up,
    /// Select the row below.
    Down,
    /// Close the selected node, or go to its parent.
    Close,
    /// Open the selected node.
    Open,
    /// Open or close the selected node.
    Toggle,
    /// Select the first row.
    First,
    /// Select the last row.
    Last,
    /// Move the selection one screen up (pages of children slide along).
    PageUp,
    /// Move the selection one screen down.
    PageDown,
}

/// What the tree's keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeAction {
    /// A move through the rows.
    Move(TreeMove),
    /// The selected node becomes the root of the view.
    Zoom,
    /// Undo the last zoom.
    ZoomOut,
    /// A click on a tree row (the terminal found which one).
    Click(TreeRow),
    /// The tree view starts over from the top (a lesson step).
    Reset,
}

/// The tree view (its state is the router's selection).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tree;

/// The rows of the tree moves, each made an action by `action` (the tree's own, or the diff
/// view's).
#[rustfmt::skip]
pub fn moves(action: fn(TreeMove) -> Action) -> [KeyRow; 9] {
    use TreeMove as M;
    [
        (&[Up, Char('k')],    "↑ ↓ k j",     action(M::Up),       "previous / next row"),
        (&[Down, Char('j')],  "",            action(M::Down),     ""),
        (&[Right, Char('l')], "→ l",         action(M::Open),     "open the row"),
        (&[Left, Char('h')],  "← h",         action(M::Close),    "close the row / go to its parent"),
        (&[Enter, Char(' ')], "Enter Space", action(M::Toggle),   "open or close the row"),
        (&[Char('g'), Home],  "g G",         action(M::First),    "first / last row"),
        (&[Char('G'), End],   "",            action(M::Last),     ""),
        (&[PageUp],           "PgUp PgDn",   action(M::PageUp),   "one screen up / down"),
        (&[PageDown],         "",            action(M::PageDown), ""),
    ]
}

impl View for Tree {
    type Action = TreeAction;
    type Notice = NoJob;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        let mut rows = Rows::with(Context::Normal, Group::Tree, moves(|m| TreeAction::Move(m).into()));
        rows.table([
            (&[Char('z')], "z", TreeAction::Zoom.into(),    "zoom: selected node becomes the root"),
            (&[Char('Z')], "Z", TreeAction::ZoomOut.into(), "zoom back out"),
        ]);
        rows.done()
    }

    fn update(&mut self, action: TreeAction, cx: &mut Cx) -> Vec<Effect> {
        let (view, session) = (&mut *cx.tree, &*cx.session);
        match action {
            TreeAction::Move(step) => step_in(view, session, step),
            TreeAction::Zoom => view.zoom_in(session),
            TreeAction::ZoomOut => view.zoom_out(session),
            TreeAction::Click(row) => view.click(session, row),
            TreeAction::Reset => *view = TreeView::default(),
        }
        Vec::new()
    }
}

impl Hooks for Tree {}

/// Moves the selection of `view` one step.
fn step_in(view: &mut TreeView, session: &crate::Session, step: TreeMove) {
    let page = view.page_rows();
    match step {
        TreeMove::Up => view.up(session, 1),
        TreeMove::Down => view.down(session, 1),
        TreeMove::Close => view.close_selected(session),
        TreeMove::Open => view.open_selected(session),
        TreeMove::Toggle => view.toggle_selected(session),
        TreeMove::First => view.first(session),
        TreeMove::Last => view.last(session),
        TreeMove::PageUp => view.up(session, page),
        TreeMove::PageDown => view.down(session, page),
    }
}
