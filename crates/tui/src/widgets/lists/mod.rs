//! The lists views show over the screen (`Mode::List`: the bookmarks, the doctor's findings),
//! each in the choosers' popup (`list_popup`) filled by the owning view's own drawing.
//! `ui::draw` has one overlay for all of them, which finds the drawing by the list's owner: a
//! view that lists something adds its file here and its line in `LISTS`.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::ctx::Ctx;
use crate::widgets::Panel;
use crate::widgets::list_popup::{self, ListPopup};
use killerscope_explorer::Mode;
use killerscope_explorer::views::ViewId;

mod bookmarks;
mod doctor;

/// How one view's list is drawn.
trait ListPanel: Sync {
    /// The view whose list it draws.
    fn view(&self) -> ViewId;
    /// The popup of the list, line `index` of the list highlighted (`Mode::List`'s index).
    fn popup<'a>(&self, app: &'a Ctx<'_>, index: usize) -> ListPopup<'a>;
}

/// Every view's list drawing: one line each.
const LISTS: &[&dyn ListPanel] = &[&bookmarks::BookmarksList, &doctor::FindingsList];

/// The list on screen, drawn by its owner's drawing while `Mode::List` is on.
pub struct ListOverlay;

impl Panel for ListOverlay {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::List { owner, index } = *app.mode() else {
            return;
        };
        let app = &*app;
        let popup = match LISTS.iter().find(|l| l.view() == owner) {
            Some(drawing) => drawing.popup(app, index),
            None => ListPopup {
                title: " Esc close ",
                width_percent: 80,
                items: Vec::new(),
                selected: None,
                about: format!("no drawing for the list of {owner:?}"),
            },
        };
        list_popup::render(frame, area, &app.theme, popup);
    }
}

#[cfg(test)]
mod tests {
    use super::LISTS;
    use killerscope_explorer::views::ViewId;

    #[test]
    fn every_view_with_a_list_has_one_drawing() {
        for &id in ViewId::ALL {
            let drawings = LISTS.iter().filter(|l| l.view() == id).count();
            let expected = usize::from(id.list_title().is_some());
            assert_eq!(drawings, expected, "{id:?}");
        }
    }
}
