//! A lesson open in the explorer, and whether what the explorer shows is what the lesson was
//! checked against. The lesson's claims — its node counts, the nodes and events it points at,
//! its answers — were read from a search of a position with given switches; if the search on
//! screen is another one (the learner re-ran it with other settings, or stopped it early), the
//! panel says so instead of repeating claims the screen does not back.

use super::player::{Player, View};
use super::verify::{Lesson, SearchPlan};
use crate::chess::Position;
use crate::tui::app::App;

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
}

impl LessonState {
    /// At the first step of `lesson`, nothing done for it yet.
    pub fn new(lesson: Lesson) -> LessonState {
        LessonState {
            player: Player::new(lesson),
            awaiting: false,
            opened_view: false,
        }
    }

    /// Whether the step's question waits for an answer (the digits then answer it).
    pub fn asking(&self) -> bool {
        self.player.step().question.is_some() && self.player.choice().is_none()
    }

    /// Whether the lesson waits for its own search to finish.
    pub fn awaiting(&self) -> bool {
        self.awaiting
    }
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

impl App {
    /// The check of the search on screen against the open lesson's current step (`None`
    /// without a lesson).
    pub fn lesson_check(&self) -> Option<SearchCheck> {
        let state = self.lesson.as_ref()?;
        let scene = state.player.scene();
        let (Some(root), Some(plan)) = (&scene.position, &scene.search) else {
            return Some(SearchCheck::NoSearch);
        };
        Some(match self.search_against(root, plan) {
            Err(why) => SearchCheck::Differs(why),
            Ok(()) if (self.searching || self.indexing_live) && state.awaiting => {
                SearchCheck::Running { depth: plan.depth }
            }
            Ok(()) => match self.finished_against(plan) {
                Ok(()) => SearchCheck::Holds { nodes: plan.nodes },
                Err(why) => SearchCheck::Differs(why),
            },
        })
    }

    /// Whether the session is the step's search, finished and whole: only then do the
    /// lesson's node ids name nodes on screen.
    pub fn lesson_holds(&self) -> bool {
        matches!(self.lesson_check(), Some(SearchCheck::Holds { .. }))
    }

    /// Whether the session is a search of `root` with the plan's depth and switches (running
    /// or not); else what differs.
    pub(super) fn search_against(&self, root: &Position, plan: &SearchPlan) -> Result<(), String> {
        let header = self.session.header();
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
    fn finished_against(&self, plan: &SearchPlan) -> Result<(), String> {
        if self.is_live() {
            return Err("another search is running".into());
        }
        if self.session.log.is_truncated() {
            return Err("the recording of the search was cut short".into());
        }
        match self.report.as_ref().map(|r| r.nodes) {
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
    pub fn lesson_compare(&self) -> Option<Vec<(String, u64, Option<u64>)>> {
        let state = self.lesson.as_ref()?;
        let Some(View::Compare(columns)) = state.player.scene().view else {
            return None;
        };
        let same = self.comparison.labels == labels(&columns);
        Some(
            columns
                .into_iter()
                .enumerate()
                .map(|(i, (config, pinned))| {
                    let measured = self
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
}

/// A compare column's name: its switches, `default` for none.
pub fn label(config: &str) -> String {
    if config.trim().is_empty() {
        "default".to_string()
    } else {
        config.to_string()
    }
}

/// The names of a step's compare columns, as the compare view shows them.
pub fn labels(columns: &[(String, u64)]) -> Vec<String> {
    columns.iter().map(|(c, _)| label(c)).collect()
}
