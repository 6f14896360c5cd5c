//! Recording through the real binary (`search --log`, UCI `Trace File`): the cap is honoured
//! when asked for, and a write error mid-search stops the recording with a message (a warning
//! on stderr, an `info string`) while the search goes on and the file stays a valid log,
//! marked truncated.

use crate::binary;
use binary::run as killerscope;

use killerscope_log::EventLog;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("killerscope-log-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// The binary under `ulimit -f 64` (64 blocks of 512 or 1024 bytes, depending on the shell):
/// `write` fails with `EFBIG` past the limit, as on a full disk with `ENOSPC`. `SIGXFSZ` is
/// ignored (an ignored signal stays ignored across `exec`), so the write fails instead of
/// killing the process.
fn limited(args: &[&str]) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(r#"trap '' XFSZ; ulimit -f 64; exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_killerscope"))
        .args(args);
    command
}

/// The summary's `nodes` line: what the search did, recorded or not.
fn nodes_line(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("nodes "));
    line.unwrap_or_else(|| panic!("no nodes line in {text}"))
        .to_string()
}

#[test]
fn trace_cap_is_honoured_and_marks_the_log_truncated() {
    let path = scratch("capped.kslog");
    let file = path.to_string_lossy().to_string();
    let out = killerscope(&[
        "search",
        "--fen",
        PUZZLE,
        "--depth",
        "4",
        "--json",
        "--log",
        &file,
        "--trace-cap",
        "1000",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["log"]["events"].as_u64(), Some(1000));
    assert_eq!(v["log"]["truncated"].as_bool(), Some(true));
    assert!(v["log"]["write_error"].is_null());
    let log = EventLog::read_file(&path).expect("a valid log");
    assert!(log.is_truncated() && log.len() == 1000);
    std::fs::remove_file(&path).ok();
}

#[cfg(target_os = "linux")]
#[test]
fn a_write_error_stops_recording_the_search_goes_on_and_the_log_stays_valid() {
    let path = scratch("limited.kslog");
    let file = path.to_string_lossy().to_string();
    let unrecorded = killerscope(&["search", "--fen", PUZZLE, "--depth", "5"]);
    let out = limited(&["search", "--fen", PUZZLE, "--depth", "5", "--log", &file])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "a valid log is no error: {stderr}");
    assert!(stderr.contains("warning: --log"), "{stderr}");
    assert!(stderr.contains("recording stopped after"), "{stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
    assert!(
        stderr.contains("the log is valid and marked truncated"),
        "{stderr}"
    );
    assert_eq!(
        nodes_line(&out),
        nodes_line(&unrecorded),
        "the search went on"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("(truncated: a write failed)"), "{stdout}");
    let size = std::fs::metadata(&path).expect("the file exists").len();
    assert!(size <= 64 * 1024, "{size} bytes: the limit held");
    let log = EventLog::read_file(&path).expect("a valid log");
    assert!(
        log.is_truncated() && log.len() > 1000,
        "{} events",
        log.len()
    );
    std::fs::remove_file(&path).ok();
}

#[cfg(target_os = "linux")]
#[test]
fn uci_reports_a_write_error_in_an_info_string_and_still_plays() {
    let path = scratch("uci-limited.kslog");
    let mut engine = limited(&["uci"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let script = format!(
        "uci\nsetoption name Trace File value {}\nposition fen {PUZZLE}\ngo depth 5\n",
        path.display()
    );
    // No `quit`: at the end of input a bounded search is let finish.
    let mut stdin = engine.stdin.take().expect("piped");
    stdin
        .write_all(script.as_bytes())
        .expect("the engine reads");
    drop(stdin);
    let out = engine.wait_with_output().expect("the engine ends");
    let text = String::from_utf8_lossy(&out.stdout);
    let report = text
        .lines()
        .find(|l| l.starts_with("info string trace cut short: recording stopped after"))
        .unwrap_or_else(|| panic!("the write error is reported: {text}"));
    assert!(
        report.contains("the log is valid and marked truncated"),
        "{report}"
    );
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
    let log = EventLog::read_file(&path).expect("a valid log");
    assert!(log.is_truncated() && !log.is_empty());
    std::fs::remove_file(&path).ok();
}
