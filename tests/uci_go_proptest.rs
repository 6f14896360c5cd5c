//! Every `go` gets exactly one `bestmove`, well-formed or not (a GUI that sent one waits for
//! it), whatever follows it: `quit`, `stop`, a new `position`, `isready`, another `go`, or the
//! end of input. Sessions run through `uci::run`, the loop the binary runs over stdin; the
//! issue's own lines are also checked through the real binary.

use crate::uci_support;

use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use proptest::prelude::*;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use uci_support::{Engine, SHORT};

/// Output shared with the engine thread, read once the session is over.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("output lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Runs `script` to its end (or its `quit`) and returns every line printed.
fn session(script: &str) -> Vec<String> {
    let out = Shared::default();
    killerscope::uci::run(script.as_bytes(), out.clone()).expect("in-memory session");
    let bytes = out.0.lock().expect("output lock").clone();
    String::from_utf8(bytes)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

/// A `go` argument: the real keywords with sane, absurd, negative or missing values, and junk.
fn go_word() -> impl Strategy<Value = String> {
    let value = prop_oneof![
        (0u32..4).prop_map(|n| n.to_string()),
        (1u32..60).prop_map(|n| n.to_string()),
        Just("-1".to_string()),
        Just("-5".to_string()),
        // Too big for the clock: refused and named, never a search of eons left running (the
        // end of input stops any search, as `quit` does).
        Just("99999999999999999999999".to_string()),
        Just("abc".to_string()),
        Just(String::new()),
    ];
    let small = prop_oneof![
        (0u32..5).prop_map(|n| n.to_string()),
        Just("-1".to_string()),
        Just("abc".to_string()),
        Just(String::new()),
    ];
    prop_oneof![
        // Limits a well-formed value keeps short, so that a search left running at the end of
        // input finishes quickly.
        small.clone().prop_map(|v| format!("depth {v}")),
        small.clone().prop_map(|v| format!("mate {v}")),
        value.clone().prop_map(|v| format!("movetime {v}")),
        value.clone().prop_map(|v| format!("wtime {v}")),
        value.clone().prop_map(|v| format!("btime {v}")),
        value.clone().prop_map(|v| format!("winc {v}")),
        value.clone().prop_map(|v| format!("movestogo {v}")),
        prop_oneof![
            Just("nodes 1".to_string()),
            Just("nodes 3000".to_string()),
            Just("nodes -5".to_string()),
            Just("nodes".to_string()),
        ],
        Just("infinite".to_string()),
        Just("ponder".to_string()),
        Just("searchmoves e2e4 a7a6 zz".to_string()),
        Just("perft 3".to_string()),
        "[a-z]{1,6}",
        "[\\x00-\\x1f\\x7f\\u{9b}]{1,3}",
    ]
}

/// What may follow a `go`.
fn follower() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("quit"),
        Just("stop"),
        Just("position startpos moves e2e4"),
        Just("position fen 8/8/8/8/8/8/8/8 w - - 0 1"),
        Just("isready"),
        Just("ponderhit"),
        Just("ucinewgame"),
        Just("setoption name Hash value 32"),
        Just(""),
    ]
}

fn count(lines: &[String], prefix: &str) -> usize {
    lines.iter().filter(|l| l.starts_with(prefix)).count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_go_gets_exactly_one_bestmove(
        steps in proptest::collection::vec(
            (proptest::collection::vec(go_word(), 0..4), follower()), 1..4),
        stop_at_end in any::<bool>(),
    ) {
        let mut script = String::from("position startpos\n");
        let mut gos = 0;
        for (words, then) in &steps {
            script.push_str(&format!("go {}\n{then}\n", words.join(" ")));
            gos += 1;
            if *then == "quit" {
                break;
            }
        }
        if stop_at_end {
            script.push_str("stop\n");
        }
        let lines = session(&script);
        prop_assert_eq!(count(&lines, "bestmove"), gos, "{}\n{:#?}", script, lines);
        // Each answer is a legal move or the null move (the empty position of a follower).
        for line in lines.iter().filter(|l| l.starts_with("bestmove")) {
            let mv = &line["bestmove ".len()..];
            let legal_somewhere = mv == "0000"
                || [vec![], vec!["e2e4"]].iter().any(|moves| legal(moves, mv));
            prop_assert!(legal_somewhere, "{}\n{:#?}", script, lines);
        }
    }
}

/// Whether `mv` is legal after `moves` from the start position.
fn legal(moves: &[&str], mv: &str) -> bool {
    let mut position = Position::startpos();
    for m in moves {
        let played = parse_uci(&position, m).expect("test move");
        position.make_move(played);
    }
    parse_uci(&position, mv).is_ok()
}

/// The issue's lines, through the real binary as a pipe: `printf 'position startpos\n<go>\n
/// isready\n' | killerscope uci` printed `readyok` and never `bestmove`.
#[test]
fn the_malformed_gos_of_the_issue_are_answered_by_the_binary() {
    for go in [
        "go depth -1",
        "go depth",
        "go nodes",
        "go nodes -5",
        "go movetime abc",
        "go mate 0",
        "go mate -3",
        "go depth 99999999999999",
        "go btime",
    ] {
        for then in [
            "isready",
            "quit",
            "stop",
            "position startpos moves e2e4",
            "",
        ] {
            let script = format!("position startpos\n{go}\n{then}\n");
            let lines = piped(&script);
            assert_eq!(count(&lines, "bestmove"), 1, "{script}{lines:#?}");
            let said = lines
                .iter()
                .find(|l| l.starts_with("info string go: ignored"))
                .unwrap_or_else(|| panic!("{script}: nothing says what was ignored: {lines:#?}"));
            let key = go.split_whitespace().nth(1).expect("a keyword");
            assert!(said.contains(key), "{said}");
            if then == "isready" {
                assert!(lines.iter().any(|l| l == "readyok"), "{lines:#?}");
            }
        }
    }
}

/// A `go` keeps the parts that parse: the depth limit holds when a clock value is junk.
#[test]
fn the_parts_that_parse_are_searched() {
    let lines = piped("position startpos\ngo movetime abc depth 3\n");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 4 ")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("ignored movetime 'abc'")),
        "{lines:#?}"
    );
    assert_eq!(count(&lines, "bestmove"), 1);
}

/// `printf SCRIPT | killerscope uci`: every line sent, then the end of input; fails if the
/// engine has not exited within `SHORT`.
fn piped(script: &str) -> Vec<String> {
    let mut engine = Engine::start();
    for line in script.lines() {
        engine.send(line);
    }
    engine.exit_within(SHORT)
}
