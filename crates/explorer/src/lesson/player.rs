//! Walking through a checked lesson: which step is on, whether the learner has done what it
//! waits for and answered its question, and the scene — position, search, selected node,
//! timeline event, open view — that the explorer must show at that step. The scene of a step
//! is computed from the steps up to it, never from where the learner wandered, so going back
//! restores exactly what that step showed.

use super::scene::Scene;
use super::score::{self, Mark, Score};
use super::verify::{Lesson, Step, Wait};
use killerscope_trace::NodeId;
use std::time::Instant;

/// What a pick did to the step's question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log's answer: the question is answered.
    Right,
    /// Not the log's answer, and the learner has one more try: the answer stays hidden.
    TryAgain,
    /// Not the log's answer, for the last time: the question is answered and shows the log's.
    Wrong,
}

/// The learner's progress through a lesson.
#[derive(Clone, Debug)]
pub struct Player {
    lesson: Lesson,
    step: usize,
    waited: bool,
    /// The pick that answered the question (right, or the second wrong one).
    choice: Option<usize>,
    /// The first wrong pick, while the learner may try again.
    missed: Option<usize>,
    /// For each step, the answer that first stood there. A graded answer stands: going back to
    /// an answered question shows that answer, and the digits no longer change it.
    marks: Vec<Option<Mark>>,
    /// When the current step was entered: a question's seconds run from here.
    shown: Instant,
}

impl Player {
    /// At the first step of `lesson`.
    pub fn new(lesson: Lesson) -> Player {
        let marks = vec![None; lesson.steps.len()];
        let mut player = Player {
            lesson,
            step: 0,
            waited: false,
            choice: None,
            missed: None,
            marks,
            shown: Instant::now(),
        };
        player.enter();
        player
    }

    /// The lesson being played.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// Index of the current step (0-based).
    pub fn index(&self) -> usize {
        self.step
    }

