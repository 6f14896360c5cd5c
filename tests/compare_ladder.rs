//! `compare --ladder` through the real binary: every rung's tree is the one `search` counts
//! under that ordering, the Knuth–Moore count is the formula over perft's branching factor
//! (perft taken from the `perft` command), the oracle's tree is the smallest, and the picture
//! is one well-formed SVG page with a bar per rung.

use crate::binary;

use serde_json::Value;

const KING_AND_PAWN: &str = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";

fn ladder_json() -> Value {
    let out = binary::run(&[
        "compare",
        "--fen",
        KING_AND_PAWN,
        "--depth",
        "5",
        "--ladder",
        "--json",
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

fn search_nodes(ordering: &str) -> u64 {
    let out = binary::run(&[
        "search",
        "--fen",
        KING_AND_PAWN,
        "--depth",
        "5",
        "--ordering",
        ordering,
        "--json",
    ]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("search --json");
    doc["nodes"].as_u64().expect("nodes")
}

#[test]
fn every_rung_is_the_search_of_its_ordering_and_the_oracle_is_smallest() {
    let doc = ladder_json();
    let position = &doc["positions"][0];
    let rungs = position["rungs"].as_array().expect("rungs");
    let names: Vec<&str> = rungs
        .iter()
        .map(|r| r["rung"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        [
            "worst",
            "random",
            "generation order",
            "MVV-LVA",
            "+ killers",
            "+ history",
            "+ TT",
            "oracle, no TT",
            "oracle"
        ]
    );
    for rung in rungs {
        let ordering = rung["ordering"].as_str().expect("ordering");
        let ordering = if ordering == "default" { "" } else { ordering };
        assert_eq!(
            rung["nodes"].as_u64(),
            Some(search_nodes(ordering)),
            "{rung}"
        );
    }
    let leaves: Vec<u64> = rungs
        .iter()
        .map(|r| r["leaves"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(
        leaves.iter().min(),
        leaves.last(),
        "the oracle's tree has the fewest leaves"
    );
    assert_eq!(
        leaves.iter().max(),
        leaves.first(),
        "the worst order's the most"
    );
}

#[test]
fn the_knuth_moore_count_comes_from_perfts_branching_factor() {
    let perft = binary::run(&["perft", "--fen", KING_AND_PAWN, "--depth", "5"]);
    let text = binary::text(&perft.stdout);
    let leaves: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("perft prints its count");
    let b = leaves.powf(1.0 / 5.0);
    let expected = b.powi(3) + b.powi(2) - 1.0;
    let doc = ladder_json();
    let position = &doc["positions"][0];
    let branching = position["branching"].as_f64().expect("branching");
    let knuth_moore = position["knuth_moore"].as_f64().expect("knuth_moore");
    assert!((branching - b).abs() < 1e-9, "{branching} vs {b}");
    assert!(
        (knuth_moore - expected).abs() < 1e-6,
        "{knuth_moore} vs {expected}"
    );
}

#[test]
fn the_picture_is_one_page_with_a_bar_per_rung() {
    let out = binary::run(&[
        "compare",
        "--fen",
        KING_AND_PAWN,
        "--depth",
        "4",
        "--ladder",
        "--svg",
        "-",
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let svg = binary::text(&out.stdout);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let texts: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    for rung in ["worst", "random", "MVV-LVA", "+ TT", "oracle"] {
        assert!(texts.contains(&rung), "no label {rung}: {texts:?}");
    }
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Knuth–Moore 91: the minimal tree")),
        "the legend names the Knuth–Moore line: {texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("b^4 = ") && t.contains("no cutoff")),
        "the legend names the b^d line: {texts:?}"
    );
    let several = binary::run(&[
        "compare",
        "--library",
        "--depth",
        "2",
        "--ladder",
        "--svg",
        "-",
    ]);
    assert_eq!(several.status.code(), Some(2));
    assert!(binary::text(&several.stderr).contains("draws one position"));
}

/// The lesson that walks a class through the ladder holds against the engine (every node count
/// it pins and the oracle's first move).
#[test]
fn the_limits_of_ordering_lesson_holds() {
    let out = binary::run(&[
        "lesson",
        "--check",
        "--file",
        "assets/lessons/the-limits-of-ordering.toml",
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    assert!(binary::text(&out.stdout).contains("every field checked against the search"));
}

#[test]
fn rungs_can_be_chosen_by_key() {
    let out = binary::run(&[
        "compare",
        "--fen",
        KING_AND_PAWN,
        "--depth",
        "5",
        "--ladder",
        "--rungs",
        "tt,oracle",
        "--csv",
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let text = binary::text(&out.stdout);
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].contains(",+ TT,") && rows[0].contains(",745,"),
        "{text}"
    );
    assert!(
        rows[1].contains(",oracle,") && rows[1].contains(",573,"),
        "{text}"
    );
    let bad = binary::run(&["compare", "--depth", "2", "--ladder", "--rungs", "best"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(binary::text(&bad.stderr).contains("no rung \"best\""));
}
