//! Positions no game can reach but the engine plays exactly (a king in check by three pieces,
//! by two pawns or knights, from both sides of one line): accepted with a warning naming the
//! rule, in the library (`Position::unreachable`), on the command line (stderr) and over UCI
//! (`info string`), and counted exactly — perft against python-chess and Stockfish's figures
//! in `data/unreachable_fens.txt`.

use crate::binary;

use killerscope_chess::{PerftMode, Position};
use std::io::Write;
use std::process::{Command, Stdio};

/// The data file's cases: FEN, the warning's text, perft counts at depths 1 to 4.
fn cases() -> Vec<(&'static str, &'static str, Vec<u64>)> {
    include_str!("data/unreachable_fens.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(" | ").collect();
            let [fen, why, counts] = parts[..] else {
                panic!("malformed data line: {line}");
            };
            let counts = counts
                .split_whitespace()
                .map(|n| n.parse().expect("a count"))
                .collect();
            (fen, why, counts)
        })
        .collect()
}

#[test]
fn unreachable_positions_are_accepted_named_and_counted_exactly() {
    let cases = cases();
    assert_eq!(cases.len(), 5);
    for (fen, why, counts) in cases {
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen} refused: {e}"));
        let said = pos
            .unreachable()
            .unwrap_or_else(|| panic!("{fen}: no warning"));
        assert!(said.contains(why), "{fen}: {said:?} should say {why:?}");
        for (depth, &want) in (1..).zip(&counts) {
            for mode in [PerftMode::Bulk, PerftMode::Full] {
                assert_eq!(
                    pos.perft_with(depth, mode),
                    want,
                    "{fen} depth {depth} {mode:?}"
                );
            }
        }
    }
}

#[test]
fn reachable_positions_get_no_warning() {
    for fen in [
        killerscope_chess::START_FEN,
        "4k3/8/8/b7/8/8/8/4K2r w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let pos = Position::from_fen(fen).expect("a legal FEN");
        assert_eq!(pos.unreachable(), None, "{fen}");
    }
}

#[test]
fn perft_of_the_classic_suite_position_warns_and_counts() {
    let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let out = binary::run(&["perft", "--depth", "4", "--fen", fen]);
    let (stdout, stderr) = (binary::text(&out.stdout), binary::text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("31151"), "{stdout}");
    assert!(
        stderr.contains("warning: --fen:") && stderr.contains("cannot arise in a game"),
        "{stderr}"
    );
}

#[test]
fn uci_says_so_in_an_info_string_and_still_answers() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let script = "uci\nposition fen B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1\ngo depth 2\nquit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write the script");
    let out = child.wait_with_output().expect("uci ends");
    let stdout = binary::text(&out.stdout);
    assert!(
        stdout.contains("info string position: no game can reach it"),
        "{stdout}"
    );
    assert!(stdout.contains("bestmove "), "{stdout}");
}
