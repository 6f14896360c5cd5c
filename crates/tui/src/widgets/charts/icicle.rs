//! The icicle: one band per ply below the root, each node a block as wide as its subtree, in
//! search order — so a band shows where the search spent its nodes, and a cutoff on the first
//! move shows as one wide block over slivers. Blocks are coloured by node type (PV, CUT, ALL,
//! quiescence) or by the source of their cutoff (`m`), and filled with a character per type
//! (or the source's initial in monochrome), so the picture survives without colour. The
//! selected tree node is the selected block; the layout drawn is kept for the arrow keys.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

use crate::ctx::Ctx;
use crate::widgets::icicle_bands::Painter;
use killerscope_engine::fmt;
use killerscope_explorer::charts::icicle;
use killerscope_explorer::{NodeId, Session};
use killerscope_trace::line::node_label_known;

/// The rows of the icicle's part of the panel: the info line, the bands, the legend.
pub fn rows(area: Rect) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// Draws the icicle of the search up to the cursor, as the model laid it out.
pub fn render(frame: &mut Frame, area: Rect, app: &Ctx) {
    let [info, _, legend] = rows(area);
    let session = app.session();
    let Some(layout) = app.views().charts.icicle(session) else {
        let text = Line::styled("no node searched yet at the cursor", app.theme.dim);
        frame.render_widget(text, area);
        return;
    };
    let painter = Painter {
        tree: session.tree(),
        sources: &session.header().sources,
        theme: &app.theme,
        notation: app.prefs().notation,
        colouring: app.views().charts.colouring,
        at: session.position(),
    };
    let selected = app.view().selected_node();
    let before_root = session.known_position_at(session.parent(layout.root));
    painter.draw_bands(frame.buffer_mut(), &layout, selected, before_root.as_ref());
    frame.render_widget(info_line(&painter, session, &layout, selected), info);
    let stats = session.scan().stats();
    let cut = |source| stats.cutoffs_by(source) > 0;
    frame.render_widget(painter.legend(cut, layout.capped), legend);
}

/// The line above the bands: the selected block (or the root) in words.
fn info_line(
    painter: &Painter,
    session: &Session,
    layout: &icicle::Layout,
    selected: Option<NodeId>,
) -> Line<'static> {
    let tree = session.tree();
    let theme = painter.theme;
    let id = selected
        .filter(|&s| s < layout.known && tree.is_ancestor(layout.root, s))
        .unwrap_or(layout.root);
    let Some(node) = session.node(id) else {
        return Line::default();
    };
    let before = session.known_position_at(node.parent());
    let (label, after) = node_label_known(before.as_ref(), node, painter.notation);
    // Below a pseudo-legal engine's illegal try: the move in coordinates, and why.
    let unknown = if after.is_none() {
        "(no chess position) "
    } else {
        ""
    };
    let size = icicle::size(tree, id, layout.known);
    let whole = icicle::size(tree, layout.root, layout.known);
    let paint = painter.paint(node);
    let share = if id == layout.root {
        " · ←→↑↓ pick a block".to_string()
    } else {
        format!(
            ", {} of the root",
            fmt::percent(u64::from(size), u64::from(whole))
        )
    };
    Line::from(vec![
        Span::styled(label, theme.title),
        Span::styled(format!(" ply {} {unknown}", node.ply()), theme.dim),
        Span::styled(format!("{}{}", paint.fill, paint.suffix), paint.style),
        Span::styled(
            format!(" {} nodes", fmt::count(u64::from(size))),
            theme.text,
        ),
        Span::styled(share, theme.dim),
    ])
}
