//! The help overlay, generated from the key table (`keys::BINDINGS`) so it lists exactly the
//! keys the handler knows, followed by a legend of every marker and colour on screen.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::tui::app::{App, Mode};
use crate::tui::keys::{BINDINGS, Group};
use crate::tui::layout::centered;
use crate::tui::theme::Theme;
use crate::tui::widgets::{Panel, board};

/// The key lines, by group.
pub fn key_lines(theme: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for group in Group::ALL {
        out.push(Line::styled(group.title().to_string(), theme.title));
        for b in BINDINGS
            .iter()
            .filter(|b| b.group == group && !b.label.is_empty())
        {
            out.push(Line::from(vec![
                Span::styled(format!("  {:<12}", b.label), theme.key),
                Span::styled(b.help.to_string(), theme.text),
            ]));
        }
    }
    out.push(Line::from(vec![
        Span::styled(format!("  {:<12}", "mouse"), theme.key),
        Span::styled("click a tree row to select/open, wheel to move", theme.text),
    ]));
    out
}

/// The legend of markers and colours.
pub fn legend_lines(theme: &Theme) -> Vec<Line<'static>> {
    let mut out = vec![Line::styled("Legend".to_string(), theme.title)];
    let entry = |sample: Span<'static>, text: &str| {
        Line::from(vec![
            Span::raw("  "),
            sample,
            Span::raw(" ".repeat(8)),
            Span::styled(text.to_string(), theme.text),
        ])
    };
    let markers = [
        (
            "✂",
            theme.cutoff,
            "tree: beta cutoff, with the cutting move and its source",
        ),
        (
            "↻",
            theme.cutoff,
            "tree: PVS re-search (null window failed high; full window again)",
        ),
        (
            "K1",
            theme.cutoff,
            "source: TT move, Cap(ture), K1..K4 killer slot, Hist(ory), Quiet",
        ),
        (
            "PV",
            theme.node_type,
            "node type: PV exact, CUT failed high, ALL failed low, Q quiescence",
        ),
        ("Nf6", theme.pv, "tree: on the principal variation"),
        ("Nf6", theme.quiescence, "tree: quiescence node (dimmed)"),
        (
            "▶",
            theme.text,
            "tree: closed node with children; … N more: next page",
        ),
        ("✂", theme.killer_hit, "killers: this slot just cut off"),
        (
            "★ ↓",
            theme.killer_new,
            "killers: just stored in slot 1 / shifted down a slot",
        ),
    ];
    for (sample, style, text) in markers {
        out.push(entry(Span::styled(format!("{sample:<4}"), style), text));
    }
    for (sample, text) in board::legend(theme) {
        out.push(entry(sample, text));
    }
    out
}

/// The help overlay, drawn over the screen while `Mode::Help` is on.
pub struct HelpOverlay;

impl Panel for HelpOverlay {
    /// Draws the overlay over `area`, scrolled as `Mode::Help` says.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        if let Mode::Help(scroll) = app.mode {
            render(frame, area, scroll, &app.theme);
        }
    }
}

/// Keys and legend side by side when the screen is wide enough, one after the other otherwise.
fn render(frame: &mut Frame, area: Rect, scroll: u16, theme: &Theme) {
    let keys = key_lines(theme);
    let legend = legend_lines(theme);
    let wide = area.width >= 150;
    let rows = if wide {
        keys.len().max(legend.len())
    } else {
        keys.len() + legend.len()
    };
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
    let popup = centered(area, if wide { 150 } else { 80 }, height);
    frame.render_widget(Clear, popup);
    let block = Block::bordered()
        .title(Span::styled(
            " Help · ↑↓ scroll · any other key closes ",
            theme.title,
        ))
        .border_style(theme.border_focus);
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    let paragraph = |lines: Vec<Line<'static>>| {
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
    };
    if wide {
        let [left, right] =
            Layout::horizontal([Constraint::Length(62), Constraint::Fill(1)]).areas(inner);
        frame.render_widget(paragraph(keys), left);
        frame.render_widget(paragraph(legend), right);
    } else {
        let mut all = keys;
        all.extend(legend);
        frame.render_widget(paragraph(all), inner);
    }
}
