//! The interactive side of `killerscope exercise --results FILE`: each question asked on the
//! terminal, picks read one line at a time by the lessons' rule, and the graded rows written
//! as the CSV a teacher collects. Apart from `exercise.rs`, which draws the exercise and
//! prints or writes it.

use super::{numbered, write_file};
use crate::cli::CliError;
use killerscope_analysis::exercise::results::{self, Graded, Outcome};
use killerscope_analysis::exercise::{Exercise, Question};
use killerscope_text::printable;
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Instant;

/// Asks every question on the terminal (an answer is the number of a choice, one per line) by
/// the lessons' rule (`results::TRIES` picks; a line that is no choice is asked again without
/// counting) and writes the results CSV (`analysis::exercise::results`); the score at the end.
/// Questions left when the input ends are written as unanswered, with a first miss if any.
pub(super) fn quiz(exercise: &Exercise, path: &Path) -> Result<(), CliError> {
    let mut rows = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    let mut right = 0;
    let mut ended = false;
    for (k, q) in exercise.questions.iter().enumerate() {
        let asked = if ended {
            Asked::default()
        } else {
            writeln!(out, "{}. {}\n   {}", k + 1, q.prompt, numbered(&q.choices))?;
            ask(q, &mut lines, &mut out)?
        };
        ended |= asked.ended;
        let last = asked.picks.last().copied();
        let outcome = match last {
            Some(p) if p == q.answer => Outcome::Right,
            Some(_) if asked.picks.len() == usize::from(results::TRIES) => Outcome::Wrong,
            _ => Outcome::Unanswered,
        };
        right += usize::from(outcome == Outcome::Right);
        if outcome != Outcome::Unanswered {
            writeln!(
                out,
                "{}: {}) {} — {}\n",
                outcome.key(),
                q.answer + 1,
                q.choices[q.answer],
                q.explanation
            )?;
        }
        rows.push(Graded {
            kind: q.kind,
            prompt: &q.prompt,
            answer: last.map(|p| q.choices[p].as_str()),
            right_answer: &q.choices[q.answer],
            outcome,
            tries: u8::try_from(asked.picks.len()).unwrap_or(u8::MAX),
            seconds: asked.seconds.filter(|_| outcome != Outcome::Unanswered),
        });
    }
    writeln!(out, "score: {right} of {}", exercise.questions.len())?;
    write_file(path, &results::csv(&rows))
}

/// The picks made at one question, the time to the last, and whether the input ended.
#[derive(Default)]
struct Asked {
    picks: Vec<usize>,
    seconds: Option<f64>,
    ended: bool,
}

/// Reads picks for `q` until it is answered right, `results::TRIES` picks are made or the
/// input ends; a line that is no choice is asked again, naming the choices.
fn ask(
    q: &Question,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    out: &mut impl Write,
) -> Result<Asked, CliError> {
    let mut asked = Asked::default();
    let started = Instant::now();
    while asked.picks.len() < usize::from(results::TRIES) {
        write!(out, "your answer (1-{}): ", q.choices.len())?;
        out.flush()?;
        let Some(line) = lines.next().transpose().map_err(|e| {
            CliError::new(format!("exercise: cannot read an answer from stdin: {e}"))
        })?
        else {
            asked.ended = true;
            writeln!(out)?;
            break;
        };
        let Some(pick) = choice_of(&line, q) else {
            writeln!(
                out,
                "\"{}\" is not one of the choices: type a number from 1 to {}.",
                printable(line.trim()),
                q.choices.len()
            )?;
            continue;
        };
        asked.picks.push(pick);
        asked.seconds = Some(started.elapsed().as_secs_f64());
        if pick == q.answer {
            break;
        }
        if asked.picks.len() < usize::from(results::TRIES) {
            writeln!(out, "✗ not {}: one more try.", q.choices[pick])?;
        }
    }
    Ok(asked)
}

/// The choice a typed line picks (its number), if any.
fn choice_of(line: &str, q: &Question) -> Option<usize> {
    let n: usize = line.trim().parse().ok()?;
    (1..=q.choices.len()).contains(&n).then(|| n - 1)
}
