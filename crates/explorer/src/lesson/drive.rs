//! The lesson driving the explorer: what a step asks for, as the actions that make the screen
//! show it — the position loaded, the search run with the step's switches, the node selected
//! and the timeline moved to the event once that search has finished, the chart opened or the
//! comparison started. Going forward a step does what it adds; going back (or finding the
//! screen is not the step's search any more) the whole scene is restored, so a learner who
//! wandered off is brought back to exactly what the step showed. These functions only read
//! the explorer: the explorer applies the actions like any key's.

use super::scene::SearchPlan;
use super::scene::{Scene, View};
use super::state::{LessonState, Stage, compare, holds, labels, search_against};
use crate::action::{Action, SetupAction};
use crate::status::Message;
use crate::views::charts::ChartsAction;
use crate::views::compare::{CompareAction, CompareRequest};
use crate::views::lessons::LessonsAction;
use crate::views::timeline::TimelineAction;
use crate::views::tree::TreeAction;
use killerscope_engine::parse_switches;
use killerscope_engine::{OrderingConfig, SelectiveConfig};

/// What showing a step takes: the actions, and whether the lesson then waits for its search.
#[derive(Debug, Default)]
pub struct StepPlan {
    /// The actions, in order.
    pub actions: Vec<Action>,
    /// The lesson waits for a search it starts (`Some(true)`), or no longer waits
    /// (`Some(false)`); `None` leaves it as it is.
    pub awaiting: Option<bool>,
}

/// The actions that show the current step of the open lesson: its own actions going forward,
/// its whole scene when `restore` (going back, or the screen is not the step's search).
pub fn enter_step(app: &Stage, restore: bool) -> StepPlan {
    let mut plan = StepPlan::default();
    let state = app.lesson;
    let (scene, step) = (state.player.scene(), state.player.step());
    let select_last = select_last(state);
    let mut full = restore;
    let mut root = app.root.to_fen();
    if let Some(pos) = scene.position.as_ref().filter(|p| p.to_fen() != root) {
        root = pos.to_fen();
        plan.actions
            .push(SetupAction::Load(Box::new(pos.clone())).into());
        full = true;
    }
    match &scene.search {
        Some(search) if needs_search(app, &scene, search) => {
            let config = search.config;
            let (ordering, selective) = (config.ordering, config.selective);
            plan.actions
                .push(SetupAction::Plan(search.depth, ordering, selective).into());
            plan.actions.push(Action::Rerun);
            plan.awaiting = Some(true);
        }
        Some(_) => {}
        None if scene.position.is_some() && app.session.header().fen != root => {
            plan.actions.push(SetupAction::ShowPosition.into());
            plan.awaiting = Some(false);
        }
        None => {}
    }
    if !plan.awaiting.unwrap_or(state.awaiting()) {
        let own = Scene {
            select: step.sets.select,
            timeline: step.sets.timeline,
            ..Scene::default()
        };
        let shown = if full { &scene } else { &own };
        plan.actions.extend(show_marks(shown, select_last, full));
    }
    plan.actions.extend(show_view(app, &scene));
    plan
}

/// The lesson's search has ended: the actions selecting the step's node and showing its event,
/// if the search is the one the lesson was checked against (else the panel says what differs).
pub fn search_done(app: &Stage) -> Vec<Action> {
    let state = app.lesson;
    if !holds(app) {
        return Vec::new();
    }
    show_marks(&state.player.scene(), select_last(state), true)
}

/// Whether the step's search must be run: the session is not it, or was stopped short.
fn needs_search(app: &Stage, scene: &Scene, plan: &SearchPlan) -> bool {
    let Some(root) = &scene.position else {
        return false;
    };
    let awaiting = app.lesson.awaiting();
    let running = app.session.run().searching && awaiting;
    search_against(app, root, plan).is_err() || !(running || holds(app))
}

/// Selects the scene's node and moves the timeline to its event, the one set later winning
/// the selection. A scene with a node and no event shows the moment that node was
/// entered (the killer table and board as the engine had them then, not the end of the search
/// with the answer in it); without a node either, the timeline follows the end and the tree
/// starts over from the top.
fn show_marks(scene: &Scene, select_last: bool, whole: bool) -> Vec<Action> {
    if let (None, Some(id)) = (scene.timeline, scene.select) {
        return vec![
            Action::SelectNode(id),
            TimelineAction::SeekNodeEntered.into(),
        ];
    }
    let seek = match scene.timeline {
        Some(i) => Some(TimelineAction::Seek(i + 1).into()),
        None if whole => Some(TimelineAction::SeekEnd.into()),
        None => None,
    };
    let mut actions = Vec::new();
    if select_last {
        actions.extend(seek.clone());
    }
    if let Some(id) = scene.select {
        actions.push(Action::SelectNode(id));
    }
    if !select_last {
        actions.extend(seek);
    }
    if whole && scene.select.is_none() && scene.timeline.is_none() {
        actions.push(TreeAction::Reset.into());
    }
    actions
}

/// Opens the step's chart or starts its comparison (unless the one on screen already is it,
/// finished); a step without one closes the view the lesson opened before it.
fn show_view(app: &Stage, scene: &Scene) -> Vec<Action> {
    let Some(view) = &scene.view else {
        return vec![LessonsAction::CloseView.into()];
    };
    match view {
        View::Chart(kind) => vec![ChartsAction::Show(*kind).into()],
        View::Compare(columns) => {
            let done = compare(app)
                .is_some_and(|cols| cols.iter().all(|(_, pinned, got)| *got == Some(*pinned)));
            if done && !app.comparison.running {
                return vec![CompareAction::Show.into()];
            }
            match compare_request(scene, columns) {
                Some(request) => vec![
                    CompareAction::Show.into(),
                    CompareAction::Start(labels(columns), Box::new(request)).into(),
                ],
                None => vec![
                    CompareAction::Show.into(),
                    Action::Say(Message::error(
                        "the lesson's comparison could not be set up",
                    )),
                ],
            }
        }
    }
}

/// Root, depth, selective switches and configurations for the step's comparison, as the check
/// ran it: the scene's position at its search's depth, every column with its own switches'
/// one shared selective setting.
fn compare_request(scene: &Scene, columns: &[(String, u64)]) -> Option<CompareRequest> {
    let (root, plan) = (scene.position.as_ref()?, scene.search.as_ref()?);
    let parsed: Vec<(OrderingConfig, SelectiveConfig)> = columns
        .iter()
        .map(|(text, _)| parse_switches(text).ok())
        .collect::<Option<_>>()?;
    let selective = parsed.first().map(|&(_, s)| s).unwrap_or_default();
    Some(CompareRequest {
        root: root.clone(),
        depth: plan.depth,
        configs: parsed.into_iter().map(|(o, _)| o).collect(),
        selective,
    })
}

/// Whether, at the current step, the selection was set at or after the timeline (since the
/// last search): then it wins over the node the timeline's event belongs to.
fn select_last(state: &LessonState) -> bool {
    let index = state.player.index();
    let lesson = state.player.lesson();
    let (mut select, mut timeline) = (None, None);
    for (k, step) in lesson.steps.iter().enumerate().take(index + 1) {
        if step.sets.position.is_some() || step.sets.search.is_some() {
            (select, timeline) = (None, None);
        }
        if step.sets.select.is_some() {
            select = Some(k);
        }
        if step.sets.timeline.is_some() {
            timeline = Some(k);
        }
    }
    select >= timeline
}
