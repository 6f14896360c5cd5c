//! The real binary: output layouts, and bad input → a one-line `error:` on stderr, status 2,
//! never a panic.

use crate::binary;

use binary::run;
use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_refused(args: &[&str], message: &str) {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(message), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
}

#[test]
fn perft_prints_stockfish_layout() {
    let o = run(&["perft", "--depth", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "Nodes searched: 8902\n");
    assert!(stderr(&o).contains("Mnps"));

    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = run(&["perft", "-d", "2", "--fen", fen, "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    assert_eq!(lines[0], "a1b1: 43");
    assert!(lines.contains(&"e1g1: 43"));
    assert_eq!(lines[48], "");
    assert_eq!(lines[49], "Nodes searched: 2039");
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| {
            l.rsplit(' ')
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(sum, 2039);
}

#[test]
fn fen_shows_board_state_key_and_moves() {
    let o = run(&[
        "fen",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "--ascii",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(" 5  . . . p P p . .  5"), "{out}");
    assert!(out.contains("Side to move: White"));
    assert!(out.contains("Castling:     KQkq"));
    assert!(out.contains("En passant:   f6"));
    assert!(out.contains("Zobrist key:  "));
    assert!(out.contains("exf6"), "{out}");

    let split = run(&["fen", "4k3/8/8/8/8/8/8/R3K2R", "b", "KQ", "-"]);
    assert_eq!(split.status.code(), Some(0), "FEN fields as separate words");
    assert!(stdout(&split).contains("Side to move: Black"));

    let mate = run(&[
        "fen",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    ]);
    assert!(stdout(&mate).contains("Legal moves:  0 — checkmate"));
    assert!(stdout(&mate).contains('♛'));
}

/// With no subcommand the binary opens the explorer (as `tui` does, driven in tmux by tui_e2e); with
/// no terminal to draw on it must say so and exit 2, not panic or scribble escape codes.
#[test]
fn bare_invocation_without_a_terminal_is_refused() {
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("needs a terminal"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

#[test]
fn bad_input_is_refused_with_status_2() {
    assert_refused(
        &[
            "fen",
            "rnbqkbnr/pppppppp/p7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "error: FEN piece placement: rank 6 has 9 squares (\"p7p\")",
    );
    assert_refused(&["perft", "-d", "2", "--fen", "garbage"], "error: FEN");
    assert_refused(&["perft", "-d", "2", "--fen", ""], "error: FEN: empty FEN");
    assert_refused(&["perft", "--depth", "0"], "error: invalid value '0'");
    assert_refused(&["perft", "--depth", "many"], "error: invalid value 'many'");
    assert_refused(&["perft"], "--depth <PLIES>");
    assert_refused(
        &["frobnicate"],
        "error: unrecognized subcommand 'frobnicate'",
    );
    assert_refused(
        &["fen"],
        "error: the following required arguments were not provided",
    );
}

#[test]
fn help_is_available_everywhere() {
    for args in [&["--help"][..], &["perft", "--help"], &["fen", "--help"]] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("Usage: killerscope"), "{args:?}");
    }
}
