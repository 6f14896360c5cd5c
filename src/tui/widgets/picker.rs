//! The position picker (`o`): the embedded classroom library, each with its id, what to look
//! for in it and the search settings its EPD opcodes ask for.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};

use crate::tui::app::{App, Mode};
use crate::tui::layout::centered;
use crate::tui::setup::selective_label;
use crate::tui::widgets::Panel;

/// The position picker, drawn over the screen while `Mode::Picker` is on.
pub struct PickerOverlay;

impl Panel for PickerOverlay {
    /// Draws the picker with the chosen entry highlighted and its comment below the list.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let Mode::Picker(selected) = app.mode else {
            return;
        };
        let (entries, theme) = (&app.library, &app.theme);
        let height = u16::try_from(entries.len() + 8).unwrap_or(u16::MAX);
        let popup = centered(area, 90, height);
        frame.render_widget(Clear, popup);
        let block = Block::bordered()
            .title(Span::styled(
                " Positions · ↑↓ choose · Enter load · Esc cancel ",
                theme.title,
            ))
            .border_style(theme.border_focus);
        let inner = block.inner(popup);
        frame.render_widget(block, popup);
        let [list_area, comment_area] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(5)]).areas(inner);
        let items: Vec<ListItem> = entries
            .iter()
            .map(|e| {
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:<22}", e.id), theme.key),
                    Span::styled(e.fen.clone(), theme.dim),
                ]))
            })
            .collect();
        let mut state = ListState::default().with_selected(Some(selected));
        frame.render_stateful_widget(
            List::new(items)
                .highlight_style(theme.selected)
                .highlight_symbol("▸ "),
            list_area,
            &mut state,
        );
        if let Some(entry) = entries.get(selected) {
            let mut text = String::new();
            if let Some(ordering) = entry.settings.ordering {
                text.push_str(&format!("Searched with ordering {}. ", ordering.changes()));
            }
            if let Some(selective) = entry.settings.selective {
                text.push_str(&format!("Search: {}. ", selective_label(&selective)));
            }
            text.push_str(&entry.comment);
            frame.render_widget(
                Paragraph::new(text)
                    .wrap(Wrap { trim: true })
                    .style(theme.text),
                comment_area,
            );
        }
    }
}
