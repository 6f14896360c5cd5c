//! Importing JSON Lines traces: what is checked, each error naming its line, column and byte
//! offset — illegal moves, broken structure, cutoffs below beta, missing fields, wrong types,
//! bad JSON, a bad header, an overlong line.

use crate::import_support;

use import_support::{HEADER, ROOT, error, import, import_with};
use killerscope_chess::START_FEN;
use killerscope_log::{Bound, Event};
use killerscope_trace::{jsonl::ImportErrorKind, jsonl::ImportOptions, jsonl::import_reader};

#[test]
fn the_shortest_trace_imports() {
    let (log, summary) = import(&[
        r#"{"type":"header","schema":1}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100}"#,
        r#"{"type":"node_exit","score":0}"#,
    ]);
    assert_eq!(log.header().fen, START_FEN);
    assert_eq!(log.len(), 2);
    assert!(!log.is_truncated());
    assert_eq!(summary.lines, 3);
    assert_eq!(
        log.events()[1],
        Event::NodeExit {
            score: 0,
            bound: Bound::Exact
        }
    );
}

#[test]
fn an_illegal_move_names_line_column_and_the_position() {
    let err = error(&[
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"move_tried","move":"e2e5"}"#,
    ]);
    assert!(matches!(err.kind, ImportErrorKind::Invalid));
    assert_eq!((err.line, err.column), (5, 29));
    let shown = err.to_string();
    assert!(shown.contains("line 5, column 29"), "{shown}");
    assert!(
        shown.contains(
            "e2e5 is not a legal move in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        ),
        "{shown}"
    );
    let offset: usize = [HEADER, ROOT, r#"{"type":"move_tried","move":"e2e4"}"#]
        .iter()
        .map(|l| l.len() + 1)
        .sum::<usize>()
        + r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#.len()
        + 1
        + 28;
    assert_eq!(err.byte, offset as u64);
}

#[test]
fn structure_and_alpha_beta_are_checked() {
    let cases: [(&[&str], (u64, usize), &str); 7] = [
        (
            &[HEADER, r#"{"type":"node_exit","score":0}"#],
            (2, 1),
            "an exit without an enter",
        ),
        (
            &[
                HEADER,
                ROOT,
                r#"{"type":"cutoff","move":"e2e4","score":50,"beta":100}"#,
            ],
            (3, 40),
            "cutoff score cp 50 is below its beta cp 100",
        ),
        (
            &[
                HEADER,
                ROOT,
                r#"{"type":"cutoff","move":"e2e4","score":50}"#,
            ],
            (3, 40),
            "below its beta cp 100",
        ),
        (
            &[HEADER, r#"{"type":"move_tried","move":"e2e4"}"#],
            (2, 1),
            "outside any node",
        ),
        (
            &[
                HEADER,
                ROOT,
                r#"{"type":"node_enter","ply":3,"depth":1,"alpha":-1,"beta":1,"move":"e2e4"}"#,
            ],
            (3, 28),
            "\"ply\" is 3, but the open node is at ply 0",
        ),
        (
            &[
                HEADER,
                ROOT,
                r#"{"type":"node_enter","depth":1,"alpha":-1,"beta":1}"#,
            ],
            (3, 1),
            "missing required field \"move\" (null for a null move)",
        ),
        (
            &[
                HEADER,
                r#"{"type":"node_enter","depth":1,"alpha":-1,"beta":1,"move":"e2e4"}"#,
            ],
            (2, 59),
            "the root: its \"move\" must be null",
        ),
    ];
    for (lines, (line, column), needle) in cases {
        let err = error(lines);
        assert_eq!((err.line, err.column), (line, column), "{err}");
        assert!(err.to_string().contains(needle), "{err}");
    }
}

#[test]
fn missing_fields_wrong_types_and_bad_json_are_named() {
    let cases: [(&str, usize, &str); 9] = [
        (
            r#"{"type":"node_enter","alpha":-1,"beta":1}"#,
            1,
            "node_enter: missing required field \"depth\"",
        ),
        (
            r#"{"type":"node_enter","depth":"2","alpha":-1,"beta":1}"#,
            30,
            "field \"depth\" must be an integer, found a string",
        ),
        (
            r#"{"type":"node_enter","depth":2.5,"alpha":-1,"beta":1}"#,
            30,
            "found a number with a fraction or exponent",
        ),
        (
            r#"{"type":"node_enter","depth":300,"alpha":-1,"beta":1}"#,
            30,
            "is 300, out of range -128..=127",
        ),
        (
            r#"{"type":"node_enter","depth":1,"alpha":"low","beta":1}"#,
            40,
            "\"alpha\" must be an integer (centipawns) or {\"mate\": n}",
        ),
        (
            r#"{"type":"node_enter","depth":1,"alpha":99999999999999999999999,"beta":1}"#,
            40,
            "too large for a score",
        ),
        (
            r#"{"type":"node_enter","depth":1,"alpha":{"mate":900},"beta":1}"#,
            40,
            "mate 900 at ply 0 lies beyond the 1000 plies",
        ),
        (
            r#"{"type":"node_enter","depth":1,"alpha":-1,"beta":1"#,
            51,
            "expected , or } found the end of the line (cut short?)",
        ),
        (r#"{"depth":1}"#, 1, "missing required field \"type\""),
    ];
    for (line, column, needle) in cases {
        let err = error(&[HEADER, line]);
        assert_eq!((err.line, err.column), (2, column), "{err}");
        assert!(err.to_string().contains(needle), "{line}: {err}");
    }
}

#[test]
fn the_header_must_come_first_and_be_known() {
    let cases: [(&str, &str); 5] = [
        (
            r#"{"type":"node_enter","depth":1}"#,
            "the first line must be the trace header",
        ),
        (
            r#"{"type":"header","schema":2}"#,
            "schema version 2: this build reads version 1",
        ),
        (
            r#"{"type":"header"}"#,
            "missing required header field \"schema\"",
        ),
        (
            r#"{"type":"header","schema":1,"fen":"8/8/8 w - - 0 1"}"#,
            "header field \"fen\": FEN piece placement",
        ),
        (
            r#"{"type":"header","schema":1,"sources":[{"label":"a"},{"label":"a"}]}"#,
            "source label \"a\" is declared twice",
        ),
    ];
    for (line, needle) in cases {
        let err = import_with(&[line], true).expect_err(line);
        assert_eq!(err.line, 1, "{err}");
        assert!(err.to_string().contains(needle), "{line}: {err}");
    }
    let empty = import_reader(&b"\n\n"[..], ImportOptions::default()).expect_err("no header");
    assert!(matches!(empty.kind, ImportErrorKind::Empty), "{empty}");
}

#[test]
fn a_line_too_long_is_refused_without_holding_it() {
    let long = format!(r#"{{"type":"node_exit","pad":"{}"}}"#, "x".repeat(2 << 20));
    let err = error(&[HEADER, ROOT, &long]);
    assert_eq!(err.line, 3);
    assert!(err.to_string().contains("more than the 1048576"), "{err}");
    let (log, summary) = import_with(
        &[HEADER, ROOT, &long, r#"{"type":"node_exit","score":1}"#],
        true,
    )
    .expect("lenient");
    assert_eq!((log.len(), summary.skipped), (2, 1));
}
