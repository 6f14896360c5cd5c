//! `killerscope compare` as the move-ordering lab, through the real binary: any number of
//! configurations over the bundled library in markdown, CSV and JSON, the geometric mean
//! checked against the per-position rows, and clean refusals.

use crate::binary;

use binary::run as killerscope;
use std::process::Output;

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

const CONFIGS: [&str; 6] = [
    "--config",
    "killers=0",
    "--config",
    "",
    "--config",
    "countermove=on,matekillers=on,history=relative",
];

fn lab(format: &[&str]) -> String {
    let mut args = vec!["compare", "--library", "--depth", "3"];
    args.extend(CONFIGS);
    args.extend(format);
    stdout(&killerscope(&args))
}

fn library_size() -> usize {
    killerscope_explorer::library::embedded().len()
}

fn geomean(ratios: &[f64]) -> f64 {
    (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp()
}

#[test]
fn csv_geometric_means_follow_from_the_rows() {
    let text = lab(&["--csv"]);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no {name} column in {header:?}"))
    };
    let (nodes, ratio) = (col("nodes"), col("nodes_ratio"));
    for key in [
        "cutoffs_tt",
        "cutoffs_killer1",
        "cutoffs_mate_killer",
        "cutoffs_countermove",
        "cutoffs_relative_history",
    ] {
        assert!(header.contains(&key), "{key} missing from {header:?}");
    }
    assert!(
        !header.contains(&"cutoffs_killer5"),
        "unused sources get no column"
    );
    // Config labels may hold commas: split on the CSV's own quoting.
    let rows: Vec<Vec<String>> = lines.map(split_csv).collect();
    let n = library_size();
    assert_eq!(rows.len(), n * 3 + 3 + 3, "{text}");
    for k in 0..3 {
        let ratios: Vec<f64> = (0..n)
            .map(|p| {
                let base: f64 = rows[p * 3][nodes].parse().expect("nodes");
                let mine: f64 = rows[p * 3 + k][nodes].parse().expect("nodes");
                mine / base
            })
            .collect();
        let summary = &rows[n * 3 + 3 + k];
        assert_eq!(summary[0], "GEOMEAN");
        let printed: f64 = summary[ratio].parse().expect("a geometric mean");
        assert!(
            (printed - geomean(&ratios)).abs() < 1e-5,
            "{printed} vs {ratios:?}"
        );
        let total = &rows[n * 3 + k];
        assert_eq!(total[0], "TOTAL");
        let sum: u64 = (0..n)
            .map(|p| rows[p * 3 + k][nodes].parse::<u64>().expect("nodes"))
            .sum();
        assert_eq!(total[nodes], sum.to_string());
    }
    assert_eq!(rows[1][1], "killers + history", "the generated name");
    assert_eq!(
        rows[1][2], "default",
        "the switches that differ from the default: none"
    );
}

fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            c => fields.last_mut().expect("a field").push(c),
        }
    }
    fields
}

#[test]
fn json_is_one_document_whose_summary_follows_from_its_positions() {
    let text = lab(&["--json"]);
    let v: serde_json::Value = serde_json::from_str(&text).expect("one JSON document");
    assert_eq!(v["depth"], 3);
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), library_size());
    assert_eq!(positions[0]["name"], "killer-puzzle");
    let labels: Vec<&str> = v["configs"]
        .as_array()
        .expect("configs")
        .iter()
        .map(|c| c["label"].as_str().expect("a label"))
        .collect();
    assert_eq!(
        labels,
        [
            "history only",
            "killers + history",
            "history=relative,matekillers=on,countermove=on"
        ],
        "generated names; the switches where no short name exists"
    );
    let summary = v["summary"].as_array().expect("summary");
    for (k, line) in summary.iter().enumerate() {
        let ratios: Vec<f64> = positions
            .iter()
            .map(|p| {
                let nodes = |i: usize| p["results"][i]["nodes"].as_f64().expect("nodes");
                nodes(k) / nodes(0)
            })
            .collect();
        let printed = line["geomean_ratio"].as_f64().expect("a geometric mean");
        assert!((printed - geomean(&ratios)).abs() < 1e-12);
        let total: f64 = positions
            .iter()
            .map(|p| p["results"][k]["nodes"].as_f64().expect("nodes"))
            .sum();
        assert_eq!(line["nodes"].as_f64(), Some(total));
    }
    let by_source = &summary[2]["cutoffs_by_source"];
    assert!(by_source["countermove"].is_u64() && by_source["relative_history"].is_u64());
    assert!(
        by_source.get("history").is_some(),
        "another column uses plain history"
    );
}

