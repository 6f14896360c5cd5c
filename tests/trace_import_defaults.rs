//! Importing JSON Lines traces: the defaults the schema gives left-out fields, lenient
//! skipping that keeps the nesting right, forward compatibility, traces that end mid-node,
//! null moves, mates, and telling the formats apart by content.

use crate::import_support;

use import_support::{HEADER, ROOT, import, import_with};
use killerscope_chess::{Move, MoveFlag};
use killerscope_log::{Bound, Event, SourceColour};
use killerscope_trace::{Format, SearchTree, load_record, sniff};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};

#[test]
fn left_out_fields_get_the_documented_defaults() {
    let (log, _) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4","source":"quiet"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"node_exit","score":-150}"#,
        r#"{"type":"move_tried","move":"g1f3","source":"killer"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"g1f3"}"#,
        r#"{"type":"node_exit","score":-120}"#,
        r#"{"type":"cutoff","move":"g1f3","score":120}"#,
        r#"{"type":"killer_store","move":"g1f3"}"#,
        r#"{"type":"killer_store","move":"e2e4"}"#,
        r#"{"type":"node_exit","score":120}"#,
        r#"{"type":"iteration","depth":2,"score":120,"pv":["g1f3"]}"#,
    ]);
    let sources = &log.header().sources;
    let events = log.events();
    let Event::MoveTried { index, mv, .. } = events[4] else {
        panic!("{:?}", events[4])
    };
    assert_eq!(index, 1, "index counts the moves tried");
    assert_eq!(mv.flag(), MoveFlag::Quiet);
    let Event::MoveTried { mv: e4, .. } = events[1] else {
        panic!()
    };
    assert_eq!(e4.flag(), MoveFlag::DoublePush, "flags come from the board");
    let Event::Cutoff {
        index,
        source,
        beta,
        ..
    } = events[7]
    else {
        panic!("{:?}", events[7])
    };
    assert_eq!(
        (index, beta),
        (1, 100),
        "index and beta from the try and the node"
    );
    assert_eq!(sources.killer_slot(source), Some(0), "source from the try");
    assert_eq!(
        events[3],
        Event::NodeExit {
            score: -150,
            bound: Bound::Upper
        }
    );
    assert_eq!(
        events[10],
        Event::NodeExit {
            score: 120,
            bound: Bound::Lower
        }
    );
    let Event::KillerStore { slots, .. } = events[9] else {
        panic!("{:?}", events[9])
    };
    let row: Vec<String> = slots.as_slice().iter().map(|m| m.to_string()).collect();
    assert_eq!(row, ["e2e4", "g1f3"], "a new store shifts the row");
    let Event::Iteration { nodes, .. } = events[11] else {
        panic!()
    };
    assert_eq!(nodes.get(), 3, "nodes entered so far");
    assert_eq!(log.pv(0).len(), 1);
}

#[test]
fn unknown_keys_kinds_and_sources_are_skipped_or_added_never_fatal() {
    let (log, summary) = import(&[
        r#"{"type":"header","schema":1,"engine":"x","future":{"a":[1,2]},"sources":[{"label":"tt","shade":"dark"}]}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-1,"beta":1,"nps":123456,"slots":[]}"#,
        r#"{"type":"singular_extension","move":"e2e4","margin":50}"#,
        r#"{"type":"move_tried","move":"e2e4","source":"followup"}"#,
        r#"{"type":"node_enter","depth":0,"alpha":-1,"beta":1,"move":"e2e4"}"#,
        r#"{"type":"node_exit","score":0}"#,
        r#"{"type":"node_exit","score":0}"#,
    ]);
    assert_eq!(summary.unknown_kinds, 1);
    assert_eq!(
        summary.unknown_keys, 4,
        "future, shade, nps, and slots on a node_enter"
    );
    assert_eq!(summary.undeclared_sources, 1);
    let row = log
        .header()
        .sources
        .rows()
        .iter()
        .find(|r| r.label == "followup");
    let row = row.expect("an undeclared label gets its own row");
    assert_eq!(row.colour, SourceColour::Plain);
    assert_eq!(log.len(), 5);
}

#[test]
fn lenient_skips_bad_lines_and_keeps_the_nesting() {
    let lines = [
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e5"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e5"}"#,
        r#"{"type":"move_tried","move":"e7e5"}"#,
        r#"{"type":"node_enter","depth":0,"alpha":-100,"beta":100,"move":"e7e5"}"#,
        r#"{"type":"node_exit","score":3}"#,
        r#"{"type":"node_exit","score":"bad"}"#,
        r#"{"type":"move_tried","move":"d2d4"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"d2d4"}"#,
        r#"{"type":"node_exit","score":"oops"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta"#,
        r#"{"type":"node_exit","score":5}"#,
        r#"{"type":"node_exit","score":7}"#,
    ];
    let strict = import_with(&lines, false).expect_err("strict stops at line 3");
    assert_eq!(strict.line, 3);
    let (log, summary) = import_with(&lines, true).expect("lenient");
    // Line 3 (illegal try), the whole e2e5 subtree (lines 4-8), the truncated enter (12) and
    // its exit (13) are skipped; the d2d4 child with a bad exit is closed anyway.
    assert_eq!(summary.skipped, 9, "{summary:?}");
    assert!(
        summary
            .first_skipped
            .as_deref()
            .is_some_and(|s| s.contains("line 3"))
    );
    let tree = SearchTree::build(log.events());
    assert_eq!(tree.len(), 2, "the root and d2d4");
    let root = tree.roots()[0];
    assert_eq!(tree.children(root).count(), 1);
    assert_eq!(
        tree.node(root).and_then(|n| n.result()),
        Some((7, Bound::Exact))
    );
    assert!(!log.is_truncated());
}

