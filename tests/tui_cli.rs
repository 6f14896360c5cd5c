//! `killerscope tui` refuses bad input before touching the terminal: a clear message on stderr
//! naming what and where, exit status 2, never a panic.

use crate::binary;
use binary::run;

fn assert_refused(args: &[&str], expected: &str) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn bad_fen_is_refused_with_the_field() {
    assert_refused(
        &[
            "tui",
            "--fen",
            "6k1/3q1ppp/p7p/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1",
        ],
        "--fen: FEN piece placement",
    );
    assert_refused(&["tui", "--fen", "not a fen"], "--fen:");
}

#[test]
fn bad_epd_file_or_id_is_refused() {
    let dir = std::env::temp_dir().join(format!("ks-tui-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let epd = dir.join("set.epd");
    std::fs::write(&epd, "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\";\n8/8/8 w\n").expect("write EPD");
    let path = epd.to_str().expect("utf-8 temp path");
    assert_refused(&["tui", "--epd", path, "--id", "pawn"], "line 2");
    std::fs::write(&epd, "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\";\n").expect("write EPD");
    assert_refused(
        &["tui", "--epd", path, "--id", "queen"],
        "no position with id \"queen\"",
    );
    assert_refused(
        &["tui", "--epd", "/nonexistent/x.epd", "--id", "a"],
        "EPD file /nonexistent/x.epd: cannot read",
    );
    assert_refused(&["tui", "--epd", path], "--id");
    std::fs::write(&epd, "8/8/8/8 w - - id \"broken\";\n").expect("write EPD");
    assert_refused(
        &["tui", "--epd", path, "--id", "broken"],
        "id \"broken\": FEN",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_log_file_is_refused() {
    let dir = std::env::temp_dir().join(format!("ks-tui-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("junk.kslog");
    std::fs::write(&log, b"this is not a kslog file").expect("write junk");
    let path = log.to_str().expect("utf-8 temp path");
    assert_refused(&["tui", "--log", path], "cannot open log");
    assert_refused(&["tui", "--log", "/nonexistent/x.kslog"], "cannot open log");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn out_of_range_options_are_refused_by_clap() {
    assert_refused(&["tui", "--depth", "0"], "--depth");
    assert_refused(&["tui", "--killers", "5"], "--killers");
    assert_refused(
        &["tui", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "--log", "x"],
        "cannot be used",
    );
}

#[test]
fn without_a_terminal_the_explorer_says_so() {
    assert_refused(&["tui", "--depth", "1"], "needs a terminal");
}

#[test]
fn bad_ordering_or_search_configs_are_refused_and_good_ones_accepted() {
    assert_refused(&["tui", "--search", "nmp=maybe"], "--search: search config");
    assert_refused(&["tui", "--search", "iid=on"], "unknown key `iid`");
    assert_refused(
        &["tui", "--ordering", "killers=9"],
        "--ordering: ordering config",
    );
    assert_refused(&["tui", "--killers", "9"], "--killers");
    assert_refused(
        &[
            "tui",
            "--search",
            "all=on",
            "--ordering",
            "killers=3,history=off",
            "--killers",
            "1",
        ],
        "needs a terminal",
    );
}

#[test]
fn a_bad_opcode_value_names_the_epd_line_and_the_opcode() {
    let dir = std::env::temp_dir().join(format!("ks-tui-opcode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let epd = dir.join("set.epd");
    let text = "8/8/8/4k3/8/8/4P3/4K3 w - - id \"kp\";\n8/8/8/4k3/8/8/4P3/4K3 w - - id \"bad\"; ordering \"history=often\";\n";
    std::fs::write(&epd, text).expect("write EPD");
    let path = epd.to_str().expect("utf-8 temp path");
    assert_refused(
        &["tui", "--epd", path, "--id", "kp"],
        "EPD line 2: opcode ordering \"history=often\": ordering config: `history`",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_options_are_checked_before_the_engine_starts() {
    assert_refused(&["tui", "--uci", "stockfish"], "--depth");
    assert_refused(
        &["tui", "--uci", "stockfish", "--depth", "3", "--nodes", "9"],
        "cannot be used with",
    );
    assert_refused(&["tui", "--movetime", "100"], "--uci");
    assert_refused(
        &[
            "tui",
            "--uci",
            "stockfish",
            "--option",
            "Hash",
            "--nodes",
            "9",
        ],
        "--option Hash: expected NAME=VALUE",
    );
    assert_refused(
        &[
            "tui",
            "--uci",
            "stockfish",
            "--fen",
            "8/8/8 w",
            "--nodes",
            "9",
        ],
        "--fen:",
    );
    assert_refused(
        &[
            "tui",
            "--uci",
            "stockfish",
            "--log",
            "x.kslog",
            "--nodes",
            "9",
        ],
        "cannot be used with",
    );
}
