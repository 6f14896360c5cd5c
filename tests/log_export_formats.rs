//! `log export --speedscope` and `--pgn`: the flame graph's open/close pairs are the tree's
//! nodes, each as wide as its subtree (checked against `SearchTree`); the PGN's every move,
//! in the main line and in each variation, is legal where it stands (read back with the SAN
//! parser), and its comments give scores and node types.

use crate::binary;

use killerscope_chess::Position;
use killerscope_chess::parse_san;
use killerscope_trace::SearchTree;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_file};
use serde_json::Value;
use std::path::PathBuf;

fn recorded(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-export-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("s.kslog");
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let run = binary::run(&[
        "search",
        "--fen",
        fen,
        "--depth",
        "4",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", binary::text(&run.stderr));
    log
}

#[test]
fn speedscope_frames_are_nodes_as_wide_as_their_subtrees() {
    let log = recorded("speedscope");
    let run = binary::run(&["log", "export", "--speedscope", log.to_str().unwrap()]);
    assert!(run.status.success(), "{}", binary::text(&run.stderr));
    let file: Value = serde_json::from_slice(&run.stdout).expect("JSON");
    assert_eq!(
        file["$schema"],
        "https://www.speedscope.app/file-format-schema.json"
    );
    let profile = &file["profiles"][0];
    assert_eq!(profile["type"], "evented");
    let frames = file["shared"]["frames"].as_array().expect("frames");
    let events = profile["events"].as_array().expect("events");
    let read = killerscope_log::EventLog::read_file(&log).expect("log");
    let tree = SearchTree::build(read.events());
    assert_eq!(profile["endValue"], tree.len() as u64);
    let (mut open, mut id) = (Vec::new(), 0u32);
    for e in events {
        let at = e["at"].as_u64().expect("at");
        let frame = e["frame"].as_u64().expect("frame") as usize;
        match e["type"].as_str() {
            Some("O") => {
                let node = tree.node(id).expect("a node per open");
                let name = frames[frame]["name"].as_str().expect("name");
                let expected = if node.parent().is_none() {
                    "root".to_string()
                } else {
                    node.mv().to_string()
                };
                assert_eq!(name, expected);
                assert_eq!(at, u64::from(id), "the clock counts nodes entered");
                open.push((id, frame, at));
                id += 1;
            }
            Some("C") => {
                let (node, opened, at_open) = open.pop().expect("closes nest");
                assert_eq!(frame, opened);
                assert_eq!(
                    at - at_open,
                    u64::from(tree.subtree_size(node)),
                    "width = subtree"
                );
            }
            other => panic!("event type {other:?}"),
        }
    }
    assert!(open.is_empty());
    assert_eq!(id as usize, tree.len());
}

/// Reads PGN movetext, checking each SAN move where it stands: a variation replaces the move
/// before it. Returns how many moves were read.
fn replay(fen: &str, movetext: &str) -> usize {
    let mut stack: Vec<(Position, Position)> = Vec::new();
    let start = Position::from_fen(fen).expect("FEN");
    let (mut before, mut now) = (start.clone(), start);
    let mut moves = 0;
    let mut text = movetext.replace('(', " ( ").replace(')', " ) ");
    while let Some(open) = text.find('{') {
        let close = text[open..].find('}').expect("closed comment") + open;
        text.replace_range(open..=close, " ");
    }
    for token in text.split_whitespace() {
        match token {
            "(" => {
                stack.push((before.clone(), now.clone()));
                now = before.clone();
            }
            ")" => (before, now) = stack.pop().expect("balanced"),
            "*" => {}
            t if t.ends_with('.') => {}
            san => {
                let mv = parse_san(&now, san)
                    .unwrap_or_else(|e| panic!("{san} in {}: {e:?}", now.to_fen()));
                before = now.clone();
                now.make_move(mv);
                moves += 1;
            }
        }
    }
    assert!(stack.is_empty());
    moves
}

#[test]
fn pgn_lines_and_variations_are_legal_with_scores_and_node_types() {
    let log = recorded("pgn");
    let run = binary::run(&["log", "export", "--pgn", log.to_str().unwrap()]);
    let pgn = binary::text(&run.stdout);
    assert!(run.status.success(), "{}", binary::text(&run.stderr));
    let fen = pgn
        .lines()
        .find_map(|l| {
            l.strip_prefix("[FEN \"")
                .and_then(|l| l.strip_suffix("\"]"))
        })
        .expect("a FEN tag");
    let movetext: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(replay(fen, &movetext) > 10, "{pgn}");
    assert!(
        movetext.contains(" PV}") && movetext.contains(" CUT}") && movetext.contains(" ALL}"),
        "{pgn}"
    );
    assert!(pgn.lines().all(|l| l.len() <= 79), "{pgn}");
    // A deeper node: the game starts at its position, the moves to it in [Line].
    let deep = binary::run(&[
        "log",
        "export",
        "--pgn",
        "--node",
        "5",
        log.to_str().unwrap(),
    ]);
    let text = binary::text(&deep.stdout);
    assert!(deep.status.success(), "{}", binary::text(&deep.stderr));
    let line = text
        .lines()
        .find(|l| l.starts_with("[Line \""))
        .expect("Line tag");
    assert!(line.len() > "[Line \"\"]".len(), "{text}");
    let missing = binary::run(&[
        "log",
        "export",
        "--pgn",
        "--node",
        "999999999",
        log.to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(binary::text(&missing.stderr).contains("no node 999999999"));
}

#[test]
fn a_pseudo_legal_trace_exports_both_and_leaves_illegal_tries_out_of_the_pgn() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pseudo_legal.jsonl");
    let run = binary::run(&["log", "export", "--pgn", fixture]);
    let pgn = binary::text(&run.stdout);
    assert!(run.status.success(), "{}", binary::text(&run.stderr));
    assert!(pgn.contains("1. Kd2") && !pgn.contains("Nc3"), "{pgn}");
    let run = binary::run(&["log", "export", "--speedscope", fixture]);
    let file: Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let (log, _) =
        import_file(std::path::Path::new(fixture), ImportOptions::default()).expect("reads");
    assert_eq!(
        file["profiles"][0]["endValue"],
        SearchTree::build(log.events()).len() as u64
    );
}
