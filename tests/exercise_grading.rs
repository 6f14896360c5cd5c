//! Exercises a class can be graded on: across 100 seeds the right answer sits at no choice more
//! than 30% of the time and no exercise asks one question twice; the drawn nodes lean to the
//! instructive ones; windows are written as the explorer writes them (`-∞`, not `-32001`); and
//! the terminal quiz grades by the lessons' rule — a typo is asked again, a first miss gets one
//! more try — and says the rule in its results file.

use crate::binary;

use std::collections::HashSet;
use std::io::Write;
use std::process::{Command, Stdio};

use killerscope_analysis::exercise::{Exercise, ExerciseSpec, Kind, generate};
use killerscope_chess::Position;
use killerscope_engine::{Limits, SearchConfig};
use killerscope_log::EventLog;
use killerscope_trace::record_search;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
/// The small tree of `exercise --walk` in the docs (`king-and-pawn` in assets/positions.epd).
const KING_AND_PAWN: &str = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";

fn search(fen: &str, depth: u8) -> EventLog {
    let pos = Position::from_fen(fen).expect("a valid FEN");
    record_search(&pos, SearchConfig::default(), &Limits::depth(depth)).0
}

fn exercise(log: &EventLog, seed: u64, walk: bool) -> Exercise {
    let spec = ExerciseSpec {
        count: 10,
        seed,
        kinds: Kind::DRAWN.to_vec(),
        walk,
    };
    generate(log, &spec).expect("an exercise")
}

/// Checks 100 seeds' exercises of `log`: no answer place over 30%, no repeated prompt.
/// Returns every question drawn.
fn check_seeds(
    log: &EventLog,
    walk: bool,
    what: &str,
) -> Vec<killerscope_analysis::exercise::Question> {
    let mut at = [0usize; 9];
    let mut all = Vec::new();
    for seed in 1..=100 {
        let drawn = exercise(log, seed, walk);
        assert!(
            !drawn.questions.is_empty(),
            "{what}, seed {seed}: no question"
        );
        let mut prompts = HashSet::new();
        for q in &drawn.questions {
            assert!(
                prompts.insert((q.kind, q.prompt.clone())),
                "{what}, seed {seed} asks twice: {}",
                q.prompt
            );
            at[q.answer] += 1;
        }
        all.extend(drawn.questions);
    }
    let total: usize = at.iter().sum();
    for (place, &n) in at.iter().enumerate() {
        assert!(
            n * 100 <= total * 30,
            "{what}: choice {} holds {n} of {total} answers ({at:?})",
            place + 1
        );
    }
    all
}

#[test]
fn across_a_hundred_seeds_no_answer_place_is_favoured_and_no_question_repeats() {
    let drawn = check_seeds(&search(PUZZLE, 4), false, "drawn");
    let walk = check_seeds(&search(KING_AND_PAWN, 3), true, "walk");
    // The drawn nodes lean to the instructive: later cutoffs and ALL nodes are common answers.
    let answers = |kind: Kind| -> Vec<&str> {
        drawn
            .iter()
            .filter(|q| q.kind == kind)
            .map(|q| q.choices[q.answer].as_str())
            .collect()
    };
    let before = answers(Kind::TriedBeforeCutoff);
    let at_once = before.iter().filter(|&&a| a == "0").count();
    assert!(
        at_once * 2 < before.len(),
        "most tried-before-cutoff answers are 0: {at_once} of {}",
        before.len()
    );
    let types = answers(Kind::NodeType);
    let cut = types.iter().filter(|&&a| a == "CUT").count();
    assert!(
        cut * 10 < types.len() * 7,
        "node-type answers are CUT in {cut} of {}",
        types.len()
    );
    // Windows read as on the screen: the root's [-∞, ∞], never the engine's -32001.
    for q in drawn.iter().chain(&walk) {
        let text = format!("{} {} {}", q.prompt, q.choices.join(" "), q.explanation);
        assert!(!text.contains("32001") && !text.contains("32000"), "{text}");
    }
    assert!(
        walk.iter()
            .any(|q| q.choices.iter().any(|c| c.contains('∞'))),
        "the walk asks a window with an infinite bound"
    );
}

/// Runs the quiz on the puzzle at depth 4 (seed 3, `count` questions) with `input` on stdin;
/// returns what it printed and the results file.
fn quiz(input: &str, count: &str, name: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("ks-grading-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let results = dir.join("results.csv");
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args([
            "exercise", "--fen", PUZZLE, "--depth", "4", "--count", count, "--seed", "3",
        ])
        .arg("--results")
        .arg(&results)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    let out = child.wait_with_output().expect("the quiz ends");
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let csv = std::fs::read_to_string(&results).expect("results written");
    std::fs::remove_dir_all(&dir).ok();
    (binary::text(&out.stdout), csv)
}

#[test]
fn a_typo_is_asked_again_and_a_first_miss_gets_one_more_try_as_in_a_lesson() {
    let (said, csv) = quiz("abc\n0\n", "2", "typo");
    assert!(said.contains("\"abc\" is not one of the choices"), "{said}");
    assert!(said.contains("\"0\" is not one of the choices"), "{said}");
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    for row in &rows {
        assert!(
            row.contains(",,") && row.contains(",unanswered,0,2,"),
            "{row}"
        );
    }
    // The first question's key, from the worksheet of the same exercise.
    let sheet = binary::run(&[
        "exercise", "--fen", PUZZLE, "--depth", "4", "--count", "1", "--seed", "3",
    ]);
    let sheet = binary::text(&sheet.stdout);
    let key: usize = sheet
        .split("\nAnswers\n")
        .nth(1)
        .and_then(|k| k.trim().strip_prefix("1. "))
        .and_then(|k| k.split(')').next())
        .and_then(|n| n.parse().ok())
        .expect("the key's first answer");
    let miss = if key == 1 { 2 } else { 1 };
    let (said, csv) = quiz(&format!("{miss}\n{key}\n"), "1", "retry");
    assert!(said.contains("one more try"), "{said}");
    let row = csv.lines().nth(1).expect("a row");
    assert!(
        row.contains(",right,2,2,"),
        "right at the second try: {row}"
    );
}
