//! `killerscope bench` through the real binary: its signature is the sum of what `search` counts
//! on each position of the suite, its merged ordering report is the sum of theirs, and two kept
//! benches diff position by position.

use crate::binary;
use binary::{run, text};

use serde_json::Value;
use std::path::PathBuf;

fn json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-bench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_signature_is_the_sum_of_the_searches_and_the_report_their_sum() {
    let bench = json(&[
        "bench",
        "--depth",
        "4",
        "--config",
        "killers=1",
        "--report",
        "--json",
    ]);
    let positions = bench["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 8, "the built-in suite");
    let (mut nodes, mut cutoffs, mut first) = (0, 0, 0);
    for p in positions {
        let fen = p["fen"].as_str().expect("fen");
        let search = json(&[
            "search",
            "--fen",
            fen,
            "--depth",
            "4",
            "--killers",
            "1",
            "--json",
        ]);
        assert_eq!(p["nodes"], search["nodes"], "{fen}");
        nodes += search["nodes"].as_u64().expect("nodes");
        cutoffs += search["cutoffs"]["total"].as_u64().expect("cutoffs");
        first += search["cutoffs"]["by_rank"]["1st"].as_u64().expect("1st");
    }
    assert_eq!(bench["bench"].as_u64(), Some(nodes));
    let main = &bench["report"]["main"];
    assert_eq!(main["cutoffs"].as_u64(), Some(cutoffs));
    // JSON numbers read back within a unit in the last place (serde_json's default parsing).
    let rate = main["first_move_rate"].as_f64().expect("rate");
    assert!(
        (rate - first as f64 / cutoffs as f64).abs() < 1e-12,
        "{rate}"
    );
    assert_eq!(bench["report"]["tree"].as_u64(), Some(nodes));

    let out = run(&["bench", "--depth", "4", "--config", "killers=1"]);
    let printed = text(&out.stdout);
    assert_eq!(
        printed.lines().last(),
        Some(format!("Bench: {nodes}").as_str()),
        "{printed}"
    );
}

#[test]
fn two_kept_benches_diff_position_by_position() {
    let (a, b) = (temp_dir("a"), temp_dir("b"));
    let (da, db) = (a.to_str().expect("UTF-8"), b.to_str().expect("UTF-8"));
    let ba = json(&[
        "bench",
        "--depth",
        "3",
        "--config",
        "killers=0",
        "--log-dir",
        da,
        "--json",
    ]);
    let bb = json(&["bench", "--depth", "3", "--log-dir", db, "--json"]);
    assert!(a.join("bench.json").is_file() && a.join("01-startpos.kslog").is_file());

    let same = json(&["diff", da, da, "--json"]);
    for p in same["positions"].as_array().expect("positions") {
        assert_eq!(p["divergences"], 0, "{p}");
    }
    let d = json(&["diff", da, db, "--json"]);
    assert_eq!(d["a"]["bench"], ba["bench"]);
    assert_eq!(d["b"]["bench"], bb["bench"]);
    let rows = d["positions"].as_array().expect("positions");
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(row["a"], ba["positions"][k]["nodes"]);
        assert_eq!(row["b"], bb["positions"][k]["nodes"]);
        // Each position's count is that of its own log diffed alone.
        let log = |dir: &PathBuf, bench: &Value| {
            dir.join(bench["positions"][k]["log"].as_str().expect("log"))
        };
        let one = json(&[
            "diff",
            "--json",
            "--limit",
            "0",
            log(&a, &ba).to_str().expect("UTF-8"),
            log(&b, &bb).to_str().expect("UTF-8"),
        ]);
        assert_eq!(row["divergences"], one["divergences_total"], "{row}");
    }
    assert!(
        rows.iter().any(|r| r["divergences"].as_u64() > Some(0)),
        "killers change some tree"
    );
    let text_out = text(&run(&["diff", da, db]).stdout);
    assert!(text_out.contains("Bench: "), "{text_out}");
    for dir in [a, b] {
        std::fs::remove_dir_all(dir).expect("cleanup");
    }
}

#[test]
fn bad_suites_and_directories_are_refused() {
    let empty = temp_dir("empty");
    std::fs::create_dir_all(&empty).expect("mkdir");
    let e = empty.to_str().expect("UTF-8");
    let epd = empty.join("bad.epd");
    std::fs::write(&epd, "8/8/8 w - -\n").expect("write");
    for (args, needle) in [
        (
            vec![
                "bench",
                "--epd",
                epd.to_str().expect("UTF-8"),
                "--depth",
                "2",
            ],
            "bad.epd:1",
        ),
        (
            vec!["bench", "--depth", "2", "--config", "killers=9"],
            "--config \"killers=9\"",
        ),
        (vec!["diff", e, e], "not a bench directory"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(empty).expect("cleanup");
}
