//! Opening a `.kslog` by mapping it: the explorer shows a log of a hundred million events
//! (1.6 GB) at once, and holds none of its events in memory.
//!
//! `open_mapped` reads the header and the tail (PVs and trailer) straight from the map and
//! checks the file's length against the event count, so every event record it hands out lies
//! inside the file; it does not read the events. What that leaves unchecked — each record, the
//! PV count against the iteration events, the CRC-32, and (made [`Unchecked::fitting`]) whether
//! the moves fit the header's position — is [`Unchecked::check`], one pass that
//! also hands every decoded chunk to the caller, so a background indexer validates and indexes
//! in the same read. `read_mapped` does both at once for the commands that want a checked log
//! before they start. Errors are the same `LogError`s as the reader's, with byte offsets.
//!
//! Mapping and safety: the map is read-only and every read decodes and checks the bytes it
//! reads (`Event::from_bytes`), so a file changed under the map gives events that are refused
//! (`None`), never a misread. A file *shortened* by another program while mapped is different:
//! touching a page past its new end raises `SIGBUS` and ends the process. The length checked
//! up front rules out a file that was short already; for one truncated later there is no
//! portable remedy short of copying it (which is what mapping avoids), so it is documented:
//! do not overwrite a log the explorer has open with another program. killerscope's own
//! recordings never do: the file is opened with a shared lock (`files::open_input`), and a
//! recording writes over an old log in place only if it can lock it exclusively
//! (`target.rs`); the explorer's save and `log import -o` truncate in place.

use super::codec::{BadRecord, decode_records, iteration_events};
use super::error::{LogError, LogErrorKind};
use super::events::Events;
use super::fit::MoveFit;
use super::format::{
    Head, Input, PvCount, check_pv_count, check_sum, read_checksum, read_head, read_tail,
    unfinished_count,
};
use super::log::EventLog;
use crate::{EVENT_BYTES, Event};
use crc32fast::Hasher as Checksum;
use memmap2::{Mmap, MmapOptions};
use std::fs::File;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Events checked and handed on per chunk: 1 MiB of records.
const CHUNK: usize = 1 << 16;

/// Maps `len` bytes of `file` read-only (the whole file when `None`). A length beyond the end
/// of the file is allowed (a live spool is mapped once, larger than it will grow), as long as
/// nothing reads past what the file holds.
pub(crate) fn map(file: &File, len: Option<usize>) -> io::Result<Mmap> {
    let mut options = MmapOptions::new();
    if let Some(len) = len {
        options.len(len);
    }
    // SAFETY: the map is read-only and shared with the file. Nothing in this process writes
    // the file through another handle while reading it through the map (a spool's writer only
    // appends past what it has published). Every byte read from the map is decoded and checked
    // by `Event::from_bytes` or the header readers, so bytes changed by another process are
    // refused, not trusted. Reads stay inside the file's length as checked when it was opened
    // (or the length a spool has published); a file shortened by another process afterwards
    // would fault (`SIGBUS`): documented in the module and the README.
    unsafe { options.map(file) }
}

/// What `open_mapped` did not check yet: the event records, the PV count and the checksum.
#[derive(Debug)]
pub struct Unchecked {
    head_sum: Checksum,
    tail_sum: Checksum,
    events_at: u64,
    pv_count: PvCount,
    stored: u32,
    sum_at: u64,
    /// The writer never finished the file: there is no PV count or checksum to check.
    unfinished: bool,
    /// The moves, replayed from the header's position as the events are checked, when asked.
    fit: Option<Box<MoveFit>>,
    /// The file, named in errors.
    path: Option<PathBuf>,
}

/// How a check ended when it did not fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Every event and the checksum are right.
    Valid,
    /// The caller stopped it.
    Stopped,
}

/// Maps the `.kslog` at `path` and reads everything but its events (see the module
/// documentation): the log, its events mapped, and what remains to check.
pub fn open_mapped(path: &Path) -> Result<(EventLog<Events>, Unchecked), LogError> {
    let file = crate::files::open_input(path)
        .map_err(|e| LogError::at(0, LogErrorKind::Open(e)).in_file(path))?;
    let (log, mut unchecked) = open_file(&file).map_err(|e| e.in_file(path))?;
    unchecked.path = Some(path.to_path_buf());
    Ok((log, unchecked))
}

/// Maps the `.kslog` at `path` and checks all of it before returning: for the commands that
/// read the whole log anyway (`log dot`, `log plot`).
pub fn read_mapped(path: &Path) -> Result<EventLog<Events>, LogError> {
    let (log, unchecked) = open_mapped(path)?;
    unchecked.check(log.events(), &mut |_| ControlFlow::Continue(()))?;
    Ok(log)
}

