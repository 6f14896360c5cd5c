//! The two cutoff charts, as horizontal bar charts with their counts written on the bars:
//! main-search cutoffs by the cutting move's rank in the ordered list (1st … 10th, 11th+: how
//! often ordering put the refutation first) and by the heuristic that ordered it (labels and
//! colours from the log's own source table; a source the search never tried is left out).
//! Each bar's label carries its counts, and monochrome keeps every label, so a bar is always
//! named and numbered.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, Paragraph};

use crate::ctx::Ctx;
use crate::theme::Theme;
use killerscope_engine::fmt;
use killerscope_explorer::{charts::data::RANKS, charts::data::rank_label};
use killerscope_log::MoveSource;
use killerscope_log::SourceTable;

/// Width from which sources are named in full (`killer 1`) instead of labelled (`K1`).
const NAMES_FROM: u16 = 80;

/// Draws the cutoffs by rank of the search up to the cursor.
pub fn ranks(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    let counts = app.session().chart_counts();
    let total = counts.cutoffs();
    let summary = format!(
        "{} main-search cutoffs: {} by the 1st move",
        fmt::count(total),
        fmt::percent(counts.ranks()[0], total)
    );
    let header = format!("{:<5} {:>6} {:>6}", "rank", "cuts", "share");
    let bars: Vec<Bar> = (0..RANKS)
        .map(|i| {
            let n = counts.ranks()[i];
            let label = format!(
                "{:<5} {:>6} {:>6}",
                rank_label(i),
                fmt::count(n),
                fmt::percent(n, total)
            );
            Bar::with_label(Line::styled(label, theme.text), n).text_value("")
        })
        .collect();
    draw(frame, area, theme, [summary, header], bars);
}

/// A source's label, its main-search cutoffs and tries, and its style.
struct SourceBar {
    label: String,
    cutoffs: u64,
    tries: u64,
    style: Style,
}

/// The sources to chart, in the log table's order: every named source the search tried or cut
/// off with, then any code the events use that the table does not name.
fn source_bars(app: &Ctx, names: bool) -> Vec<SourceBar> {
    let stats = app.session().scan().stats();
    let table: &SourceTable = &app.session().header().sources;
    let bar = |source: MoveSource| SourceBar {
        label: if names {
            table.name(source).into_owned()
        } else {
            table.label(source).into_owned()
        },
        cutoffs: stats.cutoffs_by(source),
        tries: stats.tries.get(source),
        style: app.theme.source_style(table.colour(source)),
    };
    let named = table.rows().iter().map(|r| MoveSource::from_code(r.code));
    let unnamed = stats.by_source.non_zero().map(|(s, _)| s);
    named
        .chain(unnamed.filter(|&s| table.row(s).is_none()))
        .map(bar)
        .filter(|b| b.tries > 0 || b.cutoffs > 0)
        .collect()
}

/// Draws the cutoffs by source of the search up to the cursor, with each source's tries.
pub fn sources(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    let total = app.session().scan().stats().cutoffs;
    let summary = format!(
        "{} main-search cutoffs by ordering source",
        fmt::count(total)
    );
    let bars = source_bars(app, area.width >= NAMES_FROM);
    let width = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let header = format!("{:<width$} {:>6}/{:<6} {:>6}", "", "cuts", "tries", "share");
    let bars: Vec<Bar> = bars
        .into_iter()
        .map(|b| {
            let numbers = format!(
                " {:>6}/{:<6} {:>6}",
                fmt::count(b.cutoffs),
                fmt::count(b.tries),
                fmt::percent(b.cutoffs, total)
            );
            let label = Line::from(vec![
                Span::styled(format!("{:<width$}", b.label), b.style),
                Span::styled(numbers, theme.text),
            ]);
            Bar::with_label(label, b.cutoffs)
                .text_value("")
                .style(b.style)
        })
        .collect();
    draw(frame, area, theme, [summary, header], bars);
}

/// A summary line and a column header over horizontal bars, one row each (the counts are in
/// the labels, so a short bar is never hidden under its number), a blank row between them when
/// they fit.
fn draw(frame: &mut Frame, area: Rect, theme: &Theme, head: [String; 2], bars: Vec<Bar>) {
    let [top, chart] = Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(area);
    let [summary, header] = head;
    let head = vec![
        Line::styled(summary, theme.text),
        Line::styled(header, theme.dim),
    ];
    frame.render_widget(Paragraph::new(head), top);
    let rows = bars.len() as u16;
    let gap = u16::from(chart.height >= 2 * rows);
    let widget = BarChart::horizontal(bars)
        .bar_width(1)
        .bar_gap(gap)
        .bar_style(theme.chart);
    frame.render_widget(widget, chart);
}
