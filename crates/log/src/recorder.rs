//! The `Recorder`: a `SearchObserver` that appends every hook call to a buffer, kept in memory
//! as an `EventLog` or handed batch by batch to a writer thread (`stream.rs`).
//!
//! Recording must not disturb the search: the hot path, inlined at every hook site, is one
//! comparison (the buffer's length against `fast`) and a 16-byte store; everything else — the
//! filter, iterations, a full buffer, a stopped recording — is one cold call, reached because
//! `fast` is then 0 or the buffer is full. It never allocates past its cap, stops cleanly when
//! the cap is reached or the store fails (marking the log truncated), and an optional filter
//! skips whole subtrees while the recorder keeps following the search's path so it knows where
//! it is.
//!
//! The type, its builders and what its stores take out of it are here; how each event is
//! recorded (the hot path at every hook, `spill`, `stop` and the filter's frames) is in
//! `recorder/observe.rs`, and the methods of a recorder that streams (`stream_to_file`,
//! `spool_to`, `finish`) are in `stream.rs`.

mod observe;

use super::filter::TraceFilter;
use super::header::LogHeader;
use super::log::EventLog;
use super::store::{InMemory, Store};
use crate::Event;
use killerscope_chess::Move;
use observe::Frame;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;

/// Streams recorded events to a consumer (the live explorer) in batches.
#[derive(Debug)]
struct Sink<T> {
    tx: Sender<Vec<T>>,
    batch: usize,
    sent: usize,
}

/// Records a search: pass `&mut recorder` as the search's observer. In memory (`Recorder::new`,
/// then `into_log()`) for the explorer and tests, or streamed to a file (`stream_to_file`, then
/// `finish()`) so that a search of any size is recorded in bounded memory.
#[derive(Debug)]
pub struct Recorder<S: Store = InMemory> {
    header: LogHeader,
    /// Recorded items not yet handed to the store (all of them, in memory).
    buf: Vec<S::Item>,
    /// The PV of every recorded iteration, in order.
    pvs: Vec<Vec<Move>>,
    /// The event number of every recorded iteration event (the k-th owns the k-th PV), so a
    /// streamed log knows which PVs go with the events it kept without scanning them.
    iterations: Vec<u64>,
    truncated: bool,
    /// Items moved out of the buffer to the store before `buf[0]`.
    base: u64,
    cap: Option<u64>,
    /// Buffer length at which `push` calls `spill`: the store's room, the cap or the sink.
    limit: usize,
    /// Buffer length below which `observe` records an event itself, inline at the hook:
    /// `limit` while recording without a filter, 0 when every event must take the cold path
    /// (a filter, a stopped recording, a limit to be set by `spill`). Never above the
    /// buffer's capacity: `observe` writes below it unchecked.
    fast: usize,
    filter: Option<TraceFilter>,
    frames: Vec<Frame>,
    /// Whether events are recorded now: on the filter's path and not stopped.
    recording: bool,
    /// Recording has stopped for good (cap reached or store failed).
    stopped: bool,
    pv_pending: bool,
    sink: Option<Sink<S::Item>>,
    /// Raised when recording stops for good, for a search that should end there too.
    search_stop: Option<Arc<AtomicBool>>,
    store: S,
}

/// What a store needs from a recorder to finish its log.
pub(super) struct Parts<S: Store> {
    pub buf: Vec<S::Item>,
    pub pvs: Vec<Vec<Move>>,
    pub truncated: bool,
    pub store: S,
}

/// What `take_recorded` takes out of a recorder: `Parts` without the store.
pub(super) struct Taken<T> {
    pub buf: Vec<T>,
    pub pvs: Vec<Vec<Move>>,
    pub iterations: Vec<u64>,
    pub truncated: bool,
}

impl Recorder<InMemory> {
    /// A recorder for the search described by `header`, keeping the log in memory up to
    /// `DEFAULT_EVENT_CAP` events.
    pub fn new(header: LogHeader) -> Recorder<InMemory> {
        Recorder {
            header,
            buf: Vec::new(),
            pvs: Vec::new(),
            iterations: Vec::new(),
            truncated: false,
            base: 0,
            cap: None,
            limit: 0,
            fast: 0,
            filter: None,
            frames: Vec::new(),
            recording: true,
            stopped: false,
            pv_pending: false,
            sink: None,
            search_stop: None,
            store: InMemory,
        }
    }

