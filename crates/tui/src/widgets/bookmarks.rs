//! The bookmark list (`B`) in the choosers' popup: each bookmark's node, line and note, the
//! highlighted one's line in full below. The note line (`b`) is a `line_field`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::ListItem;

use crate::ctx::Ctx;
use crate::widgets::Panel;
use crate::{widgets::list_popup, widgets::list_popup::ListPopup};
use killerscope_explorer::Mode;
use killerscope_text::printable;

/// The bookmark list, drawn over the screen while `Mode::Bookmarks` is on.
pub struct BookmarksOverlay;

impl Panel for BookmarksOverlay {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::Bookmarks(selected) = app.mode() else {
            return;
        };
        let (marks, theme) = (app.views().bookmarks.marks(), &app.theme);
        let items: Vec<ListItem> = marks
            .iter()
            .map(|m| {
                ListItem::new(Line::from(vec![
                    Span::styled(format!("{:>9}  ", m.node), theme.key),
                    Span::styled(printable(&m.note).into_owned(), theme.text),
                ]))
            })
            .collect();
        let about = match marks.get(*selected) {
            Some(m) => format!("line: {}", m.path),
            None => "No bookmarks yet: b on a node writes one.".to_string(),
        };
        let popup = ListPopup {
            title: " Bookmarks · ↑↓ choose · Enter go · d delete · Esc close ",
            width_percent: 80,
            items,
            selected: *selected,
            about,
        };
        list_popup::render(frame, area, theme, popup);
    }
}
