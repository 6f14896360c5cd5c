//! The lesson driving the explorer, as `App` state changes plus effects like every other key:
//! entering a step loads its position, starts its search with its switches, selects its node
//! and moves the timeline to its event once that search has finished, opens its chart or
//! starts its comparison. Going forward applies what the new step does; going back (or finding
//! the screen is not the step's search any more) restores the step's whole scene, so a learner
//! who wandered off is brought back to exactly what the step showed. The learner's own keys and
//! clicks end the waits of steps that wait for them.

use super::player::{Scene, View};
use super::state::{LessonState, labels};
use super::verify::{Lesson, SearchPlan, Wait};
use crate::search::selective::parse_switches;
use crate::search::{Limits, OrderingConfig, SelectiveConfig};
use crate::trace::LogHeader;
use crate::tui::app::{App, Effect, Mode};
use crate::tui::keys::Action;
use crate::tui::session::Session;
use crate::tui::tree_view::TreeView;

impl App {
    /// Opens a checked lesson at its first step (replacing any lesson open), returning what
    /// the runtime must do for that step.
    pub fn open_lesson(&mut self, lesson: Lesson) -> Vec<Effect> {
        self.close_view();
        let title = lesson.title.clone();
        self.lesson = Some(LessonState::new(lesson));
        self.mode = Mode::Normal;
        let effects = self.enter_step(true);
        self.info(format!("lesson: {title}"));
        effects
    }

    /// Applies a lesson key: next, back, an answer, close.
    pub(in crate::tui) fn update_lesson(&mut self, action: Action) -> Vec<Effect> {
        let Some(state) = self.lesson.as_mut() else {
            return Vec::new();
        };
        let player = &mut state.player;
        match action {
            Action::LessonNext if player.at_end() => {
                self.info("that was the last step: x closes the lesson, L picks another");
            }
            Action::LessonNext if !player.can_advance() => {
                let why = match (player.waited(), &player.step().wait) {
                    (false, Some(Wait::Key(c))) => format!("this step waits for you to press {c}"),
                    (false, _) => "this step waits for you to select the node it names".into(),
                    (true, _) => "answer the question first (its digit)".into(),
                };
                self.info(why);
            }
            Action::LessonNext => {
                player.advance();
                self.message = None;
                return self.enter_step(false);
            }
            Action::LessonBack => {
                if player.back() {
                    self.message = None;
                } else {
                    self.info("the first step, as it began");
                }
                return self.enter_step(true);
            }
            Action::LessonAnswer(k) => match player.answer(usize::from(k)) {
                Some(true) => self.info("right: the log agrees (the panel says why)"),
                Some(false) => self.info("not what the log says: the panel shows its answer"),
                None => self.info(format!("there is no choice {}", k + 1)),
            },
            Action::CloseLesson => {
                self.close_view();
                self.lesson = None;
                self.info("lesson closed: L opens one");
            }
            _ => {}
        }
        Vec::new()
    }

    /// What the learner just did (a key typed, a node selected) ends a step's wait; a step
    /// without a question then goes on by itself.
    pub(in crate::tui) fn observe_learner(&mut self, typed: Option<char>) -> Vec<Effect> {
        let holds = self.lesson_holds();
        let selected = self.view.selected_node();
        let Some(state) = self.lesson.as_mut() else {
            return Vec::new();
        };
        let player = &mut state.player;
        let was = player.waited();
        if let Some(c) = typed {
            player.key_pressed(c);
        }
        if let Some(id) = selected.filter(|_| holds) {
            player.node_selected(id);
        }
        if was || !player.waited() {
            return Vec::new();
        }
        if player.step().question.is_some() {
            self.info("done: now answer the question");
        } else if player.at_end() {
            self.info("done: that was the last step");
        } else {
            player.advance();
            self.info("done: on to the next step");
            return self.enter_step(false);
        }
        Vec::new()
    }

    /// The lesson's search ended: select the step's node and show its event, if the search
    /// is the one the lesson was checked against (else the panel says what differs).
    pub(in crate::tui) fn lesson_search_done(&mut self) {
        let Some(state) = self.lesson.as_mut() else {
            return;
        };
        if !std::mem::take(&mut state.awaiting) {
            return;
        }
        let (scene, select_last) = (state.player.scene(), select_last(state));
        if self.lesson_holds() {
            self.show_marks(&scene, select_last, true);
        }
    }

    /// Makes the screen show the current step: its own actions going forward, its whole scene
    /// going back or when the screen is not the step's search any more.
    fn enter_step(&mut self, restore: bool) -> Vec<Effect> {
        let Some(state) = self.lesson.as_ref() else {
            return Vec::new();
        };
        let (scene, step) = (state.player.scene(), state.player.step().clone());
        let select_last = select_last(state);
        let mut effects = Vec::new();
        let mut full = restore;
        if let Some(pos) = scene
            .position
            .as_ref()
            .filter(|p| p.to_fen() != self.root.to_fen())
        {
            self.root = pos.clone();
            full = true;
        }
        match &scene.search {
            Some(plan) if self.needs_search(&scene, plan) => {
                self.set_search(plan);
                effects.push(Effect::Search);
                self.set_awaiting(true);
            }
            Some(_) => {}
            None if scene.position.is_some() && self.session.header().fen != self.root.to_fen() => {
                self.show_position();
                effects.push(Effect::Discard);
            }
            None => {}
        }
        let awaiting = self.lesson.as_ref().is_some_and(LessonState::awaiting);
        if !awaiting && full {
            self.show_marks(&scene, select_last, true);
        } else if !awaiting {
            let own = Scene {
                select: step.select,
                timeline: step.timeline,
                ..Scene::default()
            };
            self.show_marks(&own, select_last, false);
        }
        effects.extend(self.show_view(&scene));
        effects
    }

