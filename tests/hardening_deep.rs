//! Deep trees: a line past 255 plies reads whole in every reader — a Texel log, its JSON Lines
//! export and a `.kslog` — with each ply's byte the ply modulo 256 and the nesting saying the
//! rest; a Texel record whose ply is not its nesting's is named; and `log why` on a line
//! 100,000 plies deep answers in seconds and a bounded memory (it grew with the square of the
//! depth: 1.6 GB at 5,000 plies, an abort at 100,000).

use crate::binary;
use crate::texel_support;

use killerscope_chess::Position;
use killerscope_log::EventLog;
use killerscope_trace::texel::read_texel;
use killerscope_trace::{NodeId, SearchTree};
use killerscope_trace::{line::Step, line::position_at};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// The node at the bottom of a one-line log (the last node entered).
fn bottom(tree: &SearchTree) -> NodeId {
    tree.len() as NodeId - 1
}

#[test]
fn a_line_past_255_plies_reads_whole_in_every_reader() {
    let plies = 600u32;
    let (log, summary) = read_texel(texel_support::deep_line(plies).as_slice()).expect("reads");
    assert_eq!(summary.nodes, u64::from(plies));
    assert!(!log.is_truncated());
    let tree = SearchTree::build(log.events());
    let deepest = bottom(&tree);
    let node = tree.node(deepest).expect("the bottom node");
    assert_eq!(u32::from(node.ply()), plies % 256, "the byte wraps");
    let line = tree.line(deepest);
    assert_eq!(
        line.len(),
        plies as usize,
        "every ply is a move, none a same-position search"
    );
    assert!(line.iter().all(|(_, s)| matches!(s, Step::Move(_))));
    let at = position_at(&tree, &Position::startpos(), deepest).expect("playable");
    let board = |p: &Position| p.to_fen().split(' ').take(4).collect::<Vec<_>>().join(" ");
    assert_eq!(
        board(&at),
        board(&Position::startpos()),
        "600 knight moves go out and back"
    );

    // Its JSON Lines export reads back event for event, and so does a .kslog of it.
    let mut jsonl = Vec::new();
    killerscope_trace::write_jsonl(&log, &mut jsonl).expect("export");
    let (again, _) = killerscope_trace::jsonl::import_reader(
        jsonl.as_slice(),
        killerscope_trace::jsonl::ImportOptions::default(),
    )
    .expect("the export imports");
    assert_eq!(again.events(), log.events());
    let file = scratch("deep.kslog");
    log.write_file(&file).expect("write");
    let read = EventLog::read_file(&file).expect("read");
    assert_eq!(read.events(), log.events());
    // The commands' reader checks each ply byte against the nesting, modulo 256.
    let why = binary::run(&["log", "why", file.to_str().expect("UTF-8"), "--node", "1"]);
    let text = binary::text(&why.stdout);
    assert!(why.status.success(), "{}", binary::text(&why.stderr));
    assert!(
        text.contains("chain: 600 links"),
        "{}",
        &text[..text.len().min(400)]
    );
    std::fs::remove_file(&file).ok();

    // A trace that gives each ply whole reads the same.
    let exact = String::from_utf8(jsonl)
        .expect("UTF-8")
        .lines()
        .map(|l| l.to_string())
        .collect::<Vec<_>>();
    let mut depth = 0u32;
    let rewritten: Vec<String> = exact
        .iter()
        .map(|l| {
            if l.contains("\"node_enter\"") {
                let byte = format!("\"ply\":{}", depth % 256);
                let l = l.replacen(&byte, &format!("\"ply\":{depth}"), 1);
                depth += 1;
                l
            } else {
                if l.contains("\"node_exit\"") {
                    depth -= 1;
                }
                l.clone()
            }
        })
        .collect();
    assert!(
        rewritten.iter().any(|l| l.contains("\"ply\":599")),
        "whole plies written"
    );
    let (whole, _) = killerscope_trace::jsonl::import_reader(
        rewritten.join("\n").as_bytes(),
        killerscope_trace::jsonl::ImportOptions::default(),
    )
    .expect("whole plies import");
    assert_eq!(whole.events(), log.events());
}

