//! Where a recorder's events go when its buffer is full: the [`Store`] trait and the
//! in-memory store. The streaming store is in `stream.rs`.

use super::log::DEFAULT_EVENT_CAP;
use super::recorder::Recorder;
use crate::Event;
use std::fmt::Debug;

/// What a recorder does with a full buffer: [`InMemory`] grows it (the buffer is the log),
/// [`Streaming`](super::Streaming) hands it to a writer thread and takes an empty one.
pub trait Store: sealed::Sealed {
    /// What the buffer holds: the event itself in memory, its 16-byte record when streaming
    /// (encoded where the search reports it, from values still in registers).
    type Item: Copy + Debug;

    /// Events recorded when no cap is set.
    const DEFAULT_CAP: u64;

    /// The buffer item for `event`.
    fn item(event: Event) -> Self::Item;

    /// How `Recorder::observe` hands an event its fast path did not record (never an
    /// iteration) to the cold path. Inlined at every hook of the search: a store of records
    /// passes the record's two halves in registers (`Recorder::observe_record`), where the
    /// `Event` itself would be written to the stack at every hook, taken or not.
    fn observe_cold(recorder: &mut Recorder<Self>, event: Event)
    where
        Self: Sized;

    /// How many items the buffer, of this capacity, may hold before `make_room` is due.
    fn room(&self, capacity: usize) -> usize;

    /// Makes room for at least one more item, given that at most `left` more may be recorded;
    /// returns how many items were moved out of the buffer, or `None` when recording must stop
    /// (the store failed).
    fn make_room(&mut self, buf: &mut Vec<Self::Item>, left: u64) -> Option<usize>;
}

pub(super) mod sealed {
    /// Only this crate's stores exist: the recorder relies on what they promise.
    pub trait Sealed {}
}

/// The store of an in-memory recording: the buffer is the log, grown by doubling up to the cap.
#[derive(Debug, Default)]
pub struct InMemory;

impl sealed::Sealed for InMemory {}

impl Store for InMemory {
    type Item = Event;

    const DEFAULT_CAP: u64 = DEFAULT_EVENT_CAP as u64;

    #[inline(always)]
    fn item(event: Event) -> Event {
        event
    }

    #[inline(always)]
    fn observe_cold(recorder: &mut Recorder<InMemory>, event: Event) {
        recorder.observe_slow(event);
    }

    fn room(&self, capacity: usize) -> usize {
        capacity
    }

    fn make_room(&mut self, buf: &mut Vec<Event>, left: u64) -> Option<usize> {
        let len = buf.len();
        let most = len.saturating_add(usize::try_from(left).unwrap_or(usize::MAX));
        let wanted = (len * 2).max(1024).min(most);
        buf.reserve_exact(wanted - len);
        Some(0)
    }
}
