//! The bookmark list (`B`) in the choosers' popup: each bookmark's node, line and note, the
//! highlighted one's line in full below. The note line (`b`) is a `line_field`.

use ratatui::text::{Line, Span};
use ratatui::widgets::ListItem;

use super::ListPanel;
use crate::ctx::Ctx;
use crate::widgets::list_popup::ListPopup;
use killerscope_explorer::views::ViewId;
use killerscope_text::printable;

/// Draws the bookmarks' list (`views::bookmarks`).
pub(super) struct BookmarksList;

impl ListPanel for BookmarksList {
    fn view(&self) -> ViewId {
        ViewId::Bookmarks
    }

    fn popup<'a>(&self, app: &'a Ctx<'_>, selected: usize) -> ListPopup<'a> {
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
        let about = match marks.get(selected) {
            Some(m) => format!("line: {}", m.path),
            None => "No bookmarks yet: b on a node writes one.".to_string(),
        };
        ListPopup {
            title: " Bookmarks · ↑↓ choose · Enter go · d delete · Esc close ",
            width_percent: 80,
            items,
            selected: Some(selected),
            about,
        }
    }
}
