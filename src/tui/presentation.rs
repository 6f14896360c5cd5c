//! How the explorer presents itself to a class: projector mode (a high-contrast theme and the
//! biggest board that fits, for a projection seen from the back of the room) and focus mode
//! (only the board, the tree and the lesson, so a class reads what the lesson is about).
//! The layouts they lead to are in `layout::teach`, the theme in `theme`.

use super::app::App;
use super::theme::Theme;

impl App {
    /// Switches projector mode, with the theme that goes with it (monochrome stays
    /// monochrome).
    pub fn set_projector(&mut self, on: bool) {
        self.projector = on;
        let mono = self.theme.mono;
        self.theme = match (on, mono) {
            (true, _) => Theme::projector(mono),
            (false, true) => Theme::mono(),
            (false, false) => Theme::color(),
        };
    }

    /// `P`: projector mode on or off, said in the status line.
    pub(super) fn toggle_projector(&mut self) {
        self.set_projector(!self.projector);
        let state = if self.projector { "on" } else { "off" };
        self.info(format!("projector mode {state} (P switches)"));
    }

    /// `F`: only the board, the tree and the lesson, or every panel again.
    pub(super) fn toggle_focus(&mut self) {
        self.focus = !self.focus;
        self.info(if self.focus {
            "only the board, the tree and the lesson (F shows the rest)"
        } else {
            "every panel back"
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;
    use crate::tui::app::Settings;

    #[test]
    fn projector_mode_switches_the_theme_and_back_keeping_monochrome() {
        for mono in [false, true] {
            let theme = if mono { Theme::mono() } else { Theme::color() };
            let mut app = App::new(Position::startpos(), Settings::default(), theme, Vec::new());
            app.toggle_projector();
            assert!(app.projector && app.theme.outline_white);
            assert_eq!(app.theme.mono, mono);
            app.toggle_projector();
            assert!(!app.projector);
            assert_eq!(app.theme.outline_white, mono, "the usual theme again");
            app.toggle_focus();
            assert!(app.focus);
        }
    }
}
