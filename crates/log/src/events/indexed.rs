//! [`EventSource`]: events read by index, whatever holds them — a slice, a vector or
//! [`Events`] — which is what the folds and queries over a log ask for. Apart from
//! `events.rs`, which defines where a log's events live, because this is the one interface
//! over all of those holders: each holder's impl, with the bulk decoding it does its own way
//! (`for_each_chunk`), is here beside the trait.

use super::{Events, Store};
use crate::{EVENT_BYTES, Event};
use std::ops::Range;

/// Events that can be read by index: a slice, a vector or [`Events`].
pub trait EventSource {
    /// Number of events.
    fn event_count(&self) -> usize;
    /// The event at `i`; `None` past the end (or for a mapped record that no longer decodes:
    /// the file was changed under the map after it was checked).
    fn event(&self, i: usize) -> Option<Event>;

    /// The 16-byte record of event `i` as a file holds it.
    fn record(&self, i: usize) -> Option<[u8; EVENT_BYTES]> {
        self.event(i).map(|e| e.to_bytes())
    }

    /// Calls `f` with the events in `range` (clamped), in order, a chunk at a time: a fold
    /// over many events decodes each once, in bulk. Stops early at a record that no longer
    /// decodes.
    fn for_each_chunk(&self, range: Range<usize>, f: &mut dyn FnMut(&[Event])) {
        decode_chunks(self, range, f);
    }
}

/// `for_each_chunk` by decoding each event of `src` into a buffer reused for every chunk.
fn decode_chunks<S: EventSource + ?Sized>(
    src: &S,
    range: Range<usize>,
    f: &mut dyn FnMut(&[Event]),
) {
    let end = range.end.min(src.event_count());
    let mut buf = Vec::with_capacity(CHUNK.min(end.saturating_sub(range.start)));
    let mut at = range.start;
    while at < end {
        buf.clear();
        buf.extend((at..end.min(at + CHUNK)).map_while(|i| src.event(i)));
        if buf.is_empty() {
            return;
        }
        f(&buf);
        at += buf.len();
    }
}

/// Events decoded at a time by `for_each_chunk`: 1 MiB of them.
pub(super) const CHUNK: usize = 1 << 16;

impl EventSource for [Event] {
    fn event_count(&self) -> usize {
        self.len()
    }
    fn event(&self, i: usize) -> Option<Event> {
        self.get(i).copied()
    }
    fn for_each_chunk(&self, range: Range<usize>, f: &mut dyn FnMut(&[Event])) {
        let end = range.end.min(self.len());
        for chunk in self[range.start.min(end)..end].chunks(CHUNK) {
            f(chunk);
        }
    }
}

impl EventSource for Vec<Event> {
    fn event_count(&self) -> usize {
        self.len()
    }
    fn event(&self, i: usize) -> Option<Event> {
        self.get(i).copied()
    }
    fn for_each_chunk(&self, range: Range<usize>, f: &mut dyn FnMut(&[Event])) {
        self.as_slice().for_each_chunk(range, f);
    }
}

impl EventSource for Events {
    fn event_count(&self) -> usize {
        self.len()
    }
    fn event(&self, i: usize) -> Option<Event> {
        self.get(i)
    }
    fn record(&self, i: usize) -> Option<[u8; EVENT_BYTES]> {
        Events::record(self, i)
    }
    fn for_each_chunk(&self, range: Range<usize>, f: &mut dyn FnMut(&[Event])) {
        match &self.store {
            Store::Memory(v) => v.as_slice().for_each_chunk(range, f),
            Store::Mapped(_) => {
                let end = range.end.min(self.len());
                let mut buf = Vec::with_capacity(CHUNK.min(end.saturating_sub(range.start)));
                for start in (range.start..end).step_by(CHUNK) {
                    let chunk = start..end.min(start + CHUNK);
                    let whole = chunk.len();
                    self.decode_into(chunk, &mut buf);
                    if !buf.is_empty() {
                        f(&buf);
                    }
                    if buf.len() < whole {
                        return;
                    }
                }
            }
        }
    }
}
