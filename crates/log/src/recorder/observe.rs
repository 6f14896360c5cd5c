//! How a `Recorder` records each event: the hot path inlined at every hook of the search
//! (`observe`), the cold path it falls to (`spill` when the buffer is full, `stop` at the cap
//! or a failed store) and the filter's frames that decide which subtrees are kept. Apart from
//! `recorder.rs`, which defines the recorder and how it is built and taken apart, because this
//! is the code the search runs for every event it reports.

use super::Recorder;
use crate::filter::TraceFilter;
use crate::store::Store;
use crate::stream_file::Record;
use crate::{Event, SearchObserver};
use killerscope_chess::Move;
use std::sync::atomic::Ordering;

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
pub(super) struct Frame {
    recorded: bool,
    place: LinePlace,
}

impl<S: Store> Recorder<S> {
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
    pub(crate) fn observe_slow(&mut self, event: Event) {
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
    pub(crate) fn observe_record(&mut self, lo: u64, hi: u64)
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
