//! `killerscope search` through the real binary: text and JSON output, and clean refusals.

use std::process::{Command, Output};

fn killerscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

#[test]
fn text_output_has_info_lines_and_a_summary() {
    let out = killerscope(&["search", "--fen", PUZZLE, "--depth", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let infos: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{text}");
    for (i, line) in infos.iter().enumerate() {
        assert!(
            line.starts_with(&format!("info depth {} seldepth ", i + 1)),
            "{line}"
        );
        for field in [" score ", " nodes ", " nps ", " time ", " pv "] {
            assert!(line.contains(field), "{line} lacks{field}");
        }
    }
    for label in [
        "bestmove",
        "beta cutoffs",
        "first move",
        "by rank",
        "by source",
        "killer stores",
        "TT hits",
        "time",
    ] {
        assert!(text.contains(label), "summary lacks {label}: {text}");
    }
    assert!(text.contains("killer 1 ") && text.contains("killer 2 "));
}

#[test]
fn json_output_is_one_object_with_the_documented_keys() {
    let out = killerscope(&[
        "search",
        "--fen",
        PUZZLE,
        "--depth",
        "4",
        "--killers",
        "3",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for key in [
        "bestmove",
        "score",
        "depth",
        "nodes",
        "qnodes",
        "cutoffs",
        "first_move_cutoff_rate",
        "killer_stores",
        "time_ms",
        "tt_hits",
        "pv",
        "iterations",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["depth"], 4);
    assert!(v["bestmove"].as_str().is_some_and(|m| m.len() == 4));
    assert!(v["nodes"].as_u64() > v["qnodes"].as_u64());
    let by_source = v["cutoffs"]["by_source"].as_object().expect("by_source");
    for key in [
        "tt", "capture", "killer1", "killer2", "killer3", "history", "quiet",
    ] {
        assert!(by_source.contains_key(key), "by_source lacks {key}");
    }
    let sum: u64 = by_source.values().filter_map(|n| n.as_u64()).sum();
    assert_eq!(Some(sum), v["cutoffs"]["total"].as_u64());
    let rate = v["first_move_cutoff_rate"].as_f64().expect("rate");
    assert!((0.0..=1.0).contains(&rate));
    assert_eq!(
        v["ordering"],
        "killers=3,history=on,tt=on,mvvlva=on,grandparent=off,placement=after"
    );
}

#[test]
fn mate_scores_are_objects_in_json() {
    let out = killerscope(&[
        "search",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--depth",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["score"]["mate"], 1);
    assert_eq!(v["bestmove"], "a1a8");
}

#[test]
fn bad_input_is_refused_with_status_2() {
    let cases: [&[&str]; 4] = [
        &["search", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &["search", "--ordering", "killers=2,nullmove=on"],
        &["search", "--depth", "3", "--nodes", "100"],
        &["search", "--killers", "5"],
    ];
    for args in cases {
        let out = killerscope(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("panicked") && !err.is_empty(),
            "{args:?}: {err}"
        );
    }
}
