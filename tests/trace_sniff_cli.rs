//! One rule tells a trace by its content, in every command: 64 or more blank lines before a
//! JSON Lines trace made it "neither a .kslog log nor a JSON Lines trace" for `log stats`,
//! `log dot`, `log plot` and `tui --log`, while `log import` read it (63 were fine).

use crate::binary;
use binary::{run, text};

use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-sniff-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A depth-2 search of the start position exported as JSON Lines.
fn trace(dir: &std::path::Path) -> Vec<u8> {
    let kslog = dir.join("s.kslog");
    let kslog = kslog.to_str().expect("UTF-8 temp path");
    let out = run(&["search", "--depth", "2", "--log", kslog]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&["log", "export", "--jsonl", kslog]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    out.stdout
}

/// What each reader says of `path`: `Ok` with its output, or `Err` with its message.
fn every_reader(path: &str, svg: &str) -> Vec<(&'static str, Result<String, String>)> {
    let commands: [(&str, Vec<&str>); 5] = [
        ("log stats", vec!["log", "stats", path]),
        ("log dot", vec!["log", "dot", path, "--depth", "1"]),
        (
            "log plot",
            vec!["log", "plot", path, "--chart", "ranks", "-o", svg],
        ),
        ("log import", vec!["log", "import", path, "-o", "/dev/null"]),
        ("tui --log", vec!["tui", "--log", path]),
    ];
    commands
        .into_iter()
        .map(|(name, args)| {
            let out = run(&args);
            let said = if out.status.success() {
                Ok(text(&out.stdout))
            } else {
                Err(text(&out.stderr))
            };
            (name, said)
        })
        .collect()
}

#[test]
fn blank_lines_before_a_trace_are_skipped_by_every_reader() {
    let dir = scratch("blank");
    let body = trace(&dir);
    let svg = dir.join("p.svg");
    let svg = svg.to_str().expect("UTF-8 temp path");
    for (n, blank) in [(63, "\n"), (64, "\n"), (65, "\r\n"), (5000, " \t\n")] {
        let file = dir.join(format!("blank-{n}.jsonl"));
        let mut bytes = "\u{feff}".as_bytes().to_vec();
        bytes.extend(blank.repeat(n).bytes());
        bytes.extend(&body);
        std::fs::write(&file, &bytes).expect("write");
        let path = file.to_str().expect("UTF-8 temp path");
        for (reader, said) in every_reader(path, svg) {
            match said {
                Ok(_) => {}
                // The explorer opens the trace before it asks for a terminal.
                Err(e) if reader == "tui --log" && e.contains("needs a terminal") => {}
                Err(e) => panic!("{reader}, {n} blank lines: {e}"),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_is_neither_format_is_refused_alike_and_a_kslog_is_not_imported() {
    let dir = scratch("neither");
    let svg = dir.join("p.svg");
    let svg = svg.to_str().expect("UTF-8 temp path");
    let file = dir.join("neither.txt");
    std::fs::write(&file, format!("{}[1, 2]\n", "\n".repeat(100))).expect("write");
    let path = file.to_str().expect("UTF-8 temp path");
    for (reader, said) in every_reader(path, svg) {
        let e = said.expect_err(reader);
        assert!(
            e.contains("neither a .kslog log") && e.contains("first line that is not blank"),
            "{reader}: {e}"
        );
    }
    trace(&dir);
    let kslog = dir.join("s.kslog");
    let out = run(&[
        "log",
        "import",
        kslog.to_str().expect("UTF-8"),
        "-o",
        "/dev/null",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is already a .kslog log"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
