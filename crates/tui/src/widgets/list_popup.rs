//! The one shape of the explorer's choosers (`o` positions, `L` lessons): a bordered popup in
//! the middle of the screen with a title naming its keys, a list with the highlighted row, and
//! a few wrapped lines below saying more about that row.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{List, ListItem, ListState, Paragraph, Wrap};

use crate::layout::centered;
use crate::theme::Theme;
use crate::widgets::overlay_frame;

/// What a chooser shows.
pub struct ListPopup<'a> {
    /// The title, with the keys that drive the chooser.
    pub title: &'a str,
    /// Width in percent of the screen.
    pub width_percent: u16,
    /// One row per choice.
    pub items: Vec<ListItem<'a>>,
    /// The highlighted row; `None` when no row can be chosen (the doctor's list with no node
    /// in it holds only the checks it could not make).
    pub selected: Option<usize>,
    /// What to say about the highlighted row, wrapped under the list.
    pub about: String,
}

/// Draws `popup` over `area`, clearing what is under it.
pub fn render(frame: &mut Frame, area: Rect, theme: &Theme, popup: ListPopup<'_>) {
    let height = u16::try_from(popup.items.len() + 8).unwrap_or(u16::MAX);
    let rect = centered(area, popup.width_percent, height);
    let inner = overlay_frame(frame, rect, popup.title.to_string(), theme);
    let [list_area, about_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(5)]).areas(inner);
    let mut state = ListState::default().with_selected(popup.selected);
    frame.render_stateful_widget(
        List::new(popup.items)
            .highlight_style(theme.selected)
            .highlight_symbol("▸ "),
        list_area,
        &mut state,
    );
    frame.render_widget(
        Paragraph::new(popup.about)
            .wrap(Wrap { trim: true })
            .style(theme.text),
        about_area,
    );
}
