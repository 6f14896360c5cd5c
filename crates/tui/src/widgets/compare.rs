//! The compare view: the current position searched to the current depth under each
//! configuration chosen in the compare picker, side by side, as three pages that `Tab` cycles
//! like the charts view's charts — the numbers (tree size and its ratio to the first column,
//! cutoffs, first-move cutoff rate, cutoffs by every source some configuration uses, killer
//! stores, TT hits, best move and score), nodes per ply of every configuration with the ratio
//! to the first (`charts::paired`), and two icicles on one scale (`compare_icicle`). One page
//! at a time, so every page fits 80×24; the pictures leave the hint line free for their keys.
//! `O` adds a fourth page outside the cycle, the ordering ladder (`compare_ladder`).

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row, Table};

use crate::ctx::Ctx;
use crate::layout::centered;
use crate::widgets::charts::paired;
use crate::{widgets::Panel, widgets::compare_icicle, widgets::compare_ladder};
use killerscope_engine::fmt;
use killerscope_explorer::ComparePage;
use killerscope_explorer::keys::Action;
use killerscope_explorer::views::ViewAction as V;
use killerscope_explorer::views::{compare::CompareAction as C, ladder::LadderAction};
use killerscope_log::{MoveSource, SOURCES};

/// The actions the hint line names while the compare view is open, with a word each; their
/// keys come from the key table.
pub const HINTS: [(Action, &str); 6] = [
    (Action::View(V::Compare(C::Next)), "picture"),
    (Action::View(V::Compare(C::Prev)), "back"),
    (Action::View(V::Compare(C::Pair(-1))), "icicle pair"),
    (Action::View(V::Compare(C::Colours)), "colours"),
    (Action::Leave, "close"),
    (Action::View(V::Ladder(LadderAction::Climb)), "ladder"),
];

/// Width of the row-label column.
const LABEL_WIDTH: u16 = 18;
/// Width each configuration's column would like.
const COLUMN_WIDTH: u16 = 17;

/// The table's rows as text: a header of column names, then one row per figure, one column per
/// configuration.
pub fn rows(app: &Ctx) -> Vec<Vec<String>> {
    let results = &app.views().compare.rows;
    let base = results.first().map_or(0, |r| r.stats.nodes());
    let name = |i: usize| app.views().compare.name(i);
    let mut out = vec![
        std::iter::once(String::new())
            .chain((0..results.len()).map(name))
            .collect(),
    ];
    let mut add = |label: &str, f: &dyn Fn(usize) -> String| {
        let mut row = vec![label.to_string()];
        row.extend((0..results.len()).map(f));
        out.push(row);
    };
    add("nodes", &|i| fmt::count(results[i].stats.nodes()));
    add("  vs first", &|i| {
        if base == 0 {
            "–".into()
        } else {
            format!("{:.2}×", results[i].stats.nodes() as f64 / base as f64)
        }
    });
    add("  main search", &|i| {
        fmt::count(results[i].stats.main_nodes)
    });
    add("  quiescence", &|i| fmt::count(results[i].stats.q_nodes));
    add("cutoffs", &|i| fmt::count(results[i].stats.cutoffs));
    add("1st-move cutoffs", &|i| {
        let s = &results[i].stats;
        fmt::percent(s.by_rank[0], s.cutoffs)
    });
    for row in SOURCES {
        let source = MoveSource::from_code(row.code);
        if results.iter().any(|r| r.ordering.uses(source)) {
            let label = format!("  by {}", row.label);
            add(&label, &|i| fmt::count(results[i].stats.cutoffs_by(source)));
        }
    }
    add("killer stores", &|i| {
        fmt::count(results[i].stats.killer_stores)
    });
    add("TT hits", &|i| fmt::count(results[i].stats.tt_hits));
    add("best move", &|i| {
        app.prefs()
            .notation
            .format(&app.setup().root, results[i].report.best_move)
    });
    add("score", &|i| fmt::score(results[i].report.score));
    out
}

