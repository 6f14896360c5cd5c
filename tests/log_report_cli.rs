//! `log report` through the real binary: its main-search figures are `search`'s own (the
//! first-move rate to the last bit, cutoffs by rank and by source), a report beside itself marks
//! nothing, every format carries the same rows, and a log without cutoffs is not called
//! perfectly ordered.

use crate::binary;
use binary::{run, text};

use killerscope_log::SOURCES;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ks-report-{}-{name}.kslog", std::process::id()))
}

/// `search … --json --log FILE` and the log it wrote.
fn search(name: &str, args: &[&str]) -> (Value, PathBuf) {
    let path = temp(name);
    let file = path.to_str().expect("UTF-8 temp path");
    let mut all = vec!["search", "--json", "--log", file];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    (serde_json::from_slice(&out.stdout).expect("JSON"), path)
}

fn report_json(path: &Path) -> Value {
    let out = run(&[
        "log",
        "report",
        path.to_str().expect("UTF-8"),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn main_search_figures_are_the_search_commands() {
    let cases: [(&str, &[&str]); 4] = [
        ("start", &["--depth", "5"]),
        (
            "kiwi",
            &[
                "--fen",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "--depth",
                "4",
            ],
        ),
        (
            "puzzle-k0",
            &[
                "--fen",
                "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1",
                "--depth",
                "5",
                "--killers",
                "0",
            ],
        ),
        (
            "selective",
            &[
                "--depth",
                "6",
                "--search",
                "all=on",
                "--ordering",
                "countermove=on,history=relative",
            ],
        ),
    ];
    for (name, args) in cases {
        let (search, path) = search(name, args);
        let report = report_json(&path);
        let main = &report["main"];
        assert_eq!(
            main["first_move_rate"].as_f64(),
            search["first_move_cutoff_rate"].as_f64(),
            "{name}: first-move rate"
        );
        let cutoffs = &search["cutoffs"];
        assert_eq!(main["cutoffs"], cutoffs["total"], "{name}");
        assert_eq!(
            report["quiescence"]["cutoffs"], cutoffs["quiescence"],
            "{name}"
        );
        let ranks = &main["ranks"];
        let n = |k: &str| ranks[k].as_u64().expect("count");
        assert_eq!(
            n("1"),
            cutoffs["by_rank"]["1st"].as_u64().expect("1st"),
            "{name}"
        );
        assert_eq!(
            n("2") + n("3") + n("4") + n("5"),
            cutoffs["by_rank"]["2nd-5th"].as_u64().expect("2-5"),
            "{name}"
        );
        assert_eq!(
            n("6-10"),
            cutoffs["by_rank"]["6th-10th"].as_u64().expect("6-10"),
            "{name}"
        );
        assert_eq!(
            n("11+"),
            cutoffs["by_rank"]["later"].as_u64().expect("later"),
            "{name}"
        );
        for row in SOURCES {
            let reported = main["sources"][row.label].as_u64().unwrap_or(0);
            let searched = cutoffs["by_source"][row.key].as_u64().unwrap_or(0);
            assert_eq!(reported, searched, "{name}: cutoffs by {}", row.label);
        }
        let nodes = search["nodes"].as_u64().expect("nodes");
        assert_eq!(report["tree"].as_u64(), Some(nodes), "{name}: tree size");
        let minimal = report["minimal_tree"].as_u64().expect("minimal");
        assert!(
            minimal > 0 && minimal <= nodes,
            "{name}: {minimal} of {nodes}"
        );

        // The rate as text is written the way `search` writes it.
        let rate = killerscope_engine::percent(n("1"), cutoffs["total"].as_u64().expect("total"));
        let md = run(&["log", "report", path.to_str().expect("UTF-8")]);
        assert!(
            text(&md.stdout).contains(&format!("first move {rate}")),
            "{}",
            text(&md.stdout)
        );
        std::fs::remove_file(&path).expect("cleanup");
    }
}

#[test]
fn a_report_beside_itself_marks_nothing_and_beside_another_marks_the_change() {
    let (_, a) = search("side-a", &["--depth", "5", "--killers", "0"]);
    let (_, b) = search("side-b", &["--depth", "5"]);
    let (fa, fb) = (a.to_str().expect("UTF-8"), b.to_str().expect("UTF-8"));
    let same = run(&["log", "report", fa, fa]);
    assert!(same.status.success(), "{}", text(&same.stderr));
    let same = text(&same.stdout);
    assert!(!same.contains("**"), "nothing differs:\n{same}");
    assert!(same.contains("| nodes | "), "{same}");

    let diff = text(&run(&["log", "report", fa, fb]).stdout);
    assert!(
        diff.contains("**"),
        "killers=0 against killers=2 differ:\n{diff}"
    );

    let csv = text(&run(&["log", "report", fa, fb, "--format", "csv"]).stdout);
    let widths: Vec<usize> = csv.lines().map(|l| l.split(',').count()).collect();
    assert!(
        widths.len() > 3 && widths.iter().all(|&w| w == widths[0]),
        "{csv}"
    );

    let single = text(&run(&["log", "report", fb, "--format", "csv"]).stdout);
    let rows = single.lines().count() - 1;
    let json = report_json(&b);
    assert_eq!(
        rows,
        json["rows"].as_array().expect("rows").len() + 2,
        "rows plus the two totals"
    );
    for path in [a, b] {
        std::fs::remove_file(path).expect("cleanup");
    }
}

#[test]
fn a_damaged_log_is_refused_with_its_offset() {
    let (_, path) = search("damaged", &["--depth", "3"]);
    let mut bytes = std::fs::read(&path).expect("read back");
    let at = bytes.len() / 2;
    bytes[at] ^= 0x5a;
    std::fs::write(&path, &bytes).expect("write back");
    let out = run(&["log", "report", path.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("byte") || err.contains("offset") || err.contains("checksum"),
        "{err}"
    );
    assert!(
        text(&out.stdout).is_empty(),
        "nothing printed for a bad log"
    );
    std::fs::remove_file(&path).expect("cleanup");
}

/// A trace that records no cutoff, though some of its nodes failed high (a lower-bound score):
/// which move cut them is unknown, so the report says the ordering cannot be measured rather
/// than that every cut node cut with its first move.
#[test]
fn a_log_without_cutoffs_is_not_called_perfectly_ordered() {
    let trace = [
        r#"{"type":"header","schema":1,"engine":"NoCuts 1"}"#,
        r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"node_exit","score":120,"bound":"lower"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"d2d4"}"#,
        r#"{"type":"node_exit","score":130,"bound":"lower"}"#,
        r#"{"type":"node_exit","score":-100,"bound":"upper"}"#,
    ]
    .join("\n");
    let path = std::env::temp_dir().join(format!("ks-report-{}-nocuts.jsonl", std::process::id()));
    std::fs::write(&path, trace).expect("write the trace");
    let out = run(&["log", "report", path.to_str().expect("UTF-8")]);
    let _ = std::fs::remove_file(&path);
    let report = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        report.contains(
            "ordering cannot be measured from this log: it records no cutoff, though 2 nodes \
             failed high"
        ) && !report.contains("ordering could still remove"),
        "{report}"
    );
}
