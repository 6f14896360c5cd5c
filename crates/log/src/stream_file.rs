//! The file side of a streamed recording: lays a `.kslog` out on a seekable output while the
//! events arrive, and finishes it valid whatever happened on the way.
//!
//! The event count and the truncated flag come before the events but are known only at the
//! end, so the file starts as a complete, valid, empty log marked truncated; the events then
//! overwrite its tail. After each batch the count of the events written is stored and, after
//! the first, the file is marked *unfinished* (flag bit 1): a process killed mid-search leaves
//! a log that reads, truncated, up to its last batch. Finishing stores the final count, writes
//! the real tail after the events and clears the unfinished bit last. The CRC-32 is assembled
//! from the pieces' checksums (`crc32fast`'s `combine`), so no byte is read back. When a write fails (a full disk, a file-size limit) the recording
//! stops and the tail is moved back over the last events, into bytes the output already
//! accepted, so the file is still valid: cut short and marked truncated.
//!
//! Ahead of the writes, the file is asked to set aside disk space in steps of
//! `RESERVE_STEP` (`LogOutput::reserve`), without changing its length, so a reader sees only
//! the bytes written. On ext4 a write into a new file otherwise reserves a delayed block per
//! 4 KiB page as it goes; into blocks already allocated it does not: 98 MiB in 1 MiB writes
//! take 25 instead of 35 ms of system time (`tools/page_cache_model.py`; 19 ms writing over
//! an old file).
//! The finished log is cut to its length, which frees what was set aside past it.

use super::encode::{flags_bytes, header_bytes, tail_bytes, tail_len};
use super::format::{FLAG_TRUNCATED, FLAG_UNFINISHED, MAGIC, VERSION};
use super::header::LogHeader;
use crate::EVENT_BYTES;
use crc32fast::Hasher as Checksum;
use killerscope_chess::Move;
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

/// Where a streamed log goes: a seekable byte sink that can also be cut short. A regular file
/// (or `/dev/null`) in the program; tests inject outputs that fail on purpose.
pub trait LogOutput: Write + Seek + Send {
    /// Cuts the output to `len` bytes, so a tail moved back after a failed write leaves no
    /// stale bytes behind it.
    fn set_len(&mut self, len: u64) -> io::Result<()>;

    /// Sets aside disk space for the `len` bytes from `from` (at or past the bytes written so
    /// far) without changing the output's length, so that writing them later costs less.
    /// After an error the output is not asked again. Only a speed-up: the writes report any
    /// error themselves, and `set_len` at the end frees what lies past the log (after a full
    /// disk too, which may have left part of the request set aside). By default nothing is
    /// set aside (`Unsupported`).
    fn reserve(&mut self, _from: u64, _len: u64) -> io::Result<()> {
        Err(io::ErrorKind::Unsupported.into())
    }
}

impl LogOutput for File {
    fn set_len(&mut self, len: u64) -> io::Result<()> {
        File::set_len(self, len)
    }

    /// `fallocate` with `FALLOC_FL_KEEP_SIZE`: blocks allocated past the end, the length
    /// untouched (no `SIGXFSZ` under a file-size limit). It fails on a file system without
    /// it, on a device such as `/dev/null`, or when the disk is full.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn reserve(&mut self, from: u64, len: u64) -> io::Result<()> {
        use rustix::fs::{FallocateFlags, fallocate};
        Ok(fallocate(&*self, FallocateFlags::KEEP_SIZE, from, len)?)
    }
}

/// One event as it is stored in the file.
pub(crate) type Record = [u8; EVENT_BYTES];

/// Bytes after the events of a log with no PVs: PV count, trailer marker, count, checksum.
const EMPTY_TAIL: u64 = 4 + 4 + 8 + 4;
/// Offset of the flags field.
const FLAGS_AT: u64 = 8 + 2;
/// Bytes of disk space set aside past the next write, each time the writes reach the end of
/// what was set aside: a few `fallocate` calls per log, and at most this much to free at the
/// end.
const RESERVE_STEP: u64 = 32 << 20;