    /// Sends every `batch` new events (and the rest at each iteration and at the end) to `tx`,
    /// so a live view can follow the search while the log is still being written. A closed
    /// channel is dropped silently: the recording goes on.
    pub fn with_sink(mut self, tx: Sender<Vec<Event>>, batch: usize) -> Recorder<InMemory> {
        self.sink = Some(Sink {
            tx,
            batch: batch.max(1),
            sent: 0,
        });
        self.reset_limit();
        self
    }

    /// The events recorded so far.
    pub fn events(&self) -> &[Event] {
        &self.buf
    }

    /// Flushes the sink and hands over the log.
    pub fn into_log(mut self) -> EventLog {
        self.flush();
        EventLog::from_parts(self.header, self.buf, self.pvs, self.truncated)
    }

    /// The same recorder with another store; the events recorded so far are converted and stay
    /// in the buffer until the new store's first `make_room`. A sink is not carried over.
    pub(super) fn with_store<T: Store>(self, store: T) -> Recorder<T> {
        Recorder {
            header: self.header,
            buf: self.buf.into_iter().map(T::item).collect(),
            pvs: self.pvs,
            iterations: self.iterations,
            truncated: self.truncated,
            base: self.base,
            cap: self.cap,
            limit: 0,
            fast: 0,
            filter: self.filter,
            frames: self.frames,
            recording: self.recording,
            stopped: self.stopped,
            pv_pending: self.pv_pending,
            sink: None,
            search_stop: self.search_stop,
            store,
        }
    }
}

impl<S: Store> Recorder<S> {
    /// Caps the recording at `cap` events (in memory, memory use stays below `cap` × 16
    /// bytes); recording stops there and the log is marked truncated, while the search goes
    /// on. Without a cap an in-memory recorder stops at `DEFAULT_EVENT_CAP` and a streaming
    /// one never does.
    pub fn with_cap(mut self, cap: usize) -> Recorder<S> {
        self.set_cap(cap as u64);
        self
    }

    /// `with_cap` through `&mut`.
    pub(super) fn set_cap(&mut self, cap: u64) {
        self.cap = Some(cap);
        self.reset_limit();
    }

    /// Raises `stop` when recording stops for good (the cap is reached or the store fails):
    /// give the search the same flag and it ends there, within the few nodes between two polls
    /// of the flag, instead of going on unrecorded. For callers that want a whole log or none
    /// (a lesson refuses a truncated search); without it the search goes on, as the explorer
    /// wants its best move whatever the log holds.
    pub fn stopping_search(mut self, stop: Arc<AtomicBool>) -> Recorder<S> {
        self.search_stop = Some(stop);
        self
    }

    /// Records only the nodes `filter` selects; the filter is noted in the log header.
    pub fn with_filter(mut self, filter: TraceFilter) -> Recorder<S> {
        self.header.filter = filter.to_string();
        self.filter = Some(filter);
        self.reset_limit();
        self
    }

    /// Makes the next event take the cold path, where `spill` sets the limits anew.
    fn reset_limit(&mut self) {
        self.limit = 0;
        self.fast = 0;
    }

    /// What was searched, as the log's header will say.
    pub fn header(&self) -> &LogHeader {
        &self.header
    }

    /// Sends any events not yet sent to the sink.
    pub fn flush(&mut self) {
        if let Some(sink) = &mut self.sink
            && sink.sent < self.buf.len()
        {
            let batch = self.buf[sink.sent..].to_vec();
            sink.sent = self.buf.len();
            if sink.tx.send(batch).is_err() {
                self.sink = None;
            }
            self.reset_limit();
        }
    }

    /// Events recorded so far, in the buffer or already handed to the store.
    pub fn recorded(&self) -> u64 {
        self.base + self.buf.len() as u64
    }

    /// The store, for the store's own settings.
    pub(super) fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }

    /// Takes the recorder apart for its store to finish the log.
    pub(super) fn into_parts(self) -> Parts<S> {
        Parts {
            buf: self.buf,
            pvs: self.pvs,
            truncated: self.truncated,
            store: self.store,
        }
    }

    /// Takes out what the store needs to finish the log — the events not yet handed over,
    /// the PVs, where their iterations are, whether the recording stopped early — and stops
    /// the recorder, which records nothing more: for a store finished through `&mut` (a
    /// writer finishing its log when dropped).
    pub(super) fn take_recorded(&mut self) -> Taken<S::Item> {
        self.stopped = true;
        self.recording = false;
        self.fast = 0;
        self.limit = 0;
        Taken {
            buf: std::mem::take(&mut self.buf),
            pvs: std::mem::take(&mut self.pvs),
            iterations: std::mem::take(&mut self.iterations),
            truncated: self.truncated,
        }
    }
}
