//! `.kslog` files: identical round trips; every damaged input is an error with an offset.

use crate::trace_common;

use killerscope_chess::Move;
use killerscope_engine::HeaderSettings;
use killerscope_log::{Bound, MoveSource, NodeKind, SourceColour};
use killerscope_log::{
    Event, EventLog, LogErrorKind, Recorder, SourceRow, SourceTable, TraceFilter,
};
use killerscope_trace::write_jsonl;
use trace_common::{header, record, toy_log};

fn small_log() -> EventLog {
    let mut rec = Recorder::new(header()).with_filter(TraceFilter::Plies(0..3));
    record(&mut rec, 3);
    rec.into_log()
}

fn bytes_of(log: &EventLog) -> Vec<u8> {
    let mut out = Vec::new();
    log.write_to(&mut out)
        .expect("writing to a Vec cannot fail");
    out
}

#[test]
fn round_trip_is_identical() {
    let log = toy_log(4);
    let bytes = bytes_of(&log);
    let back = EventLog::read_from(bytes.as_slice()).expect("own output reads back");
    assert_eq!(back, log);
    assert_eq!(bytes_of(&back), bytes);
    assert_eq!(
        back.header().engine,
        format!("killerscope {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn truncated_flag_and_filter_survive_the_round_trip() {
    let mut rec = Recorder::new(header())
        .with_cap(500)
        .with_filter(TraceFilter::Plies(0..9));
    record(&mut rec, 4);
    let log = rec.into_log();
    assert!(log.is_truncated());
    let back = EventLog::read_from(bytes_of(&log).as_slice()).expect("reads back");
    assert!(back.is_truncated());
    assert_eq!(back.header().filter, "plies 0..9");
    assert_eq!(back, log);
}

#[test]
fn same_input_gives_identical_bytes() {
    assert_eq!(bytes_of(&small_log()), bytes_of(&small_log()));
}

#[test]
fn every_truncation_is_an_error_at_or_before_the_cut() {
    let bytes = bytes_of(&small_log());
    for len in 0..bytes.len() {
        let err = EventLog::read_from(&bytes[..len]).expect_err("a cut file must not read");
        assert!(
            err.offset <= len as u64,
            "cut at {len}, error at {}",
            err.offset
        );
        let expected_empty = len == 0;
        assert_eq!(
            matches!(err.kind, LogErrorKind::Empty),
            expected_empty,
            "cut at {len}: {err}"
        );
        assert!(err.to_string().starts_with(&format!("byte {}", err.offset)));
    }
}

#[test]
fn every_byte_flip_is_detected() {
    let bytes = bytes_of(&small_log());
    for at in 0..bytes.len() {
        for mask in [0x01u8, 0x80, 0xff] {
            let mut bad = bytes.clone();
            bad[at] ^= mask;
            let err = EventLog::read_from(bad.as_slice());
            assert!(err.is_err(), "flip {mask:#x} at byte {at} went unnoticed");
        }
    }
}

#[test]
fn pseudo_random_corruption_never_panics() {
    let bytes = bytes_of(&small_log());
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        let mut bad = bytes.clone();
        for _ in 0..4 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let at = (state % bad.len() as u64) as usize;
            bad[at] = (state >> 32) as u8;
        }
        let cut = (state >> 40) as usize % (bad.len() + 1);
        let _ = EventLog::read_from(&bad[..cut]);
    }
}

#[test]
fn empty_foreign_and_padded_files_are_refused_clearly() {
    let err = EventLog::read_from(&[][..]).expect_err("empty");
    assert!(matches!(err.kind, LogErrorKind::Empty));
    let err = EventLog::read_from(&b"\x89PNG\r\n\x1a\n and more bytes"[..]).expect_err("foreign");
    assert!(matches!(err.kind, LogErrorKind::NotAKslog));
    assert_eq!(err.offset, 0);
    assert!(err.to_string().contains("not a killerscope event log"));

    let mut bytes = bytes_of(&small_log());
    let end = bytes.len() as u64;
    bytes.push(0);
    let err = EventLog::read_from(bytes.as_slice()).expect_err("trailing");
    assert!(matches!(err.kind, LogErrorKind::TrailingData));
    assert_eq!(err.offset, end);

    let mut bytes = bytes_of(&small_log());
    bytes[8] = 9;
    let err = EventLog::read_from(bytes.as_slice()).expect_err("future version");
    assert!(matches!(err.kind, LogErrorKind::UnsupportedVersion(9)));
}

#[test]
fn a_bad_event_names_its_index_and_offset() {
    let log = small_log();
    let mut bytes = bytes_of(&log);
    // An event-less log is the same header and event count followed by 20 bytes: PV count,
    // trailer marker, trailer count and checksum.
    let header_len = bytes_of(&EventLog::new(log.header().clone())).len() - 20;
    let at = header_len + 16 * 5;
    bytes[at] = 0x42;
    let err = EventLog::read_from(bytes.as_slice()).expect_err("bad tag");
    assert!(
        matches!(err.kind, LogErrorKind::BadEvent { index: 5, .. }),
        "{err}"
    );
    assert_eq!(err.offset, at as u64);
}