#[test]
fn a_trace_ending_mid_node_leaves_it_unfinished() {
    let (log, summary) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
    ]);
    assert!(log.is_truncated());
    assert_eq!(summary.open_at_end, 2);
    let tree = SearchTree::build(log.events());
    assert_eq!(tree.open_nodes().count(), 2);
    // A last line cut off without its newline is an error that says so.
    let text = format!("{HEADER}\n{ROOT}\n{{\"type\":\"node_ex");
    let err = import_reader(text.as_bytes(), ImportOptions::default()).expect_err("cut");
    assert!(
        err.to_string().contains("the last line has no newline"),
        "{err}"
    );
}

#[test]
fn null_moves_pass_and_a_pass_in_check_is_kept_and_marked_illegal() {
    let (log, _) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"node_enter","depth":0,"alpha":-100,"beta":100,"move":null}"#,
        r#"{"type":"move_tried","move":"e7e5"}"#,
        r#"{"type":"node_exit","score":0}"#,
        r#"{"type":"null_move","score":0,"depth":0,"reduction":2}"#,
        r#"{"type":"node_exit","score":0}"#,
    ]);
    assert_eq!(log.len(), 6);
    let check = r#"{"type":"header","schema":1,"fen":"4k3/8/8/8/8/8/8/4K2r w - - 0 1"}"#;
    let (log, _) = import(&[
        check,
        ROOT,
        r#"{"type":"node_enter","depth":0,"alpha":-1,"beta":1,"move":"e1d2"}"#,
        r#"{"type":"node_enter","depth":0,"alpha":-1,"beta":1,"move":null}"#,
    ]);
    assert_eq!(log.len(), 3, "Black is not in check after Kd2: it may pass");
    let (log, _) = import(&[
        check,
        ROOT,
        r#"{"type":"node_enter","depth":0,"alpha":-1,"beta":1,"move":null}"#,
    ]);
    assert_eq!(
        log.events()[1],
        Event::Illegal { mv: Move::NULL },
        "a pass in check is data: kept, and marked illegal before its node"
    );
    assert!(matches!(log.events()[2], Event::NodeEnter { ply: 1, .. }));
}

#[test]
fn mates_are_moves_from_the_node() {
    let (log, _) = import(&[
        r#"{"type":"header","schema":1,"fen":"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}"#,
        r#"{"type":"node_enter","depth":2,"alpha":-2147483647,"beta":2147483647}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-32001,"beta":32001,"move":"d1d8"}"#,
        r#"{"type":"node_exit","score":{"mate":0}}"#,
        r#"{"type":"node_exit","score":{"mate":1}}"#,
    ]);
    let score = |i: usize| match log.events()[i] {
        Event::NodeExit { score, .. } => score,
        e => panic!("{e:?}"),
    };
    assert_eq!(score(2), -(32_000 - 1), "mated on the board at ply 1");
    assert_eq!(score(3), 32_000 - 1, "mate in 1 from the root");
    let Event::NodeEnter { alpha, beta, .. } = log.events()[0] else {
        panic!()
    };
    assert_eq!(
        (alpha, beta),
        (-32_001, 32_001),
        "infinite bounds are clamped"
    );
}

#[test]
fn records_are_opened_by_content_not_by_name() {
    let dir = std::env::temp_dir().join(format!("ks-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let misnamed = dir.join("search.kslog");
    std::fs::write(&misnamed, format!("{HEADER}\n{ROOT}\n")).expect("write");
    let (log, summary) = load_record(&misnamed, ImportOptions::default()).expect("a trace");
    assert_eq!(log.len(), 1);
    assert_eq!(summary.map(|s| s.open_at_end), Some(1));
    let binary = dir.join("search.jsonl");
    log.write_file(&binary).expect("write");
    let (back, summary) = load_record(&binary, ImportOptions::default()).expect("a .kslog");
    assert_eq!((back, summary), (log, None));
    assert_eq!(sniff(b"\n  {"), Some(Format::Jsonl));
    std::fs::write(&binary, "not a record").expect("write");
    let err = load_record(&binary, ImportOptions::default()).expect_err("neither");
    assert!(err.to_string().contains("neither a .kslog log"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