#[test]
fn a_texel_ply_that_is_not_its_nesting_is_named() {
    let mut bytes = texel_support::deep_line(300);
    // Node 3 (record 5, ply 3) says ply 0.
    bytes[5 * 18 + 15] = 0;
    let err = read_texel(bytes.as_slice())
        .expect_err("refused")
        .to_string();
    assert!(
        err.contains("record 5") && err.contains("says ply 0, but it is nested at ply 3"),
        "{err}"
    );
    // Past 255 the byte is checked modulo 256: ply 290 must say 34.
    let mut bytes = texel_support::deep_line(300);
    bytes[(3 + 289) * 18 + 15] = 200;
    let err = read_texel(bytes.as_slice())
        .expect_err("refused")
        .to_string();
    assert!(
        err.contains("nested at ply 290") && err.contains("is 34 in Texel's one-byte field"),
        "{err}"
    );
    // A no-move search (b1b1) at its parent's ply reads; one ply deeper it does not.
    let mut bytes = texel_support::deep_line(2);
    bytes.truncate(5 * 18);
    let no_move = 1u16 | 1 << 6;
    bytes.extend_from_slice(&texel_support::start(4, no_move, -50, 50, 2, 1));
    let same = bytes.clone();
    assert!(read_texel(same.as_slice()).is_ok());
    let mut deeper = bytes;
    deeper[5 * 18 + 15] = 3;
    let err = read_texel(deeper.as_slice())
        .expect_err("refused")
        .to_string();
    assert!(err.contains("keeps its parent's ply"), "{err}");
}

/// Runs `killerscope ARGS`, returning its stdout, its wall time and its peak resident memory
/// in KiB as last read from `/proc/<pid>/status` before it exited.
#[cfg(target_os = "linux")]
fn run_measured(args: &[&str]) -> (Vec<u8>, Duration, u64) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut all = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut all).map(|_| all)
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let out = reader.join().expect("reader").expect("stdout");
            assert!(status.success(), "{args:?}: {status}");
            return (out, started.elapsed(), peak);
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{args:?} still running after a minute"
        );
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn log_why_on_a_line_100000_plies_deep_is_fast_and_small() {
    let plies = 100_000u32;
    let file = scratch("deep.texel");
    std::fs::write(&file, texel_support::deep_line(plies)).expect("write");
    let path = file.to_str().expect("UTF-8 path");
    let (out, took, peak) = run_measured(&["log", "why", path, "--node", "1"]);
    let text = String::from_utf8(out).expect("UTF-8");
    let rows = text.lines().filter(|l| l.contains("best move")).count();
    assert_eq!(rows, plies as usize - 1, "a row per link but the last");
    assert!(
        text.contains("chain: 100,000 links, 99,999 plies down from node 1 to node 100000"),
        "{}",
        &text[..text.len().min(500)]
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(peak < 300 << 10, "{peak} KiB");
    eprintln!("log why, {plies} plies: {took:?}, peak {} MiB", peak >> 10);

    let (out, took, peak) = run_measured(&["log", "why", path, "--node", "1", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out).expect("one JSON document");
    assert_eq!(doc["length"], plies);
    let chain = doc["chain"].as_array().expect("a chain");
    assert_eq!(chain.len(), plies as usize);
    assert_eq!(chain[0]["move"], "Nf3");
    assert_eq!(chain[1]["move"], "Nf6");
    assert_eq!(chain[2]["move"], "Ng1");
    assert_eq!(doc["path"], serde_json::json!(["Nf3"]));
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(peak < 300 << 10, "{peak} KiB");
    std::fs::remove_file(&file).ok();
}
