//! `killerscope doctor` through the real binary, on the seeded engines' traces: each finding's
//! line in its exact words (severity, code, "N of M" and what M counts, the why sentence, the
//! first nodes with their line from the root), the JSON for tools, and the exit status a CI
//! reads — 1 on a bug or suspect, 0 on none (a note alone passes), 2 on an error.

use crate::binary;
use crate::doctor_support;

use binary::{run, text};
use doctor_support::{Bug, trace};
use serde_json::Value;
use std::path::{Path, PathBuf};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

/// The seeded engine's trace of the puzzle at depth 4, in a temp file.
fn trace_file(bug: Bug) -> PathBuf {
    // A file per call: tests run at once, and each removes its file when done.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("ks-doctor-{}-{bug:?}-{call}.jsonl", std::process::id());
    let path = std::env::temp_dir().join(name);
    std::fs::write(&path, trace(PUZZLE, 4, bug)).expect("temp file");
    path
}

/// Each code's severity and what its count is counted out of, as the report writes them.
fn wording(code: &str) -> (&'static str, &'static str) {
    match code {
        "tried-twice" => ("bug", "nodes that tried moves"),
        "noisy-killer" | "duplicate-slot" | "store-without-cutoff" => ("bug", "killer stores"),
        "row-mismatch" => ("bug", "killer reads and stores"),
        "slot-label" => ("bug", "killer tries checked against their row"),
        "slot-order" => ("suspect", "nodes that tried two killer slots or more"),
        "killer-after-quiet" => ("suspect", "nodes that tried a killer"),
        "move-never-tried" => ("bug", "full-width nodes that had to try every move"),
        "tt-move-not-first" => ("suspect", "nodes that tried their TT move"),
        "tt-move-twice" => ("bug", "nodes that tried their TT move"),
        "illegal-killer" => ("note", "killer tries"),
        other => panic!("no wording for {other}"),
    }
}

fn doctor(path: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec!["doctor", path.to_str().expect("UTF-8 temp path")];
    args.extend_from_slice(more);
    run(&args)
}

