//! Every echo of user input is bounded and on one line: each command's error path is fed a huge
//! input — an argument of 100 KB (about what one argument may be), a file of 1 MB — full of
//! newlines and escape sequences, and what it prints must stay a few lines, a few kilobytes,
//! with no escape reaching the terminal. (A lesson's 300 KB `chart` value of newlines was
//! printed whole, `log query` echoed a 120 KB query, and `"a\nb\nc"` came out on three lines.)
//! Also `help --help`, which clap refused.

use crate::binary;

use std::path::PathBuf;

/// Input from a hostile user: starts like something plausible, then newlines, escape
/// sequences (clear the screen, retitle the window) and junk, about `bytes` long.
fn hostile(start: &str, bytes: usize) -> String {
    let unit = "a\nb\r\n\u{1b}[2J\u{1b}]0;pwned\u{7}\u{202e}xyz ";
    let mut text = start.to_string();
    while text.len() < bytes {
        text.push_str(unit);
    }
    text
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-echo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    dir.join(name)
}

/// Checks what a command printed: bounded and on few lines, no escape, no raw newline of the
/// input (its `a`/`b` lines) — the input's own line breaks are escaped. What is wrong, if any.
fn check(what: &str, out: &std::process::Output) -> Result<(), String> {
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let text = binary::text(bytes);
        let head: String = text.chars().take(300).collect();
        let lines = text.lines().count();
        let echoed = text
            .lines()
            .filter(|l| *l == "b" || l.starts_with("b\r"))
            .count();
        if bytes.len() >= 12_000 {
            return Err(format!("{what}: {} bytes on {stream}: {head}", bytes.len()));
        }
        if bytes.contains(&0x1b) || text.contains('\u{202e}') {
            return Err(format!("{what}: an escape on {stream}: {head}"));
        }
        if echoed > 0 || lines >= 60 {
            return Err(format!(
                "{what}: the input's lines on {stream} ({lines}): {head}"
            ));
        }
    }
    Ok(())
}

