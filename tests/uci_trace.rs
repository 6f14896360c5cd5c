//! `uci-trace`: what a UCI engine's protocol reveals, as a trace. A recorded Stockfish 15.1
//! session (`tests/data/stockfish_15_1_movetime_5000.txt`: `go movetime 5000`, with the
//! `currmove` lines and the aspiration fail-lows it prints after three seconds) is converted
//! without Stockfish, checked against its own `info` lines read here independently; a live run
//! needs Stockfish from Debian (`apt-get install stockfish`) and skips itself without it; the
//! scripted engine `tests/data/fake_uci.sh` (bash) runs the command's own paths without it.

use crate::binary;

use killerscope_engine::score::INFINITY;
use killerscope_log::{Event, WindowOutcome};
use killerscope_trace::SearchTree;
use killerscope_trace::UciTrace;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};

const SESSION: &str = include_str!("data/stockfish_15_1_movetime_5000.txt");
const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// The value after `word` in an `info` line.
fn field<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let mut tokens = line.split_whitespace();
    tokens.find(|&t| t == word)?;
    tokens.next()
}

#[test]
fn a_recorded_stockfish_session_converts_line_for_line() {
    let trace = UciTrace::convert("Stockfish 15.1", FEN, &[], &[], SESSION.lines());
    let (log, summary) = import_reader(
        trace.as_bytes(),
        ImportOptions {
            strict: true,
            ..Default::default()
        },
    )
    .expect("the trace reads, strictly");
    let scored: Vec<&str> = SESSION
        .lines()
        .filter(|l| l.starts_with("info") && l.contains(" score "))
        .collect();
    let bounded: Vec<&str> = scored
        .iter()
        .copied()
        .filter(|l| l.contains("lowerbound") || l.contains("upperbound"))
        .collect();
    assert_eq!(
        summary.nodes as usize,
        scored.len(),
        "a root node per scored line"
    );
    assert_eq!(
        log.pvs().len(),
        scored.len() - bounded.len(),
        "an iteration per exact line"
    );
    assert_eq!(bounded.len(), 2, "the session has two fail-lows");
    let tree = SearchTree::build(log.events());
    for (&root, line) in tree.roots().iter().zip(&scored) {
        let node = tree.node(root).expect("root");
        let depth: i8 = field(line, "depth")
            .and_then(|d| d.parse().ok())
            .expect("depth");
        assert_eq!(node.depth(), depth);
        let (score, _) = node.result().expect("closed");
        let cp: i32 = field(line, "cp").and_then(|s| s.parse().ok()).expect("cp");
        assert_eq!(score, cp, "{line}");
        if line.contains("upperbound") {
            assert_eq!(
                node.window(),
                (cp, INFINITY),
                "a fail-low: alpha is what failed"
            );
        }
        let searched: Vec<String> = log.events()[tree.event_range(root)]
            .iter()
            .filter_map(|e| match e {
                Event::MoveTried { mv, .. } => Some(mv.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(searched, reported_before(line), "{line}");
    }
    let outcomes: Vec<WindowOutcome> = log
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Aspiration { outcome, .. } => Some(*outcome),
            _ => None,
        })
        .collect();
    assert_eq!(outcomes, [WindowOutcome::FailLow, WindowOutcome::FailLow]);
    let tried = log
        .events()
        .iter()
        .filter(|e| matches!(e, Event::MoveTried { .. }))
        .count();
    assert!(
        tried > 50,
        "the session reports root moves after 3 s: {tried}"
    );
    let last_nodes = scored
        .iter()
        .rev()
        .find(|l| !l.contains("bound"))
        .and_then(|l| field(l, "nodes"))
        .and_then(|n| n.parse::<u64>().ok());
    let logged = log.events().iter().rev().find_map(|e| match e {
        Event::Iteration { nodes, .. } => Some(nodes.get()),
        _ => None,
    });
    assert_eq!(logged, last_nodes, "the engine's own node count");
}

/// The root moves the session reported with `currmove` at the depth of the scored line
/// `line`, since the scored line before it, in order.
fn reported_before(line: &str) -> Vec<String> {
    let mut moves = Vec::new();
    for l in SESSION.lines() {
        if l == line {
            return moves;
        }
        if l.contains(" score ") {
            moves.clear();
        } else if field(l, "depth") == field(line, "depth")
            && let Some(mv) = field(l, "currmove")
        {
            moves.push(mv.to_string());
        }
    }
    moves
}

/// The doctor on a UCI trace: the protocol shows the root alone, and only the moves the engine
/// chose to report (Stockfish reports none in its first three seconds), so a root move missing
/// from the trace says nothing about the search. The trace declares itself partial (its
/// `filter`), and `move-never-tried` is listed as not checked instead of accusing the engine.
#[test]
fn the_doctor_does_not_accuse_an_engine_of_what_uci_does_not_show() {
    let trace = UciTrace::convert("Stockfish 15.1", FEN, &[], &[], SESSION.lines());
    let path = std::env::temp_dir().join(format!("ks-uci-doctor-{}.jsonl", std::process::id()));
    std::fs::write(&path, &trace).expect("write the trace");
    let out = binary::run(&["doctor", path.to_str().expect("UTF-8 temp path")]);
    let _ = std::fs::remove_file(&path);
    let report = binary::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(!report.contains("bug "), "{report}");
    let not_checked = report
        .split("not checked")
        .nth(1)
        .unwrap_or_else(|| panic!("a not-checked section: {report}"));
    assert!(
        not_checked.contains("move-never-tried: the log records only part of the search"),
        "{report}"
    );
    let header = trace.lines().next().expect("a header line");
    assert!(
        header.contains(r#""filter":"the root moves the engine reported (UCI currmove)""#),
        "{header}"
    );
}

fn stockfish() -> Option<&'static str> {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
}

#[test]
fn a_live_stockfish_search_is_traced_and_reads() {
    let Some(engine) = stockfish() else {
        eprintln!("skipped: Stockfish is not installed (apt-get install stockfish)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("ks-uci-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("sf.jsonl");
    let run = binary::run(&[
        "uci-trace",
        "--engine",
        engine,
        "--option",
        "Threads=1",
        "--depth",
        "8",
        "-o",
        out.to_str().expect("UTF-8 path"),
    ]);
    assert!(run.status.success(), "{}", binary::text(&run.stderr));
    let stats = binary::run(&[
        "log",
        "stats",
        "--strict",
        out.to_str().expect("UTF-8 path"),
    ]);
    let text = binary::text(&stats.stdout);
    assert!(stats.status.success(), "{}", binary::text(&stats.stderr));
    assert!(text.contains("engine:     Stockfish"), "{text}");
    for depth in 1..=8 {
        assert!(
            text.contains(&format!("iteration:  depth {depth} ")),
            "{text}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_arguments_are_named() {
    let run = binary::run(&["uci-trace", "--engine", "stockfish", "-o", "/dev/null"]);
    assert_eq!(run.status.code(), Some(2));
    let run = binary::run(&[
        "uci-trace",
        "--engine",
        "/nonexistent/engine",
        "--depth",
        "3",
        "-o",
        "/dev/null",
    ]);
    let stderr = binary::text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot start \"/nonexistent/engine\""),
        "{stderr}"
    );
    let run = binary::run(&[
        "uci-trace",
        "--engine",
        "x",
        "--option",
        "Hash",
        "--depth",
        "3",
        "-o",
        "/dev/null",
    ]);
    assert!(binary::text(&run.stderr).contains("expected NAME=VALUE"));
}

#[cfg(unix)]
#[test]
fn a_scripted_engine_is_traced_and_its_failures_named() {
    let dir = std::env::temp_dir().join(format!("ks-uci-fake-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("fake.jsonl");
    let transcript = dir.join("fake.txt");
    let path = |p: &std::path::Path| p.to_str().expect("UTF-8 path").to_string();
    let (out_s, transcript_s) = (path(&out), path(&transcript));
    let engine = "bash tests/data/fake_uci.sh search";
    let run = binary::run(&[
        "uci-trace",
        "--engine",
        engine,
        "--depth",
        "3",
        "-o",
        &out_s,
        "--transcript",
        &transcript_s,
    ]);
    let stderr = binary::text(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("4 root nodes, 3 iterations from 12 lines of Fake 1.0"),
        "{stderr}"
    );
    let said = std::fs::read_to_string(&transcript).expect("transcript");
    assert!(
        said.starts_with("id name Fake 1.0\n") && said.ends_with("bestmove d2d4 ponder d7d5\n")
    );
    let stats = binary::run(&["log", "stats", "--strict", &out_s]);
    assert!(stats.status.success(), "{}", binary::text(&stats.stderr));
    for (mode, expected) in [
        (
            "junk",
            r#"exited before uciok; its last line was "\u{1}\u{2} junk""#,
        ),
        ("quits", "the engine exited before bestmove"),
        ("badpv", "the engine's output line 6 after go does not read"),
    ] {
        let engine = format!("bash tests/data/fake_uci.sh {mode}");
        let run = binary::run(&[
            "uci-trace",
            "--engine",
            &engine,
            "--depth",
            "3",
            "-o",
            &out_s,
        ]);
        let stderr = binary::text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{mode}: {stderr}");
        assert!(stderr.contains(expected), "{mode}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
