//! What the explorer answers about the open lesson (the terminal's panels ask: the lesson
//! panel, the tree and board hiding the answer while a question waits), and opening a checked
//! lesson from outside a key (the command line, a test).

use std::path::PathBuf;

use super::steps::stage;
use crate::action::Effect;
use crate::app::Explorer;
use crate::lesson::{self, Lesson, LessonState, SearchCheck, Stage};
use crate::session::NodeId;
use crate::views::{Cx, lend};

/// The node the open lesson's question asks about while it waits for its answer, on the
/// lesson's own search (what `E` must not answer first).
pub fn asked_node(cx: &Cx) -> Option<NodeId> {
    let state = cx.views.lessons.state.as_ref()?;
    let node = state.asked_node()?;
    lesson::holds(&stage(state, cx)).then_some(node)
}

impl Explorer {
    /// The lesson being followed, if one is open.
    pub fn lesson(&self) -> Option<&LessonState> {
        self.views.lessons.state.as_ref()
    }

    /// What the open lesson reads of the explorer (`None` without a lesson).
    fn stage(&self) -> Option<Stage<'_>> {
        Some(Stage {
            root: &self.setup.root,
            session: &self.session,
            comparison: &self.views.compare,
            lesson: self.lesson()?,
        })
    }

    /// The check of the search on screen against the open lesson's current step (`None`
    /// without a lesson).
    pub fn lesson_check(&self) -> Option<SearchCheck> {
        lesson::check(&self.stage()?)
    }

    /// Whether the search on screen is the open lesson step's, finished and whole: only then do
    /// the lesson's node ids name nodes on screen.
    pub fn lesson_holds(&self) -> bool {
        self.stage().is_some_and(|stage| lesson::holds(&stage))
    }

    /// The node the open lesson's question asks about while it waits for its answer, on the
    /// lesson's own search: the tree hides its cutoff move and the board its killer squares.
    pub fn asked_node(&self) -> Option<NodeId> {
        let node = self.lesson()?.asked_node()?;
        self.lesson_holds().then_some(node)
    }

    /// The comparison the lesson's step shows, each configuration with the count the lesson
    /// pinned and the count measured on screen (`None` while it runs or when it is another).
    pub fn lesson_compare(&self) -> Option<Vec<(String, u64, Option<u64>)>> {
        lesson::compare(&self.stage()?)
    }

    /// A checked lesson, opened at its first step (replacing any lesson open); returns what
    /// the runtime must do for that step.
    pub fn open_lesson(&mut self, lesson: Lesson) -> Vec<Effect> {
        self.open_graded_lesson(lesson, None)
    }

    /// The same, its results written to `results` as the learner answers (the lesson open
    /// before writes its own first).
    pub fn open_graded_lesson(&mut self, lesson: Lesson, results: Option<PathBuf>) -> Vec<Effect> {
        let mut effects = lend(
            self,
            |views| &mut views.lessons,
            |lessons, cx| lessons.open(lesson, results, cx),
        );
        effects.extend(self.follow_ups());
        effects
    }
}
