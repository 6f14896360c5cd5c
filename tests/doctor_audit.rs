//! `log audit` on a log it cannot judge — another engine's trace, a killerscope log under a
//! switch this build does not know — says why and what judging would take, and audits what it
//! can: the decisions counted per technique and depth, the same counts the judged audit of the
//! same search reports.

use crate::binary;

use binary::{run, text};
use std::collections::BTreeMap;
use std::path::PathBuf;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ks-doctor-audit-{}-{name}", std::process::id()))
}

/// A killerscope search with selective search on, as a `.kslog` and as its exported trace.
fn recorded(name: &str) -> (PathBuf, String) {
    let log = temp(&format!("{name}.kslog"));
    let file = log.to_str().expect("UTF-8");
    let out = run(&[
        "search", "--fen", PUZZLE, "--depth", "4", "--search", "all=on", "--log", file,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let trace = run(&["log", "export", "--jsonl", file]);
    assert!(trace.status.success());
    (log, text(&trace.stdout))
}

/// The `| technique | node depth | decisions |` rows of an audit report (judged or counted):
/// per technique and depth, the decisions.
fn decisions(report: &str) -> BTreeMap<(String, String), u64> {
    report
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let n = cells.get(2)?.parse::<u64>().ok()?;
            let technique = cells[0].trim_matches('*').to_string();
            (cells[1] != "all").then(|| ((technique, cells[1].to_string()), n))
        })
        .collect()
}

#[test]
fn another_engines_trace_is_counted_and_told_what_judging_takes() {
    let (log, trace) = recorded("foreign");
    let judged = run(&["log", "audit", log.to_str().expect("UTF-8")]);
    assert!(judged.status.success(), "{}", text(&judged.stderr));
    let expected = decisions(&text(&judged.stdout));
    assert!(!expected.is_empty(), "the search made selective decisions");

    let foreign = trace.replacen("\"engine\":\"killerscope ", "\"engine\":\"Other Engine ", 1);
    let path = temp("foreign.jsonl");
    std::fs::write(&path, foreign).expect("temp trace");
    let out = run(&["log", "audit", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.contains("not judged: the log was searched by `Other Engine "),
        "{report}"
    );
    assert!(report.contains("not by killerscope"), "{report}");
    assert!(
        report.contains("Judging them takes the engine itself searching each node again"),
        "{report}"
    );
    assert!(report.contains("counted but not judged"), "{report}");
    assert_eq!(decisions(&report), expected, "the same decisions, counted");
    for p in [log, path] {
        std::fs::remove_file(p).ok();
    }
}

#[test]
fn a_switch_this_build_does_not_know_is_named() {
    let (log, trace) = recorded("unknown");
    let patched = trace.replacen("\"ordering\":{", "\"ordering\":{\"iid\":\"on\",", 1);
    let path = temp("unknown.jsonl");
    std::fs::write(&path, patched).expect("temp trace");
    let out = run(&["log", "audit", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.contains("the log's ordering switches are not this build's: iid=on: ordering config: unknown key `iid` (known: killers,"),
        "{report}"
    );
    assert!(
        report.contains("Audit it with the build that wrote it"),
        "{report}"
    );
    for p in [log, path] {
        std::fs::remove_file(p).ok();
    }
}
