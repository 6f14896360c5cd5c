//! A lesson's running score: the answer that stands for each of its questions, how many picks
//! it took and how long, and the results file a teacher collects (the columns of
//! `killerscope exercise --results`, written by `trace::exercise::results`).

use super::verify::Lesson;
use killerscope_analysis::{
    exercise::results, exercise::results::Graded, exercise::results::Outcome,
};

/// How one question was answered, recorded when its answer first stood.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// The pick that answered it (right, or the second wrong one).
    pub choice: usize,
    /// Picks it took: 1, or 2 after a first miss.
    pub tries: u8,
    /// Seconds from the step being shown to the answer.
    pub seconds: f64,
}

/// The running score, as the lesson panel shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Questions in the lesson.
    pub questions: usize,
    /// Questions answered.
    pub answered: usize,
    /// Questions answered right.
    pub right: usize,
    /// Of those, the ones right at the second try.
    pub second_try: usize,
}

impl Score {
    /// "Score: 3 of 4 right (1 second try), 2 to go"; `None` for a lesson without questions.
    pub fn text(&self) -> Option<String> {
        if self.questions == 0 {
            return None;
        }
        if self.answered == 0 {
            let s = if self.questions == 1 { "" } else { "s" };
            return Some(format!("Score: {} question{s} to answer", self.questions));
        }
        let mut text = format!("Score: {} of {} right", self.right, self.answered);
        if self.second_try > 0 {
            let tries = if self.second_try == 1 { "try" } else { "tries" };
            text.push_str(&format!(" ({} second {tries})", self.second_try));
        }
        match self.questions - self.answered {
            0 => text.push_str(", all answered"),
            n => text.push_str(&format!(", {n} to go")),
        }
        Some(text)
    }
}

/// The score of `marks` (one per step, `None` where no answer stands yet).
pub fn score(lesson: &Lesson, marks: &[Option<Mark>]) -> Score {
    let mut score = Score::default();
    for (step, mark) in lesson.steps.iter().zip(marks) {
        let Some(q) = &step.question else { continue };
        score.questions += 1;
        let Some(mark) = mark else { continue };
        score.answered += 1;
        if mark.choice == q.answer {
            score.right += 1;
            score.second_try += usize::from(mark.tries > 1);
        }
    }
    score
}

/// The results file of `marks`: a row for every question of the lesson, in order; a question
/// without an answer is `unanswered`, with the first miss of `pending` (step, choice) if the
/// learner had made one there.
pub fn results_csv(
    lesson: &Lesson,
    marks: &[Option<Mark>],
    pending: Option<(usize, usize)>,
) -> String {
    let mut rows = Vec::new();
    for (k, (step, mark)) in lesson.steps.iter().zip(marks).enumerate() {
        let Some(q) = &step.question else { continue };
        let choice = |c: usize| q.choices.get(c).map(String::as_str);
        let right_answer = choice(q.answer).unwrap_or(&q.answer_san);
        let row = match mark {
            Some(m) => Graded {
                kind: q.kind,
                prompt: &q.prompt,
                answer: choice(m.choice),
                right_answer,
                outcome: if m.choice == q.answer {
                    Outcome::Right
                } else {
                    Outcome::Wrong
                },
                tries: m.tries,
                seconds: Some(m.seconds),
            },
            None => {
                let missed = pending.filter(|&(s, _)| s == k).map(|(_, c)| c);
                Graded {
                    kind: q.kind,
                    prompt: &q.prompt,
                    answer: missed.and_then(choice),
                    right_answer,
                    outcome: Outcome::Unanswered,
                    tries: u8::from(missed.is_some()),
                    seconds: None,
                }
            }
        };
        rows.push(row);
    }
    results::csv(&rows)
}
