//! The compare picker overlay (`c`): the checklist of configurations, each with the settings it
//! changes, the highlighted line, and why the last Enter was refused.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{List, ListItem, ListState, Paragraph};

use crate::ctx::Ctx;
use crate::layout::centered;
use crate::{widgets::Panel, widgets::overlay_frame};
use killerscope_explorer::Mode;
use killerscope_explorer::{ConfigPicker, MIN_CHOSEN};

/// One line of the checklist as text: the box, the name, the settings it changes (the last
/// line, the search on screen's, says so).
pub fn line_text(picker: &ConfigPicker, index: usize) -> String {
    let Some(preset) = picker.presets.get(index) else {
        return String::new();
    };
    let mark = if picker.chosen.get(index).copied().unwrap_or(false) {
        "[x]"
    } else {
        "[ ]"
    };
    let on_screen = if index + 1 == picker.presets.len() {
        " (on screen)"
    } else {
        ""
    };
    format!(
        "{mark} {:<26} {}{on_screen}",
        preset.name,
        preset.ordering.changes()
    )
}

/// The compare picker, drawn over the screen while `Mode::ComparePicker` is on.
pub struct ConfigPickerOverlay;

impl Panel for ConfigPickerOverlay {
    /// Draws the checklist centred in `area`, the highlighted line marked.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::ComparePicker(picker) = &app.mode() else {
            return;
        };
        let theme = &app.theme;
        let height = u16::try_from(picker.presets.len() + 5).unwrap_or(u16::MAX);
        let popup = centered(area, 80, height);
        let title = format!(
            " Compare at depth {} · Space checks · Enter runs (≥ {MIN_CHOSEN}) · Esc ",
            app.setup().next.depth
        );
        let inner = overlay_frame(frame, popup, title, theme);
        let [list_area, note_area] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(2)]).areas(inner);
        let items: Vec<ListItem> = (0..picker.presets.len())
            .map(|i| ListItem::new(Line::styled(line_text(picker, i), theme.text)))
            .collect();
        let mut state = ListState::default().with_selected(Some(picker.cursor));
        frame.render_stateful_widget(
            List::new(items)
                .highlight_style(theme.selected)
                .highlight_symbol("▸ "),
            list_area,
            &mut state,
        );
        let note = match &picker.error {
            Some(why) => Line::styled(why.clone(), theme.error),
            None => Line::styled(
                "The first checked one is the base of the node ratios.",
                theme.dim,
            ),
        };
        frame.render_widget(Paragraph::new(note), note_area);
    }
}
