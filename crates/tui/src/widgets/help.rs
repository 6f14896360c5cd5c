//! The help overlay, generated from the key table (`keys::bindings`) so it lists exactly the
//! keys the handler knows in every mode, and a legend of every marker and colour on screen
//! whose move sources come from the log's header.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::ctx::Ctx;
use crate::layout::centered;
use crate::theme::Theme;
use crate::widgets::tree::markers::Glyphs;
use crate::{widgets::Panel, widgets::board, widgets::overlay_frame};
use killerscope_explorer::Mode;
use killerscope_explorer::{keys::Group, keys::bindings};
use killerscope_log::{SourceRow, SourceTable};
use killerscope_text::printable;

/// Column where the text of a key or legend line starts.
const SAMPLE_WIDTH: usize = 12;

/// One line: a sample (keys, a marker) padded to `SAMPLE_WIDTH`, then what it means.
fn entry(theme: &Theme, sample: Span<'static>, text: &str) -> Line<'static> {
    let pad = SAMPLE_WIDTH.saturating_sub(sample.width());
    Line::from(vec![
        Span::raw("  "),
        sample,
        Span::raw(" ".repeat(pad)),
        Span::styled(text.to_string(), theme.text),
    ])
}

/// The key lines of `groups`, in table order under each group's heading.
fn group_lines(theme: &Theme, groups: &[Group]) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for &group in groups {
        out.push(Line::styled(group.title().to_string(), theme.title));
        for b in bindings()
            .iter()
            .filter(|b| b.group == group && !b.label.is_empty())
        {
            out.push(entry(
                theme,
                Span::styled(b.label.clone(), theme.key),
                b.help,
            ));
        }
    }
    out
}

/// The normal view's keys by group, and the mouse.
fn main_key_lines(theme: &Theme) -> Vec<Line<'static>> {
    let mut out = group_lines(theme, &Group::MAIN);
    let mouse = "click a tree row to select/open, wheel to move";
    out.push(entry(theme, Span::styled("mouse", theme.key), mouse));
    out
}

/// Every key line: the normal view's, then each overlay's.
pub fn key_lines(theme: &Theme) -> Vec<Line<'static>> {
    let mut out = main_key_lines(theme);
    out.extend(group_lines(theme, &Group::overlays()));
    out
}

/// The legend of markers and colours; the move sources are the rows of the log's own source
/// table, each in its colour, so the legend names exactly the sources the log can show.
/// `glyphs` are the tree's marker symbols (ASCII with `--ascii`).
pub fn legend_lines(theme: &Theme, sources: &SourceTable, glyphs: Glyphs) -> Vec<Line<'static>> {
    let null_cut = glyphs.null_cut;
    let pruned_count = format!("FUT{}3", glyphs.times);
    let selective = [
        (
            "R2",
            theme.selective,
            "tree: searched 2 plies shallower (late move reduction)",
        ),
        (
            glyphs.unreduced,
            theme.cutoff,
            "tree: reduced search failed high; searched again at full depth",
        ),
        (
            "-- NM",
            theme.selective,
            "tree: null-move search: the side to move passed",
        ),
        (
            null_cut,
            theme.cutoff,
            "tree: cut by its null move (passing still failed high)",
        ),
        (
            "RFP MDP",
            theme.selective,
            "tree: pruned whole: reverse futility / mate distance",
        ),
        (
            pruned_count.as_str(),
            theme.selective,
            "tree: 3 moves pruned by futility, never searched (see Explain)",
        ),
        (
            "ASP ok",
            theme.selective,
            "tree: the root's aspiration window: ok held, low / high failed",
        ),
    ];
    let markers = [
        (
            glyphs.cut,
            theme.cutoff,
            "tree: beta cutoff, with the cutting move and its source",
        ),
        (
            glyphs.research,
            theme.cutoff,
            "tree: PVS re-search (null window failed high; full window again)",
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
            "tree: closed node with children; … N before / more: click to page",
        ),
        ("✂", theme.killer_hit, "killers: this slot just cut off"),
        (
            "★ ↓",
            theme.killer_new,
            "killers: just stored in slot 1 / shifted down a slot",
        ),
    ];
    let mark = |&(sample, style, text): &(&str, Style, &str)| {
        entry(theme, Span::styled(sample.to_string(), style), text)
    };
    // Labels and names are the log header's text: shown escaped.
    let source = |row: &SourceRow| {
        let label = printable(&row.label).into_owned();
        let sample = Span::styled(label, theme.source_style(row.colour));
        entry(theme, sample, &format!("source: {}", printable(&row.name)))
    };
    let (cut_markers, others) = markers.split_at(2);
    let mut out = vec![Line::styled("Legend".to_string(), theme.title)];
    out.extend(cut_markers.iter().map(mark));
    out.extend(sources.rows().iter().map(source));
    out.extend(selective.iter().map(mark));
    out.extend(others.iter().map(mark));
    out.extend(
        board::legend(theme)
            .into_iter()
            .map(|(sample, text)| entry(theme, sample, text)),
    );
    out
}

