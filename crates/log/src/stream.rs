//! Recording through a writer thread, in bounded memory: straight to a `.kslog` file
//! (`Streaming`) or to the explorer's spool (`Spooling`, `spool.rs`). The recorder encodes each
//! event into a buffer of 16-byte records (inlined where the search reports it, so from
//! registers) and hands the buffer, whole, to the writer through a bounded channel (`Handoff`);
//! the writer writes it (a log's writer checksums it too, `stream_file.rs`) and sends an empty
//! buffer back. The search thread never allocates or sends per event, and a slow disk makes it
//! wait rather than grow memory: at most `QUEUE + 4` buffers of `BATCH` events exist.
//!
//! Both stores' `Recorder` methods are here, so the recorder's methods live in three files:
//! this one, `recorder.rs` and `recorder/observe.rs`.

use super::error::{LogError, LogErrorKind};
use super::recorder::{Parts, Recorder, Taken};
use super::spool::{Spool, SpoolEnd, Spooling};
use super::store::InMemory;
use super::stream_file::{LogFile, LogOutput, Record, StreamedLog};
use super::target::{self, Replaced};
use killerscope_chess::Move;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread::{self, JoinHandle};

/// Events per buffer handed to the writer: 1 MiB, large enough that the hand-over costs
/// nothing next to the search, small enough that memory stays a few MiB.
pub const BATCH: usize = 1 << 16;
/// Full buffers that may wait for the writer before the search waits for it.
const QUEUE: usize = 4;

/// The search thread's end of a writer thread: full buffers go out through a bounded channel,
/// emptied ones come back to be filled again.
#[derive(Debug)]
pub(super) struct Handoff {
    batches: Option<SyncSender<Vec<Record>>>,
    spare: Receiver<Vec<Record>>,
    /// Events per buffer.
    batch: usize,
}

/// The writer thread's end of a `Handoff`: the full buffers, and where the emptied ones go.
pub(super) struct Intake {
    pub queue: Receiver<Vec<Record>>,
    pub spare: Sender<Vec<Record>>,
}

impl Handoff {
    /// A handoff of buffers of `batch` events, and the end the writer thread takes.
    pub(super) fn new(batch: usize) -> (Handoff, Intake) {
        let (batches, queue) = mpsc::sync_channel::<Vec<Record>>(QUEUE);
        let (spare_tx, spare) = mpsc::channel();
        let handoff = Handoff {
            batches: Some(batches),
            spare,
            batch,
        };
        (
            handoff,
            Intake {
                queue,
                spare: spare_tx,
            },
        )
    }

    /// Events per buffer: the store's `room`.
    pub(super) fn batch(&self) -> usize {
        self.batch
    }

    /// Sends the full `buf` to the writer and puts an empty one (returned by the writer, or
    /// new) in its place; `None` if the writer has gone (it stopped on a write error).
    pub(super) fn make_room(&mut self, buf: &mut Vec<Record>) -> Option<usize> {
        let fresh = self
            .spare
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(self.batch));
        let full = std::mem::replace(buf, fresh);
        let moved = full.len();
        self.batches.as_ref()?.send(full).ok()?;
        Some(moved)
    }

    /// Sends the last events, if any, and closes the channel, so that the writer's loop ends.
    pub(super) fn close(&mut self, rest: Vec<Record>) {
        if let Some(batches) = self.batches.take()
            && !rest.is_empty()
        {
            let _ = batches.send(rest);
        }
    }
}

/// The store of a streamed recording: a writer thread and the handoff to it.
#[derive(Debug)]
pub struct Streaming {
    handoff: Handoff,
    writer: Option<JoinHandle<LogFile>>,
    path: Option<PathBuf>,
}

/// The `Store` of a recording whose records a [`Handoff`] takes to a writer thread: each event
/// as its 16 bytes, in batches of the size the handoff asks for. The `.kslog` stream
/// ([`Streaming`]) and the explorer's spool ([`Spooling`]) differ only in how many events they
/// take by default, so both are declared by this one body.
macro_rules! handoff_store {
    ($store:ident, $default_cap:expr) => {
        impl $crate::store::sealed::Sealed for $store {}

        impl $crate::store::Store for $store {
            type Item = $crate::stream_file::Record;

            const DEFAULT_CAP: u64 = $default_cap;

            #[inline(always)]
            fn item(event: $crate::Event) -> Self::Item {
                event.to_bytes()
            }

            #[inline(always)]
            fn observe_cold(
                recorder: &mut $crate::recorder::Recorder<$store>,
                event: $crate::Event,
            ) {
                let (lo, hi) = event.halves();
                recorder.observe_record(lo, hi);
            }

            fn room(&self, _capacity: usize) -> usize {
                self.handoff.batch()
            }

            fn make_room(&mut self, buf: &mut Vec<Self::Item>, _left: u64) -> Option<usize> {
                self.handoff.make_room(buf)
            }
        }
    };
}
pub(super) use handoff_store;

handoff_store!(Streaming, u64::MAX);

