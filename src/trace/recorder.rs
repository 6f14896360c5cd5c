//! The `Recorder`: a `SearchObserver` that appends every hook call to an `EventLog`.
//!
//! Recording must not disturb the search: it never allocates past its cap, stops cleanly when
//! the cap is reached (marking the log truncated), and an optional filter skips whole subtrees
//! while the recorder keeps following the search's path so it knows where it is.

use super::filter::TraceFilter;
use super::header::LogHeader;
use super::log::{DEFAULT_EVENT_CAP, EventLog};
use crate::chess::Move;
use crate::search::{Event, SearchObserver};
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
struct Sink {
    tx: Sender<Vec<Event>>,
    batch: usize,
    sent: usize,
}

/// Records a search into an `EventLog`: pass `&mut recorder` as the search's observer, then take
/// the log with `into_log()`.
#[derive(Debug)]
pub struct Recorder {
    log: EventLog,
    cap: usize,
    filter: Option<TraceFilter>,
    frames: Vec<Frame>,
    recording: bool,
    pv_pending: bool,
    sink: Option<Sink>,
}

impl Recorder {
    /// A recorder for the search described by `header`, recording everything up to
    /// `DEFAULT_EVENT_CAP` events.
    pub fn new(header: LogHeader) -> Recorder {
        Recorder {
            log: EventLog::new(header),
            cap: DEFAULT_EVENT_CAP,
            filter: None,
            frames: Vec::new(),
            recording: true,
            pv_pending: false,
            sink: None,
        }
    }

    /// Caps the log at `cap` events (memory use stays below `cap` × 16 bytes); recording stops
    /// there and the log is marked truncated, while the search goes on.
    pub fn with_cap(mut self, cap: usize) -> Recorder {
        self.cap = cap;
        self
    }

    /// Records only the nodes `filter` selects; the filter is noted in the log header.
    pub fn with_filter(mut self, filter: TraceFilter) -> Recorder {
        self.log.header.filter = filter.to_string();
        self.filter = Some(filter);
        self
    }

    /// Sends every `batch` new events (and the rest at each iteration and at the end) to `tx`,
    /// so a live view can follow the search while the log is still being written. A closed
    /// channel is dropped silently: the recording goes on.
    pub fn with_sink(mut self, tx: Sender<Vec<Event>>, batch: usize) -> Recorder {
        self.sink = Some(Sink {
            tx,
            batch: batch.max(1),
            sent: 0,
        });
        self
    }

    /// The log so far.
    pub fn log(&self) -> &EventLog {
        &self.log
    }

    /// Sends any events not yet sent to the sink.
    pub fn flush(&mut self) {
        if let Some(sink) = &mut self.sink {
            let events = &self.log.events;
            if sink.sent < events.len() {
                let batch = events[sink.sent..].to_vec();
                sink.sent = events.len();
                if sink.tx.send(batch).is_err() {
                    self.sink = None;
                }
            }
        }
    }

    /// Flushes the sink and hands over the log.
    pub fn into_log(mut self) -> EventLog {
        self.flush();
        self.log
    }

    #[inline(always)]
    fn push(&mut self, event: Event) {
        if !self.recording {
            return;
        }
        let events = &mut self.log.events;
        if events.len() >= self.cap {
            self.log.truncated = true;
            return;
        }
        if events.len() == events.capacity() {
            let wanted = (events.len() * 2).max(1024).min(self.cap);
            events.reserve_exact(wanted - events.len());
        }
        events.push(event);
        if let Some(sink) = &self.sink
            && events.len() - sink.sent >= sink.batch
        {
            self.flush();
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
        self.recording = frame.recorded;
    }

    fn exit_filtered(&mut self) {
        self.frames.pop();
        self.recording = self.frames.last().is_none_or(|f| f.recorded);
    }
}

impl SearchObserver for Recorder {
    #[inline]
    fn observe(&mut self, event: Event) {
        match event {
            Event::NodeEnter { ply, mv, .. } => {
                if self.filter.is_some() {
                    self.enter_filtered(ply, mv);
                }
                self.push(event);
            }
            Event::NodeExit { .. } => {
                self.push(event);
                if self.filter.is_some() {
                    self.exit_filtered();
                }
            }
            Event::Iteration { .. } => {
                let recording = std::mem::replace(&mut self.recording, true);
                let before = self.log.events.len();
                self.push(event);
                if self.log.events.len() > before {
                    self.log.pvs.push(Vec::new());
                    self.pv_pending = true;
                }
                self.recording = recording;
                self.flush();
            }
            // Every other kind, present or future, is recorded as it comes.
            _ => self.push(event),
        }
    }

    fn iteration_pv(&mut self, pv: &[Move]) {
        if std::mem::take(&mut self.pv_pending)
            && let Some(last) = self.log.pvs.last_mut()
        {
            *last = pv.to_vec();
        }
    }
}
