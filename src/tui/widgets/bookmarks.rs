//! The bookmark overlays: the note line (`b`), the FEN box's field after `note> `, and the
//! list (`B`) in the choosers' popup, each bookmark's node, line and note, the highlighted
//! one's line in full below.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::ListItem;

use crate::explorer::Mode;
use crate::explorer::keys::{self, Action, Context};
use crate::text::printable;
use crate::tui::ctx::Ctx;
use crate::tui::widgets::Panel;
use crate::tui::widgets::fen_input::{draw_field, field_lines};
use crate::tui::widgets::list_popup::{self, ListPopup};

/// The note line, drawn over the bottom of the screen while `Mode::Note` is on.
pub struct NoteOverlay;

impl Panel for NoteOverlay {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::Note { input, node, error } = &app.mode() else {
            return;
        };
        let (error, theme) = (error.as_deref(), &app.theme);
        let key = |action: Action| keys::label(Context::Note, &action);
        let saved = match app.bookmarks().file() {
            Some(path) => format!("saved in {}", printable(&path.display().to_string())),
            None => "kept in memory: this search has no log file".to_string(),
        };
        let hint = format!(
            "{}: bookmark node {node} ({saved}) · {}: cancel",
            key(Action::NoteSubmit),
            key(Action::Leave)
        );
        let title = format!(" Bookmark node {node} ");
        draw_field(frame, area, &title, theme, |width| {
            field_lines("note> ", input, error, hint.clone(), theme, width)
        });
    }
}

/// The bookmark list, drawn over the screen while `Mode::Bookmarks` is on.
pub struct BookmarksOverlay;

impl Panel for BookmarksOverlay {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::Bookmarks(selected) = app.mode() else {
            return;
        };
        let (marks, theme) = (app.bookmarks().marks(), &app.theme);
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