#[test]
fn each_finding_is_written_in_its_words_and_sets_the_exit_status() {
    for bug in Bug::SEEDED {
        let code = bug.code().expect("seeded");
        let (severity, chances) = wording(code);
        let path = trace_file(bug);
        let out = doctor(&path, &[]);
        let report = text(&out.stdout);
        let expected = if severity == "note" { 0 } else { 1 };
        assert_eq!(out.status.code(), Some(expected), "{bug:?}:\n{report}");
        let lines: Vec<&str> = report.lines().collect();
        let head = format!("{severity:<8} {code}: ");
        let at = lines
            .iter()
            .position(|l| l.starts_with(&head))
            .unwrap_or_else(|| panic!("{bug:?}: no line starting {head:?}:\n{report}"));
        let line = lines[at];
        let tally = &line[head.len()..];
        let (n, rest) = tally.split_once(" of ").expect("N of M");
        let (m, rest) = rest.split_once(' ').expect("M, then what it counts");
        let count = |s: &str| s.replace(',', "").parse::<u64>().expect("a count");
        assert!(0 < count(n) && count(n) <= count(m), "{line}");
        assert!(rest.starts_with(&format!("{chances} (")), "{line}");
        assert!(rest.ends_with("%)"), "{line}");
        let mut below = lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("         "));
        if code == "illegal-killer" {
            let rates = below.next().expect("the hit rates");
            assert!(
                rates.contains("killer hit rate ")
                    && rates.contains(", over the legal tries only "),
                "{rates}"
            );
        }
        let why = below.next().expect("the why sentence").trim();
        assert!(why.ends_with('.') && why.len() > 40, "{why}");
        let examples: Vec<&&str> = below.collect();
        assert!(
            !examples.is_empty() && examples.len() <= 3,
            "{bug:?}: {examples:?}"
        );
        for e in examples {
            assert!(e.trim_start().starts_with("- node "), "{e}");
            assert!(e.contains(" · ply ") && e.contains(" · depth "), "{e}");
        }
        let verdict = lines.last().expect("a verdict");
        assert!(verdict.starts_with("verdict  "), "{verdict}");
        assert!(
            verdict.ends_with(&format!("exit status {expected}")),
            "{verdict}"
        );
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn why_sentences_say_what_the_bug_costs() {
    let cases = [
        (
            Bug::TriedTwice,
            "searches the same subtree again for nothing",
        ),
        (Bug::SlotOrder, "The first slot holds the newest refutation"),
        (Bug::MoveNeverTried, "must search every legal move"),
        (Bug::IllegalKiller, "count as killer misses"),
    ];
    for (bug, words) in cases {
        let path = trace_file(bug);
        let report = text(&doctor(&path, &[]).stdout);
        assert!(report.contains(words), "{bug:?}: {words:?} in\n{report}");
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn the_clean_engine_passes_and_json_tells_tools_the_same() {
    let path = trace_file(Bug::None);
    let out = doctor(&path, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let report = text(&out.stdout);
    assert!(
        report.contains("verdict  no findings in 12 checks: exit status 0"),
        "{report}"
    );
    assert!(report.contains("engine   seeded-engine (None)"));

    let out = doctor(&path, &["--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["findings"], serde_json::json!([]));
    assert_eq!(v["fails"], false);
    assert_eq!(v["checks"].as_array().map(Vec::len), Some(12));
    std::fs::remove_file(&path).ok();

    let path = trace_file(Bug::SlotOrder);
    let out = doctor(&path, &["--json", "--examples", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let f = &v["findings"][0];
    assert_eq!(f["code"], "slot-order");
    assert_eq!(f["severity"], "suspect");
    assert_eq!(f["chances_of"], "nodes that tried two killer slots or more");
    let (count, chances) = (f["count"].as_f64(), f["chances"].as_f64());
    let share = f["share"].as_f64().expect("a share");
    assert_eq!(count.zip(chances).map(|(n, m)| n / m), Some(share));
    let examples = f["examples"].as_array().expect("examples");
    assert_eq!(examples.len(), 1);
    let line = examples[0]["line"]
        .as_array()
        .expect("the line, a word a step");
    assert_eq!(Some(line.len() as u64), examples[0]["ply"].as_u64());
    assert_eq!(
        (v["bugs"].as_u64(), v["suspects"].as_u64()),
        (Some(0), Some(1))
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn errors_exit_with_status_2_and_reading_switches_apply() {
    let missing = std::env::temp_dir().join("ks-doctor-no-such-file.jsonl");
    let out = doctor(&missing, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("error: "),
        "{}",
        text(&out.stderr)
    );

    let path = std::env::temp_dir().join(format!("ks-doctor-{}-typo.jsonl", std::process::id()));
    let mut lines: Vec<String> = trace(PUZZLE, 2, Bug::None)
        .lines()
        .map(String::from)
        .collect();
    lines[2] = lines[2].replacen("\"type\"", "\"souce\":\"x\",\"type\"", 1);
    std::fs::write(&path, lines.join("\n")).expect("temp file");
    assert_eq!(
        doctor(&path, &[]).status.code(),
        Some(0),
        "an unknown key is skipped"
    );
    let strict = doctor(&path, &["--strict"]);
    assert_eq!(strict.status.code(), Some(2));
    assert!(
        text(&strict.stderr).contains("souce"),
        "{}",
        text(&strict.stderr)
    );

    lines[2] = "{\"type\":\"node_exit\"".into();
    std::fs::write(&path, lines.join("\n")).expect("temp file");
    assert_eq!(
        doctor(&path, &[]).status.code(),
        Some(2),
        "a bad line stops"
    );
    let lenient = doctor(&path, &["--lenient"]);
    let report = text(&lenient.stdout);
    assert!(
        report.contains(" bad lines skipped (--lenient)"),
        "{report}"
    );
    assert!(
        report.contains("trace    first skipped: line 3, column "),
        "{report}"
    );
    std::fs::remove_file(&path).ok();
}

/// The two samples of docs/doctor.md are what the doctor prints: the slot-order report whole
/// (its trace saved as `slot-order.jsonl`, the name the sample shows) and the illegal-killer
/// note's lines, found in that engine's report.
#[test]
fn the_doctor_docs_samples_are_what_it_prints() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/doctor.md"))
        .expect("docs/doctor.md");
    let samples: Vec<&str> = doc
        .split("```text\n")
        .skip(1)
        .filter_map(|rest| rest.split("```").next())
        .collect();
    let [whole, note, ..] = samples[..] else {
        panic!("docs/doctor.md has no two text samples");
    };
    let dir = std::env::temp_dir().join(format!("ks-doctor-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    std::fs::write(
        dir.join("slot-order.jsonl"),
        trace(PUZZLE, 4, Bug::SlotOrder),
    )
    .expect("trace");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(["doctor", "slot-order.jsonl"])
        .current_dir(&dir)
        .output()
        .expect("the binary runs");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        text(&out.stdout),
        whole,
        "docs/doctor.md's slot-order sample"
    );
    let path = trace_file(Bug::IllegalKiller);
    let report = text(&doctor(&path, &[]).stdout);
    std::fs::remove_file(&path).ok();
    for line in note.lines() {
        assert!(report.contains(line), "{line:?} not in\n{report}");
    }
}

/// A trace of nodes without a single `move_tried` says nothing of which moves its nodes tried:
/// `move-never-tried` is listed as not checked, with why, instead of calling every move
/// never tried.
#[test]
fn a_trace_without_tries_is_not_accused_of_moves_never_tried() {
    let trace = [
        r#"{"type":"header","schema":1,"engine":"NoTries 1"}"#,
        r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"node_exit","score":120,"bound":"lower"}"#,
        r#"{"type":"node_exit","score":-100,"bound":"upper"}"#,
    ]
    .join("\n");
    let path =
        std::env::temp_dir().join(format!("ks-doctor-{}-no-tries.jsonl", std::process::id()));
    std::fs::write(&path, trace).expect("write the trace");
    let out = doctor(&path, &[]);
    let _ = std::fs::remove_file(&path);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(
        report.contains("move-never-tried: the log records no move_tried"),
        "{report}"
    );
}
