//! Importing JSON Lines traces: what is checked (each error names its line, column and byte
//! offset), the defaults the schema gives left-out fields, lenient skipping that keeps the
//! nesting right, forward compatibility, and traces that end mid-node.

use killerscope::chess::{MoveFlag, START_FEN};
use killerscope::search::{Bound, Event, SourceColour};
use killerscope::trace::jsonl::{
    ImportError, ImportErrorKind, ImportOptions, ImportSummary, import_reader,
};
use killerscope::trace::{EventLog, Format, SearchTree, load_record, sniff};

const HEADER: &str = r#"{"type":"header","schema":1,"engine":"toy 1.0","sources":[{"label":"tt","colour":"cyan"},{"label":"killer","colour":"yellow","killer_slot":0},{"label":"quiet"}]}"#;

fn import_with(lines: &[&str], lenient: bool) -> Result<(EventLog, ImportSummary), ImportError> {
    let text = lines.join("\n") + "\n";
    import_reader(text.as_bytes(), ImportOptions { lenient })
}

fn import(lines: &[&str]) -> (EventLog, ImportSummary) {
    import_with(lines, false).unwrap_or_else(|e| panic!("imports: {e}"))
}

fn error(lines: &[&str]) -> ImportError {
    match import_with(lines, false) {
        Ok(_) => panic!("should not import: {lines:?}"),
        Err(e) => e,
    }
}

const ROOT: &str = r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100}"#;

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
fn null_moves_pass_but_not_in_check() {
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
    let err = error(&[
        check,
        ROOT,
        r#"{"type":"node_enter","depth":0,"alpha":-1,"beta":1,"move":null}"#,
    ]);
    assert!(
        err.to_string()
            .contains("null move (a pass) while in check"),
        "{err}"
    );
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
