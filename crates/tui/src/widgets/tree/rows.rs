//! The rows handed to the tree widget, built with a stack of levels rather than recursion: a
//! page of children per shown parent, at most `TreeView::levels` below the view's root, so a frame
//! builds at most a few hundred rows whatever the tree's width or depth. Positions and the
//! principal-variation match are carried from a row to its children one move at a time; below
//! a pseudo-legal engine's illegal try (or a null move made in check) there is no chess
//! position to carry, so the rows there write their moves in coordinates. A parent's illegal
//! tries the engine refuted without a search get rows of their own after its children.

use ratatui::text::{Line, Span};
use tui_tree_widget::TreeItem;

use super::fit::Fit;
use super::{RowStyle, fitted_row};
use crate::theme::Theme;
use killerscope_chess::{Move, Position};
use killerscope_engine::fmt;
use killerscope_explorer::{NodeId, Session};
use killerscope_explorer::{Row, TreeView};
use killerscope_trace::{line::Step, line::node_label_known};

/// The widget's input for one frame.
pub struct Rows {
    /// The top-level rows, with their shown children nested inside.
    pub items: Vec<TreeItem<'static, Row>>,
    /// The path of every row shown open, as the widget keys its opened set.
    pub opened: Vec<Vec<Row>>,
    /// The deepest level a row is at (0: the top rows).
    pub deepest: usize,
}

/// How a node's line follows its iteration's PV: the PV and how many of its moves were played.
type PvMatch<'a> = Option<(&'a [Move], usize)>;

/// A parent whose children are being turned into rows.
struct Level<'a> {
    parent: Option<NodeId>,
    /// The position at `parent`: `None` at or below an illegal step.
    position: Option<Position>,
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
        (parent, position, pv): (Option<NodeId>, Option<Position>, PvMatch<'a>),
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
        session: &Session,
        style: RowStyle,
    ) -> (Option<NodeId>, Line<'static>, Vec<TreeItem<'static, Row>>) {
        let theme = style.theme;
        if let Some(parent) = self.parent {
            self.items
                .extend(unsearched_illegal(session, style, parent));
        }
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

/// Most illegal tries refuted without a search listed under one parent.
const UNSEARCHED_ROWS: usize = 8;

/// Rows for `parent`'s illegal tries that the engine refuted without searching them (no node
/// of their own): the tries not matched by an illegal child, in the order tried. A walk over
/// the parent's children only when it has illegal tries at all.
fn unsearched_illegal(
    session: &Session,
    style: RowStyle,
    parent: NodeId,
) -> Vec<TreeItem<'static, Row>> {
    let Some(node) = session.node(parent) else {
        return Vec::new();
    };
    if node.illegal_tries() == 0 {
        return Vec::new();
    }
    let mut searched: Vec<Move> = session
        .tree()
        .children(parent)
        .filter_map(|c| session.node(c))
        .filter(|c| c.illegal() && !c.is_null_move())
        .map(|c| c.mv())
        .collect();
    let glyph = if style.ascii { "x" } else { "✗" };
    let mut rows = Vec::new();
    for (k, mv) in node.illegal_moves(UNSEARCHED_ROWS).into_iter().enumerate() {
        if let Some(at) = searched.iter().position(|&m| m == mv) {
            searched.swap_remove(at);
            continue;
        }
        let text = format!(
            "{:<8}{glyph} illegal try, refuted without a search",
            Step::Move(mv).coordinates(style.notation)
        );
        rows.push(TreeItem::new_leaf(
            Row::Illegal(parent, k as u8),
            Line::styled(text, style.theme.error),
        ));
    }
    rows
}

/// Builds the rows of `view` over `session`, each fitted to the cells `fit` leaves it at its
/// level. While a query has matches, every node's row starts with a cell that `marked` fills
/// for the nodes it matched.
pub fn build(
    session: &Session,
    view: &TreeView,
    (style, fit): (RowStyle, &Fit),
    marked: Option<&dyn Fn(NodeId) -> bool>,
) -> Rows {
    let theme = style.theme;
    let root = view.view_root();
    let top = (
        root,
        session.known_position_at(root),
        root.and_then(|r| session.pv_prefix(r)),
    );
    let mut stack = vec![Level::new(session, view, theme, top, Line::default())];
    let mut path = Vec::new();
    let mut opened = Vec::new();
    let mut deepest = 0;
    loop {
        let depth = stack.len();
        let Some(level) = stack.last_mut() else {
            break;
        };
        let Some(child) = level.take_next(session) else {
            let Some((parent, line, items)) = stack.pop().map(|l| l.finish(session, style)) else {
                break;
            };
            match (stack.last_mut(), parent) {
                (Some(above), Some(id)) => {
                    path.pop();
                    if let Ok(item) = TreeItem::new(Row::Node(id), line, items) {
                        above.items.push(item);
                    }
                }
                _ => {
                    return Rows {
                        items,
                        opened,
                        deepest,
                    };
                }
            }
            continue;
        };
        let Some(node) = session.node(child) else {
            continue;
        };
        let (text, position) = node_label_known(level.position.as_ref(), node, style.notation);
        // An illegal step's own row is written in coordinates too: no legal move leads to it.
        let position = position.filter(|_| !node.illegal());
        let pv = match level.parent {
            Some(_) => follow(level.pv, node.mv()),
            None => session.pv_prefix(child),
        };
        deepest = deepest.max(depth - 1);
        let cell = if marked.is_some() { 2 } else { 0 };
        let budget = fit.budget(depth - 1).saturating_sub(cell);
        let mut line = fitted_row(
            session,
            style,
            (child, &text),
            position.as_ref(),
            pv.is_some(),
            budget,
        );
        if let Some(marked) = marked {
            let cell = match (marked(child), style.ascii) {
                (false, _) => "  ",
                (true, false) => "◆ ",
                (true, true) => "* ",
            };
            line.spans.insert(0, Span::styled(cell, theme.key));
        }
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
        deepest,
    }
}
