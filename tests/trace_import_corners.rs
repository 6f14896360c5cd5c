//! The corners of the trace schema that a new user's engine meets and docs/trace-schema.md
//! answers ("Corners"): each decision as the importer reads it — a principal-variation
//! re-search, an illegal try's index, a move scored without a node, a fail-hard engine, the
//! mate band's edges, an infinity equal to the mate score, depths below zero, a second search
//! in one file, a killer row holding a move twice, a truncation learnt only at the end.

use crate::import_support;

use import_support::{HEADER, ROOT, error, import};
use killerscope_engine::{score::INFINITY, score::MATE, score::MATE_BOUND};
use killerscope_log::{Bound, Event, NodeKind};
use killerscope_trace::{jsonl::ImportOptions, jsonl::fail_hard, jsonl::import_reader};

fn tried(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MoveTried { index, .. } => Some(*index),
            _ => None,
        })
        .collect()
}

#[test]
fn a_pvs_re_search_is_a_second_enter_of_the_same_move() {
    let (log, summary) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4","source":"quiet"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"node_exit","score":10}"#,
        r#"{"type":"move_tried","move":"d2d4","source":"quiet"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-11,"beta":-10,"move":"d2d4"}"#,
        r#"{"type":"node_exit","score":-20}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":-10,"move":"d2d4"}"#,
        r#"{"type":"node_exit","score":-30}"#,
        r#"{"type":"node_exit","score":30}"#,
    ]);
    assert_eq!(summary.nodes, 4, "root, e4, d4 and d4 searched again");
    assert_eq!(tried(log.events()), [0, 1], "two moves tried, not three");
}

#[test]
fn an_illegal_try_takes_its_index_in_the_ordered_list() {
    let header = r#"{"type":"header","schema":1,"fen":"4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"}"#;
    let (log, _) = import(&[
        header,
        ROOT,
        r#"{"type":"move_tried","move":"e2c3","illegal":true}"#,
        r#"{"type":"move_tried","move":"e1d1"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e1d1"}"#,
        r#"{"type":"node_exit","score":0}"#,
        r#"{"type":"node_exit","score":0}"#,
    ]);
    assert_eq!(
        tried(log.events()),
        [0, 1],
        "the legal move is the second tried"
    );
}

#[test]
fn a_move_scored_in_its_parent_has_no_node() {
    // The engine saw the repetition (or a table result) before recursing: a try, no node.
    let (log, summary) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"g1f3","source":"quiet"}"#,
        r#"{"type":"cutoff","move":"g1f3","score":100}"#,
        r#"{"type":"node_exit","score":100}"#,
    ]);
    assert_eq!(summary.nodes, 1);
    assert!(matches!(log.events()[2], Event::Cutoff { score: 100, .. }));
}

const FAIL_HARD: &str = r#"{"type":"header","schema":1,"ordering":{"fail":"hard"}}"#;

