//! The position picker (`o`): the embedded classroom library, each with its id, what to look
//! for in it and the search settings its EPD opcodes ask for.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::ListItem;

use crate::ctx::Ctx;
use crate::widgets::Panel;
use crate::{widgets::list_popup, widgets::list_popup::ListPopup};
use killerscope_explorer::Mode;

/// The position picker, drawn over the screen while `Mode::Picker` is on.
pub struct PickerOverlay;

impl Panel for PickerOverlay {
    /// Draws the picker with the chosen entry highlighted and its comment below the list.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::Picker(selected) = app.mode() else {
            return;
        };
        let (entries, theme) = (&app.setup().library, &app.theme);
        let items = entries
            .iter()
            .map(|e| {
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:<22}", e.id), theme.key),
                    Span::styled(e.fen.clone(), theme.dim),
                ]))
            })
            .collect();
        let mut about = String::new();
        if let Some(entry) = entries.get(*selected) {
            if let Some(ordering) = entry.settings.ordering {
                about.push_str(&format!("Searched with ordering {}. ", ordering.changes()));
            }
            if let Some(selective) = entry.settings.selective {
                about.push_str(&format!("Search: {}. ", selective.label()));
            }
            about.push_str(&entry.comment);
        }
        let popup = ListPopup {
            title: " Positions · ↑↓ choose · Enter load · Esc cancel ",
            width_percent: 90,
            items,
            selected: Some(*selected),
            about,
        };
        list_popup::render(frame, area, theme, popup);
    }
}
