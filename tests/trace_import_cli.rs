//! `log import`, `log stats`, `log dot` on another engine's JSON Lines trace through the real
//! binary: the trace is read by content, a broken one fails with status 2 naming the line and
//! column, `--lenient` reads past it and says what it skipped.

use crate::binary;
use binary::{run, text};

use crate::other_engine;

use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-import-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn another_engines_trace_imports_and_reads_everywhere() {
    let dir = scratch("ok");
    let trace = dir.join("other.jsonl");
    let (lines, truth) = other_engine::trace(4);
    std::fs::write(&trace, &lines).expect("write");
    let (trace, kslog) = (trace.to_str().expect("UTF-8"), dir.join("other.kslog"));
    let kslog = kslog.to_str().expect("UTF-8");

    let out = run(&["log", "import", trace, "-o", kslog]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stderr);
    let nodes = truth.nodes.len();
    assert!(report.contains(&format!("({nodes} nodes)")), "{report}");
    assert!(
        report.contains("1 sources not declared in the header"),
        "{report}"
    );
    assert!(
        report.contains("lines of unknown event kinds skipped"),
        "{report}"
    );

    for file in [trace, kslog] {
        let out = run(&["log", "stats", file]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stats = text(&out.stdout);
        assert!(stats.contains("engine:     other 0.1"), "{stats}");
        assert!(
            stats.contains(&format!("nodes:      {nodes} (main {nodes}, quiescence 0)")),
            "{stats}"
        );
        assert!(stats.contains("capture-history"), "{stats}");
        let out = run(&["log", "dot", file, "--depth", "1"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with("digraph search {"));
    }
    let out = run(&["log", "export", "--jsonl", kslog]);
    let reimported = dir.join("again.jsonl");
    std::fs::write(&reimported, &out.stdout).expect("write");
    let out = run(&[
        "log",
        "import",
        reimported.to_str().expect("UTF-8"),
        "-o",
        "/dev/null",
    ]);
    assert!(
        out.status.success(),
        "its own export imports: {}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_trace_fails_with_its_place_and_lenient_reads_past_it() {
    let dir = scratch("bad");
    let trace = dir.join("broken.log");
    let (lines, _) = other_engine::trace(2);
    let mut lines: Vec<String> = lines.lines().map(String::from).collect();
    lines[3] = lines[3].replace("\"e2e4\"", "\"e2e5\"");
    std::fs::write(&trace, lines.join("\n") + "\n").expect("write");
    let trace = trace.to_str().expect("UTF-8");
    for args in [
        &["log", "import", trace, "-o", "/dev/null"][..],
        &["log", "stats", trace],
        &["log", "dot", trace],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains("broken.log: line 4, column "),
            "{err}"
        );
        assert!(err.contains("e2e5 is not a legal move"), "{err}");
    }
    let out = run(&["log", "import", trace, "-o", "/dev/null", "--lenient"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stderr);
    assert!(report.contains("bad lines skipped (--lenient)"), "{report}");
    assert!(report.contains("first skipped: line 4"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_of_two_searches_imports_the_first_and_says_where_the_next_starts() {
    let dir = scratch("two");
    let trace = dir.join("session.jsonl");
    let search = [
        r#"{"type":"header","schema":1}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100}"#,
        r#"{"type":"node_exit","score":0}"#,
    ];
    std::fs::write(&trace, [search, search].concat().join("\n") + "\n").expect("write");
    let out = run(&[
        "log",
        "import",
        trace.to_str().expect("UTF-8"),
        "-o",
        "/dev/null",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stderr);
    assert!(report.contains("imported 2 events (1 nodes)"), "{report}");
    assert!(
        report.contains("another search starts at line 4 (3 lines not read)")
            && report.contains("tail -n +4 FILE"),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
