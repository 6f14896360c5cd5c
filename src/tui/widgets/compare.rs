//! The compare view: the current position searched to the current depth under each
//! configuration chosen in the compare picker, side by side — tree size and its ratio to the
//! first column, cutoffs, first-move cutoff rate, cutoffs by every source some configuration
//! uses, killer stores, TT hits, best move and score.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row, Table};

use crate::search::{MoveSource, SOURCES};
use crate::tui::app::App;
use crate::tui::fmt;
use crate::tui::layout::centered;
use crate::tui::setup::selective_label;
use crate::tui::widgets::Panel;

/// Width of the row-label column.
const LABEL_WIDTH: u16 = 18;
/// Width each configuration's column would like.
const COLUMN_WIDTH: u16 = 17;

/// The table's rows as text: a header of column names, then one row per figure, one column per
/// configuration.
pub fn rows(app: &App) -> Vec<Vec<String>> {
    let results = &app.comparison.rows;
    let base = results.first().map_or(0, |(_, s, _)| s.nodes());
    let name = |i: usize| {
        app.comparison
            .labels
            .get(i)
            .cloned()
            .unwrap_or_else(|| results[i].0.changes())
    };
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
    add("nodes", &|i| fmt::count(results[i].1.nodes()));
    add("  vs first", &|i| {
        if base == 0 {
            "–".into()
        } else {
            format!("{:.2}×", results[i].1.nodes() as f64 / base as f64)
        }
    });
    add("  main search", &|i| fmt::count(results[i].1.main_nodes));
    add("  quiescence", &|i| fmt::count(results[i].1.q_nodes));
    add("cutoffs", &|i| fmt::count(results[i].1.cutoffs));
    add("1st-move cutoffs", &|i| {
        let s = &results[i].1;
        fmt::percent(s.by_rank[0], s.cutoffs)
    });
    for row in SOURCES {
        let source = MoveSource::from_code(row.code);
        if results.iter().any(|(c, _, _)| c.uses(source)) {
            let label = format!("  by {}", row.label);
            add(&label, &|i| fmt::count(results[i].1.cutoffs_by(source)));
        }
    }
    add("killer stores", &|i| fmt::count(results[i].1.killer_stores));
    add("TT hits", &|i| fmt::count(results[i].1.tt_hits));
    add("best move", &|i| {
        app.notation.format(&app.root, results[i].2.best_move)
    });
    add("score", &|i| fmt::score(results[i].2.score));
    out
}

/// The compare view, drawn over the screen while `Mode::Compare` is on.
pub struct CompareOverlay;

impl Panel for CompareOverlay {
    /// Draws the view as an overlay centred in `area`, as wide as its columns want.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let theme = &app.theme;
        let rows = rows(app);
        let columns = rows.first().map_or(1, Vec::len);
        let wanted = u16::try_from(columns.saturating_sub(1))
            .unwrap_or(u16::MAX)
            .saturating_mul(COLUMN_WIDTH)
            .saturating_add(LABEL_WIDTH + 2)
            .max(72);
        let height = u16::try_from(rows.len() + 2).unwrap_or(u16::MAX).max(5);
        let popup = centered(area, wanted, height);
        frame.render_widget(Clear, popup);
        let block = Block::bordered()
            .title(Span::styled(
                format!(
                    " Compare · depth {}{} · Esc closes ",
                    app.settings.depth,
                    if app.settings.selective.any() {
                        format!(" · {}", selective_label(&app.settings.selective))
                    } else {
                        String::new()
                    }
                ),
                theme.title,
            ))
            .border_style(theme.border_focus);
        if app.comparison.rows.is_empty() {
            let text = if app.comparison.running {
                format!(
                    "Searching {} … (Esc cancels; deep searches take a while)",
                    app.comparison.labels.join(", ")
                )
            } else {
                "Stopped before every search finished.".to_string()
            };
            frame.render_widget(
                Paragraph::new(Line::styled(text, theme.info)).block(block),
                popup,
            );
            return;
        }
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
}