impl Recorder<InMemory> {
    /// Streams the recording to `out` from now on: writes a valid empty log there at once
    /// (so an output that cannot take even that fails here, before the search), then the
    /// events in batches as they come. The filter and cap set so far stay; without a cap,
    /// nothing stops the recording but a write error. Call `finish` when the search ends.
    pub fn stream_to(self, out: Box<dyn LogOutput>) -> io::Result<Recorder<Streaming>> {
        self.stream_replacing(out, Replaced::Nothing)
    }

    /// `stream_to`, for an output that replaces `old` (see `target.rs`): an unlinked old file
    /// is closed by the writer thread, while the search runs, instead of by the caller; one
    /// overwritten in place is cut to the log's length at the end if it was longer.
    fn stream_replacing(
        self,
        out: Box<dyn LogOutput>,
        old: Replaced,
    ) -> io::Result<Recorder<Streaming>> {
        let (unlinked, old_len) = match old {
            Replaced::Nothing => (None, 0),
            Replaced::Unlinked(file) => (Some(file), 0),
            Replaced::InPlace(len) => (None, len),
        };
        let file = LogFile::create(out, self.header(), old_len)?;
        let (handoff, intake) = Handoff::new(BATCH);
        let writer = thread::Builder::new()
            .name("kslog writer".into())
            .spawn(move || {
                // The last handle on the unlinked old file: closing it frees its pages.
                drop(unlinked);
                let mut file = file;
                for batch in intake.queue {
                    let mut spare = file.append(batch);
                    if file.failed() {
                        break;
                    }
                    spare.clear();
                    let _ = intake.spare.send(spare);
                }
                file
            })?;
        Ok(self.with_store(Streaming {
            handoff,
            writer: Some(writer),
            path: None,
        }))
    }

    /// Streams the recording to a file at `path`: the old log there overwritten in place when
    /// nothing else can see it, else a new file under that name (`target.rs`); a FIFO, a
    /// terminal or another kind of file a log cannot go to is refused, see [`crate::files`].
    pub fn stream_to_file(self, path: impl AsRef<Path>) -> Result<Recorder<Streaming>, LogError> {
        let path = path.as_ref();
        let err = |e| LogError::at(0, LogErrorKind::Write(e)).in_file(path);
        let (file, old) = target::open(path).map_err(err)?;
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        let mut recorder = self.stream_replacing(Box::new(file), old).map_err(|e| {
            // Not even the header fitted: remove the broken file rather than leave it.
            if regular {
                let _ = std::fs::remove_file(path);
            }
            err(e)
        })?;
        recorder.store_mut().path = Some(path.to_path_buf());
        Ok(recorder)
    }

    /// Records into `spool` from now on, capped at what its map holds.
    pub fn spool_to(self, spool: &Spool) -> io::Result<Recorder<Spooling>> {
        let store = Spooling::start(spool, Handoff::new(BATCH))?;
        Ok(self.with_store(store).with_cap(spool.capacity()))
    }
}

impl Recorder<Streaming> {
    /// Hands the writer `events` events at a time instead of `BATCH` (at least one): tests use
    /// small batches to cross many batch boundaries.
    pub fn with_batch(mut self, events: usize) -> Recorder<Streaming> {
        self.store_mut().handoff.batch = events.max(1);
        self
    }

    /// Writes the rest of the events, the PVs and the trailer, and patches the event count and
    /// the flags. `Ok` means the file is a valid log; `Err` that it could not be completed. A
    /// recorder dropped without `finish` leaves the file *unfinished*: it reads as a log cut
    /// short after the last batch its writer thread wrote, without PVs (or, dropped before the
    /// first batch, as an empty log).
    pub fn finish(mut self) -> Result<StreamedLog, LogError> {
        self.finish_now(false)
    }

    /// `finish` through `&mut`, the recorder left stopped: `cut` marks the log truncated
    /// whatever the recording says (a writer finishing its log because it is dropped mid-search).
    /// A second call fails: the log was already finished.
    pub(super) fn finish_now(&mut self, cut: bool) -> Result<StreamedLog, LogError> {
        let Taken {
            buf,
            pvs,
            iterations,
            truncated,
        } = self.take_recorded();
        let store = self.store_mut();
        store
            .finish(buf, &pvs, &iterations, truncated || cut)
            .map_err(|e| {
                let e = LogError::at(0, LogErrorKind::Write(e));
                match &store.path {
                    Some(path) => e.in_file(path),
                    None => e,
                }
            })
    }
}

impl Recorder<Spooling> {
    /// Hands the writer the last events and waits until they are written (or failed).
    pub fn finish(self) -> SpoolEnd {
        let Parts {
            buf,
            pvs,
            truncated,
            mut store,
            ..
        } = self.into_parts();
        store.end(buf, pvs, truncated)
    }
}

impl Streaming {
    /// Sends the last events, waits for the writer and finishes the file.
    fn finish(
        &mut self,
        rest: Vec<Record>,
        pvs: &[Vec<Move>],
        iterations: &[u64],
        truncated: bool,
    ) -> io::Result<StreamedLog> {
        self.handoff.close(rest);
        let writer = self
            .writer
            .take()
            .ok_or_else(|| io::Error::other("the log was already finished"))?;
        let file = writer
            .join()
            .map_err(|_| io::Error::other("the log writer thread panicked"))?;
        file.finish(pvs, iterations, truncated)
    }
}
