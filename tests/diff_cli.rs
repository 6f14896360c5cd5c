//! `killerscope diff` through the real binary. The divergences must account for the node
//! difference exactly, and the nodes they say one side searched alone must be exactly those an
//! independent alignment finds: this file keys every node of each exported trace by its
//! iteration and its path of (move, occurrence) steps and counts the keys of one tree missing
//! from the other.

use crate::binary;
use binary::{run, text};

use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn temp(name: &str, ext: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ks-diff-{}-{name}.{ext}", std::process::id()))
}

fn search(name: &str, fen: &str, depth: &str, config: &[&str]) -> PathBuf {
    let path = temp(name, "kslog");
    let mut args = vec![
        "search",
        "--fen",
        fen,
        "--depth",
        depth,
        "--log",
        path.to_str().expect("UTF-8"),
    ];
    args.extend_from_slice(config);
    let out = run(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    path
}

fn diff_json(args: &[&str]) -> Value {
    let mut all = vec!["diff", "--json", "--limit", "1000000"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Every node of the exported log, keyed by (iteration depth, root occurrence, path of
/// (move, occurrence among its siblings)): how many nodes carry each key.
fn aligned_keys(log: &Path) -> HashMap<String, u64> {
    let out = run(&["log", "export", "--jsonl", log.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut keys = HashMap::new();
    // Per open node: its key and how often each child move was entered so far.
    let mut stack: Vec<(String, HashMap<String, u32>)> = Vec::new();
    let mut roots: HashMap<i64, u32> = HashMap::new();
    for line in text(&out.stdout).lines().skip(1) {
        let e: Value = serde_json::from_str(line).expect("JSON line");
        match e["type"].as_str().expect("type") {
            "node_enter" => {
                let mv = e["move"].as_str().unwrap_or("0000").to_string();
                let key = match stack.last_mut() {
                    None => {
                        let depth = e["depth"].as_i64().expect("depth");
                        let k = roots.entry(depth).or_default();
                        *k += 1;
                        format!("{depth}#{k}")
                    }
                    Some((parent, seen)) => {
                        let k = seen.entry(mv.clone()).or_default();
                        *k += 1;
                        format!("{parent}/{mv}#{k}")
                    }
                };
                *keys.entry(key.clone()).or_default() += 1;
                stack.push((key, HashMap::new()));
            }
            "node_exit" => {
                stack.pop();
            }
            _ => {}
        }
    }
    keys
}

/// Nodes of `a` whose key `b` lacks.
fn alone(a: &HashMap<String, u64>, b: &HashMap<String, u64>) -> u64 {
    a.iter()
        .filter(|(k, _)| !b.contains_key(*k))
        .map(|(_, n)| n)
        .sum()
}

#[test]
fn killers_off_against_on_is_explained_to_the_node() {
    for (name, fen, depth) in [
        ("start", killerscope_chess::START_FEN, "5"),
        ("puzzle", PUZZLE, "5"),
        ("kiwi", KIWIPETE, "4"),
    ] {
        let a = search(&format!("{name}-k0"), fen, depth, &["--killers", "0"]);
        let b = search(&format!("{name}-k2"), fen, depth, &["--killers", "2"]);
        let d = diff_json(&[a.to_str().expect("UTF-8"), b.to_str().expect("UTF-8")]);
        let (na, nb) = (
            d["a"]["nodes"].as_i64().expect("a"),
            d["b"]["nodes"].as_i64().expect("b"),
        );
        assert!(
            d["divergences_total"].as_u64() > Some(0),
            "{name}: killers change the tree"
        );
        assert_eq!(
            d["explained"].as_i64(),
            Some(na - nb),
            "{name}: the total explained"
        );
        let divs = d["divergences"].as_array().expect("divergences");
        assert_eq!(
            divs.len() as u64,
            d["divergences_total"].as_u64().expect("total"),
            "{name}: all listed"
        );
        let listed: i64 = divs
            .iter()
            .map(|v| v["explains"].as_i64().expect("explains"))
            .sum();
        assert_eq!(
            listed,
            na - nb,
            "{name}: the listed divergences explain the difference exactly"
        );
        for v in divs {
            let net =
                v["only_a_nodes"].as_i64().expect("a") - v["only_b_nodes"].as_i64().expect("b");
            assert_eq!(v["explains"].as_i64(), Some(net), "{name}: {v}");
            assert!(
                !v["sentence"].as_str().expect("sentence").is_empty(),
                "{name}: {v}"
            );
        }
        let (ka, kb) = (aligned_keys(&a), aligned_keys(&b));
        let only_a: u64 = divs
            .iter()
            .map(|v| v["only_a_nodes"].as_u64().expect("a"))
            .sum();
        let only_b: u64 = divs
            .iter()
            .map(|v| v["only_b_nodes"].as_u64().expect("b"))
            .sum();
        assert_eq!(
            (only_a, only_b),
            (alone(&ka, &kb), alone(&kb, &ka)),
            "{name}: nodes searched alone"
        );

        // The same two searches, run by diff itself.
        let fresh = diff_json(&[
            "--fen",
            fen,
            "--depth",
            depth,
            "--config",
            "killers=0",
            "--config",
            "killers=2",
        ]);
        assert_eq!(
            (fresh["a"]["nodes"].as_i64(), fresh["b"]["nodes"].as_i64()),
            (Some(na), Some(nb)),
            "{name}"
        );
        assert_eq!(fresh["divergences_total"], d["divergences_total"], "{name}");
        for path in [a, b] {
            std::fs::remove_file(path).expect("cleanup");
        }
    }
}

#[test]
fn a_log_against_itself_or_its_own_trace_has_no_divergences() {
    let a = search("self", PUZZLE, "5", &["--search", "all=on"]);
    let file = a.to_str().expect("UTF-8");
    let out = run(&["diff", file, file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("no divergences"),
        "{}",
        text(&out.stdout)
    );

    let trace = temp("self", "jsonl");
    let export = run(&["log", "export", "--jsonl", file]);
    std::fs::write(&trace, &export.stdout).expect("temp dir is writable");
    let d = diff_json(&[file, trace.to_str().expect("UTF-8")]);
    assert_eq!(d["divergences_total"], 0, "{d}");
    assert_eq!(d["a"]["nodes"], d["b"]["nodes"]);
    for path in [a, trace] {
        std::fs::remove_file(path).expect("cleanup");
    }
}

#[test]
fn a_ranked_divergence_reads_as_the_issue_asks() {
    let d = diff_json(&[
        "--fen",
        PUZZLE,
        "--depth",
        "6",
        "--config",
        "killers=0",
        "--config",
        "killers=2",
    ]);
    let divs = d["divergences"].as_array().expect("divergences");
    let explains: Vec<u64> = divs
        .iter()
        .map(|v| v["explains"].as_i64().expect("n").unsigned_abs())
        .collect();
    assert!(
        explains.windows(2).all(|w| w[0] >= w[1]),
        "ranked by nodes explained: {explains:?}"
    );
    // Somewhere killers moved the same cutting move up the order: said with both ranks.
    let moved = divs
        .iter()
        .find(|v| {
            v["a"]["cut"]["move"] == v["b"]["cut"]["move"]
                && v["a"]["cut"]["rank"] != v["b"]["cut"]["rank"]
        })
        .expect("a cutting move that killers moved up");
    let sentence = moved["sentence"].as_str().expect("sentence");
    let source = moved["b"]["cut"]["source"].as_str().expect("source");
    assert!(
        sentence.contains("tried") && sentence.contains("tried it") && sentence.contains(source),
        "{sentence}"
    );
}

#[test]
fn what_cannot_be_aligned_is_refused() {
    let a = search("refuse-a", PUZZLE, "3", &[]);
    let b = search("refuse-b", KIWIPETE, "3", &[]);
    let (fa, fb) = (a.to_str().expect("UTF-8"), b.to_str().expect("UTF-8"));
    let filtered = temp("refuse-f", "kslog");
    let out = run(&[
        "search",
        "--fen",
        PUZZLE,
        "--depth",
        "3",
        "--log",
        filtered.to_str().expect("UTF-8"),
        "--trace-plies",
        "0..2",
    ]);
    assert!(out.status.success());
    let junk = temp("junk", "txt");
    std::fs::write(&junk, "not a log\n").expect("write");
    for (args, needle) in [
        (vec![fa, fb], "same position"),
        (
            vec![fa, filtered.to_str().expect("UTF-8")],
            "recorded alike",
        ),
        (vec![fa, junk.to_str().expect("UTF-8")], "neither a .kslog"),
        (vec![fa], "give two logs"),
        (
            vec!["--depth", "3", "--config", "killers=0"],
            "exactly two --config",
        ),
        (
            vec!["--depth", "3", "--config", "killers=9", "--config", ""],
            "--config \"killers=9\"",
        ),
    ] {
        let mut all = vec!["diff"];
        all.extend(args.iter().copied());
        let out = run(&all);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stdout)
        );
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    for path in [a, b, filtered, junk] {
        std::fs::remove_file(path).expect("cleanup");
    }
}

/// A log whose moves do not fit its header's position (a depth-3 search of the start position
/// whose header then claims the start position without Black's a-pawn), and a log cut short,
/// are refused as every reader refuses them: the event, the move and the byte named.
#[test]
fn a_log_that_does_not_fit_or_is_cut_is_refused_naming_where() {
    let good = search("fit-good", killerscope_chess::START_FEN, "3", &[]);
    let log = killerscope_log::EventLog::read_file(&good).expect("the search's log reads");
    let mut header = log.header().clone();
    header.fen = "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string();
    let misfit = temp("fit-misfit", "kslog");
    killerscope_log::EventLog::from_parts(header, log.events().to_vec(), log.pvs().to_vec(), false)
        .write_file(&misfit)
        .expect("rewrite");
    let bytes = std::fs::read(&good).expect("read");
    let cut = temp("fit-cut", "kslog");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("write");
    let (g, m, c) = (
        good.to_str().expect("UTF-8"),
        misfit.to_str().expect("UTF-8"),
        cut.to_str().expect("UTF-8"),
    );
    for (args, needles) in [
        (
            [g, m],
            &[
                "is not a legal move in rnbqkbnr/1ppppppp/",
                "the log's moves do not fit its header's position",
                "event #",
                "byte ",
            ][..],
        ),
        ([c, g], &["file ends inside the events", "byte "][..]),
    ] {
        let out = run(&["diff", args[0], args[1]]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing printed");
        let err = text(&out.stderr);
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: {needle:?} in {err}");
        }
    }
    for path in [good, misfit, cut] {
        std::fs::remove_file(path).expect("cleanup");
    }
}
