//! Reading a `.kslog` front to back in constant memory, for the commands that go over every
//! event once (`log stats`, `log export`): a 1 MiB chunk of events at a time through a
//! buffered file, never the whole log, so memory stays the same for a log of any size.
//!
//! The PVs come after the events, and the iteration lines need them, so `LogReader::open`
//! reads the header, then seeks to the tail (PVs and trailer, placed by the event count and
//! checked against the file's length), then back to the events. `next_chunk` checks every
//! record (and, for a reader made `fitting`, that its moves fit the header's position) and
//! `finish` the PV count and the CRC-32: the same checks, offsets and messages as
//! reading the log into memory, except that a problem in the tail is found before one in the
//! events.

use super::codec::{BadRecord, decode_records, iteration_events};
use super::error::{LogError, LogErrorKind};
use super::fit::MoveFit;
use super::format::{
    Head, Input, PvCount, check_pv_count, check_sum, read_checksum, read_head, read_tail,
    unfinished_count,
};
use super::header::LogHeader;
use crate::{EVENT_BYTES, Event};
use crc32fast::Hasher as Checksum;
use killerscope_chess::Move;
use std::fs::File;
use std::io::{BufReader, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Events per chunk: 1 MiB of records.
const CHUNK: usize = 1 << 16;

/// A `.kslog` being read front to back.
pub struct LogReader {
    input: Input<BufReader<File>>,
    header: LogHeader,
    truncated: bool,
    /// The writer never finished the file: no PVs, trailer or checksum to check.
    unfinished: bool,
    count: u64,
    read: u64,
    iterations: u64,
    pvs: Vec<Vec<Move>>,
    pv_count: PvCount,
    tail_sum: Checksum,
    stored: u32,
    sum_at: u64,
    path: PathBuf,
    bytes: Vec<u8>,
    /// Where the events start, and the moves replayed from the header's position when asked.
    events_at: u64,
    fit: Option<MoveFit>,
}

impl LogReader {
    /// Opens the log at `path` and reads all but its events (see the module documentation).
    pub fn open(path: &Path) -> Result<LogReader, LogError> {
        let in_file = |e: LogError| e.in_file(path);
        let file = crate::files::open_input(path)
            .map_err(|e| LogError::at(0, LogErrorKind::Open(e)))
            .map_err(in_file)?;
        let size = file
            .metadata()
            .map_err(|e| in_file(LogError::at(0, LogErrorKind::Io(e))))?
            .len();
        let mut input = Input::at(BufReader::with_capacity(1 << 16, file), 0);
        let head = read_head(&mut input).map_err(in_file)?;
        let events_at = input.offset;
        if head.unfinished() {
            let count = unfinished_count(head.count, events_at, size);
            return Ok(LogReader::new(input, head, count, path));
        }
        let tail_at = head
            .count
            .checked_mul(EVENT_BYTES as u64)
            .and_then(|n| n.checked_add(events_at))
            .filter(|&end| end <= size)
            .ok_or_else(|| {
                in_file(LogError::at(
                    size,
                    LogErrorKind::Truncated { what: "events" },
                ))
            })?;
        let io = |at: u64| move |e| in_file(LogError::at(at, LogErrorKind::Io(e)));
        input
            .r
            .seek(SeekFrom::Start(tail_at))
            .map_err(io(tail_at))?;
        let mut tail = Input::at(&mut input.r, tail_at);
        let (pvs, pv_count) = read_tail(&mut tail, head.count, None).map_err(in_file)?;
        let tail_sum = tail.sum.clone();
        let (stored, sum_at) = read_checksum(&mut tail).map_err(in_file)?;
        input
            .r
            .seek(SeekFrom::Start(events_at))
            .map_err(io(events_at))?;
        let count = head.count;
        Ok(LogReader {
            pvs,
            pv_count,
            tail_sum,
            stored,
            sum_at,
            ..LogReader::new(input, head, count, path)
        })
    }

    /// A reader of `count` events from `input`, placed at the first, with no tail: what an
    /// unfinished log is, and what `open` completes for a finished one.
    fn new(input: Input<BufReader<File>>, head: Head, count: u64, path: &Path) -> LogReader {
        LogReader {
            events_at: input.offset,
            input,
            truncated: head.truncated(),
            unfinished: head.unfinished(),
            header: head.header,
            count,
            read: 0,
            iterations: 0,
            pvs: Vec::new(),
            pv_count: (0, 0),
            tail_sum: Checksum::new(),
            stored: 0,
            sum_at: 0,
            path: path.to_path_buf(),
            bytes: vec![0; CHUNK * EVENT_BYTES],
            fit: None,
        }
    }

    /// The same reader, also checking that the log's moves fit its header's position (see
    /// `trace::fit`): the FEN and PVs now, each chunk's moves as it is read.
    pub fn fitting(mut self) -> Result<LogReader, LogError> {
        let fit = super::fit::start(&self.header, &self.pvs, self.pv_count.0)
            .map_err(|e| e.in_file(&self.path))?;
        self.fit = Some(fit);
        Ok(self)
    }

    /// What was searched.
    pub fn header(&self) -> &LogHeader {
        &self.header
    }

    /// Whether the log ends mid-search.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Whether its writer never finished the file (killed mid-search, or still writing): the
    /// events written so far, no PVs (see `EventLog::is_unfinished`).
    pub fn is_unfinished(&self) -> bool {
        self.unfinished
    }

    /// Number of events the log holds.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The PVs, one per iteration event (checked by `finish`).
    pub fn pvs(&self) -> &[Vec<Move>] {
        &self.pvs
    }

    /// Replaces `buf`'s contents with the next events, checked; `false` once all are read.
    pub fn next_chunk(&mut self, buf: &mut Vec<Event>) -> Result<bool, LogError> {
        buf.clear();
        let n = (self.count - self.read).min(CHUNK as u64) as usize;
        if n == 0 {
            return Ok(false);
        }
        let at = self.input.offset;
        let bytes = &mut self.bytes[..n * EVENT_BYTES];
        self.input
            .fill(bytes, "events")
            .map_err(|e| e.in_file(&self.path))?;
        decode_records(bytes, buf).map_err(|BadRecord { index: k, reason }| {
            let index = self.read + k as u64;
            let at = at + (k * EVENT_BYTES) as u64;
            LogError::at(at, LogErrorKind::BadEvent { index, reason }).in_file(&self.path)
        })?;
        self.iterations += iteration_events(buf);
        if let Some(fit) = &mut self.fit {
            fit.feed_at(buf, self.events_at)
                .map_err(|e| e.in_file(&self.path))?;
        }
        self.read += n as u64;
        Ok(true)
    }

    /// After the last chunk: checks the PV count against the iteration events and the
    /// checksum (an unfinished log has neither: nothing is left to check).
    pub fn finish(self) -> Result<(), LogError> {
        if self.unfinished {
            return Ok(());
        }
        let (pvs_at, pv_count) = self.pv_count;
        let mut sum = self.input.sum;
        sum.combine(&self.tail_sum);
        check_pv_count(pvs_at, pv_count, self.iterations)
            .and_then(|()| check_sum(self.sum_at, self.stored, sum.finalize()))
            .map_err(|e| e.in_file(&self.path))
    }
}
