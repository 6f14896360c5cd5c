//! The `.kslog` file format (layout in `docs/kslog-format.md`): its constants, and reading with
//! full validation (writing is in `encode.rs`). Every malformed input — empty, cut short, foreign, bit-flipped — is a `LogError`
//! with the byte offset where it was noticed, never a panic, and never an allocation sized by an
//! unchecked number from the file.
//!
//! The reader the bytes go through, and the header it reads field by field, are in
//! `format/input.rs`; the file's parts in order (head, events, tail, checksum) are here.

mod input;

use super::codec::{BadRecord, decode_records, iteration_events};
use super::error::{LogError, LogErrorKind};
use super::header::LogHeader;
use super::log::EventLog;
use crate::{EVENT_BYTES, Event};
use killerscope_chess::Move;
use std::io::{BufReader, Read};
use std::path::Path;

pub(super) use input::Input;

/// First eight bytes of every `.kslog` file.
pub const MAGIC: [u8; 8] = *b"KSLOG\r\n\x1a";
/// The format version this build writes.
pub const VERSION: u16 = 3;
/// The oldest version this build reads: version 2 lacks the source roles (read from the
/// killer slot, or this build's row of the same label and name).
pub const OLDEST_READABLE: u16 = 2;
/// Marks the start of the trailer.
pub(super) const TRAILER_MAGIC: [u8; 4] = *b"KEND";
/// Longest header string accepted; real ones are a few dozen bytes.
const MAX_STRING: u32 = 1 << 20;
/// Most settings or source rows one header list may hold; real ones hold a dozen.
pub(super) const MAX_LIST: u16 = 1024;
/// Killer-slot byte of a source row that is not a killer.
pub(super) const NOT_A_KILLER: u8 = u8::MAX;
/// Events decoded per read call.
pub(super) const CHUNK_EVENTS: usize = 4096;
/// Flag bit 0: the recording stopped before the search did.
pub(super) const FLAG_TRUNCATED: u16 = 1;
/// Flag bit 1: the writer has not finished the file (it is still writing, or it was killed):
/// no PV table, trailer or checksum follow the events, and the event count is what the writer
/// last wrote there (see [`unfinished_count`]).
pub(super) const FLAG_UNFINISHED: u16 = 2;
/// Every flag this build knows.
const KNOWN_FLAGS: u16 = FLAG_TRUNCATED | FLAG_UNFINISHED;

/// Reads a `.kslog` file; errors name the file and the byte offset. Only a regular file is
/// opened: a FIFO or a device is refused at once instead of waiting for a writer or
/// reading forever (see [`crate::files`]).
pub(super) fn read_log_file(path: impl AsRef<Path>) -> Result<EventLog, LogError> {
    let path = path.as_ref();
    let file = crate::files::open_input(path)
        .map_err(|e| LogError::at(0, LogErrorKind::Open(e)).in_file(path))?;
    let size = file.metadata().ok().map(|m| m.len());
    read(BufReader::with_capacity(1 << 16, file), size).map_err(|e| e.in_file(path))
}

/// What comes before the events: the flags, the header and the event count.
pub(super) struct Head {
    pub flags: u16,
    pub header: LogHeader,
    pub count: u64,
}

impl Head {
    /// Whether the log ends before the search did (an unfinished log always does).
    pub fn truncated(&self) -> bool {
        self.flags & (FLAG_TRUNCATED | FLAG_UNFINISHED) != 0
    }

    /// Whether the writer never finished the file: the events are all there is.
    pub fn unfinished(&self) -> bool {
        self.flags & FLAG_UNFINISHED != 0
    }
}

/// The events of an unfinished log whose events start at `events_at` in a file of `size`
/// bytes: the count its writer last stored, if not 0, else every whole record up to the end
/// of the file — and never more whole records than the file holds (a partial last record, or
/// a count stored before its records reached the disk, is left out).
pub(super) fn unfinished_count(stored: u64, events_at: u64, size: u64) -> u64 {
    let whole = size.saturating_sub(events_at) / EVENT_BYTES as u64;
    if stored == 0 {
        whole
    } else {
        stored.min(whole)
    }
}