/// Fails with every problem found, not just the first.
fn all_ok(problems: Vec<String>) {
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// A small log of the test's own (`name`: tests run at once must not share one being written).
fn log_file(name: &str) -> String {
    let path = scratch(name);
    let out = binary::run(&[
        "search",
        "--depth",
        "2",
        "--log",
        path.to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    path.to_str().expect("UTF-8").to_string()
}

#[test]
fn every_error_path_echoes_a_huge_argument_bounded_on_one_line() {
    let log = log_file("errors.kslog");
    let junk = hostile("e2e4 ", 100_000);
    let fenish = hostile(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
        100_000,
    );
    let j = junk.as_str();
    let f = fenish.as_str();
    let commands: Vec<Vec<&str>> = vec![
        vec!["fen", f],
        vec!["fen", j],
        vec!["search", "--fen", f],
        vec!["perft", "--depth", "1", "--fen", j],
        vec!["search", "--depth", "1", "--ordering", j],
        vec!["search", "--depth", "1", "--search", j],
        vec![
            "search",
            "--depth",
            "1",
            "--log",
            "/dev/null",
            "--trace-line",
            j,
        ],
        vec![
            "search",
            "--depth",
            "1",
            "--log",
            "/dev/null",
            "--trace-plies",
            j,
        ],
        vec!["search", "--depth", j],
        vec![
            "compare",
            "--depth",
            "1",
            "--config",
            j,
            "--config",
            "killers=2",
        ],
        vec![
            "diff",
            "--depth",
            "1",
            "--config",
            j,
            "--config",
            "killers=2",
        ],
        vec!["bench", "--depth", "1", "--config", j],
        vec!["log", "query", &log, j],
        vec!["log", "stats", j],
        vec!["log", "why", &log, "--node", j],
        vec!["log", "dot", &log, "--node", j],
        vec!["log", "export", &log, "--format", j],
        vec!["log", "plot", &log, j],
        vec!["lesson", j],
        vec!["lesson", "--check", "--file", j],
        vec![
            "uci-trace",
            "--engine",
            j,
            "--depth",
            "1",
            "-o",
            "/dev/null",
        ],
        vec![
            "uci-trace",
            "--engine",
            "x",
            "--option",
            j,
            "--depth",
            "1",
            "-o",
            "/dev/null",
        ],
        vec![
            "uci-trace",
            "--engine",
            "x",
            "--fen",
            f,
            "--depth",
            "1",
            "-o",
            "/dev/null",
        ],
        vec!["exercise", "--fen", f, "--depth", "1"],
        vec!["exercise", "--depth", "1", "--kinds", j],
        vec!["tui", "--fen", f],
        vec!["tui", "--log", j],
        vec![j],
    ];
    let mut problems = Vec::new();
    for args in &commands {
        let out = binary::run(args);
        let what = format!("{:?}", &args[..args.len() - 1]);
        if out.status.success() {
            problems.push(format!("{what}: accepted"));
        }
        problems.extend(check(&what, &out).err());
    }
    all_ok(problems);
}

#[test]
fn a_huge_query_that_reads_is_echoed_bounded() {
    let log = log_file("query.kslog");
    let mut query = "id>=0".to_string();
    while query.len() < 100_000 {
        query.push_str(" and id>=0");
    }
    let out = binary::run(&["log", "query", &log, &query, "--limit", "1"]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    all_ok(
        check("log query (a long query)", &out)
            .err()
            .into_iter()
            .collect(),
    );
    let text = binary::text(&out.stdout);
    assert!(
        text.starts_with("query    id>=0 and id>=0"),
        "{}",
        &text[..200]
    );
}

#[test]
fn files_of_a_megabyte_are_echoed_bounded() {
    let junk = hostile("", 1 << 20);
    let quoted = junk
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    let quoted = quoted
        .replace('\r', "\\r")
        .replace('\u{1b}', "\\u001b")
        .replace('\u{7}', "\\u0007");
    let lesson = |field: &str| {
        let load = match field {
            "load" | "fen" => "",
            _ => "load = \"killer-puzzle\"\n",
        };
        format!(
            "title = \"t\"\nsummary = \"s\"\n[[step]]\ntext = \"x\"\n{load}search = {{ depth = 2 }}\n{field} = \"{quoted}\"\n"
        )
    };
    let mut files = Vec::new();
    for field in ["chart", "load", "wait", "fen"] {
        files.push((
            format!("lesson {field}"),
            format!("{field}.toml"),
            lesson(field),
        ));
    }
    files.push((
        "a trace line".into(),
        "t.jsonl".into(),
        format!("{{\"type\":\"header\",\"schema\":1}}\n{{\"type\":\"node_enter\",\"move\":\"{quoted}\"}}\n"),
    ));
    files.push((
        "a trace header".into(),
        "h.jsonl".into(),
        format!("{{\"type\":\"header\",\"schema\":1,\"fen\":\"{quoted}\"}}\n"),
    ));
    files.push(("an EPD line".into(), "p.epd".into(), format!("{junk}\n")));
    let mut problems = Vec::new();
    for (what, name, contents) in files {
        let path = scratch(&name);
        std::fs::write(&path, contents).expect("write");
        let p = path.to_str().expect("UTF-8");
        let out = match name.rsplit('.').next() {
            Some("toml") => binary::run(&["lesson", "--check", "--file", p]),
            Some("epd") => binary::run(&[
                "compare",
                "--epd",
                p,
                "--depth",
                "1",
                "--config",
                "killers=2",
            ]),
            _ => binary::run(&["log", "stats", p]),
        };
        std::fs::remove_file(&path).ok();
        if out.status.success() {
            problems.push(format!("{what}: accepted"));
        }
        problems.extend(check(&what, &out).err());
    }
    all_ok(problems);
    // "a\nb\nc" in a lesson's chart is one line of the error.
    let path = scratch("abc.toml");
    std::fs::write(
        &path,
        "title = \"t\"\nsummary = \"s\"\n[[step]]\ntext = \"x\"\nload = \"killer-puzzle\"\nsearch = { depth = 2 }\nchart = \"a\\nb\\nc\"\n",
    )
    .expect("write");
    let out = binary::run(&["lesson", "--check", "--file", path.to_str().expect("UTF-8")]);
    let err = binary::text(&out.stderr);
    assert!(err.contains("no chart is called \"a\\nb\\nc\""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn help_has_help() {
    for args in [vec!["help", "--help"], vec!["help", "-h"]] {
        let out = binary::run(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            binary::text(&out.stderr)
        );
        assert!(
            binary::text(&out.stdout).contains("Usage: killerscope help"),
            "{args:?}"
        );
    }
    let out = binary::run(&["help", "log", "--help"]);
    assert!(binary::text(&out.stdout).contains("Usage: killerscope log"));
}