#[test]
fn markdown_has_a_nodes_table_with_the_summary_and_a_details_table() {
    let text = lab(&[]);
    let n = library_size();
    let header = "| position | history only | killers + history | \
                  history=relative,matekillers=on,countermove=on |";
    assert!(text.contains(header), "{text}");
    assert!(
        text.contains(
            "Configurations: **history only** (`killers=0`), **killers + history** (`default`), \
             `history=relative,matekillers=on,countermove=on`."
        ),
        "each name with its switches: {text}"
    );
    let nodes_rows: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != header)
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .collect();
    assert_eq!(nodes_rows.len(), n + 3, "{text}");
    assert!(nodes_rows[n + 2].starts_with("| **geometric mean ratio** | 1.000 | 0."));
    let details = text
        .lines()
        .find(|l| l.starts_with("| position | config |"))
        .expect("a details table");
    for label in ["| TT |", "| K1 |", "| MK |", "| CM |", "| RHist |"] {
        assert!(details.contains(label), "{details}");
    }
    assert!(!details.contains("K5"), "{details}");
}

#[test]
fn a_bad_config_is_a_clear_error() {
    let out = killerscope(&[
        "compare",
        "--library",
        "--depth",
        "2",
        "--config",
        "killers=0",
        "--config",
        "countermove=maybe",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--config \"countermove=maybe\"") && err.contains("`countermove`"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is printed before the error");
}

#[test]
fn a_bad_name_is_refused_naming_the_argument_and_its_column() {
    let long = format!("{}:killers=0", "n".repeat(41));
    for (config, why) in [
        (" :killers=0", "empty"),
        (long.as_str(), "41 characters"),
        (
            "bell\u{7}:killers=0",
            "control character \\u{7} (character 5)",
        ),
    ] {
        let out = killerscope(&[
            "compare",
            "--fen",
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            "--depth",
            "1",
            "--config",
            "killers=2",
            "--config",
            config,
            "--svg",
            "-",
        ]);
        assert_eq!(out.status.code(), Some(2), "{config:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--config \"") && err.contains("(column 2)"),
            "{err}"
        );
        assert!(err.contains(why), "{why}: {err}");
        assert!(!err.contains('\u{7}'), "the message is printable: {err:?}");
        assert!(out.stdout.is_empty(), "no picture: {err}");
    }
}

#[test]
fn position_sources_and_formats_exclude_each_other() {
    for args in [
        &[
            "compare",
            "--depth",
            "1",
            "--library",
            "--fen",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
        ][..],
        &["compare", "--depth", "1", "--library", "--epd", "x.epd"],
        &["compare", "--depth", "1", "--csv", "--json"],
    ] {
        let out = killerscope(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
}

#[test]
fn no_progress_bar_reaches_a_redirected_stderr() {
    let out = killerscope(&["compare", "--library", "--depth", "1"]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The summary's total nodes of each column of a plain lab run.
fn column_totals(configs: &[&str]) -> Vec<u64> {
    let mut args = vec!["compare", "--library", "--depth", "4", "--json"];
    for config in configs {
        args.extend(["--config", config]);
    }
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&killerscope(&args))).expect("one JSON document");
    v["summary"]
        .as_array()
        .expect("summary")
        .iter()
        .map(|line| line["nodes"].as_u64().expect("nodes"))
        .collect()
}

#[test]
fn technique_rows_search_what_the_same_switches_in_a_config_search() {
    let text = stdout(&killerscope(&[
        "compare",
        "--library",
        "--depth",
        "4",
        "--techniques",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&text).expect("one JSON document");
    let rows = v["techniques"].as_array().expect("technique rows");
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["technique"] == name)
            .unwrap_or_else(|| panic!("no {name} row"))
    };
    let nodes = |name: &str, k: usize| row(name)["configs"][k]["nodes"].as_u64().expect("nodes");
    assert_eq!(
        column_totals(&["killers=0", "killers=2"]),
        [nodes("full width", 0), nodes("full width", 1)]
    );
    assert_eq!(
        column_totals(&["killers=0,lmr=on", "killers=2,nmp=on"]),
        [nodes("lmr", 0), nodes("nmp", 1)]
    );
    for name in ["nmp", "lmr", "futility", "all"] {
        for k in 0..2 {
            let saved = row(name)["configs"][k]["saved"].as_i64().expect("saved");
            let expected = nodes("full width", k) as i64 - nodes(name, k) as i64;
            assert_eq!(saved, expected, "{name} column {k}");
            assert!(saved > 0, "{name} saves nodes at depth 4");
        }
    }
    let lmr = &row("lmr")["configs"][1];
    assert!(lmr["reductions"].as_u64() > Some(0));
    assert!(lmr["re_searched"].as_u64() <= lmr["reductions"].as_u64());
    assert_eq!(row("full width")["configs"][0]["reductions"], 0);
}

#[test]
fn techniques_refuse_columns_that_set_selective_switches() {
    let out = killerscope(&[
        "compare",
        "--depth",
        "2",
        "--techniques",
        "--config",
        "lmr=on",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--techniques") && err.contains("lmr=on"),
        "{err}"
    );
}
