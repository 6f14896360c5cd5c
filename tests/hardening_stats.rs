//! `log stats` says why a log ends mid-search: another engine's search stopped by its limit
//! before it closed its nodes is said to be stopped — in the trace and in the `.kslog` imported
//! from it (it said "recording stopped early (event cap or write error)", issue 35) — while
//! killerscope's own recording cut at its event cap still says so.

use crate::binary;

/// The test's own scratch directory.
fn dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-stats-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

fn scratch(name: &str) -> std::path::PathBuf {
    dir().join(name)
}

fn truncated_line(file: &std::path::Path) -> String {
    let out = binary::run(&["log", "stats", file.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    binary::text(&out.stdout)
        .lines()
        .find(|l| l.starts_with("truncated:"))
        .expect("a truncated line")
        .to_string()
}

#[test]
fn a_search_stopped_by_its_limit_is_said_to_be_stopped_not_cut_by_the_recorder() {
    let trace = [
        r#"{"type":"header","schema":1,"engine":"other 1.0","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","limits":{"movetime":"1000"}}"#,
        r#"{"type":"node_enter","depth":3,"alpha":-100,"beta":100}"#,
        r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e7e5"}"#,
        r#"{"type":"node_exit","score":5}"#,
    ];
    let jsonl = scratch("stopped.jsonl");
    std::fs::write(&jsonl, trace.join("\n") + "\n").expect("write");
    let said = truncated_line(&jsonl);
    let stopped = "the search was stopped (movetime 1000, or stop) before it closed its nodes — 2 nodes left open";
    assert!(said.contains(stopped), "{said}");
    let kslog = scratch("stopped.kslog");
    let import = binary::run(&[
        "log",
        "import",
        jsonl.to_str().expect("UTF-8"),
        "-o",
        kslog.to_str().expect("UTF-8"),
    ]);
    assert!(import.status.success(), "{}", binary::text(&import.stderr));
    let said = truncated_line(&kslog);
    assert!(
        said.contains(stopped) && !said.contains("event cap"),
        "{said}"
    );

    // A trace whose writer says it stopped recording.
    let cut = [
        trace[0].replace(r#""limits""#, r#""truncated":true,"limits""#),
        trace[1].into(),
        r#"{"type":"node_exit","score":5}"#.into(),
    ];
    std::fs::write(&jsonl, cut.join("\n") + "\n").expect("write");
    assert!(truncated_line(&jsonl).contains("its writer stopped recording mid-search"));

    // killerscope's own recording at its event cap.
    let capped = scratch("capped.kslog");
    let out = binary::run(&[
        "search",
        "--depth",
        "3",
        "--trace-cap",
        "50",
        "--log",
        capped.to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    assert!(truncated_line(&capped).contains("recording stopped early (event cap or write error)"));
    std::fs::remove_dir_all(dir()).ok();
}
