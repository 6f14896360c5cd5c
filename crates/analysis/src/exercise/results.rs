//! The results a teacher collects from an exercise, one CSV row a question — written by the
//! terminal quiz (`killerscope exercise --results`) and by a lesson opened with `--results`
//! in the explorer, so both give the same columns and grade by the same rule: a question
//! allows [`TRIES`] picks (a first miss gets one more try), an answer that is not a choice
//! (a typo) is asked again without counting, and the file says the rule in `tries_allowed`.

use super::Kind;

/// Picks a question allows: a first miss gets one more try before the answer shows.
pub const TRIES: u8 = 2;

/// The first line of a results file.
pub const HEADER: &str =
    "question,kind,prompt,answer,right_answer,result,tries,tries_allowed,seconds";

/// How a question ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The answer that stands is the right one.
    Right,
    /// The answer that stands is another one.
    Wrong,
    /// No answer stands (the learner stopped first; a first miss may be in `answer`).
    Unanswered,
}

impl Outcome {
    /// The word in the `result` column.
    pub const fn key(self) -> &'static str {
        match self {
            Outcome::Right => "right",
            Outcome::Wrong => "wrong",
            Outcome::Unanswered => "unanswered",
        }
    }
}

/// One question's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded<'a> {
    /// What the question asked.
    pub kind: Kind,
    /// The question.
    pub prompt: &'a str,
    /// The last choice picked (empty when none was).
    pub answer: Option<&'a str>,
    /// The log's answer.
    pub right_answer: &'a str,
    /// How it ended.
    pub outcome: Outcome,
    /// Picks made.
    pub tries: u8,
    /// Seconds from the question being shown to the answer that stands (none if unanswered).
    pub seconds: Option<f64>,
}

/// The results file: the header, then the rows numbered from 1 (written by the program's one
/// CSV writer, `crate::table`).
pub fn csv(rows: &[Graded<'_>]) -> String {
    let head = HEADER.split(',').map(str::to_string).collect::<Vec<_>>();
    let lines = rows.iter().enumerate().map(|(k, row)| {
        vec![
            (k + 1).to_string(),
            row.kind.key().to_string(),
            row.prompt.to_string(),
            row.answer.unwrap_or("").to_string(),
            row.right_answer.to_string(),
            row.outcome.key().to_string(),
            row.tries.to_string(),
            TRIES.to_string(),
            row.seconds.map_or(String::new(), |s| format!("{s:.1}")),
        ]
    });
    crate::table::csv_text(std::iter::once(head).chain(lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_numbered_quoted_where_needed_and_unanswered_ones_marked() {
        let rows = [
            Graded {
                kind: Kind::Refutation,
                prompt: "Which move cut \"…Ra5\" off?",
                answer: Some("Bc6"),
                right_answer: "Bc6",
                outcome: Outcome::Right,
                tries: 2,
                seconds: Some(12.34),
            },
            Graded {
                kind: Kind::FirstTried,
                prompt: "First?",
                answer: None,
                right_answer: "Qd2",
                outcome: Outcome::Unanswered,
                tries: 0,
                seconds: None,
            },
        ];
        assert_eq!(
            csv(&rows),
            format!(
                "{HEADER}\n1,refutation,\"Which move cut \"\"…Ra5\"\" off?\",Bc6,Bc6,right,2,2,12.3\n\
                 2,first-tried,First?,,Qd2,unanswered,0,2,\n"
            )
        );
    }
}
