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

use super::filter::TraceFilter;
use super::header::LogHeader;
use super::log::EventLog;
use super::store::{InMemory, Store};
use super::stream_file::Record;
use crate::{Event, SearchObserver};
use killerscope_chess::Move;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

/// Where an open node stands relative to a `TraceFilter::Line`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LinePlace {
    /// On the line, before its end.
    On,
    /// At or below the end of the line.
    Below,
    /// Off the line.
    Off,
}

/// One open node of the search as the filter sees it.
#[derive(Clone, Copy, Debug)]
struct Frame {
    recorded: bool,
    place: LinePlace,
}

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

    /// Records `item` if recording, spilling the buffer first when it is full.
    fn push(&mut self, item: S::Item) {
        if self.recording && (self.buf.len() < self.limit || self.spill()) {
            self.buf.push(item);
        }
    }

    /// The buffer reached its limit: stops at the cap, feeds the sink, lets the store make
    /// room, and sets the next limit. Returns whether the event may be recorded.
    #[cold]
    #[inline(never)]
    fn spill(&mut self) -> bool {
        let cap = self.cap.unwrap_or(S::DEFAULT_CAP);
        let left = cap.saturating_sub(self.recorded());
        if left == 0 {
            self.stop();
            return false;
        }
        if let Some(sink) = &self.sink
            && self.buf.len() - sink.sent >= sink.batch
        {
            self.flush();
        }
        if self.buf.len() >= self.store.room(self.buf.capacity()) {
            match self.store.make_room(&mut self.buf, left) {
                Some(moved) => self.base += moved as u64,
                None => {
                    self.stop();
                    return false;
                }
            }
        }
        let len = self.buf.len();
        let uncapped = len.saturating_add(usize::try_from(left).unwrap_or(usize::MAX));
        let mut limit = self.store.room(self.buf.capacity()).min(uncapped);
        if let Some(sink) = &self.sink {
            limit = limit.min(sink.sent + sink.batch);
        }
        self.limit = limit.max(len + 1);
        // The fast path writes into this capacity without a test of its own (`observe`
        // relies on it: a streamed recording's first buffer is the in-memory one it started
        // with, of any capacity).
        self.buf.reserve(self.limit - len);
        // `spill` runs only while recording; only an unfiltered recording may skip the cold path.
        self.fast = if self.filter.is_none() { self.limit } else { 0 };
        true
    }

    /// Stops recording for good, marks the log truncated and raises the search's stop flag
    /// if it was given one.
    fn stop(&mut self) {
        self.stopped = true;
        self.recording = false;
        self.fast = 0;
        self.truncated = true;
        if let Some(stop) = &self.search_stop {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Every event the fast path does not record, whole: iterations (which own a PV and
    /// always record), and for the in-memory store every event of a filtered recording and
    /// the event that finds the buffer full.
    #[cold]
    #[inline(never)]
    pub(super) fn observe_slow(&mut self, event: Event) {
        match event {
            Event::NodeEnter { ply, mv, .. } => self.take(S::item(event), Some((ply, mv)), false),
            Event::NodeExit { .. } => self.take(S::item(event), None, true),
            Event::Iteration { .. } => {
                let recording = std::mem::replace(&mut self.recording, !self.stopped);
                let before = self.recorded();
                self.push(S::item(event));
                if self.recorded() > before {
                    self.pvs.push(Vec::new());
                    self.iterations.push(before);
                    self.pv_pending = true;
                }
                self.recording = recording && !self.stopped;
                self.flush();
            }
            // Every other kind, present or future, is recorded as it comes.
            _ => self.take(S::item(event), None, false),
        }
    }

    /// `observe_slow` for a store of records, given the record's two halves (`Event::halves`)
    /// in registers: passing the `Event` itself would have it written to the stack at every
    /// hook of the search, whether the cold path is taken or not. Never an iteration.
    #[cold]
    #[inline(never)]
    pub(super) fn observe_record(&mut self, lo: u64, hi: u64)
    where
        S: Store<Item = Record>,
    {
        self.take(
            Event::record_of(lo, hi),
            Event::entered_of(lo),
            Event::is_exit_of(lo),
        );
    }

    /// Records `item`, following the filter: `entered` is the ply and move of a `NodeEnter`,
    /// `exits` says it is a `NodeExit`.
    fn take(&mut self, item: S::Item, entered: Option<(u8, Move)>, exits: bool) {
        if let Some((ply, mv)) = entered
            && self.filter.is_some()
        {
            self.enter_filtered(ply, mv);
        }
        self.push(item);
        if exits && self.filter.is_some() {
            self.exit_filtered();
        }
    }

    fn enter_filtered(&mut self, ply: u8, mv: Move) {
        let Some(filter) = &self.filter else { return };
        let frame = match filter {
            TraceFilter::Plies(range) => Frame {
                recorded: range.contains(&ply),
                place: LinePlace::Off,
            },
            TraceFilter::Line(line) => {
                let depth = self.frames.len();
                let place = match self.frames.last() {
                    None if line.is_empty() => LinePlace::Below,
                    None => LinePlace::On,
                    Some(parent) => match parent.place {
                        LinePlace::On if line.get(depth - 1) == Some(&mv) => {
                            if depth == line.len() {
                                LinePlace::Below
                            } else {
                                LinePlace::On
                            }
                        }
                        LinePlace::Below => LinePlace::Below,
                        _ => LinePlace::Off,
                    },
                };
                Frame {
                    recorded: place != LinePlace::Off,
                    place,
                }
            }
        };
        self.frames.push(frame);
        self.recording = frame.recorded && !self.stopped;
    }

    fn exit_filtered(&mut self) {
        self.frames.pop();
        self.recording = !self.stopped && self.frames.last().is_none_or(|f| f.recorded);
    }
}

impl<S: Store> SearchObserver for Recorder<S> {
    /// Inlined into every hook site of the search, where the event's kind is known: the
    /// common kinds reduce to one comparison and a store, iterations to a call.
    #[inline(always)]
    fn observe(&mut self, event: Event) {
        if matches!(event, Event::Iteration { .. }) {
            self.observe_slow(event);
        } else if self.buf.len() < self.fast {
            // Not `push`: its own capacity test, never failing here, left a call to the
            // `Vec`'s growth at every hook of the search, and with it the event's fields
            // saved to the stack and read back around it: 8 to 10 instructions an event of
            // the 28 a recorded search spent (callgrind, Kiwipete depth 6).
            let len = self.buf.len();
            // SAFETY: `fast` is 0 or a `limit` that `spill` reserved the buffer's capacity
            // for (`reserve(limit - len)`), and every other change to the buffer or its
            // capacity sets `fast` to 0 (`reset_limit`, `stop`, `take_recorded`,
            // `with_store`), so `len < fast <= capacity`: the slot is allocated and unused.
            unsafe {
                self.buf.as_mut_ptr().add(len).write(S::item(event));
                self.buf.set_len(len + 1);
            }
        } else {
            S::observe_cold(self, event);
        }
    }

    fn iteration_pv(&mut self, pv: &[Move]) {
        if std::mem::take(&mut self.pv_pending)
            && let Some(last) = self.pvs.last_mut()
        {
            *last = pv.to_vec();
        }
    }
}
