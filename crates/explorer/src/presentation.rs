//! How the explorer presents the search: the notation of every move, letters instead of chess
//! pieces, and the classroom modes — projector (high contrast and the biggest board that fits,
//! for a projection seen from the back of the room) and focus (only the board, the killers, the tree and the lesson, so a class reads what the
//! lesson is about). The terminal picks its theme and layout from these (`tui::theme`, `tui::layout`).

use killerscope_chess::Notation;

/// How the explorer presents itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prefs {
    /// How every panel writes moves (`n` cycles it).
    pub notation: Notation,
    /// Letters instead of Unicode chess pieces and markers (`--ascii`).
    pub ascii: bool,
    /// Projector mode (`P`, `--projector`).
    pub projector: bool,
    /// Only the board, the killer table, the tree and the lesson on screen (`F`).
    pub focus: bool,
}

impl Prefs {
    /// `n`: the next notation; the status line's words.
    pub fn cycle_notation(&mut self) -> String {
        self.notation = self.notation.next();
        format!("moves in {}", self.notation.name())
    }

    /// `P`: projector mode on or off; the status line's words.
    pub fn toggle_projector(&mut self) -> String {
        self.projector = !self.projector;
        let state = if self.projector { "on" } else { "off" };
        format!("projector mode {state} (P switches)")
    }

    /// `F`: only the board, the killers, the tree and the lesson, or every panel again; the status line's
    /// words.
    pub fn toggle_focus(&mut self) -> &'static str {
        self.focus = !self.focus;
        if self.focus {
            "only the board, the killers, the tree and the lesson (F shows the rest)"
        } else {
            "every panel back"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projector_and_focus_switch_on_and_off() {
        let mut prefs = Prefs::default();
        assert_eq!(prefs.toggle_projector(), "projector mode on (P switches)");
        assert!(prefs.projector);
        prefs.toggle_projector();
        assert!(!prefs.projector);
        prefs.toggle_focus();
        assert!(prefs.focus);
        prefs.toggle_focus();
        assert!(!prefs.focus);
    }
}
