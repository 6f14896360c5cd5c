//! A scripted UCI session through the real binary's stdin and stdout, as a GUI would drive it.

use crate::uci_support;

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{EvalKind, Limits, SearchConfig, Searcher};
use killerscope_log::NullObserver;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use uci_support::{Engine, SHORT};

#[test]
fn handshake_lists_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.expect("uciok", SHORT);
    assert!(lines.iter().any(|l| l.starts_with("id name killerscope")));
    for option in ["Hash", "Killers", "History", "Evaluation", "Trace File"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "option {option} missing from {lines:#?}"
        );
    }
    engine.send("isready");
    engine.expect("readyok", SHORT);
    engine.quit();
}

#[test]
fn position_with_moves_then_fixed_depth() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect("uciok", SHORT);
    // After 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? White mates with Qxf7#.
    engine.send("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
    engine.send("go depth 3");
    let lines = engine.expect("bestmove", SHORT);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "one info line per iteration: {lines:#?}");
    for field in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
        assert!(
            infos[2].contains(&format!(" {field} ")),
            "{field} missing: {}",
            infos[2]
        );
    }
    assert!(infos[2].contains("score mate 1"), "{}", infos[2]);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove h5f7"));
    engine.quit();
}

#[test]
fn stop_ends_a_long_search_at_once() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go movetime 60000");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    engine.expect("readyok", SHORT);
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.expect("bestmove", SHORT);
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "stop took {:?}",
        asked.elapsed()
    );
    let best = lines.last().expect("bestmove line");
    assert!(
        best.split_whitespace().nth(1).is_some_and(|m| m.len() >= 4),
        "{best}"
    );
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    engine.expect("bestmove", SHORT);
    engine.quit();
}

#[test]
fn junk_is_ignored_and_the_engine_keeps_working() {
    let mut engine = Engine::start();
    for junk in [
        "hello engine",
        "position fen not/a/fen w - - 0 1",
        "position startpos moves e2e5",
        "go depth banana",
        "setoption name Killers value 99",
        "setoption name NoSuchOption value 1",
        "\u{7f}\u{1b}[A",
        &"x".repeat(100_000),
    ] {
        engine.send(junk);
    }
    engine.send_bytes(b"go \xff\xfe depth 3");
    engine.send("isready");
    let lines = engine.expect("readyok", SHORT);
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count()
            >= 6,
        "each bad line is explained: {lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("UTF-8")),
        "the non-UTF-8 line is reported and skipped: {lines:#?}"
    );
    // `go depth banana` is answered too (at once, at depth 1), before or after `readyok`
    // (which does not wait for a search): its one bestmove is taken before the next `go`.
    if !lines.iter().any(|l| l.starts_with("bestmove")) {
        engine.expect("bestmove", SHORT);
    }
    engine.send("position startpos moves e2e4");
    engine.send("go depth 2");
    let lines = engine.expect("bestmove", SHORT);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:#?}"
    );
    engine.quit();
}

#[test]
fn a_root_without_moves_reports_no_pv_and_the_null_move() {
    let mut engine = Engine::start();
    for (fen, score) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"),
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go depth 3");
        let lines = engine.expect("bestmove", SHORT);
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth"))
            .expect("an info line");
        assert!(info.contains(score), "{fen}: {info}");
        assert!(!info.contains(" pv"), "{fen}: an empty pv in {info:?}");
        assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    }
    engine.quit();
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut engine = Engine::start();
    engine.send("isready");
    engine.expect("readyok", SHORT);
    engine.exit_within(SHORT);
}

#[test]
fn trace_file_option_records_each_search() {
    let dir = std::env::temp_dir().join(format!("killerscope-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("search.kslog");
    let mut engine = Engine::start();
    engine.send(&format!(
        "setoption name Trace File value {}",
        path.display()
    ));
    engine.send("position startpos");
    engine.send("go depth 3");
    engine.expect("bestmove", SHORT);
    engine.quit();
    let log = killerscope_log::EventLog::read_file(&path).expect("a readable log");
    assert!(!log.is_empty());
    assert_eq!(log.header().limits_text(), "depth 3");
    assert_eq!(
        log.header().eval_kind(),
        EvalKind::Full,
        "uci plays with the full evaluation"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `Evaluation simple` makes the engine search the classroom's tree: the same node count as
/// `killerscope search` with the same switches, so a GUI user can reproduce a lesson's numbers.
#[test]
fn evaluation_option_switches_to_the_classroom_evaluation() {
    let node_count = |script: &[&str]| {
        let mut engine = Engine::start();
        for line in script {
            engine.send(line);
        }
        engine.send("go depth 6");
        let lines = engine.expect("bestmove", SHORT);
        engine.quit();
        lines
            .iter()
            .rev()
            .find_map(|l| {
                let rest = l.split(" nodes ").nth(1)?;
                rest.split_whitespace().next()?.parse::<u64>().ok()
            })
            .expect("an info line with nodes")
    };
    let off = [
        "Aspiration Windows",
        "Null Move Pruning",
        "Late Move Reductions",
        "Futility Pruning",
        "Mate Distance Pruning",
    ]
    .map(|name| format!("setoption name {name} value false"));
    let mut classroom: Vec<&str> = off.iter().map(String::as_str).collect();
    classroom.push("setoption name Evaluation value simple");
    let expected = {
        let mut searcher = Searcher::new(SearchConfig::default());
        let stop = AtomicBool::new(false);
        searcher
            .search(
                &Position::startpos(),
                &[],
                &Limits::depth(6),
                &stop,
                &mut NullObserver,
                &mut |_| {},
            )
            .nodes
    };
    assert_eq!(node_count(&classroom), expected);
    let mut full = classroom.clone();
    full.push("setoption name Evaluation value full");
    assert_ne!(
        node_count(&full),
        expected,
        "the full evaluation shapes another tree"
    );
}
