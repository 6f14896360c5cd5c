//! `killerscope log plot` and `compare --svg` through the real binary, as a teacher would run
//! them: a log recorded with `search --log`, every chart to a file and to stdout, and clean
//! failures (status 2, an `error:` line, no panic) for an unknown chart, an output that cannot
//! be written, a file that is not a log and options that do not fit the chart.

mod plot_support;

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-plot-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A log of a depth-3 search of the start position, recorded by the binary.
fn recorded(dir: &std::path::Path) -> String {
    let log = dir.join("start.kslog");
    let log = log.to_str().expect("UTF-8 temp path").to_string();
    let out = run(&["search", "--depth", "3", "--log", &log]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    log
}

fn assert_refused(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.starts_with("error:") && err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn every_chart_goes_to_a_file_or_to_stdout() {
    let dir = scratch("ok");
    let log = recorded(&dir);
    for chart in ["nodes-per-ply", "ranks", "sources", "ebf", "icicle"] {
        let svg = dir.join(format!("{chart}.svg"));
        let svg = svg.to_str().expect("UTF-8 temp path");
        let out = run(&["log", "plot", &log, "--chart", chart, "-o", svg]);
        assert!(out.status.success(), "{chart}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{chart}: nothing on stdout");
        let written = std::fs::read_to_string(svg).expect("the SVG was written");
        plot_support::parse(&written);
    }
    let args = [
        "log", "plot", &log, "--chart", "icicle", "--colour", "source",
    ];
    let out = run(&[&args[..], &["--node", "1", "-o", "-"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = plot_support::parse(&text(&out.stdout));
    assert!(
        page.strings()[0].contains("(node 1, ply 1)"),
        "{:?}",
        page.strings()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_charts_outputs_logs_and_options_exit_2_with_a_message() {
    let dir = scratch("bad");
    let log = recorded(&dir);
    let out = run(&["log", "plot", &log, "--chart", "pie", "-o", "-"]);
    assert_refused(&out, "nodes-per-ply");
    let missing = dir.join("no-such-dir").join("x.svg");
    let missing = missing.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "plot", &log, "--chart", "ranks", "-o", missing]);
    assert_refused(&out, "cannot write");
    let here = dir.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "plot", &log, "--chart", "ranks", "-o", here]);
    assert_refused(&out, "cannot write");
    let junk = dir.join("junk.kslog");
    std::fs::write(&junk, "not a log at all").expect("write");
    let junk = junk.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "plot", junk, "--chart", "ebf", "-o", "-"]);
    assert_refused(&out, "junk.kslog");
    assert!(out.stdout.is_empty());
    let out = run(&[
        "log", "plot", &log, "--chart", "ranks", "--node", "1", "-o", "-",
    ]);
    assert_refused(&out, "--chart icicle only");
    let out = run(&[
        "log", "plot", &log, "--chart", "icicle", "--node", "99999999", "-o", "-",
    ]);
    assert_refused(&out, "no node 99999999");
    let out = run(&["log", "plot", &log, "--chart", "icicle"]);
    assert_refused(&out, "--output");
    let _ = std::fs::remove_dir_all(&dir);
}
