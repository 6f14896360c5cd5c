//! A lesson open in the explorer, and whether what the explorer shows is what the lesson was
//! checked against. The lesson's claims — its node counts, the nodes and events it points at,
//! its answers — were read from a search of a position with given switches; if the search on
//! screen is another one (the learner re-ran it with other settings, or stopped it early), the
//! panel says so instead of repeating claims the screen does not back.

use super::player::{Player, Verdict};
use super::scene::SearchPlan;
use super::scene::View;
use super::verify::{Lesson, Wait};
use crate::session::NodeId;
use crate::session::Session;
use crate::views::compare::Comparison;
use crate::views::lessons::{Lessons, LessonsAction};
use crate::{action::Action, action::Effect, action::SetupAction};
use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use std::path::PathBuf;

/// The lesson being followed and what the explorer is doing for it.
#[derive(Clone, Debug)]
pub struct LessonState {
    /// The learner's progress through the steps.
    pub player: Player,
    /// The lesson started the search now running: when it ends, the step's node is selected
    /// and its event shown (they name nodes of that search, which does not exist before).
    pub(super) awaiting: bool,
    /// The chart or comparison on screen was opened by the lesson for its step, so leaving
    /// the step closes it.
    pub(super) opened_view: bool,
    /// Where the results go (`killerscope lesson --results FILE`): written when the last
    /// question is answered, and when the lesson is closed or the explorer quits.
    results: Option<PathBuf>,
    /// A key of the learner's that would change the lesson's search, asked about once: the
    /// same key again does it.
    confirming: Option<Action>,
}

impl LessonState {
    /// At the first step of `lesson`, nothing done for it yet.
    pub fn new(lesson: Lesson) -> LessonState {
        LessonState {
            player: Player::new(lesson),
            awaiting: false,
            opened_view: false,
            results: None,
            confirming: None,
        }
    }

    /// The same, its results written to `path` (the CSV a teacher collects).
    pub fn graded(lesson: Lesson, path: Option<PathBuf>) -> LessonState {
        LessonState {
            results: path,
            ..LessonState::new(lesson)
        }
    }

    /// Whether the learner's `action` may go ahead. One that would change the lesson's search
    /// — killer slots, depth, selective search, a re-run, another position — is asked about
    /// first (the question for the status line, and the action is dropped); the same action
    /// again goes ahead. Without this a digit pressed after an answer set the killer slots for
    /// the next search without a word, and `r` then took the lesson's tree away. So is `q`
    /// while questions wait for an answer: a class's results are not lost to a stray key.
    pub fn confirm(&mut self, action: &Action) -> Result<(), String> {
        let asked = self.confirming.take();
        let question = match action {
            Action::Setup(SetupAction::SetKillers(k)) => again(&format!("{k} killer slots")),
            Action::Setup(SetupAction::DepthUp | SetupAction::DepthDown) => again("another depth"),
            Action::Rerun => again("a new search"),
            Action::Setup(SetupAction::ToggleSelective) => again("a selective search"),
            Action::Setup(SetupAction::EnterFen | SetupAction::OpenPicker) => {
                again("another position")
            }
            Action::Quit => {
                let score = self.player.score();
                match score.questions.saturating_sub(score.answered) {
                    0 => return Ok(()),
                    1 => "1 question unanswered: q again quits; another key goes on".into(),
                    n => format!("{n} questions unanswered: q again quits; another key goes on"),
                }
            }
            _ => return Ok(()),
        };
        if asked.as_ref() == Some(action) {
            return Ok(());
        }
        self.confirming = Some(action.clone());
        Err(question)
    }

    /// Writing the results as they stand, if the lesson has a results file.
    pub fn save_results(&self) -> Option<Effect> {
        let path = self.results.clone()?;
        Some(Lessons::results_file(path, self.player.results_csv()))
    }

    /// Whether the step's question waits for an answer (the digits then answer it).
    pub fn asking(&self) -> bool {
        self.player.step().question.is_some() && self.player.choice().is_none()
    }

    /// The node the step's question asks about, while the question waits: the screen keeps
    /// its cutoff move and its killer squares to itself until the question is answered.
    pub fn asked_node(&self) -> Option<NodeId> {
        let question = self.player.step().question.as_ref()?;
        self.asking().then_some(question.node)
    }

    /// Whether the lesson waits for its own search to finish.
    pub fn awaiting(&self) -> bool {
        self.awaiting
    }

