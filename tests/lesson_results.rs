//! A lesson's running score and the results a teacher collects: an exercise written by the
//! real binary (`killerscope exercise -o`) opens as a lesson, is answered through the keys
//! (a first miss, a second try, a wrong answer, one left open), the panel shows the score, and
//! the CSV written on quit — the columns of `exercise --results` — is read back.

use crate::tui_support;

use std::process::Command;

use crossterm::event::KeyCode;
use killerscope_analysis::exercise::results::{HEADER, TRIES};
use killerscope_explorer::Action;
use killerscope_explorer::Effect;
use killerscope_explorer::LessonSource;
use killerscope_explorer::lesson::score::Score;
use tui_support::lesson::{apply, fresh_app, key};
use tui_support::{App, draw, screen};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-results-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The explorer with a four-question exercise open as a lesson, its results going to `csv`.
fn exercise(dir: &std::path::Path, csv: &std::path::Path) -> App {
    let file = dir.join("exercise.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(["exercise", "--fen", PUZZLE, "--depth", "4", "--count", "4"])
        .args(["--seed", "3", "-o"])
        .arg(&file)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let source = LessonSource {
        name: file.display().to_string(),
        text: std::fs::read_to_string(&file).expect("written"),
        leave_if_refused: false,
        results: Some(csv.to_path_buf()),
    };
    let mut app = fresh_app();
    apply(&mut app, vec![Effect::OpenLesson(source)]);
    assert!(app.lesson().is_some(), "the exercise opens as a lesson");
    app
}

/// Index of the right choice of the current step's question, and a wrong one `k` places on.
fn right(app: &App) -> (u8, impl Fn(usize) -> u8 + use<>) {
    let q = app.lesson().and_then(|l| l.player.step().question.clone());
    let q = q.expect("a question");
    let n = q.choices.len();
    let wrong = move |k: usize| u8::try_from((q.answer + k) % n).expect("a digit");
    (wrong(0), wrong)
}

fn digit(k: u8) -> KeyCode {
    KeyCode::Char(char::from(b'1' + k))
}

#[test]
fn the_score_runs_in_the_panel_and_the_results_are_written_on_quit() {
    let dir = temp_dir("quit");
    let csv = dir.join("answers.csv");
    let mut app = exercise(&dir, &csv);
    key(&mut app, KeyCode::Right);
    let (r, _) = right(&app);
    key(&mut app, digit(r));
    key(&mut app, KeyCode::Right);
    let (r, wrong) = right(&app);
    key(&mut app, digit(wrong(1)));
    key(&mut app, digit(r));
    key(&mut app, KeyCode::Right);
    let (r, wrong) = right(&app);
    assert!(
        wrong(2) != r,
        "the third question has three choices at least"
    );
    key(&mut app, digit(wrong(1)));
    key(&mut app, digit(wrong(2)));
    key(&mut app, KeyCode::Right);
    let score = app.lesson().expect("open").player.score();
    let expected = Score {
        questions: 4,
        answered: 3,
        right: 2,
        second_try: 1,
    };
    assert_eq!(score, expected);
    let shown = screen(&draw(&mut app, 160, 48));
    assert!(
        shown.contains("Score: 2 of 3 right (1 second try), 1 to go"),
        "{shown}"
    );
    assert!(!csv.exists(), "nothing is written before the end");

    let effects = app.update(Action::Quit);
    apply(&mut app, effects);
    let text = std::fs::read_to_string(&csv).expect("results written on quit");
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.rsplitn(5, ',').collect()).collect();
    assert_eq!(text.lines().next(), Some(HEADER));
    assert_eq!(rows.len(), 5, "{text}");
    // The lesson grades by the quiz's rule, and the file says it on every row: the question
    // missed twice took exactly the tries allowed.
    assert!(
        rows[1..].iter().all(|r| r[1] == TRIES.to_string()),
        "{text}"
    );
    assert_eq!(rows[3][2], TRIES.to_string(), "{text}");
    let tail: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[3], r[2])).collect();
    assert_eq!(
        tail,
        [
            ("right", "1"),
            ("right", "2"),
            ("wrong", "2"),
            ("unanswered", "0")
        ],
        "{text}"
    );
    assert!(
        rows[1][0].parse::<f64>().is_ok() && rows[4][0].is_empty(),
        "{text}"
    );
    assert!(
        text.lines()
            .all(|l| l.starts_with(char::is_numeric) || l == HEADER)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn answering_the_last_question_writes_the_results_at_once() {
    let dir = temp_dir("end");
    let csv = dir.join("answers.csv");
    let mut app = exercise(&dir, &csv);
    for _ in 0..4 {
        key(&mut app, KeyCode::Right);
        let (r, _) = right(&app);
        key(&mut app, digit(r));
    }
    let text = std::fs::read_to_string(&csv).expect("written when the last is answered");
    assert_eq!(text.matches(",right,1,").count(), 4, "{text}");
    let shown = screen(&draw(&mut app, 160, 48));
    assert!(
        shown.contains("Score: 4 of 4 right, all answered"),
        "{shown}"
    );
    assert!(shown.contains("lesson results written to"), "{shown}");
    std::fs::remove_dir_all(&dir).ok();
}
