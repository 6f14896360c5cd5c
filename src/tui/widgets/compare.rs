//! The compare view (`c`): the current position searched to the current depth with killers off
//! and on, side by side — tree size, cutoffs, first-move cutoff rate, killer cutoffs — and the
//! node ratio, which is what killers buy.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row, Table};

use crate::search::MoveSource;
use crate::tui::app::App;
use crate::tui::fmt;
use crate::tui::layout::centered;
use crate::tui::widgets::Panel;

/// The table's rows as text: one column per config.
pub fn rows(app: &App) -> Vec<Vec<String>> {
    let results = &app.comparison.rows;
    let base = results.first().map_or(0, |(_, s, _)| s.nodes());
    let mut out = vec![
        std::iter::once("".to_string())
            .chain(
                results
                    .iter()
                    .map(|(c, _, _)| format!("killers={}", c.killer_slots)),
            )
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
    add("killer cutoffs", &|i| {
        fmt::count(results[i].1.killer_cutoffs_total())
    });
    add("history cutoffs", &|i| {
        fmt::count(results[i].1.cutoffs_by(MoveSource::HISTORY))
    });
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
    /// Draws the view as an overlay centred in `area`.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let theme = &app.theme;
        let popup = centered(area, 72, 19);
        frame.render_widget(Clear, popup);
        let block = Block::bordered()
            .title(Span::styled(
                format!(
                    " Compare killers off / on · depth {} · Esc closes ",
                    app.settings.depth
                ),
                theme.title,
            ))
            .border_style(theme.border_focus);
        if app.comparison.rows.is_empty() {
            let text = if app.comparison.running {
                "Searching with killers off, then on… (Esc cancels; deep searches take a while)"
            } else {
                "Stopped before both searches finished."
            };
            frame.render_widget(
                Paragraph::new(Line::styled(text, theme.info)).block(block),
                popup,
            );
            return;
        }
        let rows = rows(app);
        let columns = rows.first().map_or(1, Vec::len);
        let mut widths = vec![Constraint::Length(18)];
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