/// The help overlay, drawn over the screen while `Mode::Help` is on.
pub struct HelpOverlay;

impl Panel for HelpOverlay {
    /// Draws the overlay over `area`, scrolled as `Mode::Help` says.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        if let Mode::Help(scroll) = app.mode() {
            render(frame, area, *scroll, app);
        }
    }
}

/// Keys and legend side by side when the screen is wide enough, one after the other otherwise.
fn render(frame: &mut Frame, area: Rect, scroll: u16, app: &Ctx) {
    let theme = &app.theme;
    let legend = legend_lines(
        theme,
        &app.session().header().sources,
        Glyphs::new(app.prefs().ascii),
    );
    let wide = area.width >= 150;
    let (left, right) = if wide {
        let mut right = legend;
        right.extend(group_lines(theme, &Group::overlays()));
        (main_key_lines(theme), right)
    } else {
        let mut all = key_lines(theme);
        all.extend(legend);
        (all, Vec::new())
    };
    let rows = left.len().max(right.len());
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
    let popup = centered(area, if wide { 150 } else { 80 }, height);
    let title = " Help · ↑↓ scroll · any other key closes ".to_string();
    let inner = overlay_frame(frame, popup, title, theme);
    let paragraph = |lines: Vec<Line<'static>>| {
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
    };
    if wide {
        let [left_area, right_area] =
            Layout::horizontal([Constraint::Length(62), Constraint::Fill(1)]).areas(inner);
        frame.render_widget(paragraph(left), left_area);
        frame.render_widget(paragraph(right), right_area);
    } else {
        frame.render_widget(paragraph(left), inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_explorer::keys::Context;
    use killerscope_log::SourceColour;

    fn text(lines: &[Line]) -> String {
        lines
            .iter()
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    #[test]
    fn every_mode_and_every_listed_row_is_in_the_help() {
        let help = text(&key_lines(&Theme::mono()));
        for context in Context::all() {
            let rows: Vec<_> = bindings()
                .iter()
                .filter(|b| b.context == context && !b.label.is_empty())
                .collect();
            assert!(!rows.is_empty(), "{context:?} has no keys in the help");
            for b in rows {
                let line = format!("{:<12}{}", b.label, b.help);
                assert!(help.contains(&line), "help lacks {line:?}");
                assert!(help.contains(b.group.title()), "{:?}", b.group);
            }
        }
    }

    #[test]
    fn the_legend_lists_the_sources_of_the_log_header() {
        let theme = Theme::mono();
        let builtin = text(&legend_lines(
            &theme,
            &SourceTable::builtin(),
            Glyphs::new(false),
        ));
        for label in ["TT", "Cap", "K1", "K5", "Hist", "Quiet"] {
            assert!(
                builtin.contains(&format!("  {label:<12}source: ")),
                "{label}"
            );
        }
        let foreign = SourceTable::from_rows(vec![SourceRow {
            code: 42,
            label: "Cm".to_string(),
            name: "countermove".to_string(),
            colour: SourceColour::Cyan,
            killer_slot: None,
        }]);
        let legend = text(&legend_lines(&theme, &foreign, Glyphs::new(true)));
        assert!(
            legend.contains("Cm          source: countermove"),
            "{legend}"
        );
        assert!(!legend.contains("K1"), "{legend}");
    }
}