#[test]
fn a_fail_hard_engine_says_so_and_its_exits_stay_in_their_windows() {
    let (log, _) = import(&[
        FAIL_HARD,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4"}"#,
        r#"{"type":"node_enter","depth":0,"alpha":-100,"beta":100,"move":"e2e4","kind":"quiescence"}"#,
        r#"{"type":"static_score","kind":"stand_pat","score":-250}"#,
        r#"{"type":"node_exit","score":-100}"#,
        r#"{"type":"node_exit","score":100}"#,
    ]);
    assert!(fail_hard(log.header()));
    // The number born (-250) and the clamp (-100, failed low) are both kept.
    assert!(matches!(
        log.events()[3],
        Event::StaticScore { score: -250, .. }
    ));
    assert_eq!(
        log.events()[4],
        Event::NodeExit {
            score: -100,
            bound: Bound::Upper
        }
    );
    let err = error(&[FAIL_HARD, ROOT, r#"{"type":"node_exit","score":150}"#]);
    assert!(
        err.message.contains("outside the node's window") && err.message.contains("fail-hard"),
        "{err}"
    );
    let err = error(&[
        r#"{"type":"header","schema":1,"ordering":{"fail":"sometimes"}}"#,
        ROOT,
    ]);
    assert!(err.message.contains("\"fail\" is \"sometimes\""), "{err}");
    let (log, _) = import(&[HEADER, ROOT, r#"{"type":"node_exit","score":150}"#]);
    assert!(!fail_hard(log.header()), "fail-soft unless declared");
}

/// The root's window as read.
fn root_window(header: &str, alpha: i64, beta: i64) -> ((i32, i32), u64) {
    let root = format!(r#"{{"type":"node_enter","depth":1,"alpha":{alpha},"beta":{beta}}}"#);
    let (log, summary) = import(&[header, &root, r#"{"type":"node_exit","score":0}"#]);
    match log.events()[0] {
        Event::NodeEnter { alpha, beta, .. } => ((alpha, beta), summary.scores_cut),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_mate_band_ends_at_the_mate_score_and_past_it_is_infinite() {
    let header = r#"{"type":"header","schema":1,"mate":30000}"#;
    // mate + 1000 (an engine's INF) is infinite, not a mate; mate - 1000 is the band's end.
    assert_eq!(
        root_window(header, -31000, 31000),
        ((-INFINITY, INFINITY), 0)
    );
    assert_eq!(root_window(header, -29000, 30000), ((-MATE_BOUND, MATE), 0));
    assert_eq!(root_window(header, -28999, 28999), ((-28999, 28999), 0));
}

#[test]
fn an_infinity_equal_to_the_mate_score_is_declared_and_read_as_infinite() {
    let same = r#"{"type":"header","schema":1,"mate":30000,"infinity":30000}"#;
    assert_eq!(root_window(same, -30000, 30000), ((-INFINITY, INFINITY), 0));
    // Undeclared, the same window reads as mates at the root.
    let mate_only = r#"{"type":"header","schema":1,"mate":30000}"#;
    assert_eq!(root_window(mate_only, -30000, 30000), ((-MATE, MATE), 0));
    // Past a declared infinity, values are cut to it and counted.
    assert_eq!(root_window(same, -30500, 30000), ((-INFINITY, INFINITY), 1));
    let above = r#"{"type":"header","schema":1,"mate":30000,"infinity":31000}"#;
    assert_eq!(
        root_window(above, -31000, 30500),
        ((-INFINITY, INFINITY), 1)
    );
    let err = error(&[r#"{"type":"header","schema":1,"mate":30000,"infinity":20000}"#]);
    assert!(err.message.contains("below the mate score 30000"), "{err}");
}

#[test]
fn depths_below_zero_are_kept_as_written() {
    let (log, _) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4"}"#,
        r#"{"type":"node_enter","depth":-3,"alpha":-100,"beta":100,"move":"e2e4","kind":"quiescence"}"#,
        r#"{"type":"node_exit","score":0}"#,
        r#"{"type":"node_exit","score":0}"#,
    ]);
    assert!(matches!(
        log.events()[2],
        Event::NodeEnter {
            depth: -3,
            kind: NodeKind::Quiescence,
            ..
        }
    ));
}

#[test]
fn a_second_search_in_one_file_ends_the_first() {
    let lines = [
        HEADER,
        ROOT,
        r#"{"type":"node_exit","score":0}"#,
        r#"{"type":"header","schema":1,"fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100}"#,
        r#"{"type":"move_tried","move":"e1g1"}"#,
    ];
    let (log, summary) = import(&lines);
    assert_eq!(log.len(), 2, "the first search only");
    assert!(!log.is_truncated());
    assert_eq!(summary.next_search, Some(4));
    assert_eq!(summary.lines_not_read, 3);
    // Its lines are not read at all: not even their syntax.
    let broken = [
        HEADER,
        ROOT,
        r#"{"type":"node_exit","score":0}"#,
        HEADER,
        "{not json",
    ];
    assert_eq!(import(&broken).1.next_search, Some(4));
}

#[test]
fn a_killer_row_may_hold_a_move_twice() {
    let (log, _) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"g1f3","source":"killer"}"#,
        r#"{"type":"cutoff","move":"g1f3","score":100}"#,
        r#"{"type":"killer_store","move":"g1f3","slots":["g1f3","g1f3"]}"#,
        r#"{"type":"node_exit","score":100}"#,
    ]);
    match log.events()[3] {
        Event::KillerStore { mv, slots, .. } => assert_eq!(slots.as_slice(), [mv, mv]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_tt_entry_too_shallow_to_cut_is_a_hit_without_a_cutoff() {
    let (log, _) = import(&[
        HEADER,
        ROOT,
        r#"{"type":"tt_hit","move":"e2e4","depth":1,"score":35,"bound":"lower"}"#,
        r#"{"type":"node_exit","score":0}"#,
    ]);
    assert!(matches!(
        log.events()[1],
        Event::TtHit {
            depth: 1,
            cutoff: false,
            ..
        }
    ));
}

#[test]
fn a_truncation_learnt_at_the_end_is_a_last_line() {
    let closed = [HEADER, ROOT, r#"{"type":"node_exit","score":0}"#];
    assert!(!import(&closed).0.is_truncated());
    let marked = [&closed[..], &[r#"{"type":"truncated"}"#]].concat();
    let (log, summary) = import(&marked);
    assert!(log.is_truncated());
    assert_eq!((log.len(), summary.unknown_kinds), (2, 0));
    // A key it does not have is refused by --strict, as on any line.
    let text = [&closed[..], &[r#"{"type":"truncated","why":"cap"}"#]]
        .concat()
        .join("\n");
    let strict = ImportOptions {
        strict: true,
        ..ImportOptions::default()
    };
    let err = import_reader(text.as_bytes(), strict).expect_err("strict");
    assert!(err.message.contains("unknown key \"why\""), "{err}");
}
