//! A damaged `.kslog` opened the ways the explorer and the log commands open it — mapped and
//! checked (`open_mapped`, `Unchecked::check`), or read a chunk at a time (`LogReader`) — is
//! refused exactly when reading it into memory refuses it: cut at every length, a bit flipped
//! at every byte, bytes added after it. Every refusal is an error at a byte offset inside the
//! file, never a panic, and a file shorter than its event count is caught before any event is
//! read (so a mapped read never faults past the end).

use crate::trace_common;

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use killerscope_log::{EventLog, LogError, LogErrorKind, LogReader, Recorder, open_mapped};
use trace_common::{header, record};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-mapped-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn small_log_bytes() -> Vec<u8> {
    let mut rec = Recorder::new(header());
    record(&mut rec, 1);
    let mut bytes = Vec::new();
    rec.into_log().write_to(&mut bytes).expect("to memory");
    bytes
}

/// The log at `path` mapped and checked: the error, if any.
fn mapped(path: &Path) -> Result<(), LogError> {
    let (log, unchecked) = open_mapped(path)?;
    unchecked.check(log.events(), &mut |_| ControlFlow::Continue(()))?;
    Ok(())
}

/// The log at `path` read a chunk at a time: the error, if any.
fn streamed(path: &Path) -> Result<(), LogError> {
    let mut reader = LogReader::open(path)?;
    let mut buf = Vec::new();
    while reader.next_chunk(&mut buf)? {}
    reader.finish()
}

/// Writes `bytes` to `path` and checks the two readers against the in-memory one.
fn agree(path: &Path, bytes: &[u8], what: &str) {
    std::fs::write(path, bytes).expect("writes");
    let memory = EventLog::read_from(bytes).map(|_| ());
    for (reader, result) in [("mapped", mapped(path)), ("streamed", streamed(path))] {
        assert_eq!(
            result.is_ok(),
            memory.is_ok(),
            "{what}: {reader} {result:?}, in memory {memory:?}"
        );
        if let Err(e) = result {
            assert!(e.offset <= bytes.len() as u64, "{what}: {reader} {e}");
            assert_eq!(
                e.path.as_deref(),
                Some(path),
                "{what}: the error names the file"
            );
        }
    }
}

#[test]
fn every_cut_is_refused_as_the_in_memory_reader_refuses_it() {
    let bytes = small_log_bytes();
    let path = scratch("cut.kslog");
    for len in 0..bytes.len() {
        agree(&path, &bytes[..len], &format!("cut at {len}"));
    }
    agree(&path, &bytes, "whole");
    let mut longer = bytes.clone();
    longer.push(0);
    agree(&path, &longer, "a byte added");
}

#[test]
fn every_flipped_byte_is_refused_as_the_in_memory_reader_refuses_it() {
    let bytes = small_log_bytes();
    let path = scratch("flip.kslog");
    for at in 0..bytes.len() {
        for bit in [0x01, 0x80] {
            let mut bad = bytes.clone();
            bad[at] ^= bit;
            agree(&path, &bad, &format!("bit {bit:#x} of byte {at}"));
        }
    }
}

#[test]
fn an_event_count_past_the_file_is_caught_before_reading_events() {
    let bytes = small_log_bytes();
    let path = scratch("count.kslog");
    let log = EventLog::read_from(bytes.as_slice()).expect("valid");
    let events = log.len() as u64;
    let tail = bytes.len() - 16 * log.len();
    let count_at = (0..tail)
        .find(|&i| bytes[i..i + 8] == events.to_le_bytes())
        .expect("the count is in the header");
    for claimed in [events + 1, 1 << 40, u64::from(u32::MAX) + 1] {
        let mut bad = bytes.clone();
        bad[count_at..count_at + 8].copy_from_slice(&claimed.to_le_bytes());
        std::fs::write(&path, &bad).expect("writes");
        let err = open_mapped(&path).map(|_| ()).expect_err("refused");
        let past_the_file = matches!(
            err.kind,
            LogErrorKind::Truncated { what: "events" } | LogErrorKind::TooManyEvents(_)
        );
        assert!(past_the_file || claimed == events + 1, "{err}");
        assert!(err.offset <= bad.len() as u64, "{err}");
        assert!(LogReader::open(&path).is_err(), "claimed {claimed}");
    }
}
