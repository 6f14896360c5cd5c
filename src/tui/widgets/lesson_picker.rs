//! The lesson picker (`L`): the bundled lessons with their titles and step counts, and the
//! highlighted one's summary. Enter checks it against the engine and opens it.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};

use crate::tui::app::{App, Mode};
use crate::tui::layout::centered;
use crate::tui::lesson::catalogue;
use crate::tui::widgets::Panel;

/// The lesson picker, drawn over the screen while `Mode::LessonPicker` is on.
pub struct LessonPickerOverlay;

impl Panel for LessonPickerOverlay {
    /// Draws the list with the highlighted lesson and its summary below.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let Mode::LessonPicker(selected) = app.mode else {
            return;
        };
        let (lessons, theme) = (catalogue(), &app.theme);
        let height = u16::try_from(lessons.len() + 8).unwrap_or(u16::MAX);
        let popup = centered(area, 80, height);
        frame.render_widget(Clear, popup);
        let block = Block::bordered()
            .title(Span::styled(
                " Lessons · ↑↓ choose · Enter open · Esc cancel ",
                theme.title,
            ))
            .border_style(theme.border_focus);
        let inner = block.inner(popup);
        frame.render_widget(block, popup);
        let [list_area, summary_area] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(5)]).areas(inner);
        let items: Vec<ListItem> = lessons
            .iter()
            .map(|l| {
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:<32}", l.name), theme.key),
                    Span::styled(format!("{} ", l.title), theme.text),
                    Span::styled(format!("({} steps)", l.steps), theme.dim),
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
        if let Some(lesson) = lessons.get(selected) {
            frame.render_widget(
                Paragraph::new(lesson.summary.clone())
                    .wrap(Wrap { trim: true })
                    .style(theme.text),
                summary_area,
            );
        }
    }
}