/// What a streamed recording left in its file.
#[derive(Debug)]
pub struct StreamedLog {
    /// Events in the file.
    pub events: u64,
    /// Whether the file is marked truncated: the cap was reached or a write failed.
    pub truncated: bool,
    /// The write error that stopped the recording early, if one did. The file is still a
    /// valid log, cut after `events` events and marked truncated.
    pub write_error: Option<io::Error>,
}

/// A `.kslog` being written event batch by event batch.
pub(crate) struct LogFile {
    out: Box<dyn LogOutput>,
    /// CRC-32 of the magic and version, and of the header: the pieces around the flags.
    head_sum: Checksum,
    header_sum: Checksum,
    /// Offset of the first event (just after the event count).
    events_at: u64,
    /// Events whose bytes the output has accepted, and their CRC-32.
    written: u64,
    sum: Checksum,
    /// Per appended batch: its first event and the CRC-32 of the events before it. The last
    /// batch is kept (`last`), so the log can be finished at any event inside it.
    batches: Vec<(u64, Checksum)>,
    last: Vec<Record>,
    /// How many bytes the output is known to hold (the furthest any write reached).
    end: u64,
    /// How far the file may hold bytes or disk space: the length of the old file the log
    /// overwrites in place (0 for a new file), or the end of the space set aside ahead of the
    /// writes, if further. The log is cut to its own length at the end if this is longer.
    allotted: u64,
    /// Whether to set aside space ahead of the writes: until the output says it cannot.
    reserving: bool,
    /// Whether the flags say *unfinished* yet: set once the first events are written.
    unfinished: bool,
    error: Option<io::Error>,
}

