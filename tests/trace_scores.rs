//! Scores on the engine's own scale: a header's `"mate"` maps its mate band onto killerscope's
//! at the same distance from the root, so MTD probe windows near it stay apart; without one,
//! scores past infinity are cut to ±32001, counted and named.

use crate::binary;

use killerscope_engine::{score::INFINITY, score::MATE};
use killerscope_log::Event;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader, write_jsonl};

fn windows(trace: &str) -> (Vec<(i32, i32)>, killerscope_trace::jsonl::ImportSummary) {
    let (log, summary) =
        import_reader(trace.as_bytes(), ImportOptions::default()).expect("imports");
    let windows = log
        .events()
        .iter()
        .filter_map(|e| match *e {
            Event::NodeEnter { alpha, beta, .. } => Some((alpha, beta)),
            _ => None,
        })
        .collect();
    (windows, summary)
}

/// Three MTD(f) probes at the root, null windows just below a mate in 3 (ply 5).
fn mtd_probes(header: &str) -> String {
    let mut lines = vec![header.to_string()];
    for (alpha, beta, exit) in [
        (99_993, 99_994, 99_995),
        (99_994, 99_995, 99_995),
        (250, 251, 251),
    ] {
        lines.push(format!(
            r#"{{"type":"node_enter","depth":6,"alpha":{alpha},"beta":{beta}}}"#
        ));
        lines.push(format!(r#"{{"type":"node_exit","score":{exit}}}"#));
    }
    lines.join("\n") + "\n"
}

#[test]
fn an_engines_mate_scale_keeps_probe_windows_as_they_were() {
    let trace = mtd_probes(r#"{"type":"header","schema":1,"engine":"mtd","mate":100000}"#);
    let (windows, summary) = windows(&trace);
    assert_eq!(
        windows,
        [(MATE - 7, MATE - 6), (MATE - 6, MATE - 5), (250, 251)],
        "each probe as far from the mate as the engine had it"
    );
    assert_eq!(summary.scores_cut, 0);
    let (log, _) = import_reader(trace.as_bytes(), ImportOptions::default()).expect("imports");
    let mut first = Vec::new();
    write_jsonl(&log, &mut first).expect("write");
    let (again, _) = import_reader(first.as_slice(), ImportOptions::default()).expect("reads");
    assert_eq!(
        again.events(),
        log.events(),
        "the export needs no scale to read back"
    );
}

#[test]
fn without_a_scale_scores_past_infinity_are_cut_counted_and_named() {
    let trace = mtd_probes(r#"{"type":"header","schema":1,"engine":"mtd"}"#);
    let (windows, summary) = windows(&trace);
    assert_eq!(windows[0], (INFINITY, INFINITY));
    assert_eq!(windows[1], (INFINITY, INFINITY));
    assert_eq!(summary.scores_cut, 6);
    assert_eq!(summary.first_cut.as_deref(), Some("line 2, column 40"));
    let dir = std::env::temp_dir().join(format!("ks-scores-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (path, out) = (dir.join("mtd.jsonl"), dir.join("mtd.kslog"));
    std::fs::write(&path, trace).expect("write");
    let run = binary::run(&[
        "log",
        "import",
        path.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let stderr = binary::text(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("6 scores cut to fit killerscope's range")
            && stderr.contains("the first at line 2, column 40")
            && stderr.contains("(\"mate\")"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_mate_scale_must_be_a_mate_score() {
    let trace = r#"{"type":"header","schema":1,"mate":12}"#.to_string() + "\n";
    let err = import_reader(trace.as_bytes(), ImportOptions::default()).expect_err("too small");
    assert!(
        err.to_string()
            .contains("\"mate\" must be the engine's mate score"),
        "{err}"
    );
}
