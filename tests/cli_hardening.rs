//! Hostile command lines and input files through the real binary: whatever the input, the
//! answer is one short, printable `error:` message on stderr with status 2 — never an echo of
//! a megabyte, an escape sequence reaching the terminal, a hang or a runaway allocation.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary; a run that has not ended after 20 seconds is killed and fails the test,
/// so a refusal that blocks shows up as a failure, not a hung test suite. Output is drained
/// while it runs, so a long output cannot block it.
fn run(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).expect("read a pipe");
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped")));
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().expect("kill");
            let _ = child.wait();
            let shown: Vec<String> = args.iter().map(|a| a.chars().take(30).collect()).collect();
            panic!("{shown:?} still running after 20 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
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
    assert!(err.contains("stats, export, import, dot"), "{err}");
    for args in [
        &["fen"][..],
        &["perft"],
        &["compare"],
        &["log", "stats"],
        &["log", "export"],
        &["log", "dot"],
        &["log", "import"],
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
        vec!["log", "import", path, "-o", "/dev/null"],
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
    for args in &readers(path)[5..] {
        let err = refused(args, 400);
        assert!(
            err.contains(path) && err.contains("larger than 64 MiB"),
            "{err}"
        );
    }
    let good = "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\";\n";
    std::fs::write(&epd, format!("{good}{}\n", "8".repeat(1 << 20))).expect("write");
    for args in &readers(path)[5..] {
        let err = refused(args, 400);
        let at_line_2 =
            err.contains(&format!("{path}: EPD line 2:")) || err.contains(&format!("{path}:2:"));
        assert!(
            at_line_2 && err.contains("longer than 16384 bytes"),
            "{err}"
        );
    }
    std::fs::write(&epd, [good.as_bytes(), b"\xff\n"].concat()).expect("write");
    for args in &readers(path)[5..] {
        let err = refused(args, 400);
        let at = format!("not UTF-8 text: line 2, byte {}", good.len());
        assert!(err.contains(&at), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A real recorded search whose header text is hostile: escapes in every string the header
/// holds, a right-to-left override, and quotes and backslashes that could end a DOT label.
fn hostile_log(dir: &std::path::Path) -> String {
    use killerscope_log::{EventLog, SourceRow, SourceTable};
    let path = dir.join("hostile.kslog");
    let file = path.to_str().expect("UTF-8 temp path").to_string();
    let out = run(&["search", "--depth", "4", "--log", &file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = EventLog::read_file(&path).expect("the search's log reads");
    let mut header = log.header().clone();
    let evil = "\u{1b}[2J\u{202e}\"\\";
    header.engine = format!("engine{evil}");
    header.filter = format!("filter{evil}");
    header
        .ordering
        .push((format!("key{evil}"), format!("value{evil}")));
    header
        .limits
        .push((format!("limit{evil}"), format!("value{evil}")));
    let rows = header
        .sources
        .rows()
        .iter()
        .map(|r| SourceRow {
            label: format!("{}{evil}", r.label),
            name: format!("{}{evil}", r.name),
            ..r.clone()
        })
        .collect();
    header.sources = SourceTable::from_rows(rows);
    EventLog::from_parts(header, log.events().to_vec(), log.pvs().to_vec(), false)
        .write_file(&path)
        .expect("rewrite");
    file
}

/// Asserts that `out` succeeded and that its stdout holds neither an escape nor an override.
fn clean_stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('\u{1b}'), "an escape in:\n{stdout}");
    stdout
}

#[test]
fn log_header_text_is_printed_escaped() {
    let dir = scratch("header");
    let file = hostile_log(&dir);

    let stats = clean_stdout(&run(&["log", "stats", &file]));
    assert!(!stats.contains('\u{202e}'), "{stats}");
    for line in ["engine:", "filter:", "ordering:", "limits:", "sources:"] {
        let shown = stats.lines().find(|l| l.starts_with(line)).expect(line);
        assert!(shown.contains("\\u{1b}[2J\\u{202e}"), "{shown}");
    }
    assert!(stats.contains("K1\\u{1b}[2J"), "{stats}");

    let dot = clean_stdout(&run(&["log", "dot", &file, "--depth", "3"]));
    assert!(!dot.contains('\u{202e}'), "{dot}");
    let cut = dot
        .lines()
        .find(|l| l.contains("color=red"))
        .expect("a cutoff edge");
    assert!(cut.contains("\\\\u{1b}[2J\\\\u{202e}\\\"\\\\\","), "{cut}");

    let jsonl = clean_stdout(&run(&["log", "export", "--jsonl", &file]));
    assert!(
        jsonl.contains("\\u001b[2J"),
        "JSON keeps the label, escaped as JSON"
    );

    let err = refused(&["log", "stats", &format!("{file}\u{1b}[2J")], 400);
    assert!(err.contains("hostile.kslog\\u{1b}[2J"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A header FEN that is not a position is refused by every reader (no move could be checked
/// against it), and quoted escaped.
#[test]
fn a_hostile_header_fen_is_refused_and_quoted_escaped() {
    use killerscope_log::EventLog;
    let dir = scratch("fen");
    let file = hostile_log(&dir);
    let log = EventLog::read_file(&file).expect("the log reads byte for byte");
    let mut header = log.header().clone();
    header.fen = format!("{}\u{1b}[2J\u{202e}", header.fen);
    EventLog::from_parts(header, log.events().to_vec(), log.pvs().to_vec(), false)
        .write_file(&file)
        .expect("rewrite");
    for args in [
        vec!["log", "stats", &file],
        vec!["log", "dot", &file],
        vec!["log", "export", "--jsonl", &file],
    ] {
        let err = refused(&args, 400);
        assert!(
            err.contains("the header's FEN is not a usable position"),
            "{args:?}: {err}"
        );
        assert!(err.contains("\\u{1b}[2J\\u{202e}"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn epd_ids_are_printed_escaped() {
    let dir = scratch("ids");
    let epd = dir.join("set.epd");
    let line = "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\u{1b}[2J\u{202e}\";\n";
    std::fs::write(&epd, line).expect("write EPD");
    let path = epd.to_str().expect("UTF-8 temp path");
    for csv in [false, true] {
        let mut args = vec!["compare", "--depth", "1", "--epd", path];
        if csv {
            args.push("--csv");
        }
        let table = clean_stdout(&run(&args));
        assert!(!table.contains('\u{202e}'), "{table}");
        assert!(table.contains("pawn\\u{1b}[2J\\u{202e}"), "{table}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
