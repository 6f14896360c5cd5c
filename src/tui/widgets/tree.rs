//! The search-tree panel. Rows are built only for the view's top level and for opened nodes,
//! a page of children at a time (a "… N more" row stands for the rest), so a frame costs the
//! same on a thousand-node tree and on a five-million-node one.
//!
//! Row: `…Nf6     +310 CUT ✂ Bc6 K1       1.23k  [-40,+40]` — the move (SAN, `…` for Black),
//! the score returned (side to move's view), the node type, for a node that failed high the
//! cutting move and the heuristic that ordered it, the subtree size and the α/β window at entry.
//! The marker comes before the numbers so it survives a narrow screen; `↻` marks the second,
//! full-window search of a move whose null-window search failed high (PVS re-search).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;
use tui_tree_widget::{Tree, TreeItem};

use crate::chess::notation::{san, san_or_uci};
use crate::chess::{Color, Position};
use crate::search::{Bound, NodeKind};
use crate::tui::app::App;
use crate::tui::fmt;
use crate::tui::session::{NodeId, Session};
use crate::tui::theme::Theme;
use crate::tui::tree_view::{Row, TreeView};
use crate::tui::widgets::Panel;

/// Builds the rows under `parent` (whose position is `pos`) at `path`.
fn items(
    session: &Session,
    view: &TreeView,
    theme: &Theme,
    parent: Option<NodeId>,
    pos: &Position,
    path: &mut Vec<Row>,
) -> Vec<TreeItem<'static, Row>> {
    let total = session.child_count(parent);
    let shown = view.shown(parent).min(total);
    let mut out = Vec::with_capacity(shown + 1);
    for child in session.children(parent).take(shown) {
        let Some(node) = session.node(child) else {
            continue;
        };
        let (mv_text, child_pos) = move_label(pos, node.mv(), node.depth());
        path.push(Row::Node(child));
        let kids = if view.state.opened().contains(path.as_slice()) {
            items(session, view, theme, Some(child), &child_pos, path)
        } else if node.child_count() > 0 {
            vec![TreeItem::new_leaf(Row::More(Some(child)), "")]
        } else {
            Vec::new()
        };
        path.pop();
        let line = row_line(session, theme, child, &mv_text, &child_pos);
        match TreeItem::new(Row::Node(child), line, kids) {
            Ok(item) => out.push(item),
            Err(_) => continue,
        }
    }
    if total > shown {
        let text = format!("… {} more", total - shown);
        out.push(TreeItem::new_leaf(
            Row::More(parent),
            Line::styled(text, theme.dim),
        ));
    }
    out
}

/// The label of a node reached by `mv` from `before` (SAN, `…` before Black's moves; an
/// iteration root shows its depth) and the position at the node.
pub fn move_label(before: &Position, mv: crate::chess::Move, depth: i8) -> (String, Position) {
    let mut after = before.clone();
    if mv.is_null() {
        return (format!("depth {depth}"), after);
    }
    if !before.is_legal(mv) {
        return (mv.to_string(), after);
    }
    let text = san(before, mv);
    after.make_move(mv);
    if before.side_to_move() == Color::Black {
        (format!("…{text}"), after)
    } else {
        (text, after)
    }
}

/// The text of one node's row. `pos` is the position at the node.
pub fn row_line(
    session: &Session,
    theme: &Theme,
    id: NodeId,
    mv_text: &str,
    pos: &Position,
) -> Line<'static> {
    let Some(node) = session.node(id) else {
        return Line::default();
    };
    let quiescence = node.kind() == NodeKind::Quiescence;
    let base = if quiescence {
        theme.quiescence
    } else if session.on_pv(id) {
        theme.pv
    } else {
        theme.text
    };
    let (alpha, beta) = node.window();
    let mut spans = vec![Span::styled(format!("{mv_text:<8}"), base)];
    match node.result() {
        Some((score, bound)) => {
            let tag = match (quiescence, bound) {
                (true, _) => "Q  ",
                (false, Bound::Exact) => "PV ",
                (false, Bound::Lower) => "CUT",
                (false, Bound::Upper) => "ALL",
            };
            spans.push(Span::styled(format!("{:>5} ", fmt::score(score)), base));
            spans.push(Span::styled(format!("{tag} "), theme.node_type));
        }
        None => spans.push(Span::styled("    … ··· ", theme.dim)),
    }
    spans.extend(marker_spans(session, theme, id, pos));
    spans.push(Span::styled(
        format!(
            "{:>6}  [{},{}]",
            fmt::count(u64::from(session.tree.subtree_size(id))),
            fmt::score(alpha),
            fmt::score(beta)
        ),
        theme.dim,
    ));
    Line::from(spans)
}

