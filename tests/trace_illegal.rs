//! A pseudo-legal engine's search: illegal tries (`"illegal": true`) refuted by capturing the
//! king one ply down, a try refuted without a search, and a null move made in check — all kept
//! as data and marked, never refused (`tests/data/pseudo_legal.jsonl`, written by hand for a
//! position with a pinned knight).

use crate::binary;

use killerscope_engine::CutoffStats;
use killerscope_log::{Event, SearchObserver};
use killerscope_trace::{Marks, SearchTree};
use killerscope_trace::{
    jsonl::ImportOptions, jsonl::import_file, jsonl::import_reader, write_jsonl,
};
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pseudo_legal.jsonl");

fn fixture() -> killerscope_log::EventLog {
    import_file(Path::new(FIXTURE), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

#[test]
fn illegal_tries_and_a_pass_in_check_are_kept_and_counted() {
    let log = fixture();
    let mut stats = CutoffStats::new();
    for &event in log.events() {
        stats.observe(event);
    }
    assert_eq!((stats.illegal_tries, stats.illegal_nulls), (2, 1));
    assert_eq!(
        stats.nodes(),
        8,
        "every node the engine searched, the illegal ones too"
    );
    let illegal: Vec<String> = log
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Illegal { mv } => Some(mv.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(illegal, ["e2c3", "e2g1", "0000"]);
}

#[test]
fn the_tree_marks_the_refuted_nodes_and_keeps_their_subtrees() {
    let log = fixture();
    let tree = SearchTree::build(log.events());
    let root = tree.roots()[0];
    let root_node = tree.node(root).expect("root");
    assert_eq!(root_node.illegal_tries(), 2, "e2c3 searched, e2g1 not");
    let moves: Vec<(String, bool)> = tree
        .children(root)
        .filter_map(|c| tree.node(c))
        .map(|n| (n.mv().to_string(), n.illegal()))
        .collect();
    assert_eq!(
        moves,
        [("e2c3".to_string(), true), ("e1d2".to_string(), false)]
    );
    let refuted = tree.first_child(root).expect("the illegal try's node");
    let capture = tree.first_child(refuted).expect("the king capture");
    let capture = tree.node(capture).expect("node");
    assert_eq!(capture.mv().to_string(), "e8e1");
    assert!(!capture.illegal(), "the capture itself is the refutation");
    let null = (0..tree.len() as u32)
        .filter_map(|id| tree.node(id))
        .find(|n| n.is_null_move())
        .expect("the null move");
    assert!(null.illegal(), "a pass made in check");
    let marks = Marks::of(&tree, log.events(), null.id());
    assert!(marks.illegal && marks.null_search);
    assert_eq!(tree.subtree_size(null.id()), 2, "its king capture is kept");
}

#[test]
fn export_then_import_gives_back_the_same_bytes() {
    let log = fixture();
    let mut first = Vec::new();
    write_jsonl(&log, &mut first).expect("write");
    let text = String::from_utf8(first.clone()).expect("UTF-8");
    assert!(
        text.contains(r#""type":"illegal","ply":0,"move":"e2c3""#),
        "{text}"
    );
    assert!(
        text.contains(r#""type":"illegal","ply":2,"move":null"#),
        "{text}"
    );
    let (again, _) = import_reader(first.as_slice(), ImportOptions::default()).expect("reads");
    assert_eq!(again.events(), log.events());
    let mut second = Vec::new();
    write_jsonl(&again, &mut second).expect("write");
    assert_eq!(first, second);
}

fn import_lines(lines: &[&str]) -> Result<killerscope_log::EventLog, String> {
    let header = r#"{"type":"header","schema":1,"fen":"4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"}"#;
    let root = r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100}"#;
    let text = [header, root]
        .iter()
        .chain(lines)
        .copied()
        .collect::<Vec<_>>()
        .join("\n");
    import_reader(text.as_bytes(), ImportOptions::default())
        .map(|(log, _)| log)
        .map_err(|e| e.to_string())
}

#[test]
fn an_illegal_mark_is_checked_against_the_board() {
    let cases = [
        (
            r#"{"type":"move_tried","move":"e1d1","illegal":true}"#,
            "e1d1 is marked illegal but it does not leave the king attacked",
        ),
        (
            r#"{"type":"move_tried","move":"e2e4","illegal":true}"#,
            "it is not even pseudo-legal",
        ),
        (
            r#"{"type":"move_tried","move":"e2c3"}"#,
            "a pseudo-legal engine's try is marked \"illegal\": true",
        ),
        (
            r#"{"type":"illegal","move":null}"#,
            "the side to move is not in check",
        ),
    ];
    for (line, message) in cases {
        let err = import_lines(&[line]).expect_err(line);
        assert!(err.contains("line 3, column"), "{err}");
        assert!(err.contains(message), "{line}: {err}");
    }
    let log = import_lines(&[
        r#"{"type":"illegal","move":"e2c3"}"#,
        r#"{"type":"move_tried","move":"e2c3"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2c3"}"#,
    ])
    .expect("an illegal line announces the try");
    assert_eq!(
        log.events()
            .iter()
            .filter(|e| matches!(e, Event::Illegal { .. }))
            .count(),
        1
    );
}

#[test]
fn log_stats_counts_illegal_tries() {
    let out = binary::run(&["log", "stats", FIXTURE]);
    let stdout = binary::text(&out.stdout);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    assert!(
        stdout.contains("illegal:    2 tries left the king attacked, 1 null moves made in check"),
        "{stdout}"
    );
    assert!(stdout.contains("illegal"), "{stdout}");
}
