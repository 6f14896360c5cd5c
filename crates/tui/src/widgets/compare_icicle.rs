//! The compare view's icicles: the first configuration's last iteration above another's, on
//! one scale — the bigger tree spans the width and the smaller one its share of it — so a class
//! sees both how much smaller the tree got and under which moves the pruned mass was. Blocks
//! are shaded like the charts view's icicle (`m` switches node type / cutoff source), and
//! `←` / `→` choose the configuration under the first when more than two were compared.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

use crate::ctx::Ctx;
use crate::widgets::charts::paired;
use crate::widgets::icicle_bands::Painter;
use killerscope_engine::fmt;
use killerscope_explorer::Compared;
use killerscope_explorer::charts::icicle;
use killerscope_trace::SearchTree;

/// Draws the two icicles and their legend in `area`.
pub fn render(frame: &mut Frame, area: Rect, app: &Ctx) {
    let comparison = &app.views().compare;
    let pair = [0, comparison.partner()];
    let [top, bottom, legend] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let sizes = pair.map(|k| {
        comparison
            .rows
            .get(k)
            .and_then(last_iteration)
            .map_or(0, |r| r.1)
    });
    let largest = sizes.iter().copied().max().unwrap_or(0);
    for ((k, size), area) in pair.into_iter().zip(sizes).zip([top, bottom]) {
        let Some(row) = comparison.rows.get(k) else {
            continue;
        };
        let width = if largest == 0 {
            area.width
        } else {
            let share = size as f64 / largest as f64;
            ((f64::from(area.width) * share).round() as u16).clamp(1, area.width)
        };
        let name = comparison.name(k);
        side(frame, area, app, (k, &name, row), (size, sizes[0], width));
    }
    let first = comparison.rows.first();
    let other = comparison.rows.get(pair[1]);
    let drawn = [other, first].into_iter().flatten();
    if let Some((row, tree)) = drawn.filter_map(|r| Some((r, r.tree.as_ref()?))).next() {
        let painter = painter(app, row, tree);
        let used = |source| {
            [first, other]
                .into_iter()
                .flatten()
                .any(|r| r.stats.cutoffs_by(source) > 0)
        };
        frame.render_widget(painter.legend(used, false), legend);
    }
}

/// The last iteration's root of a search and its subtree size.
fn last_iteration(row: &Compared) -> Option<(u32, u64)> {
    let tree = row.tree.as_ref()?;
    let root = *tree.roots().last()?;
    Some((root, u64::from(tree.subtree_size(root))))
}

/// How a search's blocks are painted: its own tree and source table, every node finished.
fn painter<'a>(app: &'a Ctx<'a>, row: &'a Compared, tree: &'a SearchTree) -> Painter<'a> {
    Painter {
        tree,
        sources: &row.sources,
        theme: &app.theme,
        notation: app.prefs().notation,
        colouring: app.views().compare.colouring,
        at: usize::MAX,
    }
}

/// One configuration's title line and bands: `(k, name, row)` is the configuration,
/// `(size, first, width)` its iteration's size, the first configuration's, and the columns
/// its icicle spans.
fn side(
    frame: &mut Frame,
    area: Rect,
    app: &Ctx,
    (k, name, row): (usize, &str, &Compared),
    (size, first, width): (u64, u64, u16),
) {
    let theme = &app.theme;
    let [title, bands] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    let (Some(tree), Some((root, _))) = (row.tree.as_ref(), last_iteration(row)) else {
        let why = format!(
            "{} {name}: too big to draw here (over its share of {} events recorded); compare at a lower depth",
            paired::fill(k),
            fmt::count(killerscope_explorer::RECORD_BUDGET as u64)
        );
        frame.render_widget(Line::styled(why, theme.dim), title);
        return;
    };
    let mut spans = vec![
        Span::styled(format!("{} {name}", paired::fill(k)), theme.title),
        Span::styled(
            format!(
                ": depth {} iteration, {} nodes",
                tree.node(root).map_or(0, |n| n.depth()),
                fmt::count(size)
            ),
            theme.text,
        ),
    ];
    if k > 0 {
        let others = app.views().compare.rows.len() - 1;
        let choose = if others > 1 { " · ←→ another" } else { "" };
        let ratio = paired::ratio(first, size);
        spans.push(Span::styled(
            format!(" ({ratio} the first){choose}"),
            theme.dim,
        ));
    }
    frame.render_widget(Line::from(spans), title);
    let known = u32::try_from(tree.len()).unwrap_or(u32::MAX);
    let mut layout = icicle::layout(tree, root, known, width, usize::from(bands.height));
    layout.area = crate::ctx::area_of(bands);
    painter(app, row, tree).draw_bands(frame.buffer_mut(), &layout, None, Some(&app.setup().root));
}