/// Width of the marker column: `↻ ✂ Nxe4+ Hist` fits, longer markers push the numbers right.
const MARKER_WIDTH: usize = 15;

/// The marker column of a row: `✂ Bc6 K1` for a cutoff (the source label in its colour from
/// the log's source table), `✂ TT entry`, `↻` before a PVS re-search, padded to
/// `MARKER_WIDTH`.
fn marker_spans(
    session: &Session,
    theme: &Theme,
    id: NodeId,
    pos: &Position,
) -> Vec<Span<'static>> {
    let Some(node) = session.node(id) else {
        return Vec::new();
    };
    let research = session.is_research(id);
    let (mut head, source) = if let Some(cut) = node.cutoff() {
        let sources = &session.header().sources;
        let label = sources.label(cut.source).into_owned();
        let style = theme.source_style(sources.colour(cut.source));
        (
            format!("✂ {} ", san_or_uci(pos, cut.mv)),
            Some((label, style)),
        )
    } else if node.tt_cutoff() {
        ("✂ TT entry".to_string(), None)
    } else if research {
        ("re-search".to_string(), None)
    } else {
        (String::new(), None)
    };
    if research {
        head.insert_str(0, "↻ ");
    }
    let used = head.chars().count() + source.as_ref().map_or(0, |(l, _)| l.chars().count());
    let mut spans = vec![Span::styled(head, theme.cutoff)];
    spans.extend(source.map(|(label, style)| Span::styled(label, style)));
    spans.push(Span::styled(
        " ".repeat(MARKER_WIDTH.saturating_sub(used)),
        theme.cutoff,
    ));
    spans
}

/// The search-tree panel: the view state lives in `App::view`, so the panel itself is empty.
pub struct TreePanel;

impl Panel for TreePanel {
    /// Draws the tree and remembers the page height for PgUp/PgDn.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let session = &app.session;
        let view_root = app.view.view_root();
        let root_pos = session.position_at(view_root);
        let mut path = Vec::new();
        let rows = items(
            session, &app.view, &app.theme, view_root, &root_pos, &mut path,
        );
        let title = match view_root {
            Some(z) => format!(
                " Search tree · zoomed at {} (Z: out) ",
                line_text(session, z)
            ),
            None => format!(
                " Search tree · {} nodes ",
                fmt::count(session.tree.len() as u64)
            ),
        };
        let block = Block::bordered()
            .title(Span::styled(title, app.theme.title))
            .border_style(app.theme.border_focus);
        app.page_rows = usize::from(block.inner(area).height.saturating_sub(1));
        let Ok(tree) = Tree::new(&rows) else {
            return;
        };
        let tree = tree
            .block(block)
            .highlight_style(app.theme.selected)
            .highlight_symbol("▸")
            .node_closed_symbol("▶ ")
            .node_open_symbol("▼ ")
            .node_no_children_symbol("  ")
            .style(Style::default());
        frame.render_stateful_widget(tree, area, &mut app.view.state);
        if app.view.state.selected().is_empty() && !rows.is_empty() {
            app.view.state.select_first();
        }
    }
}

/// The moves from the root to `id`, as UCI text (for titles).
pub fn line_text(session: &Session, id: NodeId) -> String {
    let moves: Vec<String> = session.line(id).iter().map(ToString::to_string).collect();
    if moves.is_empty() {
        "the root".into()
    } else {
        moves.join(" ")
    }
}