#[test]
fn file_helpers_round_trip_and_name_the_path() {
    let log = small_log();
    let path = std::env::temp_dir().join(format!("killerscope-trace-{}.kslog", std::process::id()));
    log.write_file(&path).expect("temp dir is writable");
    let back = EventLog::read_file(&path).expect("reads back");
    std::fs::remove_file(&path).expect("cleanup");
    assert_eq!(back, log);
    let err = EventLog::read_file(&path).expect_err("removed");
    assert!(err.to_string().contains(&path.display().to_string()));
}

#[test]
fn event_encoding_is_canonical() {
    let log = small_log();
    let mut kinds = std::collections::HashSet::new();
    for e in log.events() {
        kinds.insert(e.kind());
        trace_common::assert_canonical(e);
    }
    assert!(
        kinds.len() >= 6,
        "the sample covers the event types: {kinds:?}"
    );
}

/// Serves `bytes`, then fails with an I/O error instead of reporting the end of the data.
struct Failing<'a> {
    bytes: &'a [u8],
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.bytes.is_empty() {
            return Err(std::io::Error::other("device unplugged"));
        }
        let n = buf.len().min(self.bytes.len()).min(7);
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn read_errors_are_reported_where_they_happen() {
    let bytes = bytes_of(&small_log());
    for at in [0, 5, 40, bytes.len() / 2, bytes.len() - 3, bytes.len()] {
        let err = EventLog::read_from(Failing {
            bytes: &bytes[..at],
        })
        .expect_err("I/O error");
        assert!(matches!(err.kind, LogErrorKind::Io(_)), "at {at}: {err}");
        assert_eq!(err.offset, at as u64);
        assert!(err.to_string().contains("device unplugged"));
    }
}

#[test]
fn the_header_source_table_and_settings_round_trip() {
    let log = toy_log(2);
    let back = EventLog::read_from(bytes_of(&log).as_slice()).expect("reads back");
    assert_eq!(back.header().sources, SourceTable::builtin());
    assert_eq!(back.header().ordering, log.header().ordering);
    assert_eq!(back.header().limits_text(), "depth 4");
    let labels: Vec<&str> = back
        .header()
        .sources
        .rows()
        .iter()
        .map(|r| r.label.as_str())
        .collect();
    assert_eq!(
        labels,
        [
            "TT", "Cap", "MK", "K1", "K2", "K3", "K4", "K5", "CM", "Hist", "RHist", "Quiet",
            "Orcl", "FU"
        ]
    );
}

#[test]
fn a_log_from_another_vocabulary_reads_with_its_own_labels() {
    let mut header = header();
    header.engine = "otherengine 2.0".into();
    header.ordering = vec![("iid".into(), "on".into())];
    let counter = SourceRow {
        code: 42,
        label: "CM".into(),
        name: "countermove".into(),
        colour: SourceColour::Magenta,
        killer_slot: None,
    };
    header.sources = SourceTable::from_rows(vec![counter]);
    let cut = Event::Cutoff {
        mv: Move::NULL,
        index: 0,
        source: MoveSource::from_code(42),
        score: 10,
        beta: 5,
    };
    let events = vec![
        Event::NodeEnter {
            ply: 0,
            depth: 1,
            kind: NodeKind::Main,
            mv: Move::NULL,
            alpha: -100,
            beta: 5,
        },
        cut,
        Event::NodeExit {
            score: 10,
            bound: Bound::Lower,
        },
    ];
    let log = EventLog::from_parts(header, events, Vec::new(), false);
    let back = EventLog::read_from(bytes_of(&log).as_slice()).expect("a foreign vocabulary reads");
    assert_eq!(back, log);
    let sources = &back.header().sources;
    assert_eq!(sources.label(MoveSource::from_code(42)), "CM");
    assert_eq!(sources.name(MoveSource::from_code(42)), "countermove");
    assert_eq!(back.header().ordering_config(), None);
    let mut jsonl = Vec::new();
    write_jsonl(&back, &mut jsonl).expect("Vec write");
    let jsonl = String::from_utf8(jsonl).expect("UTF-8");
    assert!(jsonl.contains("\"source\":\"CM\""), "{jsonl}");
}

#[test]
fn a_version_1_log_is_refused_with_a_clear_message() {
    let mut bytes = bytes_of(&small_log());
    bytes[8..10].copy_from_slice(&1u16.to_le_bytes());
    let err = EventLog::read_from(bytes.as_slice()).expect_err("v1 is not read");
    assert!(matches!(err.kind, LogErrorKind::UnsupportedVersion(1)));
    let text = err.to_string();
    assert!(text.contains("written by .kslog format v1"), "{text}");
    assert!(text.contains("formats v2–v3"), "{text}");
}