    /// Whether the step's search must be run: the session is not it, or was stopped short.
    fn needs_search(&self, scene: &Scene, plan: &SearchPlan) -> bool {
        let Some(root) = &scene.position else {
            return false;
        };
        let running = self.searching && self.lesson.as_ref().is_some_and(LessonState::awaiting);
        self.search_against(root, plan).is_err() || !(running || self.lesson_holds())
    }

    /// The next search's settings: the plan's depth, ordering and selective switches.
    fn set_search(&mut self, plan: &SearchPlan) {
        self.settings.depth = plan.depth;
        self.settings.killers = plan.config.ordering.killer_slots;
        self.settings.selective = plan.config.selective;
        self.next_ordering = Some(plan.config.ordering);
    }

    fn set_awaiting(&mut self, on: bool) {
        if let Some(state) = self.lesson.as_mut() {
            state.awaiting = on;
        }
    }

    /// A position the step loads without searching it: an empty tree over it.
    fn show_position(&mut self) {
        let header = LogHeader::new(
            self.root.to_fen(),
            &self.ordering(),
            &Limits::depth(self.settings.depth),
        )
        .with_selective(&self.settings.selective);
        self.session = Session::new(self.root.clone(), header);
        self.view = TreeView::default();
        self.charts.forget_nodes();
        (self.searching, self.report, self.progress) = (false, None, None);
        self.set_awaiting(false);
    }

    /// Selects the scene's node and moves the timeline to its event, the one set later
    /// winning the selection. A whole scene without an event has the timeline follow the end,
    /// and without a node either the tree starts over from the top.
    fn show_marks(&mut self, scene: &Scene, select_last: bool, whole: bool) {
        let seek = |app: &mut App| match scene.timeline {
            Some(i) => app.seek(i + 1),
            None if whole => app.session.seek(app.session.events().len()),
            None => {}
        };
        if select_last {
            seek(self);
        }
        if let Some(id) = scene.select {
            self.view.select_node(&self.session, id);
        }
        if !select_last {
            seek(self);
        }
        if whole && scene.select.is_none() && scene.timeline.is_none() {
            self.view = TreeView::default();
        }
    }

    /// Opens the step's chart or starts its comparison; a step without one closes the view
    /// the lesson opened before it.
    fn show_view(&mut self, scene: &Scene) -> Vec<Effect> {
        let Some(view) = &scene.view else {
            self.close_view();
            return Vec::new();
        };
        if let Some(state) = self.lesson.as_mut() {
            state.opened_view = true;
        }
        match view {
            View::Chart(kind) => {
                self.charts.kind = *kind;
                self.mode = Mode::Charts;
                Vec::new()
            }
            View::Compare(columns) => {
                self.mode = Mode::Compare;
                let Some(configs) = self.compare_settings(scene, columns) else {
                    self.error("the lesson's comparison could not be set up");
                    return Vec::new();
                };
                let done = self
                    .lesson_compare()
                    .is_some_and(|cols| cols.iter().all(|(_, pinned, got)| *got == Some(*pinned)));
                if done && !self.comparison.running {
                    return Vec::new();
                }
                self.comparison.start(labels(columns));
                vec![Effect::Compare(configs)]
            }
        }
    }

    /// Root, depth and selective switches for the step's comparison, as the check ran it:
    /// the scene's position at its search's depth, every column with its own switches' one
    /// shared selective setting.
    fn compare_settings(
        &mut self,
        scene: &Scene,
        columns: &[(String, u64)],
    ) -> Option<Vec<OrderingConfig>> {
        let (root, plan) = (scene.position.as_ref()?, scene.search.as_ref()?);
        let parsed: Vec<(OrderingConfig, SelectiveConfig)> = columns
            .iter()
            .map(|(text, _)| parse_switches(text).ok())
            .collect::<Option<_>>()?;
        self.root = root.clone();
        self.settings.depth = plan.depth;
        self.settings.selective = parsed.first().map(|&(_, s)| s).unwrap_or_default();
        Some(parsed.into_iter().map(|(o, _)| o).collect())
    }

    /// Closes a chart or comparison the lesson opened (a comparison still running finishes
    /// in the background; its numbers are simply not shown).
    fn close_view(&mut self) {
        let Some(state) = self.lesson.as_mut() else {
            return;
        };
        if std::mem::take(&mut state.opened_view)
            && matches!(self.mode, Mode::Charts | Mode::Compare)
        {
            self.mode = Mode::Normal;
        }
    }
}

/// Whether, at the current step, the selection was set at or after the timeline (since the
/// last search): then it wins over the node the timeline's event belongs to.
fn select_last(state: &LessonState) -> bool {
    let index = state.player.index();
    let lesson = state.player.lesson();
    let (mut select, mut timeline) = (None, None);
    for (k, step) in lesson.steps.iter().enumerate().take(index + 1) {
        if step.position.is_some() || step.search.is_some() {
            (select, timeline) = (None, None);
        }
        if step.select.is_some() {
            select = Some(k);
        }
        if step.timeline.is_some() {
            timeline = Some(k);
        }
    }
    select >= timeline
}
