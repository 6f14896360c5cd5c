//! `killerscope search` through the real binary: text and JSON output, and clean refusals.

use crate::binary;
use binary::run as killerscope;

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
        "killers=3,history=on,tt=on,mvvlva=on,grandparent=off,placement=after,\
         matekillers=off,countermove=off,killerindex=ply"
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

#[test]
fn compare_tabulates_every_config_with_totals() {
    let out = killerscope(&[
        "compare",
        "--fen",
        PUZZLE,
        "--depth",
        "4",
        "--config",
        "killers=0",
        "--config",
        "killers=2",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    // The details table: one row per configuration, then the totals.
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| ---"))
        .skip_while(|l| !l.starts_with("| position | config |"))
        .collect();
    assert_eq!(
        rows.len(),
        1 + 2 + 2,
        "header, two configs, two totals: {text}"
    );
    assert!(rows[1].contains("| history only |") && rows[1].contains("| 1.000 |"));
    assert!(rows[3].starts_with("| **total** | history only |"));
    assert!(
        text.contains("| **geometric mean ratio** | 1.000 |"),
        "the nodes table ends with the summary: {text}"
    );
}

#[test]
fn compare_csv_over_an_epd_file() {
    let dir = std::env::temp_dir().join(format!("killerscope-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let epd = dir.join("two.epd");
    std::fs::write(
        &epd,
        format!(
            "{} id \"puzzle\";\n8/8/8/4k3/8/8/3QK3/8 w - - id \"kq-k\";\n",
            &PUZZLE[..PUZZLE.len() - 4]
        ),
    )
    .expect("write EPD");
    let path = epd.to_string_lossy().to_string();
    let out = killerscope(&[
        "compare",
        "--epd",
        &path,
        "--depth",
        "3",
        "--config",
        "killers=0",
        "--config",
        "killers=2,history=off",
        "--csv",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 4 + 2 + 2, "rows, totals, geometric means");
    assert!(lines[0].starts_with("position,config,switches,nodes,"));
    assert!(lines[2].starts_with("puzzle,killers only,history=off,"));
    assert!(lines[3].starts_with("kq-k,history only,killers=0,"));
    assert!(lines[5].starts_with("TOTAL,history only,killers=0,"));
    assert!(lines[7].starts_with("GEOMEAN,history only,killers=0,,,1.000000,"));

    std::fs::write(&epd, "8/8/8/8/8/8/8/8 w - - id \"empty\";\n").expect("write EPD");
    let out = killerscope(&["compare", "--epd", &path, "--depth", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("two.epd:1:"));
    let out = killerscope(&["compare", "--epd", "/nonexistent/x.epd", "--depth", "2"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn log_records_every_node_and_filters_restrict_it() {
    let dir = std::env::temp_dir().join(format!("killerscope-search-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let full = dir.join("full.kslog");
    let full_path = full.to_string_lossy().to_string();
    let out = killerscope(&[
        "search", "--fen", PUZZLE, "--depth", "4", "--json", "--log", &full_path,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let log = killerscope_log::EventLog::read_file(&full).expect("a readable log");
    let enters = log.counts()[killerscope_log::EventKind::NodeEnter.index()];
    assert_eq!(Some(enters), v["nodes"].as_u64());
    assert_eq!(v["log"]["events"].as_u64(), Some(log.len() as u64));
    assert_eq!(log.header().limits_text(), "depth 4");

    let line = dir.join("line.kslog");
    let line_path = line.to_string_lossy().to_string();
    let out = killerscope(&[
        "search",
        "--fen",
        PUZZLE,
        "--depth",
        "4",
        "--log",
        &line_path,
        "--trace-line",
        "h5f6,g2c6",
    ]);
    assert!(out.status.success());
    let filtered = killerscope_log::EventLog::read_file(&line).expect("a readable log");
    assert!(filtered.len() < log.len() && !filtered.is_empty());
    assert_eq!(filtered.header().filter, "line h5f6,g2c6");

    let out = killerscope(&[
        "search",
        "--depth",
        "2",
        "--log",
        &line_path,
        "--trace-line",
        "e2e5",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an illegal trace line is refused"
    );
    let out = killerscope(&["search", "--depth", "2", "--trace-plies", "0..2"]);
    assert_eq!(out.status.code(), Some(2), "filters need --log");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn selective_search_reports_what_each_technique_did_and_full_width_reports_nothing() {
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let text = |args: &[&str]| {
        let out = killerscope(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let selective = text(&[
        "search", "--fen", KIWIPETE, "--depth", "6", "--search", "all=on",
    ]);
    for label in ["null moves", "reductions", "pruned", "aspiration"] {
        assert!(
            selective.lines().any(|l| l.starts_with(label)),
            "no {label} line in {selective}"
        );
    }
    let full = text(&["search", "--fen", KIWIPETE, "--depth", "4"]);
    assert!(
        !full.contains("null moves") && !full.contains("reductions"),
        "{full}"
    );

    let json = text(&[
        "search", "--fen", KIWIPETE, "--depth", "6", "--search", "all=on", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("one JSON document");
    let s = &v["selective"];
    let sum = |key: &str| -> u64 {
        s[key]
            .as_array()
            .expect("per-size counts")
            .iter()
            .map(|n| n.as_u64().expect("a count"))
            .sum()
    };
    assert!(s["null_moves"].as_u64() >= s["null_cutoffs"].as_u64());
    assert!(s["null_cutoffs"].as_u64() > Some(0), "{s}");
    assert!(
        sum("reductions") > 0 && sum("re_searched") <= sum("reductions"),
        "{s}"
    );
    assert!(s["futility_pruned"].as_u64() > Some(0), "{s}");
}
