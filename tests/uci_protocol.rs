//! The UCI protocol as python-chess and match runners drive it, through the real binary: the
//! reader never blocks behind a search, every `go` gets info lines and exactly one `bestmove`,
//! refused positions are never answered with a move for another one, and 300 random sessions
//! mixing every command with junk all answer `isready` and exit on `quit`. Every wait is bounded.

use crate::uci_support;

use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use std::time::{Duration, Instant};
use uci_support::{Engine, SHORT};

/// Runs a whole script as a pipe (`printf … | killerscope uci`) and returns its output.
fn piped(script: &str) -> Vec<String> {
    let mut engine = Engine::start();
    for line in script.lines() {
        engine.send(line);
    }
    engine.exit_within(SHORT)
}

/// Asserts that the last line is a `bestmove` legal in `fen` after `moves`.
fn assert_best_is_legal(lines: &[String], fen: &str, moves: &[&str]) {
    let mut pos = Position::from_fen(fen).expect("test FEN");
    for m in moves {
        let mv = parse_uci(&pos, m).expect("test move");
        pos.make_move(mv);
    }
    let best = lines.last().expect("a last line");
    let mv = best.strip_prefix("bestmove ").expect("a bestmove line");
    assert!(
        parse_uci(&pos, mv).is_ok(),
        "{best} is not legal in {}",
        pos.to_fen()
    );
}

const START: &str = killerscope_chess::START_FEN;

fn count(lines: &[String], prefix: &str) -> usize {
    lines.iter().filter(|l| l.starts_with(prefix)).count()
}

#[test]
fn commands_after_an_unlimited_go_are_read_at_once() {
    let lines = piped("go\nposition startpos\nisready\nstop\nquit");
    assert_eq!(count(&lines, "readyok"), 1, "{lines:#?}");
    assert_eq!(count(&lines, "bestmove"), 1, "{lines:#?}");
}

#[test]
fn a_new_go_stops_the_running_one_which_still_answers() {
    let mut engine = Engine::start();
    engine.send("go depth 40");
    engine.send("go depth 1");
    engine.send("isready");
    let lines = engine.expect("readyok", SHORT);
    let mut rest = engine.exit_within(SHORT);
    rest.splice(0..0, lines);
    assert_eq!(count(&rest, "bestmove"), 2, "{rest:#?}");
    assert!(rest.iter().any(|l| l.starts_with("info depth 1 ")));
}

#[test]
fn ucinewgame_stops_a_huge_node_search() {
    let started = Instant::now();
    let lines = piped("go nodes 99999999999\nucinewgame\nisready\nquit");
    assert_eq!(count(&lines, "readyok"), 1);
    assert_eq!(count(&lines, "bestmove"), 1);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn position_and_setoption_during_a_search_stop_it_first() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("setoption name Killers value 1");
    let first = engine.expect("bestmove", SHORT);
    assert_eq!(count(&first, "bestmove"), 1);
    engine.send("go infinite");
    engine.send("position startpos moves e2e4");
    engine.expect("bestmove", SHORT);
    engine.send("go depth 2");
    let lines = engine.expect("bestmove", SHORT);
    assert_best_is_legal(&lines, START, &["e2e4"]);
    engine.send("quit");
    engine.exit_within(SHORT);
}

#[test]
fn end_of_input_stops_the_search_and_exits() {
    // A GUI that crashed mid-search: `go depth 30` (minutes of search), then its input closes.
    for go in [
        "go depth 30",
        "go nodes 4000000000",
        "go infinite",
        "go movetime 600000",
    ] {
        let mut engine = Engine::start();
        engine.send("position startpos");
        engine.send(go);
        engine.expect("info depth 1 ", SHORT);
        let closed = std::time::Instant::now();
        let lines = engine.exit_within(std::time::Duration::from_secs(3));
        assert!(closed.elapsed() < std::time::Duration::from_secs(3), "{go}");
        assert_eq!(count(&lines, "bestmove"), 1, "{go}: {lines:#?}");
    }
    // A script that keeps its input open until the answer gets the whole search.
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 4");
    let lines = engine.expect("bestmove", SHORT);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 4 ")),
        "{lines:#?}"
    );
    engine.exit_within(SHORT);
}