/// Reads and checks the magic, version, flags, header and event count.
pub(super) fn read_head<R: Read>(input: &mut Input<R>) -> Result<Head, LogError> {
    if input.array::<8>("magic")? != MAGIC {
        return Err(LogError::at(0, LogErrorKind::NotAKslog));
    }
    let version = input.u16("version")?;
    if !(OLDEST_READABLE..=VERSION).contains(&version) {
        return Err(LogError::at(8, LogErrorKind::UnsupportedVersion(version)));
    }
    let flags = input.u16("flags")?;
    if flags & !KNOWN_FLAGS != 0 {
        return Err(LogError::at(10, LogErrorKind::UnknownFlags(flags)));
    }
    let header = input.header(version)?;
    let count = input.u64("event count")?;
    Ok(Head {
        flags,
        header,
        count,
    })
}

/// Where the PV count is stored, and the count.
pub(super) type PvCount = (u64, u32);

/// Reads the PVs and the trailer up to (not including) the checksum. The PV count must equal
/// `iterations` when it is known; when it is not (a mapped file whose events are checked
/// later) the count and its offset are returned for that check.
pub(super) fn read_tail<R: Read>(
    input: &mut Input<R>,
    count: u64,
    iterations: Option<u64>,
) -> Result<(Vec<Vec<Move>>, PvCount), LogError> {
    let pvs_at = input.offset;
    let pv_count = input.u32("PV count")?;
    if let Some(actual) = iterations {
        check_pv_count(pvs_at, pv_count, actual)?;
    }
    let mut pvs = Vec::new();
    for _ in 0..pv_count {
        let len = input.u16("PV length")?;
        let mut bytes = vec![0u8; usize::from(len) * 2];
        input.fill(&mut bytes, "PV")?;
        let pv = bytes.chunks_exact(2);
        pvs.push(
            pv.map(|m| Move::from_raw(u16::from_le_bytes([m[0], m[1]])))
                .collect(),
        );
    }
    let trailer_at = input.offset;
    if input.array::<4>("trailer")? != TRAILER_MAGIC {
        return Err(LogError::at(trailer_at, LogErrorKind::NoTrailer));
    }
    let trailer_count = input.u64("trailer event count")?;
    if trailer_count != count {
        return Err(LogError::at(
            trailer_at + 4,
            LogErrorKind::CountMismatch {
                what: "trailer event count",
                stored: trailer_count,
                actual: count,
            },
        ));
    }
    Ok((pvs, (pvs_at, pv_count)))
}

/// The PV count stored at `at` must be one per iteration event.
pub(super) fn check_pv_count(at: u64, stored: u32, iterations: u64) -> Result<(), LogError> {
    if u64::from(stored) == iterations {
        return Ok(());
    }
    Err(LogError::at(
        at,
        LogErrorKind::CountMismatch {
            what: "PV count (one per iteration event)",
            stored: stored.into(),
            actual: iterations,
        },
    ))
}

/// Reads the stored checksum and checks that nothing follows it; returns it and its offset.
pub(super) fn read_checksum<R: Read>(input: &mut Input<R>) -> Result<(u32, u64), LogError> {
    let sum_at = input.offset;
    let stored = input.u32("checksum")?;
    let mut probe = [0u8; 1];
    match input.fill(&mut probe, "end") {
        Ok(()) => Err(LogError::at(sum_at + 4, LogErrorKind::TrailingData)),
        Err(e) if matches!(e.kind, LogErrorKind::Truncated { .. }) => Ok((stored, sum_at)),
        Err(e) => Err(e),
    }
}

/// The error for a checksum that does not match the bytes.
pub(super) fn check_sum(at: u64, stored: u32, computed: u32) -> Result<(), LogError> {
    if stored == computed {
        return Ok(());
    }
    Err(LogError::at(
        at,
        LogErrorKind::ChecksumMismatch { stored, computed },
    ))
}