/// The compare view, drawn over the screen while `Mode::Compare` is on.
pub struct CompareOverlay;

impl Panel for CompareOverlay {
    /// Draws the page on screen: the table centred and as wide as its columns want, a picture
    /// over the whole screen but its last line (the hints).
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let theme = &app.theme;
        let page = app.views().compare.page;
        let place = ComparePage::ALL
            .iter()
            .position(|&p| p == page)
            .unwrap_or(0)
            + 1;
        let selective = if app.setup().next.selective.any() {
            format!(" · {}", app.setup().next.selective.label())
        } else {
            String::new()
        };
        let title = format!(
            " Compare {place}/{} · {} · depth {}{selective} · Tab next · Esc closes ",
            ComparePage::ALL.len(),
            page.title(),
            app.setup().next.depth
        );
        let block = Block::bordered()
            .title(Span::styled(title, theme.title))
            .border_style(theme.border_focus);
        if page == ComparePage::Ladder {
            compare_ladder::render(frame, area, app);
            return;
        }
        if app.views().compare.rows.is_empty() {
            let text = if app.views().compare.running {
                format!(
                    "Searching {} … (Esc cancels; deep searches take a while)",
                    app.views().compare.labels.join(", ")
                )
            } else if app.views().compare.labels.is_empty() {
                "No comparison yet: c chooses the configurations to search side by side.".into()
            } else {
                "Stopped before every search finished.".to_string()
            };
            let popup = centered(area, 72, 5);
            frame.render_widget(Clear, popup);
            frame.render_widget(
                Paragraph::new(Line::styled(text, theme.info)).block(block),
                popup,
            );
            return;
        }
        if page == ComparePage::Numbers {
            numbers(frame, area, app, block);
            return;
        }
        let popup = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        frame.render_widget(Clear, popup);
        let inner = block.inner(popup);
        frame.render_widget(block, popup);
        if inner.is_empty() {
            return;
        }
        if page == ComparePage::Icicle {
            compare_icicle::render(frame, inner, app);
            return;
        }
        let comparison = &app.views().compare;
        let names: Vec<String> = (0..comparison.rows.len())
            .map(|i| comparison.name(i))
            .collect();
        let sides: Vec<paired::Side> = names
            .iter()
            .zip(&comparison.rows)
            .map(|(name, row)| (name.as_str(), row.plies.as_slice()))
            .collect();
        let lines = paired::lines(theme, &sides, inner.width, inner.height);
        frame.render_widget(Paragraph::new(lines), inner);
    }
}

/// The numbers page: the table, centred.
fn numbers(frame: &mut Frame, area: Rect, app: &Ctx, block: Block) {
    let theme = &app.theme;
    let rows = rows(app);
    let columns = rows.first().map_or(1, Vec::len);
    // A column as wide as its configuration's name, so no name is cut where there is room.
    let longest = rows
        .first()
        .and_then(|names| names.iter().map(|n| n.chars().count()).max())
        .map_or(0, |n| u16::try_from(n + 1).unwrap_or(u16::MAX));
    let wanted = u16::try_from(columns.saturating_sub(1))
        .unwrap_or(u16::MAX)
        .saturating_mul(COLUMN_WIDTH.max(longest))
        .saturating_add(LABEL_WIDTH + 2)
        .max(72);
    let height = u16::try_from(rows.len() + 2).unwrap_or(u16::MAX).max(5);
    let popup = centered(area, wanted, height);
    frame.render_widget(Clear, popup);
    let mut widths = vec![Constraint::Length(LABEL_WIDTH)];
    widths.extend(std::iter::repeat_n(Constraint::Fill(1), columns - 1));
    let mut iter = rows.into_iter();
    let header = iter
        .next()
        .map(|h| Row::new(h.into_iter().map(Cell::from)).style(theme.title))
        .unwrap_or_default();
    let body = iter.map(|r| Row::new(r.into_iter().map(Cell::from)).style(theme.text));
    frame.render_widget(Table::new(body, widths).header(header).block(block), popup);
}
