//! The event log: what one search did, event by event, plus what it was searching. Its events
//! are a vector in memory (`EventLog`, the default) or shared `Events`, possibly mapped from a
//! file (`EventLog<Events>`, what the explorer and the file readers hold). Reading and writing
//! the `.kslog` format are methods here, carried out by `format.rs` and `encode.rs`.

use super::events::{EventSource, Events};
use super::header::LogHeader;
use super::sources::SourceTable;
use crate::{Event, EventKind, SearchObserver};
use killerscope_chess::Move;

/// Default cap on recorded events: 4 million events, 64 MiB.
pub const DEFAULT_EVENT_CAP: usize = 4_000_000;

/// An append-only record of one search. Iteration PVs live in a side table (`pvs`), the k-th
/// `Event::Iteration` owning `pvs[k]`, so every event stays 16 bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventLog<E = Vec<Event>> {
    pub(crate) header: LogHeader,
    pub(crate) events: E,
    pub(crate) pvs: Vec<Vec<Move>>,
    pub(crate) truncated: bool,
    /// Read from a file its writer never finished (killed mid-search, or still writing): the
    /// events it had written, no PVs.
    pub(crate) unfinished: bool,
}

impl EventLog {
    /// An empty log for the search described by `header`.
    pub fn new(header: LogHeader) -> EventLog {
        EventLog {
            header,
            ..EventLog::default()
        }
    }

    /// Appends events that arrive while the search runs (the explorer's live view).
    pub fn append(&mut self, events: &[Event]) {
        self.events.extend_from_slice(events);
    }
    /// Every recorded event, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Heap bytes held by the events and PVs: stays within the recorder's cap × 16 bytes (plus
    /// the PVs), which is what lets a long search run with recording on.
    pub fn memory_bytes(&self) -> usize {
        let pvs: usize = self.pvs.iter().map(|pv| pv.capacity() * 2).sum();
        self.events.capacity() * std::mem::size_of::<Event>() + pvs
    }

    /// The events, moved out (the tree index can own them without a copy).
    pub fn into_events(self) -> Vec<Event> {
        self.events
    }
}

impl<E> EventLog<E> {
    /// Builds a log from parts, e.g. for tests and tools that synthesize logs (the events in a
    /// vector, or any `EventSource`, such as one that makes them up on the fly to write a
    /// huge log). `pvs` must hold one PV per `Iteration` event, in order (missing ones read as
    /// empty).
    pub fn from_parts(
        header: LogHeader,
        events: E,
        pvs: Vec<Vec<Move>>,
        truncated: bool,
    ) -> EventLog<E> {
        EventLog {
            header,
            events,
            pvs,
            truncated,
            unfinished: false,
        }
    }
    /// Replaces the PVs with the final ones of a live search (one per iteration event).
    pub fn set_pvs(&mut self, pvs: Vec<Vec<Move>>) {
        self.pvs = pvs;
    }

    /// Adds the PV of the next iteration, for a live view that learns PVs before the final log.
    pub fn push_pv(&mut self, pv: Vec<Move>) {
        self.pvs.push(pv);
    }

    /// Replaces the header's source table: a trace being followed may name sources its header
    /// did not declare, which get rows as they appear.
    pub fn set_sources(&mut self, sources: SourceTable) {
        self.header.sources = sources;
    }

    /// Marks the log as cut short: it ends mid-search.
    pub fn mark_truncated(&mut self) {
        self.truncated = true;
    }

    /// What was searched.
    pub fn header(&self) -> &LogHeader {
        &self.header
    }

    /// PVs of the recorded iterations, in order.
    pub fn pvs(&self) -> &[Vec<Move>] {
        &self.pvs
    }

    /// The PV of the `k`-th iteration event (empty if none was recorded).
    pub fn pv(&self, k: usize) -> &[Move] {
        self.pvs.get(k).map_or(&[], Vec::as_slice)
    }

    /// Whether recording stopped at the cap: the log ends mid-search, with nodes left open.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Whether it was read from a file its writer never finished — killed or crashed
    /// mid-search, or still writing: it holds the events written so far, ends mid-search
    /// (`is_truncated`) and has no PVs.
    pub fn is_unfinished(&self) -> bool {
        self.unfinished
    }
}

impl<E: EventSource> EventLog<E> {
    /// The events as the log holds them (in memory or mapped), for readers that walk them in
    /// chunks.
    pub fn source(&self) -> &E {
        &self.events
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        self.events.event_count()
    }
    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// How many events of each type, indexed by `EventKind::index()`.
    pub fn counts(&self) -> [u64; EventKind::ALL.len()] {
        let mut counts = [0u64; EventKind::ALL.len()];
        let mut count = |chunk: &[Event]| {
            for e in chunk {
                counts[e.kind().index()] += 1;
            }
        };
        self.events.for_each_chunk(0..self.len(), &mut count);
        counts
    }

    /// Feeds the recorded events back as observer calls, in order, so any observer (e.g. the
    /// search's `CutoffStats`) can be computed from a saved log without re-running the search.
    pub fn replay_into<O: SearchObserver + ?Sized>(&self, observer: &mut O) {
        let mut iterations = 0;
        let mut feed = |chunk: &[Event]| {
            for &event in chunk {
                observer.observe(event);
                if let Event::Iteration { .. } = event {
                    observer.iteration_pv(self.pv(iterations));
                    iterations += 1;
                }
            }
        };
        self.events.for_each_chunk(0..self.len(), &mut feed);
    }
}

impl EventLog<Events> {
    /// Every event, in order, in memory or mapped.
    pub fn events(&self) -> &Events {
        &self.events
    }

    /// Appends events that arrive while a search runs (a followed trace).
    pub fn append(&mut self, events: &[Event]) {
        self.events.extend_from_slice(events);
    }

    /// Replaces the events with `events`: a longer view of a live search's spool, or the
    /// tree index's copy after it appended a batch (so one vector serves both).
    pub fn set_events(&mut self, events: Events) {
        self.events = events;
    }
}

impl From<EventLog> for EventLog<Events> {
    fn from(log: EventLog) -> EventLog<Events> {
        EventLog {
            header: log.header,
            events: Events::from(log.events),
            pvs: log.pvs,
            truncated: log.truncated,
            unfinished: log.unfinished,
        }
    }
}
