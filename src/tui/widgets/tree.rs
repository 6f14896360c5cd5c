//! The search-tree panel. Rows are built only for the view's top level and for opened nodes,
//! a page of children at a time ("… N before" / "… N more" rows stand for the rest) and at
//! most `TreeView::levels()` levels deep (`tree/rows.rs`), so a frame costs the same on a
//! thousand-node tree, a five-million-node one, a million-child node and a 100,000-level line.
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
use tui_tree_widget::Tree;

use crate::chess::notation::Notation;
use crate::chess::{Color, Position};
use crate::search::{Bound, NodeKind};
use crate::tui::app::App;
use crate::tui::fmt;
use crate::tui::session::{NodeId, Session};
use crate::tui::theme::Theme;
use crate::tui::widgets::Panel;

mod rows;

/// The label of a node reached by `mv` from `before` (in `notation`, `…` before Black's moves;
/// an iteration root shows its depth) and the position at the node.
pub fn move_label(
    before: &Position,
    mv: crate::chess::Move,
    depth: i8,
    notation: Notation,
) -> (String, Position) {
    let mut after = before.clone();
    if mv.is_null() {
        return (format!("depth {depth}"), after);
    }
    if !before.is_legal(mv) {
        return (mv.to_string(), after);
    }
    let text = notation.format(before, mv);
    after.make_move(mv);
    if before.side_to_move() == Color::Black {
        (format!("…{text}"), after)
    } else {
        (text, after)
    }
}

/// How a row is drawn: colours and the notation of its moves.
#[derive(Clone, Copy, Debug)]
pub struct RowStyle<'a> {
    /// The colours.
    pub theme: &'a Theme,
    /// How the cutting move in the marker is written.
    pub notation: Notation,
    /// Whether the log is still growing: an open node is still being searched, rather than
    /// unfinished (a log cut short, or a trace that ended mid-node).
    pub live: bool,
}

/// The text of one node's row. `pos` is the position at the node; `on_pv` whether its line
/// follows its iteration's principal variation (the row builder knows it from the parent's).
pub fn row_line(
    session: &Session,
    style: RowStyle,
    id: NodeId,
    mv_text: &str,
    pos: &Position,
    on_pv: bool,
) -> Line<'static> {
    let theme = style.theme;
    let Some(node) = session.node(id) else {
        return Line::default();
    };
    let quiescence = node.kind() == NodeKind::Quiescence;
    let base = if quiescence {
        theme.quiescence
    } else if on_pv {
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
        None if style.live => spans.push(Span::styled("    … ··· ", theme.dim)),
        None => spans.push(Span::styled("unfinished", theme.error)),
    }
    spans.extend(marker_spans(session, style, id, pos));
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
    style: RowStyle,
    id: NodeId,
    pos: &Position,
) -> Vec<Span<'static>> {
    let theme = style.theme;
    let Some(node) = session.node(id) else {
        return Vec::new();
    };
    let research = session.is_research(id);
    let (mut head, source) = if let Some(cut) = node.cutoff() {
        let sources = &session.header().sources;
        let label = sources.label(cut.source).into_owned();
        let colour = theme.source_style(sources.colour(cut.source));
        (
            format!("✂ {} ", style.notation.format(pos, cut.mv)),
            Some((label, colour)),
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
    /// Draws the tree (selecting the first row if nothing is selected yet) and remembers the
    /// page height for PgUp/PgDn.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let inner = Block::bordered().inner(area);
        app.view.fit_width(&app.session, inner.width);
        if app.view.selected_node().is_none() {
            app.view.first(&app.session);
        }
        let session = &app.session;
        let style = RowStyle {
            theme: &app.theme,
            notation: app.notation,
            live: app.is_live(),
        };
        let rows = rows::build(session, &app.view, style);
        app.view.state.close_all();
        for path in rows.opened {
            app.view.state.open(path);
        }
        let mut title = match (app.view.anchor(), app.view.zoom_root()) {
            (Some(a), _) => format!(
                " Search tree · … {} levels above ({})",
                fmt::grouped(a.levels as u64),
                line_tail(session, a.node, 2, app.notation)
            ),
            (None, Some(z)) => format!(
                " Search tree · zoomed at {}",
                line_tail(session, z, 6, app.notation)
            ),
            (None, None) => format!(
                " Search tree · {} nodes ",
                fmt::count(session.tree.len() as u64)
            ),
        };
        if app.view.zoom_root().is_some() {
            title.push_str(" (Z: out) ");
        } else if app.view.anchor().is_some() {
            title.push(' ');
        }
        let block = Block::bordered()
            .title(Span::styled(title, app.theme.title))
            .border_style(app.theme.border_focus);
        app.page_rows = usize::from(inner.height.saturating_sub(1));
        let Ok(tree) = Tree::new(&rows.items) else {
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
    }
}

/// The last `count` moves of the line to `id` in `notation`, `…` first when there are more,
/// for titles: a node 100,000 plies down gets a short title, a walk of a few links and one
/// position lookup.
pub fn line_tail(session: &Session, id: NodeId, count: usize, notation: Notation) -> String {
    let mut nodes = Vec::new();
    let mut more = false;
    let line = std::iter::once(id).chain(session.tree.ancestors(id));
    for (steps, n) in line.enumerate() {
        if steps > 4 * count {
            more = true;
            break;
        }
        let Some(mv) = session.node(n).map(|n| n.mv()).filter(|m| !m.is_null()) else {
            continue;
        };
        if nodes.len() == count {
            more = true;
            break;
        }
        nodes.push((n, mv));
    }
    nodes.reverse();
    let mut pos = nodes
        .first()
        .map(|&(n, _)| session.position_at(session.parent(n)));
    let moves: Vec<String> = nodes
        .iter()
        .map(|&(_, mv)| match pos.as_mut().filter(|p| p.is_legal(mv)) {
            Some(p) => {
                let text = notation.format(p, mv);
                p.make_move(mv);
                text
            }
            None => {
                pos = None;
                mv.to_string()
            }
        })
        .collect();
    match (more, moves.is_empty()) {
        (false, true) => "the root".into(),
        (false, false) => moves.join(" "),
        (true, _) => format!("… {}", moves.join(" ")),
    }
}