fn open_file(file: &File) -> Result<(EventLog<Events>, Unchecked), LogError> {
    let size = file
        .metadata()
        .map_err(|e| LogError::at(0, LogErrorKind::Io(e)))?
        .len();
    if size == 0 {
        return Err(LogError::at(0, LogErrorKind::Empty));
    }
    let bytes = usize::try_from(size)
        .map_err(|_| LogError::at(0, LogErrorKind::Io(io::Error::other("file too large"))))?;
    let map = map(file, Some(bytes)).map_err(|e| LogError::at(0, LogErrorKind::Io(e)))?;
    let mut input = Input::at(&map[..], 0);
    let head = read_head(&mut input)?;
    let (truncated, unfinished) = (head.truncated(), head.unfinished());
    let Head { header, count, .. } = head;
    let Input {
        offset: events_at,
        sum: head_sum,
        ..
    } = input;
    let count = if unfinished {
        unfinished_count(count, events_at, size)
    } else {
        count
    };
    if count > u64::from(u32::MAX) {
        return Err(LogError::at(
            events_at - 8,
            LogErrorKind::TooManyEvents(count),
        ));
    }
    let events_end = count
        .checked_mul(EVENT_BYTES as u64)
        .and_then(|n| n.checked_add(events_at))
        .filter(|&end| end <= size)
        .ok_or(LogError::at(
            size,
            LogErrorKind::Truncated { what: "events" },
        ))?;
    // Both fit in the map, whose length is a `usize`.
    let (at, tail_at) = (events_at as usize, events_end as usize);
    let mut unchecked = Unchecked {
        head_sum,
        tail_sum: Checksum::new(),
        events_at,
        pv_count: (0, 0),
        stored: 0,
        sum_at: 0,
        unfinished,
        fit: None,
        path: None,
    };
    let mut pvs = Vec::new();
    if !unfinished {
        let mut tail = Input::at(&map[tail_at..], events_end);
        (pvs, unchecked.pv_count) = read_tail(&mut tail, count, None)?;
        unchecked.tail_sum = tail.sum.clone();
        (unchecked.stored, unchecked.sum_at) = read_checksum(&mut tail)?;
    }
    let events = Events::mapped(Arc::new(map), at, (tail_at - at) / EVENT_BYTES);
    let log = EventLog {
        header,
        events,
        pvs,
        truncated,
        unfinished,
    };
    Ok((log, unchecked))
}

impl Unchecked {
    /// Also checks, as the events go by, that the moves of `log` (the log `open_mapped`
    /// returned with this) fit its header's position (see `trace::fit`); its FEN and PVs are
    /// checked now.
    pub fn fitting(mut self, log: &EventLog<Events>) -> Result<Unchecked, LogError> {
        let fit = super::fit::start(log.header(), log.pvs(), self.pv_count.0);
        self.fit = Some(Box::new(fit.map_err(|e| match &self.path {
            Some(path) => e.in_file(path),
            None => e,
        })?));
        Ok(self)
    }

    /// Reads every record of `events` (the log `open_mapped` returned) in order: decodes and
    /// checks each, hands each chunk to `each` (which may stop the check), then checks the PV
    /// count and the CRC-32. The first problem is an error with its byte offset.
    pub fn check(
        self,
        events: &Events,
        each: &mut dyn FnMut(&[Event]) -> ControlFlow<()>,
    ) -> Result<Checked, LogError> {
        let path = self.path.clone();
        self.check_events(events, each).map_err(|e| match path {
            Some(path) => e.in_file(path),
            None => e,
        })
    }

    fn check_events(
        mut self,
        events: &Events,
        each: &mut dyn FnMut(&[Event]) -> ControlFlow<()>,
    ) -> Result<Checked, LogError> {
        let mut sum = self.head_sum;
        let mut iterations = 0u64;
        let mut buf = Vec::with_capacity(CHUNK.min(events.len()));
        for start in (0..events.len()).step_by(CHUNK) {
            let end = events.len().min(start + CHUNK);
            let bytes = events.mapped_bytes(start..end).ok_or_else(|| {
                let at = self.events_at + (start * EVENT_BYTES) as u64;
                LogError::at(at, LogErrorKind::Truncated { what: "events" })
            })?;
            sum.update(bytes);
            buf.clear();
            decode_records(bytes, &mut buf).map_err(|BadRecord { index: k, reason }| {
                let index = start + k;
                let at = self.events_at + (index * EVENT_BYTES) as u64;
                let index = index as u64;
                LogError::at(at, LogErrorKind::BadEvent { index, reason })
            })?;
            iterations += iteration_events(&buf);
            if let Some(fit) = &mut self.fit {
                fit.feed_at(&buf, self.events_at)?;
            }
            if each(&buf).is_break() {
                return Ok(Checked::Stopped);
            }
        }
        if self.unfinished {
            return Ok(Checked::Valid);
        }
        let (pvs_at, pv_count) = self.pv_count;
        check_pv_count(pvs_at, pv_count, iterations)?;
        sum.combine(&self.tail_sum);
        check_sum(self.sum_at, self.stored, sum.finalize())?;
        Ok(Checked::Valid)
    }
}