    /// Sets whether the lesson waits for its own search to finish.
    pub(crate) fn set_awaiting(&mut self, on: bool) {
        self.awaiting = on;
    }

    /// Notes that the chart or comparison on screen is the step's, opened by the lesson.
    pub(crate) fn opened_view(&mut self) {
        self.opened_view = true;
    }

    /// Whether the lesson opened the view on screen; forgets it (the view is being closed).
    pub(crate) fn take_opened_view(&mut self) -> bool {
        std::mem::take(&mut self.opened_view)
    }

    /// Applies a lesson key: next, back or an answer (closing is the explorer's). Returns the
    /// status line's words, whether the screen must now show the step (`Some(false)` its
    /// own actions (going forward), `Some(true)` its whole scene (going back)), and the
    /// results to write when this answer was the last question's.
    pub fn step(
        &mut self,
        action: &LessonsAction,
    ) -> (Option<String>, Option<bool>, Option<Effect>) {
        let before = self.player.score().answered;
        let (said, enter) = self.apply(action);
        let score = self.player.score();
        let completed = score.answered > before && score.answered == score.questions;
        let save = completed.then(|| self.save_results()).flatten();
        (said, enter, save)
    }

    fn apply(&mut self, action: &LessonsAction) -> (Option<String>, Option<bool>) {
        let player = &mut self.player;
        match *action {
            LessonsAction::Next if player.at_end() => (
                Some("that was the last step: x closes the lesson, L picks another".into()),
                None,
            ),
            LessonsAction::Next if !player.can_advance() => {
                let why = match (player.waited(), &player.step().wait) {
                    (false, Some(Wait::Key(c))) => format!("this step waits for you to press {c}"),
                    (false, _) => "this step waits for you to select the node it names".into(),
                    (true, _) => "answer the question first (its digit)".into(),
                };
                (Some(why), None)
            }
            LessonsAction::Next => {
                player.advance();
                (None, Some(false))
            }
            LessonsAction::Back => {
                let said = (!player.back()).then(|| "the first step, as it began".to_string());
                (said, Some(true))
            }
            LessonsAction::Answer(k) => {
                let said = match player.answer(usize::from(k)) {
                    Some(Verdict::Right) => "right: the log agrees (the panel says why)".into(),
                    Some(Verdict::TryAgain) => "not what the log says: one more try".into(),
                    Some(Verdict::Wrong) => {
                        "not what the log says: the panel shows its answer".into()
                    }
                    None => format!("there is no choice {}", k + 1),
                };
                (Some(said), None)
            }
            _ => (None, None),
        }
    }

    /// What the learner just did (a key typed, `selected` the node selected when the lesson's
    /// search is on screen) ends a step's wait; a step without a question then goes on by
    /// itself. Returns the status line's words and whether the next step must be entered.
    pub fn observe(
        &mut self,
        typed: Option<char>,
        selected: Option<NodeId>,
    ) -> (Option<&'static str>, bool) {
        let player = &mut self.player;
        let was = player.waited();
        if let Some(c) = typed {
            player.key_pressed(c);
        }
        if let Some(id) = selected {
            player.node_selected(id);
        }
        if was || !player.waited() {
            (None, false)
        } else if player.step().question.is_some() {
            (Some("done: now answer the question"), false)
        } else if player.at_end() {
            (Some("done: that was the last step"), false)
        } else {
            player.advance();
            (Some("done: on to the next step"), true)
        }
    }
}

/// What a lesson reads of the explorer to check and drive it: the position to search, the
/// search on screen, the comparison on screen and the lesson itself. The explorer lends it
/// (`Explorer::stage`); the lesson never sees the rest, and never writes.
#[derive(Clone, Copy, Debug)]
pub struct Stage<'a> {
    /// The position the next search starts from.
    pub root: &'a Position,
    /// The search on screen.
    pub session: &'a Session,
    /// The comparison on screen.
    pub comparison: &'a Comparison,
    /// The open lesson.
    pub lesson: &'a LessonState,
}

/// How the search on screen stands against the one the step's claims were read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchCheck {
    /// The lesson has not searched yet: nothing to check.
    NoSearch,
    /// The lesson's search is running.
    Running {
        /// Its depth.
        depth: u8,
    },
    /// The search on screen is the lesson's: same position and switches, same node count.
    Holds {
        /// The node count, as pinned by the check.
        nodes: u64,
    },
    /// It is not; why, in words. The step's nodes and numbers are not shown as facts.
    Differs(String),
}

