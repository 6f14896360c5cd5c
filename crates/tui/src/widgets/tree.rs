//! The search-tree panel. Rows are built only for the view's top level and for opened nodes,
//! a page of children at a time ("… N before" / "… N more" rows stand for the rest) and at
//! most `TreeView::levels()` levels deep (`tree/rows.rs`), so a frame costs the same on a
//! thousand-node tree, a five-million-node one, a million-child node and a 100,000-level line.
//!
//! Row: `…Nf6     +310 CUT ✂ Bc6 K1       1.23k  [-40,+40]` — the move (SAN, `…` for Black),
//! the score returned (side to move's view), the node type, for a node that failed high the
//! cutting move and the heuristic that ordered it, the subtree size and the α/β window at entry.
//! The marker also says what selective search did (`R2`, `↻`, `NM✂`, `FUT×3`, `ASP`:
//! `tree/markers.rs`). On a narrow panel the count, then the indentation (a depth marker
//! instead), then the score give way, never the window (`tree/fit.rs`).

use killerscope_engine::HeaderSettings;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;
use ratatui::widgets::StatefulWidget;
use tui_tree_widget::Tree;

use crate::ctx::Ctx;
use crate::theme::Theme;
use crate::widgets::Panel;
use killerscope_chess::Notation;
use killerscope_chess::Position;
use killerscope_engine::fmt;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::{Bound, NodeKind};
use killerscope_trace::line::Step;

pub mod fit;
pub mod markers;
mod rows;

use fit::{Fit, RowParts};
use markers::marker_spans;

/// How a row is drawn: colours, the notation of its moves and the markers' symbols.
#[derive(Clone, Copy, Debug)]
pub struct RowStyle<'a> {
    /// The colours.
    pub theme: &'a Theme,
    /// How the cutting move in the marker is written.
    pub notation: Notation,
    /// ASCII markers (`x`, `re`, `NMx`) for terminals without Unicode (`--ascii`).
    pub ascii: bool,
    /// Whether the log is still growing: an open node is still being searched, rather than
    /// unfinished (a log cut short, or a trace that ended mid-node).
    pub live: bool,
    /// A node whose cutting move (and its siblings') is drawn as `✂ ?`: a lesson's question
    /// asks for it.
    pub hidden_cut: Option<NodeId>,
    /// `row_line` leaves the subtree count out and narrows the marker column (the panel
    /// itself fits each row to its width instead: `fitted_row`).
    pub compact: bool,
}

/// The text of one node's row, whole (the panel fits it to its width: `fitted_row`). `pos` is
/// the position at the node (`None` at or below an illegal step, where moves are written in
/// coordinates); `on_pv` whether its line follows its iteration's principal variation (the
/// row builder knows it from the parent's).
pub fn row_line(
    session: &Session,
    style: RowStyle,
    id: NodeId,
    mv_text: &str,
    pos: Option<&Position>,
    on_pv: bool,
) -> Line<'static> {
    let Some(parts) = row_parts(session, style, id, mv_text, pos, on_pv) else {
        return Line::default();
    };
    if style.compact {
        parts.full(fit::COMPACT_MARKER_WIDTH, false)
    } else {
        parts.full(fit::MARKER_WIDTH, true)
    }
}

/// The row of `row_line` in at most `budget` cells, its window whole (`fit.rs` says what
/// gives way first).
pub fn fitted_row(
    session: &Session,
    style: RowStyle,
    (id, mv_text): (NodeId, &str),
    pos: Option<&Position>,
    on_pv: bool,
    budget: usize,
) -> Line<'static> {
    row_parts(session, style, id, mv_text, pos, on_pv)
        .map_or_else(Line::default, |p| p.line(budget))
}

/// The parts of node `id`'s row, each styled.
fn row_parts(
    session: &Session,
    style: RowStyle,
    id: NodeId,
    mv_text: &str,
    pos: Option<&Position>,
    on_pv: bool,
) -> Option<RowParts> {
    let theme = style.theme;
    let node = session.node(id)?;
    let quiescence = node.kind() == NodeKind::Quiescence;
    let base = if quiescence {
        theme.quiescence
    } else if on_pv {
        theme.pv
    } else {
        theme.text
    };
    let (alpha, beta) = node.window();
    let (score, result) = match node.result() {
        Some((score, bound)) => {
            let tag = match (quiescence, bound) {
                (true, _) => "Q  ",
                (false, Bound::Exact) => "PV ",
                (false, Bound::Lower) => "CUT",
                (false, Bound::Upper) => "ALL",
            };
            (
                Some(Span::styled(format!("{:>5} ", fmt::score(score)), base)),
                Span::styled(format!("{tag} "), theme.node_type),
            )
        }
        None if style.live => (None, Span::styled("    … ··· ", theme.dim)),
        None => (None, Span::styled("unfinished", theme.error)),
    };
    Some(RowParts {
        mv: Span::styled(format!("{mv_text:<8}"), base),
        score,
        result,
        marker: marker_spans(session, style, id, pos),
        marker_style: theme.cutoff,
        count: fmt::count(u64::from(session.tree().subtree_size(id))),
        window: format!("[{},{}]", fmt::score(alpha), fmt::score(beta)),
        dim: theme.dim,
    })
}

