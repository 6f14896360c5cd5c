//! Hostile command lines and input files through the real binary: whatever the input, the
//! answer is one short, printable `error:` message on stderr with status 2 — never an echo of
//! a megabyte, an escape sequence reaching the terminal, a hang or a runaway allocation.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary; a run that has not ended after 20 seconds is killed and fails the test,
/// so a refusal that blocks shows up as a failure, not a hung test suite.
fn run(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kill");
            let _ = child.wait();
            let shown: Vec<String> = args.iter().map(|a| a.chars().take(30).collect()).collect();
            panic!("{shown:?} still running after 20 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().expect("output")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch directory for this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-hardening-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir is writable");
    dir
}

/// Asserts a refusal: status 2, nothing on stdout, and on stderr one `error:` message of at
/// most `max` bytes with no control character but newlines; returns the message.
fn refused(args: &[&str], max: usize) -> String {
    let out = run(args);
    let err = text(&out.stderr);
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(30).collect()).collect();
    assert_eq!(out.status.code(), Some(2), "{shown:?}: {err}");
    assert!(out.stdout.is_empty(), "{shown:?}: {}", text(&out.stdout));
    assert!(err.starts_with("error:"), "{shown:?}: {err}");
    assert!(err.len() <= max, "{shown:?}: {} bytes: {err}", err.len());
    assert!(
        !err.chars().any(|c| c.is_control() && c != '\n'),
        "{shown:?}: {err:?}"
    );
    err
}

#[test]
fn bad_input_is_quoted_short_and_escaped() {
    let dir = scratch("quote");
    let log = dir.join("x.kslog");
    let log = log.to_str().expect("UTF-8 temp path");
    let epd = dir.join("set.epd");
    std::fs::write(&epd, "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\";\n").expect("write EPD");
    let epd = epd.to_str().expect("UTF-8 temp path");
    let junk = format!("\u{1b}[2J{}", "a".repeat(100_000));
    let pair = format!("killers={junk}");
    let cases: [&[&str]; 9] = [
        &["search", "--ordering", &junk],
        &["search", "--ordering", &pair],
        &["compare", "--depth", "1", "--config", &junk],
        &[
            "search",
            "--depth",
            "1",
            "--log",
            log,
            "--trace-line",
            &junk,
        ],
        &[
            "search",
            "--depth",
            "1",
            "--log",
            log,
            "--trace-plies",
            &junk,
        ],
        &["search", "--depth", &junk],
        &["search", "--fen", &junk],
        &["tui", "--epd", epd, "--id", &junk],
        &["search", &junk],
    ];
    for args in cases {
        let err = refused(args, 400);
        assert!(err.contains("\\u{1b}[2J"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_ply_range_out_of_bounds_says_so() {
    let dir = scratch("plies");
    let log = dir.join("x.kslog");
    let log = log.to_str().expect("UTF-8 temp path");
    let args = ["search", "--depth", "1", "--log", log, "--trace-plies"];
    let err = refused(&[&args[..], &["0..=255"]].concat(), 200);
    assert!(
        err.contains("255 is out of range") && err.contains("0..=127"),
        "{err}"
    );
    let err = refused(&[&args[..], &["0-4"]].concat(), 200);
    assert!(err.contains("expected a range like 0..4"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_subcommand_or_argument_is_an_error_not_a_help_page() {
    let err = refused(&["log"], 400);
    assert!(err.contains("requires a subcommand"), "{err}");
    assert!(err.contains("stats, export, dot"), "{err}");
    for args in [
        &["fen"][..],
        &["perft"],
        &["compare"],
        &["log", "stats"],
        &["log", "export"],
        &["log", "dot"],
    ] {
        let err = refused(args, 400);
        assert!(err.contains("required"), "{args:?}: {err}");
    }
    let help = run(&["log", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("stats"));
}

/// Every command that reads a file named on the command line, with `path` as that file.
fn readers(path: &str) -> Vec<Vec<&str>> {
    vec![
        vec!["log", "stats", path],
        vec!["log", "export", "--jsonl", path],
        vec!["log", "dot", path],
        vec!["tui", "--log", path],
        vec!["tui", "--epd", path, "--id", "x"],
        vec!["compare", "--depth", "1", "--epd", path],
    ]
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_at_once() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let fifo = fifo.to_str().expect("UTF-8 temp path");
    for args in readers(fifo) {
        let err = refused(&args, 400);
        assert!(
            err.contains("is a FIFO (named pipe), not a regular file"),
            "{args:?}: {err}"
        );
    }
    for args in readers("/dev/zero") {
        let err = refused(&args, 400);
        assert!(err.contains("is a character device"), "{args:?}: {err}");
    }
    let err = refused(&["search", "--depth", "1", "--log", fifo], 400);
    assert!(err.contains("--log") && err.contains("FIFO"), "{err}");
    let out = run(&["search", "--depth", "1", "--log", "/dev/null"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn epd_files_are_read_within_bounds() {
    let dir = scratch("epd");
    let epd = dir.join("set.epd");
    let path = epd.to_str().expect("UTF-8 temp path");
    let file = std::fs::File::create(&epd).expect("create");
    file.set_len(10 << 30).expect("a sparse 10 GiB file");
    drop(file);
    for args in &readers(path)[4..] {
        let err = refused(args, 400);
        assert!(
            err.contains(path) && err.contains("larger than 64 MiB"),
            "{err}"
        );
    }
    let good = "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\";\n";
    std::fs::write(&epd, format!("{good}{}\n", "8".repeat(1 << 20))).expect("write");
    for args in &readers(path)[4..] {
        let err = refused(args, 400);
        let at_line_2 =
            err.contains(&format!("{path}: EPD line 2:")) || err.contains(&format!("{path}:2:"));
        assert!(
            at_line_2 && err.contains("longer than 16384 bytes"),
            "{err}"
        );
    }
    std::fs::write(&epd, [good.as_bytes(), b"\xff\n"].concat()).expect("write");
    for args in &readers(path)[4..] {
        let err = refused(args, 400);
        let at = format!("not UTF-8 text: line 2, byte {}", good.len());
        assert!(err.contains(&at), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