#[test]
fn every_go_prints_an_info_line_with_depth_score_nodes_and_pv() {
    for go in [
        "go nodes 0",
        "go nodes 1",
        "go wtime 5",
        "go depth 1",
        "go movetime 1",
    ] {
        let lines = piped(&format!("position startpos\n{go}"));
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth"))
            .unwrap_or_else(|| panic!("{go}: no info line in {lines:#?}"));
        for field in [" seldepth ", " score ", " nodes ", " pv "] {
            assert!(info.contains(field), "{go}: {field} missing in {info}");
        }
        assert_eq!(count(&lines, "bestmove"), 1, "{go}");
    }
}

#[test]
fn seldepth_is_never_below_depth() {
    let lines = piped("position startpos\ngo depth 7");
    for line in lines.iter().filter(|l| l.starts_with("info depth")) {
        let field = |name: &str| -> u32 {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|w| *w == name).expect("field");
            words[at + 1].parse().expect("number")
        };
        assert!(field("seldepth") >= field("depth"), "{line}");
    }
}

#[test]
fn go_mate_ends_on_its_own_with_or_without_a_mate() {
    // Scholar's mate available: mate in 1.
    let lines = piped("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6\ngo mate 1");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove h5f7"));
    // No mate in 2 from the start position: the search stops at depth 3.
    let started = Instant::now();
    let lines = piped("position startpos\ngo mate 2");
    assert_eq!(count(&lines, "bestmove"), 1);
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 4")),
        "{lines:#?}"
    );
    assert!(started.elapsed() < SHORT);
}

#[test]
fn searchmoves_restricts_the_root() {
    let lines = piped("position startpos\ngo depth 4 searchmoves a2a3 h2h3");
    let best = lines.last().expect("bestmove");
    assert!(best == "bestmove a2a3" || best == "bestmove h2h3", "{best}");
    for info in lines.iter().filter(|l| l.starts_with("info depth")) {
        assert!(
            info.contains(" pv a2a3") || info.contains(" pv h2h3"),
            "{info}"
        );
    }
}

#[test]
fn no_ponder_is_offered_and_go_ponder_waits_for_ponderhit() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.expect("uciok", SHORT);
    assert!(!lines.iter().any(|l| l.contains("Ponder")), "{lines:#?}");
    engine.send("position startpos moves e2e4");
    engine.send("go ponder depth 1");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let lines = engine.expect("readyok", SHORT);
    assert_eq!(
        count(&lines, "bestmove"),
        0,
        "no answer before ponderhit: {lines:#?}"
    );
    engine.send("ponderhit");
    let lines = engine.expect("bestmove", SHORT);
    assert!(!lines.last().is_some_and(|l| l.contains("ponder")));
    engine.send("go depth 3");
    let lines = engine.expect("bestmove", SHORT);
    assert!(
        !lines.last().is_some_and(|l| l.contains("ponder")),
        "{lines:#?}"
    );
    engine.send("quit");
    engine.exit_within(SHORT);
}

#[test]
fn a_refused_position_is_never_answered_for_the_previous_one() {
    // Fullmove number 0 is accepted: White to move, so the answer is a White move.
    let lines = piped(
        "position startpos moves e2e4\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0\ngo depth 1",
    );
    assert_best_is_legal(&lines, START, &[]);
    // An unusable FEN: bestmove 0000 and a reason.
    let lines = piped("position startpos moves e2e4\nposition fen 9/8 w - - 0 1\ngo depth 1");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove 0000"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("no usable position"))
    );
    // Moves are applied up to the first illegal one, which is named.
    let lines = piped("position startpos moves e2e4 e7e5 e1e3 d7d5\ngo depth 1");
    assert!(
        lines.iter().any(|l| l.contains("move 3 'e1e3'")),
        "{lines:#?}"
    );
    assert_best_is_legal(&lines, START, &["e2e4", "e7e5"]);
}

/// `readyok` means ready: after a 4 GiB `Hash` the next `go movetime 100` answered 3.9 s after
/// `readyok`, as the table was still being written. It is usable at once now; `readyok` would
/// wait for it otherwise.
#[test]
fn after_hash_4096_readyok_means_a_go_answers_in_its_time() {
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 4096");
    let asked = Instant::now();
    engine.send("isready");
    engine.expect("readyok", SHORT);
    engine.send("go movetime 100");
    engine.expect("bestmove", SHORT);
    let answered = asked.elapsed();
    assert!(answered < Duration::from_secs(2), "{answered:?}");
    engine.send("ucinewgame");
    engine.send("isready");
    engine.expect("readyok", SHORT);
    engine.send("quit");
    engine.exit_within(SHORT);
}

