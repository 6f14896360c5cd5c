//! Lesson files are input: a depth the explorer would not search is refused before any search,
//! an error never echoes more than a quote of what the file holds, and a file too big to be a
//! lesson is called a lesson file that is too big. Through the real binary, as a teacher runs
//! `killerscope lesson --check --file`.

use crate::binary;

use std::path::PathBuf;

use binary::{run, text};

/// A scratch file holding `contents`, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, contents: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("ks-lesson-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("write the lesson file");
        Scratch(path)
    }

    fn check(&self) -> (Option<i32>, String) {
        let out = run(&[
            "lesson",
            "--check",
            "--file",
            self.0.to_str().expect("utf-8"),
        ]);
        (out.status.code(), text(&out.stderr))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn lesson(step: &str) -> String {
    format!("title = \"t\"\nsummary = \"s\"\n[[step]]\ntext = \"x\"\n{step}\n")
}

#[test]
fn a_depth_the_explorer_would_not_search_is_refused_before_searching() {
    let file = Scratch::new(
        "deep.toml",
        &lesson("load = \"killer-puzzle\"\nsearch = { depth = 255 }"),
    );
    let (status, err) = file.check();
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("step 1") && err.contains("from 1 to 30") && err.contains("not 255"),
        "{err}"
    );
}

#[test]
fn an_error_quotes_at_most_a_few_dozen_characters_of_what_the_file_holds() {
    let huge = "x".repeat(500_000);
    for (name, step) in [
        ("load", format!("load = \"{huge}\"")),
        (
            "chart",
            format!("load = \"killer-puzzle\"\nchart = \"{huge}\""),
        ),
        ("toml", format!("load = \"killer-puzzle\"\n{huge} = 1")),
    ] {
        let file = Scratch::new(&format!("{name}.toml"), &lesson(&step));
        let (status, err) = file.check();
        assert_eq!(status, Some(2), "{name}: {}", &err[..err.len().min(300)]);
        assert!(err.len() < 2_000, "{name}: {} bytes of error", err.len());
        assert!(err.contains('…'), "{name}: the echo is cut: {err}");
    }
}

#[test]
fn a_file_too_big_to_be_a_lesson_is_called_a_lesson_file() {
    let file = Scratch::new("big.toml", &"# padding\n".repeat(120_000));
    let (status, err) = file.check();
    assert_eq!(status, Some(2));
    assert!(
        err.contains("lesson file") && err.contains("larger than 1 MiB"),
        "{err}"
    );
    assert!(!err.contains("position"), "not a position file: {err}");
}

#[test]
fn a_question_offering_a_move_that_cannot_be_played_is_refused_naming_it() {
    let question = "question = { prompt = \"Which move cut off ...Ra5?\", \
        choices = [\"Bc6\", \"Qb2\"], answer = { cutoff_by = { depth = 5, path = \"Ra5\" } } }";
    let file = Scratch::new(
        "illegal-choice.toml",
        &format!(
            "{}[[step]]\ntext = \"y\"\n{question}\n",
            lesson("load = \"killer-puzzle\"\nsearch = { depth = 5 }")
        ),
    );
    let (status, err) = file.check();
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("step 2: choice 2 of the question, Qb2, is not a legal move for White")
            && err.contains("White's queen already stands on b2")
            && err.contains("after …Ra5 in iteration 5"),
        "{err}"
    );

    let mixed = Scratch::new(
        "mixed-choices.toml",
        &format!(
            "{}[[step]]\ntext = \"y\"\n{}\n",
            lesson("load = \"killer-puzzle\"\nsearch = { depth = 5 }"),
            question.replace("\"Qb2\"", "\"Qb2-c3\"")
        ),
    );
    let (status, err) = mixed.check();
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("choice 2 of the question, Qb2-c3, is written in the long form")
            && err.contains("in SAN (step 2's choice Bc6)"),
        "{err}"
    );
}
