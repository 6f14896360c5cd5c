//! The search-tree panel. Rows are built only for the view's top level and for opened nodes,
//! a page of children at a time ("… N before" / "… N more" rows stand for the rest) and at
//! most `TreeView::levels()` levels deep (`tree/rows.rs`), so a frame costs the same on a
//! thousand-node tree, a five-million-node one, a million-child node and a 100,000-level line.
//!
//! Row: `…Nf6     +310 CUT ✂ Bc6 K1       1.23k  [-40,+40]` — the move (SAN, `…` for Black),
//! the score returned (side to move's view), the node type, for a node that failed high the
//! cutting move and the heuristic that ordered it, the subtree size and the α/β window at entry.
//! The marker comes before the numbers so it survives a narrow screen; it also says what
//! selective search did (`R2`, `↻`, `NM✂`, `FUT×3`, `ASP`: `tree/markers.rs`).

use killerscope_engine::HeaderSettings;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;
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

pub mod markers;
mod rows;

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
    /// Teaching on a narrow tree (80×24, projector): the subtree count is left out and the
    /// marker column narrowed, so the α/β window — what the class reads — is drawn whole.
    pub compact: bool,
}

/// Narrower than this (inside the borders), a teaching screen draws compact rows: a first-level
/// row with its count and full marker column needs about 60 cells.
const FULL_ROW: u16 = 60;

/// The text of one node's row. `pos` is the position at the node (`None` at or below an
/// illegal step, where moves are written in coordinates); `on_pv` whether its line follows its
/// iteration's principal variation (the row builder knows it from the parent's).
pub fn row_line(
    session: &Session,
    style: RowStyle,
    id: NodeId,
    mv_text: &str,
    pos: Option<&Position>,
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
    let window = format!("[{},{}]", fmt::score(alpha), fmt::score(beta));
    let tail = if style.compact {
        window
    } else {
        let count = fmt::count(u64::from(session.tree().subtree_size(id)));
        format!("{count:>6}  {window}")
    };
    spans.push(Span::styled(tail, theme.dim));
    Line::from(spans)
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
            compact: area.width.saturating_sub(2) < FULL_ROW
                && (app.lesson().is_some() || app.prefs().projector || app.prefs().focus),
        };
        let query = &app.views().query;
        let marks = |id| query.marks(id);
        let marked = query.found().map(|_| &marks as &dyn Fn(NodeId) -> bool);
        let rows = rows::build(session, app.view(), style, marked);
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
            .block(block)
            .highlight_style(theme.selected)
            .highlight_symbol("▸")
            .node_closed_symbol("▶ ")
            .node_open_symbol("▼ ")
            .node_no_children_symbol("  ")
            .style(Style::default());
        frame.render_stateful_widget(tree, area, ctx.tree);
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
