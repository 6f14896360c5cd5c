//! The lesson driving the explorer: showing a step (`enter_step`, by the actions the lesson
//! plans, applied after this call as any key's), the step's search ending, the learner's input
//! ending a step's wait, and opening a checked lesson.

use std::path::PathBuf;

use super::{Lessons, LessonsAction};
use crate::action::{Action, Effect};
use crate::lesson::{self, Lesson, LessonState, Stage};
use crate::mode::Mode;
use crate::status::Message;
use crate::views::charts::ChartsAction;
use crate::views::compare::CompareAction;
use crate::views::{Cx, ViewAction};

/// What the lesson reads of the explorer, lent by `cx`.
pub(super) fn stage<'a>(state: &'a LessonState, cx: &'a Cx) -> Stage<'a> {
    Stage {
        root: &cx.setup.root,
        session: cx.session,
        comparison: &cx.views.compare,
        lesson: state,
    }
}

/// Whether `action` opens a chart or the comparison for the step.
fn opens_view(action: &Action) -> bool {
    matches!(
        action,
        Action::View(ViewAction::Charts(ChartsAction::Show(_)))
            | Action::View(ViewAction::Compare(CompareAction::Show))
    )
}

impl Lessons {
    /// A checked lesson, opened at its first step (replacing any lesson open, whose results are
    /// written first); returns what the runtime must do.
    pub(super) fn open(
        &mut self,
        lesson: Lesson,
        results: Option<PathBuf>,
        cx: &mut Cx,
    ) -> Vec<Effect> {
        let title = lesson.title.clone();
        let effects = crate::views::Hooks::leaving(self);
        self.close_view(cx);
        self.state = Some(LessonState::graded(lesson, results));
        *cx.mode = Mode::Normal;
        self.enter_step(true, cx);
        cx.then(Action::Say(Message::info(format!("lesson: {title}"))));
        effects
    }

    /// A lesson key: next, back, an answer.
    pub(super) fn step(&mut self, action: LessonsAction, cx: &mut Cx) -> Vec<Effect> {
        let Some(state) = self.state.as_mut() else {
            return Vec::new();
        };
        let (said, enter, save) = state.step(&action);
        if enter.is_some() {
            cx.clear_message();
        }
        cx.say(said);
        if let Some(restore) = enter {
            self.enter_step(restore, cx);
        }
        save.into_iter().collect()
    }

    /// Makes the screen show the current step, by the actions the lesson plans for it (going
    /// back, or `restore`, its whole scene).
    pub(super) fn enter_step(&mut self, restore: bool, cx: &mut Cx) {
        let Some(state) = self.state.as_ref() else {
            return;
        };
        let plan = lesson::drive::enter_step(&stage(state, cx), restore);
        let Some(state) = self.state.as_mut() else {
            return;
        };
        if let Some(on) = plan.awaiting {
            state.set_awaiting(on);
        }
        if plan.actions.iter().any(opens_view) {
            state.opened_view();
        }
        for action in plan.actions {
            cx.then(action);
        }
        cx.then(LessonsAction::Settle);
    }

    /// What the learner just did (a key typed, a node selected) ends a step's wait; a step
    /// without a question then goes on by itself.
    pub(super) fn observe_learner(&mut self, typed: Option<char>, cx: &mut Cx) {
        let selected = cx.selected().filter(|_| self.holds(cx));
        let Some(state) = self.state.as_mut() else {
            return;
        };
        let (said, next) = state.observe(typed, selected);
        cx.say(said.map(String::from));
        if next {
            self.enter_step(false, cx);
        }
    }

    /// A step waiting for a node the screen already has selected (`K` or the learner got
    /// there first) has had its wait.
    pub(super) fn settle(&mut self, cx: &mut Cx) {
        let selected = cx.selected().filter(|_| self.holds(cx));
        if let (Some(id), Some(state)) = (selected, self.state.as_mut()) {
            state.player.node_selected(id);
        }
        self.veil(cx, false);
    }

    /// The lesson's search ended: select the step's node and show its event, if the search is
    /// the one the lesson was checked against.
    pub(super) fn lesson_search_done(&mut self, cx: &mut Cx) {
        let Some(state) = self.state.as_mut() else {
            return;
        };
        if !state.awaiting() {
            return;
        }
        state.set_awaiting(false);
        let actions = lesson::drive::search_done(&stage(state, cx));
        for action in actions {
            cx.then(action);
        }
        cx.then(LessonsAction::Settle);
    }

    /// Whether the search on screen is the open lesson step's, finished and whole.
    pub(super) fn holds(&self, cx: &Cx) -> bool {
        self.state
            .as_ref()
            .is_some_and(|state| lesson::holds(&stage(state, cx)))
    }
}