/// Reads and validates a `.kslog` stream; `size` (the file's length, when known) bounds the
/// event count so the event vector can be allocated once, exactly.
pub(super) fn read<R: Read>(r: R, size: Option<u64>) -> Result<EventLog, LogError> {
    let mut input = Input::at(r, 0);
    let head = read_head(&mut input)?;
    if head.unfinished() {
        return read_unfinished(input, head, size);
    }
    let (events, iterations) = read_events(&mut input, head.count, size)?;
    let (pvs, _) = read_tail(&mut input, head.count, Some(iterations))?;
    let computed = input.sum.clone().finalize();
    let sum_at = input.offset;
    let stored = input.u32("checksum")?;
    check_sum(sum_at, stored, computed)?;
    let mut probe = [0u8; 1];
    match input.fill(&mut probe, "end") {
        Ok(()) => return Err(LogError::at(sum_at + 4, LogErrorKind::TrailingData)),
        Err(e) if matches!(e.kind, LogErrorKind::Truncated { .. }) => {}
        Err(e) => return Err(e),
    }
    Ok(EventLog {
        truncated: head.truncated(),
        header: head.header,
        events,
        pvs,
        unfinished: false,
    })
}

/// The rest of an unfinished log (see `unfinished_count`): its events, no PVs, no checksum.
/// A stream of unknown length is read to its end, or to the stored count if not 0.
fn read_unfinished<R: Read>(
    mut input: Input<R>,
    head: Head,
    size: Option<u64>,
) -> Result<EventLog, LogError> {
    let events_at = input.offset;
    let most = match size {
        Some(size) => unfinished_count(head.count, events_at, size),
        None if head.count == 0 => u64::MAX,
        None => head.count,
    };
    let mut events = Vec::with_capacity(most.min(CHUNK_EVENTS as u64) as usize);
    let mut buf = vec![0u8; CHUNK_EVENTS * EVENT_BYTES];
    while (events.len() as u64) < most {
        let want = (most - events.len() as u64).min(CHUNK_EVENTS as u64) as usize * EVENT_BYTES;
        let got = input.fill_some(&mut buf[..want])?;
        let whole = got - got % EVENT_BYTES;
        let chunk_at = events_at + (events.len() * EVENT_BYTES) as u64;
        let first = events.len();
        decode_records(&buf[..whole], &mut events).map_err(|BadRecord { index: i, reason }| {
            let index = (first + i) as u64;
            let at = chunk_at + (i * EVENT_BYTES) as u64;
            LogError::at(at, LogErrorKind::BadEvent { index, reason })
        })?;
        if got < want {
            break;
        }
    }
    Ok(EventLog {
        truncated: true,
        header: head.header,
        events,
        pvs: Vec::new(),
        unfinished: true,
    })
}

/// Reads `count` events in chunks; returns them and how many are iterations. The initial
/// capacity is bounded by what the file can hold (one chunk for a stream of unknown length,
/// growing as events arrive), so a corrupted count cannot trigger a huge allocation.
fn read_events<R: Read>(
    input: &mut Input<R>,
    count: u64,
    size: Option<u64>,
) -> Result<(Vec<Event>, u64), LogError> {
    let plausible = size.map_or(CHUNK_EVENTS as u64, |bytes| bytes / EVENT_BYTES as u64);
    let mut events = Vec::with_capacity(count.min(plausible) as usize);
    let mut buf = vec![0u8; CHUNK_EVENTS * EVENT_BYTES];
    let mut iterations = 0u64;
    let mut index = 0u64;
    while index < count {
        let n = (count - index).min(CHUNK_EVENTS as u64) as usize;
        let chunk_at = input.offset;
        input.fill(&mut buf[..n * EVENT_BYTES], "events")?;
        let first = events.len();
        decode_records(&buf[..n * EVENT_BYTES], &mut events).map_err(
            |BadRecord { index: i, reason }| {
                LogError::at(
                    chunk_at + (i * EVENT_BYTES) as u64,
                    LogErrorKind::BadEvent {
                        index: index + i as u64,
                        reason,
                    },
                )
            },
        )?;
        iterations += iteration_events(&events[first..]);
        index += n as u64;
    }
    Ok((events, iterations))
}