impl LogFile {
    /// Writes a complete, valid, empty log marked truncated to `out` (which holds `old_len`
    /// bytes of an old file being overwritten, read from its start), then places the output
    /// where the events go. Fails if `out` cannot take even that, or cannot seek. The empty
    /// log's tail also keeps room for the tail of a log whose first write fails (a full disk).
    /// Over an old file, the old bytes after it make it unreadable until the first batch is
    /// written (refused as bytes after the trailer, never misread).
    pub fn create(
        mut out: Box<dyn LogOutput>,
        header: &LogHeader,
        old_len: u64,
    ) -> io::Result<LogFile> {
        let mut head_sum = Checksum::new();
        head_sum.update(&MAGIC);
        head_sum.update(&VERSION.to_le_bytes());
        let header = header_bytes(header);
        let mut header_sum = Checksum::new();
        header_sum.update(&header);
        let events_at = FLAGS_AT + 2 + header.len() as u64 + 8;
        let mut bytes = Vec::with_capacity(events_at as usize + EMPTY_TAIL as usize);
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&flags_bytes(true));
        bytes.extend_from_slice(&header);
        bytes.extend_from_slice(&0u64.to_le_bytes());
        bytes.extend_from_slice(&tail_bytes(&[], 0));
        let sum = sum_of(&bytes).finalize();
        bytes.extend_from_slice(&sum.to_le_bytes());
        out.write_all(&bytes)?;
        out.seek(SeekFrom::Start(events_at))?;
        Ok(LogFile {
            out,
            head_sum,
            header_sum,
            events_at,
            written: 0,
            sum: Checksum::new(),
            batches: Vec::new(),
            last: Vec::new(),
            end: bytes.len() as u64,
            allotted: old_len,
            reserving: true,
            unfinished: false,
            error: None,
        })
    }

    /// Whether a write has failed: the file takes no more events.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Writes `batch` after the events already written (after a failure it writes nothing);
    /// returns the batch before it, for reuse.
    pub fn append(&mut self, batch: Vec<Record>) -> Vec<Record> {
        if self.failed() {
            return batch;
        }
        let previous = std::mem::replace(&mut self.last, batch);
        self.batches.push((self.written, self.sum.clone()));
        let first = self.written;
        let at = self.events_at + first * EVENT_BYTES as u64;
        self.reserve_for(at + (self.last.len() * EVENT_BYTES) as u64);
        let bytes = self.last.as_flattened();
        let (accepted, result) = write_counting(&mut *self.out, bytes);
        self.end = self.end.max(at + accepted as u64);
        self.written += (accepted / EVENT_BYTES) as u64;
        match result {
            Ok(()) => self.sum.update(bytes),
            Err(e) => self.error = Some(e),
        }
        if self.error.is_none()
            && let Err(e) = self.mark_written()
        {
            self.error = Some(e);
        }
        previous
    }

    /// Stores the count of the events written so far and, the first time, marks the file
    /// unfinished, then places the output back after the events: a process killed from now on
    /// leaves a log that reads as far as that count (see `format::unfinished_count`). The
    /// count goes first, so it never names events the file does not hold. One seek and a
    /// few bytes per batch of a megabyte.
    fn mark_written(&mut self) -> io::Result<()> {
        self.out.seek(SeekFrom::Start(self.events_at - 8))?;
        self.out.write_all(&self.written.to_le_bytes())?;
        if !self.unfinished {
            self.out.seek(SeekFrom::Start(FLAGS_AT))?;
            self.out
                .write_all(&(FLAG_TRUNCATED | FLAG_UNFINISHED).to_le_bytes())?;
            self.unfinished = true;
        }
        let end = self.events_at + self.written * EVENT_BYTES as u64;
        self.out.seek(SeekFrom::Start(end)).map(drop)
    }

    /// Sets aside space up to `RESERVE_STEP` past `upto` if the space already there (set
    /// aside, or the old file's) ends before `upto`.
    fn reserve_for(&mut self, upto: u64) {
        if !self.reserving || upto <= self.allotted {
            return;
        }
        let from = self.allotted.max(self.end);
        let to = upto + RESERVE_STEP;
        match self.out.reserve(from, to - from) {
            Ok(()) => self.allotted = to,
            Err(e) => {
                self.reserving = false;
                // A full disk or quota may have left part of the request set aside.
                if matches!(
                    e.kind(),
                    io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
                ) {
                    self.allotted = to;
                }
            }
        }
    }

    /// Writes the tail (the first PVs, one per `iteration` event written; `iterations` holds
    /// the event number of each iteration event recorded, the k-th owning `pvs[k]`) and
    /// patches the flags and the count. After a failed write — during the events or now — the tail is
    /// moved back over the last events into bytes the output already holds, and the log is
    /// marked truncated. `Err` means even that failed: the file is not a valid log.
    pub fn finish(
        mut self,
        pvs: &[Vec<Move>],
        iterations: &[u64],
        truncated: bool,
    ) -> io::Result<StreamedLog> {
        let pvs = Pvs { pvs, iterations };
        if self.error.is_none() {
            match self.complete(self.written, &pvs, truncated) {
                Ok(()) => {
                    return Ok(StreamedLog {
                        events: self.written,
                        truncated,
                        write_error: None,
                    });
                }
                Err(e) => self.error = Some(e),
            }
        }
        let events = self.rollback_target(&pvs);
        self.complete(events, &pvs, true)?;
        Ok(StreamedLog {
            events,
            truncated: true,
            write_error: self.error.take(),
        })
    }

    /// The most events a finished log can keep when its tail must fit in the bytes the output
    /// already accepted, and whose checksum is known (any event of the last batch, or the
    /// start of an earlier one).
    fn rollback_target(&self, pvs: &Pvs) -> u64 {
        let room = self.end.saturating_sub(self.events_at);
        let tail = |events: u64| tail_len(&pvs.before(events)) as u64 + 4;
        let mut events = self.written;
        while events > 0 && events * EVENT_BYTES as u64 + tail(events) > room {
            let fits = room.saturating_sub(tail(events)) / EVENT_BYTES as u64;
            events = fits.min(events - 1);
        }
        match self.batches.last() {
            Some(&(last, _)) if events < last => self
                .batches
                .iter()
                .map(|&(first, _)| first)
                .take_while(|&first| first <= events)
                .last()
                .unwrap_or(0),
            _ => events,
        }
    }

    /// The CRC-32 of the first `events` events, if known.
    fn events_sum(&self, events: u64) -> Option<Checksum> {
        let Some((first, sum)) = self
            .batches
            .iter()
            .rev()
            .find(|(first, _)| *first <= events)
        else {
            return (events == 0).then(Checksum::new);
        };
        let bytes = usize::try_from((events - first) * EVENT_BYTES as u64).ok()?;
        let is_last = self.batches.last().is_some_and(|(last, _)| last == first);
        if bytes == 0 {
            return Some(sum.clone());
        }
        let tail = self.last.as_flattened().get(..bytes).filter(|_| is_last)?;
        let mut sum = sum.clone();
        sum.update(tail);
        Some(sum)
    }

    /// Ends the log after `events` events: the count patched, the tail and checksum written
    /// after the events, the output cut there, and the flags patched last. While the file is
    /// marked unfinished, each step leaves it readable: the count never exceeds the events
    /// it holds, and the unfinished log reads only that many; clearing the flag makes it the
    /// finished log.
    fn complete(&mut self, events: u64, pvs: &Pvs, truncated: bool) -> io::Result<()> {
        let events_sum = self.events_sum(events).ok_or_else(|| {
            io::Error::other("internal error: the checksum of the kept events is unknown")
        })?;
        let flags = flags_bytes(truncated);
        let count = events.to_le_bytes();
        let mut tail = tail_bytes(&pvs.before(events), events);
        let mut sum = self.head_sum.clone();
        for piece in [
            sum_of(&flags),
            self.header_sum.clone(),
            sum_of(&count),
            events_sum,
            sum_of(&tail),
        ] {
            sum.combine(&piece);
        }
        tail.extend_from_slice(&sum.finalize().to_le_bytes());
        self.out.seek(SeekFrom::Start(self.events_at - 8))?;
        self.out.write_all(&count)?;
        let tail_at = self.events_at + events * EVENT_BYTES as u64;
        self.out.seek(SeekFrom::Start(tail_at))?;
        let (accepted, result) = write_counting(&mut *self.out, &tail);
        self.end = self.end.max(tail_at + accepted as u64);
        result?;
        let file_end = tail_at + tail.len() as u64;
        if self.end.max(self.allotted) > file_end {
            self.out.set_len(file_end)?;
            self.end = file_end;
            self.allotted = file_end;
        }
        self.out.seek(SeekFrom::Start(FLAGS_AT))?;
        self.out.write_all(&flags)?;
        self.out.flush()
    }
}

/// The recording's PVs and where their iteration events are.
struct Pvs<'a> {
    pvs: &'a [Vec<Move>],
    /// The event number of each recorded iteration event; the k-th owns `pvs[k]`.
    iterations: &'a [u64],
}

impl Pvs<'_> {
    /// The PVs that go with the first `events` events: one per `iteration` event among them.
    fn before(&self, events: u64) -> Vec<Vec<Move>> {
        let k = self.iterations.partition_point(|&i| i < events);
        (0..k)
            .map(|i| self.pvs.get(i).cloned().unwrap_or_default())
            .collect()
    }
}

/// The CRC-32 state of one piece, for `combine`.
fn sum_of(bytes: &[u8]) -> Checksum {
    let mut sum = Checksum::new();
    sum.update(bytes);
    sum
}

/// Like `write_all`, but also says how many bytes the output accepted before an error.
fn write_counting(out: &mut dyn LogOutput, bytes: &[u8]) -> (usize, io::Result<()>) {
    let mut done = 0;
    while done < bytes.len() {
        match out.write(&bytes[done..]) {
            Ok(0) => return (done, Err(io::ErrorKind::WriteZero.into())),
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (done, Err(e)),
        }
    }
    (done, Ok(()))
}
