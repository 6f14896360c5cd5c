//! Source roles: a log's header says what kind of heuristic each source is, so a "killer"
//! that is not a per-ply slot (another engine's best move stored per position) counts as a
//! killer in `log stats` and for every view that asks `SourceTable::is_killer`. Version-2
//! `.kslog` files, which stored no roles, still read.

use crate::binary;

use killerscope_chess::Move;
use killerscope_log::{Bound, Event, MoveSource, NodeKind, SourceRole};
use killerscope_log::{EventLog, LogErrorKind};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader, write_jsonl};

/// A version-2 `.kslog` (no role byte in its source rows), laid out byte by byte as
/// `docs/kslog-format.md` describes it, with a root node and its exit.
fn version_2_log() -> Vec<u8> {
    let mut b = Vec::new();
    let string = |b: &mut Vec<u8>, s: &str| {
        b.extend_from_slice(&(s.len() as u32).to_le_bytes());
        b.extend_from_slice(s.as_bytes());
    };
    b.extend_from_slice(b"KSLOG\r\n\x1a");
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    string(
        &mut b,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    string(&mut b, "killerscope 0.1.0");
    string(&mut b, "");
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    let rows = [
        (0u8, 255u8, "TT", "TT", "cyan"),
        (3, 0, "K1", "killer 1", "yellow"),
        (20, 255, "best", "best", "plain"),
    ];
    b.extend_from_slice(&(rows.len() as u16).to_le_bytes());
    for (code, slot, label, name, colour) in rows {
        b.extend_from_slice(&[code, slot]);
        string(&mut b, label);
        string(&mut b, name);
        string(&mut b, colour);
    }
    let events = [
        Event::NodeEnter {
            ply: 0,
            depth: 1,
            kind: NodeKind::Main,
            mv: Move::NULL,
            alpha: -100,
            beta: 100,
        },
        Event::NodeExit {
            score: 0,
            bound: Bound::Exact,
        },
    ];
    b.extend_from_slice(&(events.len() as u64).to_le_bytes());
    for e in events {
        b.extend_from_slice(&e.to_bytes());
    }
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(b"KEND");
    b.extend_from_slice(&(events.len() as u64).to_le_bytes());
    let crc = crc32fast::hash(&b);
    b.extend_from_slice(&crc.to_le_bytes());
    b
}

#[test]
fn a_version_2_log_reads_with_roles_from_its_slots_and_this_builds_rows() {
    let log = EventLog::read_from(version_2_log().as_slice()).expect("v2 still reads");
    let sources = &log.header().sources;
    let role = |code| sources.role(MoveSource::from_code(code));
    assert_eq!(
        role(0),
        SourceRole::Tt,
        "this build's TT row, same label and name"
    );
    assert_eq!(role(3), SourceRole::Killer, "a killer slot");
    assert_eq!(role(20), SourceRole::Other, "v2 could not say");
    let mut again = Vec::new();
    log.write_to(&mut again).expect("Vec write");
    assert_eq!(u16::from_le_bytes([again[8], again[9]]), 3, "written as v3");
    assert_eq!(
        EventLog::read_from(again.as_slice()).expect("v3 reads"),
        log
    );
}

#[test]
fn an_unknown_role_code_is_refused_at_its_byte() {
    let mut log = Vec::new();
    let trace = format!("{HEADER}\n{ROOT}\n{{\"type\":\"node_exit\",\"score\":0}}\n");
    let (imported, _) = import_reader(trace.as_bytes(), ImportOptions::default()).expect("reads");
    imported.write_to(&mut log).expect("Vec write");
    // The first source row starts after the strings and two empty lists; find its role byte:
    // code 0, slot 255, role.
    let at = log
        .windows(4)
        .position(|w| w == [0, 255, SourceRole::Tt.code(), 4])
        .expect("the hash row")
        + 2;
    log[at] = 200;
    let err = EventLog::read_from(log.as_slice()).expect_err("role 200");
    assert!(matches!(err.kind, LogErrorKind::UnknownRole(200)), "{err}");
    assert_eq!(err.offset, at as u64);
}

const HEADER: &str = r#"{"type":"header","schema":1,"sources":[{"label":"hash","role":"tt"},{"label":"best","role":"killer","colour":"yellow"},{"label":"K1","killer_slot":0},{"label":"quiet","role":"quiet"}]}"#;
const ROOT: &str = r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100}"#;

/// A search whose "killer" is the best move stored per position (`best`): tried three times,
/// cutting off twice, beside a slot killer tried once.
fn trace() -> String {
    [
        HEADER,
        ROOT,
        r#"{"type":"move_tried","move":"e2e4","source":"best"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"e2e4"}"#,
        r#"{"type":"move_tried","move":"e7e5","source":"best"}"#,
        r#"{"type":"cutoff","move":"e7e5","score":120}"#,
        r#"{"type":"node_exit","score":120}"#,
        r#"{"type":"move_tried","move":"d2d4","source":"K1"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100,"move":"d2d4"}"#,
        r#"{"type":"move_tried","move":"d7d5","source":"best"}"#,
        r#"{"type":"cutoff","move":"d7d5","score":150}"#,
        r#"{"type":"node_exit","score":150}"#,
        r#"{"type":"node_exit","score":-120}"#,
    ]
    .join("\n")
        + "\n"
}

#[test]
fn a_killer_that_is_not_a_slot_is_a_killer() {
    let (log, _) = import_reader(trace().as_bytes(), ImportOptions::default()).expect("reads");
    let sources = &log.header().sources;
    let by_label = |label: &str| {
        let row = sources
            .rows()
            .iter()
            .find(|r| r.label == label)
            .expect(label);
        MoveSource::from_code(row.code)
    };
    assert!(sources.is_killer(by_label("best")));
    assert!(
        sources.is_killer(by_label("K1")),
        "a slot is a killer without saying"
    );
    assert!(!sources.is_killer(by_label("hash")));
    assert_eq!(sources.role(by_label("quiet")), SourceRole::Quiet);
    let mut out = Vec::new();
    write_jsonl(&log, &mut out).expect("write");
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(
        text.contains(r#""label":"best","name":"best","colour":"yellow","code":1,"role":"killer""#),
        "{text}"
    );
    let (again, _) = import_reader(text.as_bytes(), ImportOptions::default()).expect("reads");
    assert_eq!(again.header().sources, *sources);
}

#[test]
fn log_stats_counts_every_killer_source_in_the_hit_rates() {
    let dir = std::env::temp_dir().join(format!("ks-roles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("best.jsonl");
    std::fs::write(&path, trace()).expect("write");
    let out = binary::run(&["log", "stats", path.to_str().expect("UTF-8 path")]);
    let stdout = binary::text(&out.stdout);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    assert!(
        stdout.contains("killers:    0 stores, 4 tried, 2 cut off"),
        "{stdout}"
    );
    assert!(stdout.contains("  K1: tried 1, cut 0 (0.0%)"), "{stdout}");
    assert!(
        stdout.contains("  best: tried 3, cut 2 (66.7%)"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_role_the_schema_does_not_have_is_named() {
    let header = r#"{"type":"header","schema":1,"sources":[{"label":"x","role":"killr"}]}"#;
    let err = import_reader(format!("{header}\n").as_bytes(), ImportOptions::default())
        .expect_err("unknown role");
    let text = err.to_string();
    assert!(text.contains("line 1, column 60"), "{text}");
    assert!(
        text.contains("\"role\" is \"killr\"; it must be one of: tt, capture, killer"),
        "{text}"
    );
}
