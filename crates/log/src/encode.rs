//! Writing the `.kslog` format (layout in `docs/kslog-format.md`) in pieces — flags, header,
//! events, tail — so that the in-memory writer (`EventLog::write_to`) and the streaming writer
//! (`stream_file.rs`), which learns the event count and the flags only at the end, lay out the
//! same bytes from the same code.

use super::error::{LogError, LogErrorKind};
use super::events::EventSource;
use super::format::{
    CHUNK_EVENTS, FLAG_TRUNCATED, MAGIC, MAX_LIST, NOT_A_KILLER, TRAILER_MAGIC, VERSION,
};
use super::header::{LogHeader, Setting};
use super::log::EventLog;
use super::sources::SourceTable;
use crate::{EVENT_BYTES, MoveSource};
use crc32fast::Hasher as Checksum;
use killerscope_chess::Move;
use std::io::{self, BufWriter, Write};
use std::ops::Range;
use std::path::Path;

struct Output<W: Write> {
    w: W,
    sum: Checksum,
}

impl<W: Write> Output<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.update(bytes);
        self.w.write_all(bytes)
    }
}

/// The two flag bytes: bit 0 says the log ends mid-search.
pub(crate) fn flags_bytes(truncated: bool) -> [u8; 2] {
    let flags = if truncated { FLAG_TRUNCATED } else { 0 };
    flags.to_le_bytes()
}

/// The encoded header (FEN, engine, filter, settings, source table): what lies between the
/// flags and the event count.
pub(crate) fn header_bytes(h: &LogHeader) -> Vec<u8> {
    let mut out = Vec::new();
    for s in [&h.fen, &h.engine, &h.filter] {
        put_str(&mut out, s);
    }
    put_settings(&mut out, &h.ordering);
    put_settings(&mut out, &h.limits);
    put_sources(&mut out, &h.sources);
    out
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

fn put_settings(out: &mut Vec<u8>, settings: &[Setting]) {
    let settings = &settings[..settings.len().min(usize::from(MAX_LIST))];
    out.extend_from_slice(&(settings.len() as u16).to_le_bytes());
    for (key, value) in settings {
        put_str(out, key);
        put_str(out, value);
    }
}

fn put_sources(out: &mut Vec<u8>, table: &SourceTable) {
    let rows = &table.rows()[..table.rows().len().min(usize::from(MAX_LIST))];
    out.extend_from_slice(&(rows.len() as u16).to_le_bytes());
    for row in rows {
        let role = table.role(MoveSource::from_code(row.code)).code();
        out.extend_from_slice(&[row.code, row.killer_slot.unwrap_or(NOT_A_KILLER), role]);
        put_str(out, &row.label);
        put_str(out, &row.name);
        put_str(out, row.colour.name());
    }
}

/// Replaces the contents of `buf` with the 16-byte records of `events[range]`: copied as they
/// are from a mapped file, encoded from memory.
fn encode_events<S: EventSource + ?Sized>(
    events: &S,
    range: Range<usize>,
    buf: &mut Vec<u8>,
) -> io::Result<()> {
    buf.clear();
    buf.reserve(range.len() * EVENT_BYTES);
    for i in range {
        let record = events
            .record(i)
            .ok_or_else(|| io::Error::other(format!("event {i} is missing from the log")))?;
        buf.extend_from_slice(&record);
    }
    Ok(())
}

/// Everything after the events up to the checksum: the PV count, the PVs, the trailer marker
/// and the event count again.
pub(crate) fn tail_bytes(pvs: &[Vec<Move>], count: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(tail_len(pvs));
    out.extend_from_slice(&(pvs.len() as u32).to_le_bytes());
    for pv in pvs {
        let pv = &pv[..pv.len().min(usize::from(u16::MAX))];
        out.extend_from_slice(&(pv.len() as u16).to_le_bytes());
        for mv in pv {
            out.extend_from_slice(&mv.raw().to_le_bytes());
        }
    }
    out.extend_from_slice(&TRAILER_MAGIC);
    out.extend_from_slice(&count.to_le_bytes());
    out
}

/// Length of `tail_bytes(pvs, _)`.
pub(crate) fn tail_len(pvs: &[Vec<Move>]) -> usize {
    let moves: usize = pvs
        .iter()
        .map(|pv| pv.len().min(usize::from(u16::MAX)))
        .sum();
    4 + 2 * pvs.len() + 2 * moves + TRAILER_MAGIC.len() + 8
}

/// Writes `log` in `.kslog` format (`EventLog::write_to`).
pub(super) fn write_log<E: EventSource, W: Write>(log: &EventLog<E>, w: W) -> io::Result<()> {
    let mut out = Output {
        w,
        sum: Checksum::new(),
    };
    out.put(&MAGIC)?;
    out.put(&VERSION.to_le_bytes())?;
    out.put(&flags_bytes(log.truncated))?;
    out.put(&header_bytes(&log.header))?;
    let count = log.len();
    out.put(&(count as u64).to_le_bytes())?;
    let mut buf = Vec::with_capacity(CHUNK_EVENTS * EVENT_BYTES);
    for at in (0..count).step_by(CHUNK_EVENTS) {
        encode_events(&log.events, at..count.min(at + CHUNK_EVENTS), &mut buf)?;
        out.put(&buf)?;
    }
    out.put(&tail_bytes(&log.pvs, count as u64))?;
    let checksum = out.sum.finalize();
    out.w.write_all(&checksum.to_le_bytes())?;
    out.w.flush()
}

/// Writes the log to a file at `path` (created or replaced); a FIFO, a terminal or another
/// kind of file a log cannot go to is refused before it is opened (see [`crate::files`]).
pub(super) fn write_log_file<E: EventSource>(
    log: &EventLog<E>,
    path: impl AsRef<Path>,
) -> Result<(), LogError> {
    let path = path.as_ref();
    let io_err = |e| LogError::at(0, LogErrorKind::Write(e)).in_file(path);
    let file = crate::files::create_output(path).map_err(io_err)?;
    write_log(log, BufWriter::with_capacity(1 << 16, file)).map_err(io_err)
}