/// `quit` right behind a resize and a `go`: the `go` is still answered, once.
#[test]
fn quit_during_a_hash_resize_answers_the_pending_go() {
    for hash in ["4096", "1", "2048"] {
        let lines = piped(&format!(
            "setoption name Hash value {hash}\ngo depth 30\ngo movetime 100\nquit"
        ));
        assert_eq!(count(&lines, "bestmove"), 2, "Hash {hash}: {lines:#?}");
    }
}

#[test]
fn echoed_junk_is_escaped_and_short() {
    let mut engine = Engine::start();
    let junk = format!("\u{1b}[2J\u{7}{}", "z".repeat(5_000));
    engine.send(&junk);
    engine.send("isready");
    let lines = engine.expect("readyok", SHORT);
    let echo = lines
        .iter()
        .find(|l| l.starts_with("info string"))
        .expect("the junk is reported");
    assert!(!echo.chars().any(|c| c.is_control()), "{echo:?}");
    assert!(echo.len() < 200, "{echo}");
    engine.send("quit");
    engine.exit_within(SHORT);
}

#[test]
fn a_runaway_line_is_skipped_without_buffering_it() {
    let mut engine = Engine::start();
    engine.send_bytes(&vec![b'x'; 3 << 20]);
    engine.send("isready");
    let lines = engine.expect("readyok", SHORT);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string ignored a line of 3145729 bytes")),
        "{lines:?}"
    );
    engine.send("quit");
    engine.exit_within(SHORT);
}

#[test]
fn a_trace_file_path_from_the_gui_is_escaped_when_saving_fails() {
    let mut engine = Engine::start();
    engine.send("setoption name Trace File value /nonexistent-ks-dir/\u{1b}[2J.kslog");
    engine.send("position startpos");
    engine.send("go depth 1");
    let lines = engine.expect("bestmove", SHORT);
    let report = lines
        .iter()
        .find(|l| l.starts_with("info string trace not saved"))
        .unwrap_or_else(|| panic!("the failure is reported: {lines:?}"));
    assert!(!report.chars().any(|c| c.is_control()), "{report:?}");
    assert!(report.contains("\\u{1b}[2J"), "{report}");
    engine.send("quit");
    engine.exit_within(SHORT);
}

/// A tiny deterministic generator (xorshift64*), so a failing session can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position startpos moves e2e4 e2e4",
    "position fen 8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "position fen QQQQQQbk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
    "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "position banana",
    "go",
    "go infinite",
    "go depth 3",
    "go depth 40",
    "go nodes 1",
    "go nodes 5000",
    "go movetime 20",
    "go wtime 50 btime 50",
    "go mate 2",
    "go ponder",
    "go searchmoves a2a3 h2h3 depth 3",
    "go nodes depth 4",
    "stop",
    "ponderhit",
    "setoption name Hash value 8",
    "setoption name Clear Hash",
    "setoption name Killers value 3",
    "setoption name History value false",
    "setoption name Nope value 1",
    "debug on",
    "\u{0}\u{1b}[2J junk",
    "xyzzy 42",
    "",
];

#[test]
fn three_hundred_random_sessions_answer_isready_and_exit_on_quit() {
    let mut rng = Rng(0x00C0_FFEE_1234_5678);
    for session in 0..300 {
        let mut engine = Engine::start();
        let mut script = Vec::new();
        for _ in 0..1 + rng.below(12) {
            let command = COMMANDS[rng.below(COMMANDS.len())];
            script.push(command);
            engine.send(command);
        }
        engine.send("isready");
        let lines = engine.expect("readyok", SHORT);
        let asked_to_quit = Instant::now();
        engine.send("quit");
        let mut all = lines;
        all.extend(engine.exit_within(SHORT));
        assert!(
            asked_to_quit.elapsed() < Duration::from_secs(3),
            "session {session} {script:?}: quit took {:?}",
            asked_to_quit.elapsed()
        );
        let gos = script.iter().filter(|c| c.starts_with("go")).count();
        assert_eq!(
            count(&all, "bestmove"),
            gos,
            "session {session} {script:?}: one bestmove per go: {all:#?}"
        );
    }
}