    /// The current step.
    pub fn step(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// Whether the learner has done what the step waits for (true when it waits for nothing).
    pub fn waited(&self) -> bool {
        self.waited
    }

    /// The choice that answered the step's question, if it is answered.
    pub fn choice(&self) -> Option<usize> {
        self.choice
    }

    /// The first, wrong pick, once the learner has made it (the question may still wait).
    pub fn missed(&self) -> Option<usize> {
        self.missed
    }

    /// Whether the step lets the learner go on: its wait is over and its question answered.
    pub fn can_advance(&self) -> bool {
        self.waited && (self.step().question.is_none() || self.choice.is_some())
    }

    /// Whether this is the last step.
    pub fn at_end(&self) -> bool {
        self.step + 1 == self.lesson.steps.len()
    }

    /// Goes to the next step if the current one is done; returns whether it moved.
    pub fn advance(&mut self) -> bool {
        if !self.can_advance() || self.at_end() {
            return false;
        }
        self.step += 1;
        self.enter();
        true
    }

    /// Goes back one step (its wait starts over, its question shows the answer that stands, if
    /// it was answered); returns whether it moved.
    pub fn back(&mut self) -> bool {
        if self.step == 0 {
            return false;
        }
        self.step -= 1;
        self.enter();
        true
    }

    /// Tells the player a key was pressed; ends a wait for that key.
    pub fn key_pressed(&mut self, key: char) {
        if self.step().wait == Some(Wait::Key(key)) {
            self.waited = true;
        }
    }

    /// Tells the player the learner selected `node`; ends a wait for that node.
    pub fn node_selected(&mut self, node: NodeId) {
        if self.step().wait == Some(Wait::Select(node)) {
            self.waited = true;
        }
    }

    /// Picks choice `k` of the step's question. A wrong first pick leaves the question open
    /// for one more try (so a class can think again before the answer shows); the pick that
    /// answers it stands. `None` when there is no such question or choice.
    pub fn answer(&mut self, k: usize) -> Option<Verdict> {
        let question = self.step().question.as_ref()?;
        if k >= question.choices.len() {
            return None;
        }
        let right = question.answer;
        let picked = match (self.choice, self.missed) {
            (Some(picked), _) => picked,
            (None, None) if k != right => {
                self.missed = Some(k);
                return Some(Verdict::TryAgain);
            }
            (None, Some(first)) if k == first => return Some(Verdict::TryAgain),
            (None, missed) => {
                let mark = Mark {
                    choice: k,
                    tries: 1 + u8::from(missed.is_some()),
                    seconds: self.shown.elapsed().as_secs_f64(),
                };
                self.marks[self.step].get_or_insert(mark);
                *self.choice.insert(k)
            }
        };
        Some(if picked == right {
            Verdict::Right
        } else {
            Verdict::Wrong
        })
    }

    /// The running score: the first answer of every question answered so far.
    pub fn score(&self) -> Score {
        score::score(&self.lesson, &self.marks)
    }

    /// The results file as it stands: every question of the lesson, those without an answer
    /// marked unanswered (with the first miss of the current one, if made).
    pub fn results_csv(&self) -> String {
        let pending = self.missed.filter(|_| self.choice.is_none());
        score::results_csv(&self.lesson, &self.marks, pending.map(|c| (self.step, c)))
    }

    /// The scene of the current step.
    pub fn scene(&self) -> Scene {
        scene_at(&self.lesson, self.step)
    }

    fn enter(&mut self) {
        let stood = self.marks[self.step].map(|mark| mark.choice);
        // An answered question was waited for already: it opens answered, as it was left.
        self.waited = self.step().wait.is_none() || stood.is_some();
        self.choice = stood;
        self.missed = None;
        self.shown = Instant::now();
    }
}

/// The scene of step `index`: each kind of thing as the last step up to it set it.
pub fn scene_at(lesson: &Lesson, index: usize) -> Scene {
    let mut scene = Scene::default();
    for step in lesson.steps.iter().take(index + 1) {
        scene.follow(&step.sets);
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::View;
    use crate::{lesson::BUNDLED, lesson::load};

    fn player() -> Player {
        Player::new(load(BUNDLED[0].1).expect("the bundled lesson holds"))
    }

    #[test]
    fn a_step_waits_for_its_key_and_its_answer_before_going_on() {
        let mut p = player();
        assert!(p.advance(), "step 1 waits for nothing");
        assert!(!p.can_advance(), "step 2 asks a question");
        let right = p.step().question.as_ref().expect("a question").answer;
        assert_eq!(p.answer(99), None);
        assert_eq!(p.answer(right + 1), Some(Verdict::TryAgain));
        assert!(!p.can_advance(), "one more try");
        assert_eq!(
            p.answer(right + 1),
            Some(Verdict::TryAgain),
            "the same miss"
        );
        assert_eq!(
            p.answer(right + 2),
            Some(Verdict::Wrong),
            "the second miss answers"
        );
        assert_eq!(
            p.answer(right),
            Some(Verdict::Wrong),
            "the answering pick stands"
        );
        assert_eq!(p.choice(), Some(right + 2));
        assert!(p.advance());
        assert!(!p.can_advance(), "step 3 waits for K");
        p.key_pressed('k');
        assert!(!p.can_advance(), "keys are exact");
        p.key_pressed('K');
        assert!(p.advance());
        let Some(Wait::Select(rb4)) = p.step().wait else {
            panic!("step 4 waits for a selection");
        };
        p.node_selected(rb4 + 1);
        assert!(!p.waited());
        p.node_selected(rb4);
        assert!(p.waited() && !p.can_advance(), "the question is still open");
    }

    #[test]
    fn the_score_keeps_the_first_answer_of_each_question_and_its_tries() {
        let mut p = player();
        let questions = p.score().questions;
        assert!(questions >= 2, "the lesson asks {questions} questions");
        p.advance();
        let right = p.step().question.as_ref().expect("a question").answer;
        assert_eq!(p.answer(right + 1), Some(Verdict::TryAgain));
        assert_eq!(p.score().answered, 0, "a first miss is not an answer");
        assert!(
            p.results_csv().contains(",unanswered,1,2,\n"),
            "the miss is noted"
        );
        assert_eq!(p.answer(right), Some(Verdict::Right));
        let after = Score {
            questions,
            answered: 1,
            right: 1,
            second_try: 1,
        };
        assert_eq!(p.score(), after);
        assert!(p.back() && p.advance(), "back to the question");
        assert_eq!(p.choice(), Some(right), "it shows the answer that stands");
        assert!(
            p.can_advance(),
            "an answered question does not hold the lesson"
        );
        assert_eq!(
            p.answer(right + 1),
            Some(Verdict::Right),
            "another pick changes nothing"
        );
        assert_eq!(p.choice(), Some(right));
        assert_eq!(p.score(), after, "the first answer stands");
        let csv = p.results_csv();
        assert_eq!(csv.lines().count(), 1 + questions, "{csv}");
        assert!(
            csv.lines().nth(1).is_some_and(|r| r.contains(",right,2,")),
            "{csv}"
        );
    }

    #[test]
    fn going_back_restores_the_scene_of_that_step() {
        let mut p = player();
        let first = p.scene();
        assert!(first.position.is_some() && first.search.is_some());
        assert_eq!((first.select, first.timeline), (None, None));
        p.advance();
        let answer = p.step().question.as_ref().expect("a question").answer;
        p.answer(answer);
        p.advance();
        let third = p.scene();
        assert!(third.select.is_some() && third.timeline.is_some());
        assert!(p.back());
        let second = p.scene();
        assert_eq!(second.select, third.select);
        assert_eq!(
            second.timeline, None,
            "step 2 had not moved the timeline yet"
        );
        assert_eq!(
            p.choice(),
            Some(answer),
            "the answered question shows its answer"
        );
        assert!(p.back() && !p.back());
        assert_eq!(p.index(), 0);
    }

    #[test]
    fn the_compare_view_belongs_to_its_step_only() {
        let lesson = load(BUNDLED[0].1).expect("the bundled lesson holds");
        let last = lesson.steps.len() - 1;
        assert!(matches!(scene_at(&lesson, last).view, Some(View::Compare(ref c)) if c.len() == 2));
        assert!(scene_at(&lesson, last - 1).view.is_none());
    }
}
