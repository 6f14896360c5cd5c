//! The rows handed to the tree widget, built with a stack of levels rather than recursion: a
//! page of children per shown parent, at most `TreeView::levels` below the view's root, so a frame
//! builds at most a few hundred rows whatever the tree's width or depth. Positions and the
//! principal-variation match are carried from a row to its children one move at a time.

use ratatui::text::Line;
use tui_tree_widget::TreeItem;

use super::{RowStyle, row_line};
use crate::chess::{Move, Position};
use crate::explorer::session::{NodeId, Session};
use crate::explorer::tree_view::{Row, TreeView};
use crate::fmt;
use crate::trace::line::node_label;
use crate::tui::theme::Theme;

/// The widget's input for one frame.
pub struct Rows {
    /// The top-level rows, with their shown children nested inside.
    pub items: Vec<TreeItem<'static, Row>>,
    /// The path of every row shown open, as the widget keys its opened set.
    pub opened: Vec<Vec<Row>>,
}

/// How a node's line follows its iteration's PV: the PV and how many of its moves were played.
type PvMatch<'a> = Option<(&'a [Move], usize)>;

/// A parent whose children are being turned into rows.
struct Level<'a> {
    parent: Option<NodeId>,
    /// The position at `parent`.
    position: Position,
    pv: PvMatch<'a>,
    /// The parent's own row (unused for the view's root).
    line: Line<'static>,
    next: Option<NodeId>,
    left: usize,
    after: usize,
    items: Vec<TreeItem<'static, Row>>,
}

impl<'a> Level<'a> {
    fn new(
        session: &Session,
        view: &TreeView,
        theme: &Theme,
        (parent, position, pv): (Option<NodeId>, Position, PvMatch<'a>),
        line: Line<'static>,
    ) -> Level<'a> {
        let window = view.window(session, parent);
        let mut items = Vec::with_capacity(window.shown + 2);
        if window.before > 0 {
            let text = format!("… {} before", fmt::grouped(window.before as u64));
            items.push(TreeItem::new_leaf(
                Row::Before(parent),
                Line::styled(text, theme.dim),
            ));
        }
        Level {
            parent,
            position,
            pv,
            line,
            next: window.first,
            left: window.shown,
            after: window.after,
            items,
        }
    }

    fn take_next(&mut self, session: &Session) -> Option<NodeId> {
        let id = self.next.filter(|_| self.left > 0)?;
        self.left -= 1;
        self.next = session.next_sibling(id);
        Some(id)
    }

    fn finish(
        mut self,
        theme: &Theme,
    ) -> (Option<NodeId>, Line<'static>, Vec<TreeItem<'static, Row>>) {
        if self.after > 0 {
            let text = format!("… {} more", fmt::grouped(self.after as u64));
            self.items.push(TreeItem::new_leaf(
                Row::More(self.parent),
                Line::styled(text, theme.dim),
            ));
        }
        (self.parent, self.line, self.items)
    }
}

/// The PV match of a child reached by `mv` from a parent with match `pv` (a null move, which
/// no PV holds, leaves it).
fn follow(pv: PvMatch<'_>, mv: Move) -> PvMatch<'_> {
    let (line, played) = pv?;
    (line.get(played) == Some(&mv)).then_some((line, played + 1))
}

/// Builds the rows of `view` over `session`.
pub fn build(session: &Session, view: &TreeView, style: RowStyle) -> Rows {
    let theme = style.theme;
    let root = view.view_root();
    let top = (
        root,
        session.position_at(root),
        root.and_then(|r| session.pv_prefix(r)),
    );
    let mut stack = vec![Level::new(session, view, theme, top, Line::default())];
    let mut path = Vec::new();
    let mut opened = Vec::new();
    loop {
        let depth = stack.len();
        let Some(level) = stack.last_mut() else {
            break;
        };
        let Some(child) = level.take_next(session) else {
            let Some((parent, line, items)) = stack.pop().map(|l| l.finish(theme)) else {
                break;
            };
            match (stack.last_mut(), parent) {
                (Some(above), Some(id)) => {
                    path.pop();
                    if let Ok(item) = TreeItem::new(Row::Node(id), line, items) {
                        above.items.push(item);
                    }
                }
                _ => return Rows { items, opened },
            }
            continue;
        };
        let Some(node) = session.node(child) else {
            continue;
        };
        let (text, position) = node_label(&level.position, node, style.notation);
        let pv = match level.parent {
            Some(_) => follow(level.pv, node.mv()),
            None => session.pv_prefix(child),
        };
        let line = row_line(session, style, child, &text, &position, pv.is_some());
        let has_children = node.child_count() > 0;
        if has_children && view.is_open(child) && depth < view.levels() {
            path.push(Row::Node(child));
            opened.push(path.clone());
            let next = Level::new(session, view, theme, (Some(child), position, pv), line);
            stack.push(next);
        } else {
            // A closed node with children gets one placeholder child, never drawn (its path
            // is not opened), so the widget marks it ▶.
            let kids = if has_children {
                vec![TreeItem::new_leaf(Row::More(Some(child)), "")]
            } else {
                Vec::new()
            };
            if let Ok(item) = TreeItem::new(Row::Node(child), line, kids) {
                level.items.push(item);
            }
        }
    }
    Rows {
        items: Vec::new(),
        opened,
    }
}
