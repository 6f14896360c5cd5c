//! The compare view's ladder page (`O`): the position on screen searched to the explorer's
//! depth under every rung of the ordering ladder, worst order first, each with its node count,
//! its ratio to the oracle's, its horizon leaves and a bar of them on a log scale, with the
//! Knuth–Moore count of the minimal tree marked on every bar (`┆`) — `compare --ladder --svg`
//! on the terminal.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::ctx::Ctx;
use crate::theme::Theme;
use crate::widgets::overlay_frame;
use killerscope_engine::fmt;
use killerscope_engine::ladder::Ladder;
use killerscope_explorer::LadderKey;

/// Width of the rung's name.
const NAME: usize = 17;
/// Width of each number column.
const NUMBER: usize = 9;

/// Draws the ladder page over `area` but its last line (the hints).
pub fn render(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    let state = &app.views().ladder;
    let depth = app.setup().next.depth;
    let popup = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    let title = " Ordering ladder · worst order to the oracle's · Tab numbers · Esc closes ";
    let inner = overlay_frame(frame, popup, title.to_string(), theme);
    let mut lines = Vec::new();
    if let Some((key, climbed)) = state.slot.running() {
        lines.push(Line::styled(
            format!(
                "Climbing at depth {}: {climbed} of 9 rungs climbed, on every core, every search \
                 from an empty table… (Esc stops)",
                key.depth,
            ),
            theme.info,
        ));
    }
    match state.slot.done() {
        Some((key, ladder)) => {
            let fen = app.setup().root.to_fen();
            lines.extend(table(theme, key, ladder, inner.width, key.fen == fen));
        }
        None if state.slot.running().is_none() => lines.push(Line::styled(
            format!(
                "O climbs the ladder of the position on screen at depth {depth}: nine searches \
                 (the worst order's is the largest; s or Esc stops)."
            ),
            theme.dim,
        )),
        None => {}
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// The ladder as lines `width` wide: the Knuth–Moore line, a header, a row per rung, and the
/// oracle's tree against the minimal one.
fn table(
    theme: &Theme,
    key: &LadderKey,
    ladder: &Ladder,
    width: u16,
    on_screen: bool,
) -> Vec<Line<'static>> {
    let d = ladder.depth;
    let whose = if on_screen {
        "this position"
    } else {
        "an earlier position (O climbs the one on screen)"
    };
    let mut lines = vec![
        Line::styled(
            format!(
                "Depth {}, {whose}: mean branching factor b = {:.1}; Knuth–Moore b^{} + b^{} − 1 \
                 = {} leaves (┆)",
                key.depth,
                ladder.branching,
                d.div_ceil(2),
                d / 2,
                fmt::grouped(ladder.knuth_moore.round() as u64)
            ),
            theme.text,
        ),
        Line::styled(
            format!(
                "{:<NAME$}{:>NUMBER$}{:>NUMBER$}{:>NUMBER$}  leaves (log scale)",
                "rung", "nodes", "÷ oracle", "leaves"
            ),
            theme.title,
        ),
    ];
    let oracle = ladder.oracle().map_or(0, |(_, size)| size.nodes);
    let bar_width = usize::from(width).saturating_sub(NAME + 3 * NUMBER + 2);
    // The log axis spans half the smallest count (the oracle's or Knuth–Moore's) to the
    // largest, so the rungs' differences fill the bar rather than its first decades.
    let counts = || {
        let leaves = ladder.rungs.iter().map(|(_, s)| s.leaves as f64);
        leaves.chain(std::iter::once(ladder.knuth_moore))
    };
    let low = (counts().fold(f64::INFINITY, f64::min).max(2.0) / 2.0).log10();
    let high = counts().fold(1.0, f64::max).log10().max(low + 1.0);
    let column = |n: f64| {
        let at = (n.max(1.0).log10() - low) / (high - low);
        (at.clamp(0.0, 1.0) * bar_width.saturating_sub(1) as f64).round() as usize
    };
    let minimal = column(ladder.knuth_moore);
    for (rung, size) in &ladder.rungs {
        let ratio = if oracle == 0 {
            "–".to_string()
        } else {
            format!("{:.1}×", size.nodes as f64 / oracle as f64)
        };
        let filled = column(size.leaves as f64);
        let bar: String = (0..bar_width)
            .map(|i| match (i < filled, i == minimal) {
                (_, true) => '┆',
                (true, false) => '█',
                (false, false) => ' ',
            })
            .collect();
        lines.push(Line::from(vec![
            Span::styled(
                format!(
                    "{:<NAME$}{:>NUMBER$}{:>NUMBER$}{:>NUMBER$}  ",
                    rung.name,
                    fmt::count(size.nodes),
                    ratio,
                    fmt::count(size.leaves)
                ),
                theme.text,
            ),
            Span::styled(bar.trim_end().to_string(), theme.chart),
        ]));
    }
    if let Some((rung, size)) = ladder.oracle() {
        lines.push(Line::styled(
            format!(
                "The {} rung is the perfect-ordering tree a real search produced: {} leaves, \
                 {:.2}× the Knuth–Moore count.",
                rung.name,
                fmt::grouped(size.leaves),
                size.leaves as f64 / ladder.knuth_moore.max(1.0)
            ),
            theme.dim,
        ));
    }
    lines
}