/// The check of the search on screen against the open lesson's current step (`None`
/// without a lesson).
pub fn check(app: &Stage) -> Option<SearchCheck> {
    let state = app.lesson;
    let scene = state.player.scene();
    let (Some(root), Some(plan)) = (&scene.position, &scene.search) else {
        return Some(SearchCheck::NoSearch);
    };
    let run = app.session.run();
    Some(match search_against(app, root, plan) {
        Err(why) => SearchCheck::Differs(why),
        Ok(()) if (run.searching || run.indexing_live) && state.awaiting => {
            SearchCheck::Running { depth: plan.depth }
        }
        Ok(()) => match finished_against(app, plan) {
            Ok(()) => SearchCheck::Holds { nodes: plan.nodes },
            Err(why) => SearchCheck::Differs(why),
        },
    })
}

/// Whether the session is the step's search, finished and whole: only then do the
/// lesson's node ids name nodes on screen.
pub fn holds(app: &Stage) -> bool {
    matches!(check(app), Some(SearchCheck::Holds { .. }))
}

/// Whether the session is a search of `root` with the plan's depth and switches (running
/// or not); else what differs.
pub(super) fn search_against(
    app: &Stage,
    root: &Position,
    plan: &SearchPlan,
) -> Result<(), String> {
    let header = app.session.header();
    if header.fen != root.to_fen() {
        return Err("the tree is a search of another position than this step's".into());
    }
    if header.depth_limit() != Some(plan.depth) {
        let depth = header
            .depth_limit()
            .map_or_else(|| "an unknown depth".to_string(), |d| format!("depth {d}"));
        return Err(format!(
            "the tree was searched to {depth}, not the step's depth {}",
            plan.depth
        ));
    }
    if header.ordering_config() != Some(plan.config.ordering) {
        return Err(format!(
            "the tree was searched with ordering {}, not the step's {}",
            header.ordering_text(),
            plan.config.ordering
        ));
    }
    if header.selective_config().unwrap_or_default() != plan.config.selective {
        return Err(format!(
            "the tree was searched with other selective switches than the step's ({})",
            plan.config.selective
        ));
    }
    Ok(())
}

/// Whether the finished search visited exactly the nodes the lesson was checked with.
fn finished_against(app: &Stage, plan: &SearchPlan) -> Result<(), String> {
    if app.session.run().is_live() {
        return Err("another search is running".into());
    }
    if app.session.log().is_truncated() {
        return Err("the recording of the search was cut short".into());
    }
    match app.session.run().report.as_ref().map(|r| r.nodes) {
        Some(n) if n == plan.nodes => Ok(()),
        Some(n) if n < plan.nodes => Err(format!(
            "the search stopped after {n} of the {} nodes the lesson was checked with",
            plan.nodes
        )),
        Some(n) => Err(format!(
            "the search visited {n} nodes, not the {} the lesson was checked with",
            plan.nodes
        )),
        None => Err("the tree is not a search the explorer ran".into()),
    }
}

/// The comparison the step shows, each configuration with the count the lesson pinned and
/// the count measured on screen (`None` while it runs or when it is another comparison).
pub fn compare(app: &Stage) -> Option<Vec<(String, u64, Option<u64>)>> {
    let state = app.lesson;
    let Some(View::Compare(columns)) = state.player.scene().view else {
        return None;
    };
    let same = app.comparison.labels == labels(&columns);
    Some(
        columns
            .into_iter()
            .enumerate()
            .map(|(i, (config, pinned))| {
                let measured = app
                    .comparison
                    .rows
                    .get(i)
                    .filter(|_| same)
                    .map(|r| r.report.nodes);
                (label(&config), pinned, measured)
            })
            .collect(),
    )
}

/// A compare column's name: the configuration's short name, as `compare` and the slides name
/// it (`killers + history`, `no killers, no history`); its switches as written when they do
/// not read.
pub fn label(config: &str) -> String {
    match killerscope_engine::parse_switches(config) {
        Ok((ordering, selective)) => killerscope_engine::display_name(&ordering, &selective),
        Err(_) => config.to_string(),
    }
}

/// The names of a step's compare columns, as the compare view shows them.
pub fn labels(columns: &[(String, u64)]) -> Vec<String> {
    columns.iter().map(|(c, _)| label(c)).collect()
}

/// What the status line asks before a key changes the lesson's search (short enough for an
/// 80-column status line).
fn again(what: &str) -> String {
    format!("press again for {what}; another key keeps the lesson's search")
}
