//! `killerscope exercise` through the real binary: the same seed gives a byte-identical lesson
//! file, which the lesson checker (its own resolution of every node and answer) accepts; the
//! worksheet's answer key graded through the quiz gives full marks; bad requests are refused.

use crate::binary;

use std::io::Write;
use std::process::{Command, Stdio};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-exercise-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn lesson_file(dir: &std::path::Path, name: &str, seed: &str) -> Vec<u8> {
    let path = dir.join(name);
    let path_arg = path.to_str().expect("utf-8 path");
    let out = binary::run(&[
        "exercise", "--fen", PUZZLE, "--depth", "4", "--count", "6", "--seed", seed, "-o", path_arg,
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let check = binary::run(&["lesson", "--check", "--file", path_arg]);
    assert!(
        check.status.success(),
        "the generated lesson is refused: {}",
        binary::text(&check.stderr)
    );
    assert!(binary::text(&check.stdout).contains("every field checked against the search"));
    std::fs::read(&path).expect("written")
}

#[test]
fn a_seed_gives_a_byte_identical_lesson_that_the_checker_accepts() {
    let dir = temp_dir("lesson");
    let first = lesson_file(&dir, "a.toml", "7");
    let again = lesson_file(&dir, "b.toml", "7");
    assert_eq!(first, again, "same seed, same file");
    let other = lesson_file(&dir, "c.toml", "8");
    assert_ne!(first, other, "another seed, another exercise");
    let text = String::from_utf8(first).expect("utf-8");
    assert_eq!(text.matches("question = {").count(), 6, "{text}");
    assert!(
        text.contains("nodes = 12431"),
        "the search is pinned: {text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The answer numbers of a worksheet's key (`3. 2) Kxf2 — …`).
fn answer_key(worksheet: &str) -> Vec<String> {
    let key = worksheet
        .split("\nAnswers\n")
        .nth(1)
        .expect("an answer key");
    key.lines()
        .filter_map(|line| line.split_once(". ")?.1.split_once(')'))
        .map(|(number, _)| number.to_string())
        .collect()
}

fn quiz(answers: &[String], results: &std::path::Path) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args([
            "exercise", "--fen", PUZZLE, "--depth", "4", "--count", "5", "--seed", "3",
        ])
        .arg("--results")
        .arg(results)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all((answers.join("\n") + "\n").as_bytes())
        .expect("answers written");
    drop(stdin);
    let out = child.wait_with_output().expect("the quiz ends");
    assert!(out.status.success());
    std::fs::read_to_string(results).expect("results written")
}

#[test]
fn the_answer_key_graded_through_the_quiz_gets_full_marks() {
    let sheet = binary::run(&[
        "exercise", "--fen", PUZZLE, "--depth", "4", "--count", "5", "--seed", "3",
    ]);
    assert!(sheet.status.success(), "{}", binary::text(&sheet.stderr));
    let key = answer_key(&binary::text(&sheet.stdout));
    assert_eq!(key.len(), 5);
    let dir = temp_dir("quiz");
    let csv = quiz(&key, &dir.join("right.csv"));
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "question,kind,prompt,answer,right_answer,result,tries,tries_allowed,seconds"
    );
    assert_eq!(rows.len(), 6, "{csv}");
    assert!(rows[1..].iter().all(|r| r.contains(",right,1,2,")), "{csv}");
    // Two misses a question (any choice but the key's, twice) grade every one wrong.
    let wrong: Vec<String> = key
        .iter()
        .flat_map(|k| {
            let miss = if k == "1" { "2" } else { "1" };
            [miss.to_string(), miss.to_string()]
        })
        .collect();
    let csv = quiz(&wrong, &dir.join("wrong.csv"));
    assert_eq!(csv.matches(",wrong,2,2,").count(), 5, "{csv}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_walk_asks_the_windows_of_a_small_tree_in_search_order() {
    let out = binary::run(&[
        "exercise",
        "--epd",
        "assets/positions.epd",
        "--id",
        "king-and-pawn",
        "--depth",
        "3",
        "--walk",
        "--count",
        "4",
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let text = binary::text(&out.stdout);
    assert_eq!(text.matches("[window]").count(), 4, "{text}");
    assert!(text.contains("\"king-and-pawn\""), "{text}");
}

#[test]
fn bad_requests_are_refused_with_what_is_wrong() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["exercise", "--depth", "3", "--kinds", "riddle"],
            "unknown kind \"riddle\"",
        ),
        (
            &[
                "exercise",
                "--depth",
                "3",
                "--kinds",
                "node-type",
                "-o",
                "/dev/null",
            ],
            "cannot ask node-type",
        ),
        (
            &["exercise", "--depth", "3", "--walk", "-o", "/dev/null"],
            "--walk",
        ),
        (
            &[
                "exercise",
                "--depth",
                "3",
                "--epd",
                "assets/positions.epd",
                "--id",
                "nowhere",
            ],
            "no position has id \"nowhere\"",
        ),
    ];
    for (args, message) in cases {
        let out = binary::run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = binary::text(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