/// The search-tree panel: the view state lives in `App::view`, so the panel itself is empty.
pub struct TreePanel;

impl Panel for TreePanel {
    /// Draws the rows the view opens, the selection and scroll in the widget's own state.
    fn render(&self, frame: &mut Frame, area: Rect, ctx: &mut Ctx) {
        let (app, theme) = (ctx.app, ctx.theme.clone());
        let session = app.session();
        let style = RowStyle {
            theme: &theme,
            notation: app.prefs().notation,
            ascii: app.prefs().ascii,
            live: app.is_live(),
            hidden_cut: app.asked_node(),
            compact: false,
        };
        let inner = Block::bordered().inner(area);
        let top_ply = app
            .view()
            .view_root()
            .and_then(|r| session.node(r))
            .map_or(0, |n| usize::from(n.ply()) + 1);
        let fit = Fit::new(inner.width, top_ply);
        let query = &app.views().query;
        let marks = |id| query.marks(id);
        let marked = query.found().map(|_| &marks as &dyn Fn(NodeId) -> bool);
        let rows = rows::build(session, app.view(), (style, &fit), marked);
        let selected = app.view().selected_path().collect();
        ctx.tree.close_all();
        for path in rows.opened {
            ctx.tree.open(path);
        }
        ctx.tree.select(selected);
        let mut title = match (app.view().anchor(), app.view().zoom_root()) {
            (Some(a), _) => format!(
                " Search tree · … {} levels above ({})",
                fmt::grouped(a.levels as u64),
                line_tail(session, a.node, 2, app.prefs().notation)
            ),
            (None, Some(z)) => format!(
                " Search tree · zoomed at {}",
                line_tail(session, z, 6, app.prefs().notation)
            ),
            (None, None) => format!(
                " Search tree · {}{}{} nodes ",
                app.shown_engine()
                    .map_or(String::new(), |e| format!("{e} · ")),
                selective_title(session),
                fmt::count(session.tree().len() as u64)
            ),
        };
        if let Some((text, set)) = query.found() {
            let mark = if app.prefs().ascii { "*" } else { "◆" };
            title.push_str(&format!(
                "· {mark} {} match {} ",
                fmt::count(set.count()),
                killerscope_text::printable(text)
            ));
        }
        if app.view().zoom_root().is_some() {
            title.push_str(" (Z: out) ");
        } else if app.view().anchor().is_some() {
            title.push(' ');
        }
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border_focus);
        let Ok(tree) = Tree::new(&rows.items) else {
            return;
        };
        let tree = tree
            .highlight_style(theme.selected)
            .highlight_symbol("▸")
            .node_closed_symbol("▶ ")
            .node_open_symbol("▼ ")
            .node_no_children_symbol("  ")
            .style(Style::default());
        frame.render_widget(block, area);
        // Drawn off screen as wide as the deepest row's indentation needs, then copied back
        // with the indentation folded (`fit::fold_into`).
        let deep = u16::try_from(2 * rows.deepest).unwrap_or(u16::MAX);
        let wide = Rect {
            width: inner.width.saturating_add(deep),
            ..inner
        };
        let mut scratch = Buffer::empty(wide);
        StatefulWidget::render(tree.clone(), wide, &mut scratch, ctx.tree);
        fit::fold_into(
            frame.buffer_mut(),
            &scratch,
            inner,
            &fit,
            ctx.tree,
            theme.dim,
        );
        // Drawn again in the panel's own area, so that clicks find the rows there only.
        StatefulWidget::render(tree, inner, &mut Buffer::empty(inner), ctx.tree);
    }
}

/// `selective · ` (or the techniques on, `nmp+lmr · `) when the search on screen used
/// selective search; empty for a full-width tree, the default.
fn selective_title(session: &Session) -> String {
    match session.header().selective_config() {
        Some(config) if config.any() => format!("{} · ", config.label()),
        _ => String::new(),
    }
}

/// The last `count` steps of the line to `id` in `notation`, `…` first when there are more,
/// for titles: a node 100,000 plies down gets a short title, a walk of a few links and one
/// position lookup.
pub fn line_tail(session: &Session, id: NodeId, count: usize, notation: Notation) -> String {
    let mut steps = Vec::new();
    let mut more = false;
    let line = std::iter::once(id).chain(session.tree().ancestors(id));
    for (walked, n) in line.enumerate() {
        if walked > 4 * count {
            more = true;
            break;
        }
        let Some(step) = session.node(n).and_then(Step::of) else {
            continue;
        };
        if steps.len() == count {
            more = true;
            break;
        }
        steps.push((n, step));
    }
    steps.reverse();
    let mut pos = steps
        .first()
        .and_then(|&(n, _)| session.known_position_at(session.parent(n)));
    let words: Vec<String> = steps
        .iter()
        .map(|&(_, step)| match pos.take() {
            Some(before) => {
                pos = step.play(&before);
                step.text(&before, notation)
            }
            None => match step {
                Step::Move(mv) => mv.to_string(),
                Step::Pass => "--".into(),
            },
        })
        .collect();
    match (more, words.is_empty()) {
        (false, true) => "the root".into(),
        (false, false) => words.join(" "),
        (true, _) => format!("… {}", words.join(" ")),
    }
}
