//! While a question waits, its answer stays off the screen: the asked node is not opened nor
//! zoomed into (its children, in search order, end with the cutting move), the selection does
//! not go below it, and the timeline does not pass the moment it was entered (`t`, `}`, `K`,
//! `]` and the replay would show its cutoff and the killer it stored). Whatever key or click
//! got there is undone after it is applied, so every way in is covered; the status line says
//! why. Once the question is answered the timeline goes back to where the step had it.

use super::Lessons;
use crate::action::Action;
use crate::views::{Cx, ViewAction};

impl Lessons {
    /// Holds back what would answer the waiting question (`tell`: say so in the status line, for
    /// the learner's own keys; a step's scene is held back silently). With no question
    /// waiting, the timeline held back for the last one goes back where it was.
    pub(super) fn veil(&mut self, cx: &mut Cx, tell: bool) {
        let step = self.state.as_ref().map(|s| s.player.index());
        // This view is lent out while its hooks run: its lesson is `self`'s, not `cx.views`'.
        let asked = self.state.as_ref().and_then(|s| s.asked_node());
        let Some(asked) = asked.filter(|_| self.holds(cx)) else {
            if let Some((held_step, at)) = self.held.take()
                && step == Some(held_step)
            {
                cx.session.seek(at);
            }
            return;
        };
        let Some(moment) = cx.session.node(asked).map(|n| n.enter_event() + 1) else {
            return;
        };
        let mut held = cx.tree.veil(cx.session, asked);
        let at = cx.session.position();
        if at > moment {
            if let Some(step) = step {
                self.held.get_or_insert((step, at));
            }
            cx.session.seek(moment);
            held = true;
        }
        if held && tell {
            cx.info("answer first: the asked node's moves stay hidden until then");
        }
    }

    /// Keys whose panels would tell the waiting question's answer in words (the score chain,
    /// the doctor's findings, the charts' icicle): held back until it is answered.
    pub(super) fn held_back(action: &Action) -> bool {
        matches!(
            action,
            Action::View(ViewAction::Why(_) | ViewAction::Doctor(_) | ViewAction::Charts(_))
        )
    }
}
