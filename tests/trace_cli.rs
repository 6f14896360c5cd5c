//! `killerscope log …` through the real binary: output, and clean failures (status 2, no panic).

use crate::binary;
use binary::{run, text};

use std::path::PathBuf;

/// The log of a depth-3 search of the start position (a real one: every reader checks that a
/// log's moves fit its header's position).
fn search_log(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ks-cli-{}-{name}.kslog", std::process::id()));
    let file = path.to_str().expect("UTF-8 temp path");
    let out = run(&["search", "--depth", "3", "--log", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    path
}

#[test]
fn stats_export_and_dot_work_on_a_log() {
    let path = search_log("ok");
    let file = path.to_str().expect("UTF-8 temp path");

    let out = run(&["log", "stats", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stats = text(&out.stdout);
    for needle in [
        "fen:",
        "truncated:  no",
        "node_enter",
        "cutoffs:",
        "first move",
        "iteration:  depth 3",
    ] {
        assert!(stats.contains(needle), "missing {needle:?} in\n{stats}");
    }
    // The longest kind name keeps its count in the column of the others.
    let row = |kind: &str| {
        let prefix = format!("  {kind} ");
        let line = stats.lines().find(|l| l.starts_with(&prefix));
        line.unwrap_or_else(|| panic!("no {kind} row in\n{stats}"))
            .len()
    };
    assert_eq!(row("mate_killer_store"), row("node_enter"), "{stats}");

    let out = run(&["log", "export", "--jsonl", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let jsonl = text(&out.stdout);
    assert!(jsonl.lines().count() > 100);
    assert!(jsonl.starts_with("{\"type\":\"header\",\"schema\":1,"));
    let first = jsonl.lines().nth(1).expect("an event after the header");
    assert!(first.starts_with("{\"i\":0,\"type\":\"node_enter\",\"ply\":0,"));

    let out = run(&["log", "dot", file, "--node", "1", "--depth", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("digraph search {"));
    // The first iteration's root searches the infinite window: written as such, not as the
    // internal ±32001.
    let out = run(&["log", "dot", file, "--node", "0", "--depth", "0"]);
    let dot = text(&out.stdout);
    assert!(dot.contains("[-∞, ∞]") && !dot.contains("3200"), "{dot}");
    std::fs::remove_file(&path).expect("cleanup");
}

#[test]
fn bad_inputs_exit_2_with_a_message() {
    let path = search_log("bad");
    let file = path.to_str().expect("UTF-8 temp path");

    let out = run(&["log", "export", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--format <FORMAT>"));

    let out = run(&["log", "dot", file, "--node", "99999999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no node 99999999"));

    let mut bytes = std::fs::read(&path).expect("read back");
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&path, &bytes).expect("rewrite");
    let out = run(&["log", "stats", file]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: ") && err.contains(file) && err.contains("byte "),
        "{err}"
    );

    std::fs::remove_file(&path).expect("cleanup");
    let out = run(&["log", "stats", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(file));

    let dir = std::env::temp_dir();
    let out = run(&["log", "stats", dir.to_str().expect("UTF-8 temp dir")]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("cannot open: is a directory, not a regular file"),
        "{err}"
    );
}

/// A header list that claims more entries than a header holds is named as a list of entries,
/// not as a string of bytes ("claims 1025 bytes" was said of an entry count).
#[test]
fn an_overlong_header_list_is_counted_in_entries() {
    let path = search_log("list");
    let file = path.to_str().expect("UTF-8 temp path");
    let log = killerscope_log::EventLog::read_file(&path).expect("the search's log reads");
    let header = log.header();
    // Magic, version and flags, then three length-prefixed strings, then the settings count.
    let at = 12
        + [&header.fen, &header.engine, &header.filter]
            .iter()
            .map(|s| 4 + s.len())
            .sum::<usize>();
    let mut bytes = std::fs::read(&path).expect("read back");
    let count = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    assert_eq!(
        usize::from(count),
        header.ordering.len(),
        "the settings count is there"
    );
    bytes[at..at + 2].copy_from_slice(&1025u16.to_le_bytes());
    std::fs::write(&path, &bytes).expect("rewrite");
    let out = run(&["log", "stats", file]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "byte {at}: header list ordering settings claims 1025 entries (at most 1024)"
        )),
        "{err}"
    );
    assert!(!err.contains("bytes;"), "{err}");
    std::fs::remove_file(&path).expect("cleanup");
}
