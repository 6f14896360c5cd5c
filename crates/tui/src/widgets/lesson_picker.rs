//! The lesson picker (`L`): the bundled lessons with their titles and step counts, and the
//! highlighted one's summary. Enter checks it against the engine and opens it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::ListItem;

use crate::ctx::Ctx;
use crate::widgets::Panel;
use crate::{widgets::list_popup, widgets::list_popup::ListPopup};
use killerscope_explorer::Mode;
use killerscope_explorer::lesson::catalogue;

/// The lesson picker, drawn over the screen while `Mode::LessonPicker` is on.
pub struct LessonPickerOverlay;

impl Panel for LessonPickerOverlay {
    /// Draws the list with the highlighted lesson and its summary below.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::LessonPicker(selected) = app.mode() else {
            return;
        };
        let (lessons, theme) = (catalogue(), &app.theme);
        let items = lessons
            .iter()
            .map(|l| {
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:<32}", l.name), theme.key),
                    Span::styled(format!("{} ", l.title), theme.text),
                    Span::styled(format!("({} steps)", l.steps), theme.dim),
                ]))
            })
            .collect();
        let about = lessons
            .get(*selected)
            .map(|l| l.summary.clone())
            .unwrap_or_default();
        let popup = ListPopup {
            title: " Lessons · ↑↓ choose · Enter open · Esc cancel ",
            width_percent: 80,
            items,
            selected: Some(*selected),
            about,
        };
        list_popup::render(frame, area, theme, popup);
    }
}
