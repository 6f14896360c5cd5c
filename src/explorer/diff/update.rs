//! The diff view's keys, as the router applies them: the tree keys move through the aligned
//! tree instead of A's, `n` / `N` step through the ranked divergences, and every move of the
//! selection selects A's node in the normal view too (so leaving the diff view lands on it).

use super::super::action::Action;
use super::super::app::Explorer;
use super::super::mode::Mode;

impl Explorer {
    /// A tree key or a divergence step in the diff view.
    pub(in crate::explorer) fn diff_action(&mut self, action: &Action) {
        let Some(diff) = self.diff.as_mut() else {
            return;
        };
        let said = diff.key(&self.session, action);
        let selected = diff.rows.selected_row().and_then(|r| r.pair.0);
        if let Some(text) = said {
            self.info(text);
        }
        if let Some(id) = selected {
            self.view.select_node(&self.session, id);
        }
    }

    /// `D`: back to the diff view, if one is open.
    pub(in crate::explorer) fn show_diff(&mut self) {
        if self.diff.is_some() {
            self.mode = Mode::Diff;
        } else {
            self.info("no diff open: start one with killerscope tui --diff A.kslog B.kslog");
        }
    }
}
