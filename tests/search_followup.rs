//! The follow-up move heuristic (`followup=on`, source `FU`) in whole searches: it changes the
//! tree but never the score of an exact search, its tries and cutoffs reach `log stats` and a
//! JSON Lines export that imports back unchanged, and GUIs see its UCI option. Off by default,
//! so every published tree stays (crates/engine/tests/node_counts.rs pins them).

use crate::binary;

use killerscope_chess::Position;
use killerscope_engine::{
    CutoffStats, Limits, OrderingConfig, SearchConfig, SearchReport, Searcher,
};
use killerscope_log::MoveSource;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

/// Middlegames, a mate in two and an ending: where the score is decided by different things.
const POSITIONS: [&str; 5] = [
    PUZZLE,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn search(fen: &str, depth: u8, ordering: &str) -> (SearchReport, CutoffStats) {
    let ordering: OrderingConfig = ordering.parse().expect("valid ordering");
    let mut searcher = Searcher::new(SearchConfig {
        ordering,
        ..SearchConfig::default()
    });
    let pos = Position::from_fen(fen).expect("valid FEN");
    let mut stats = CutoffStats::new();
    let report = searcher.search(
        &pos,
        &[],
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut stats,
        &mut |_| {},
    );
    (report, stats)
}

/// Without the transposition table, full-width alpha-beta returns the minimax score of its
/// tree whatever the move order; the oracle is that tree searched with every ordering
/// heuristic off (generation order), so any move the follow-up stage dropped or a window it
/// broke would show as a different score.
#[test]
fn the_score_of_an_exact_search_is_the_same_with_follow_ups() {
    let oracle_config = "tt=off,killers=0,history=off,mvvlva=off";
    for fen in POSITIONS {
        for depth in 1..=4 {
            let (oracle, _) = search(fen, depth, oracle_config);
            for config in [
                "tt=off,followup=on",
                "tt=off,followup=on,countermove=on",
                "tt=off,followup=on,killers=0,history=off",
            ] {
                let (report, _) = search(fen, depth, config);
                assert_eq!(report.score, oracle.score, "{fen} depth {depth} {config}");
            }
        }
    }
}

#[test]
fn follow_ups_are_tried_and_cut_and_change_the_tree() {
    let (off, off_stats) = search(PUZZLE, 6, "");
    let (on, on_stats) = search(PUZZLE, 6, "followup=on");
    assert_eq!(off_stats.tries.get(MoveSource::FOLLOW_UP), 0);
    let (tries, cuts) = (
        on_stats.tries.get(MoveSource::FOLLOW_UP),
        on_stats.by_source.get(MoveSource::FOLLOW_UP),
    );
    assert!(
        tries > 0 && cuts > 0 && cuts <= tries,
        "{tries} tries, {cuts} cutoffs"
    );
    assert_ne!(on.nodes, off.nodes, "followup=on changed nothing");
    assert_eq!(on.best_move, off.best_move);
}

#[test]
fn the_source_reaches_log_stats_and_a_jsonl_round_trip() {
    let dir = std::env::temp_dir().join(format!("ks-followup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = |name: &str| dir.join(name).to_str().expect("utf-8 path").to_string();
    let (log, trace, back, again) = (
        path("fu.kslog"),
        path("fu.jsonl"),
        path("back.kslog"),
        path("again.jsonl"),
    );
    let out = binary::run(&[
        "search",
        "--fen",
        PUZZLE,
        "--depth",
        "5",
        "--ordering",
        "followup=on",
        "--log",
        &log,
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let stats = binary::text(&binary::run(&["log", "stats", &log]).stdout);
    assert!(stats.contains("followup=on"), "{stats}");
    assert!(
        stats
            .lines()
            .any(|l| l.contains("follow-up") || l.contains("FU")),
        "{stats}"
    );
    let export = binary::run(&["log", "export", "--jsonl", &log]);
    assert!(export.status.success(), "{}", binary::text(&export.stderr));
    let jsonl = binary::text(&export.stdout);
    assert!(
        jsonl.contains("\"followup\""),
        "the header declares the source"
    );
    assert!(
        jsonl.contains("\"source\":\"FU\""),
        "moves tried by it name it"
    );
    std::fs::write(&trace, &jsonl).expect("write trace");
    let import = binary::run(&["log", "import", &trace, "--output", &back]);
    assert!(import.status.success(), "{}", binary::text(&import.stderr));
    let export = binary::run(&["log", "export", "--jsonl", &back]);
    std::fs::write(&again, &export.stdout).expect("write trace");
    assert_eq!(
        binary::text(&export.stdout),
        jsonl,
        "export → import → export"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn uci_lists_the_option_and_it_turns_the_heuristic_on() {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the engine");
    let script = "uci\nsetoption name Follow-up Moves value true\nsetoption name Killers value 0\n\
                  isready\nquit\n";
    engine
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write");
    let out = engine.wait_with_output().expect("engine output");
    let text = binary::text(&out.stdout);
    assert!(
        text.contains("option name Follow-up Moves type check default false"),
        "{text}"
    );
    assert!(text.contains("readyok"), "{text}");
    assert!(
        !text.contains("info string"),
        "the option was accepted: {text}"
    );
}
