//! `Events`: the events of one log wherever they live — a vector in memory, or the 16-byte
//! records of a mapped `.kslog` or of a live search's spool, decoded on access — so the tree
//! index, the explorer and the readers work on a log of any size without a `Vec<Event>` of it.
//! Cloning is cheap (the storage is shared), so the tree index and the log hold the same events.
//!
//! [`EventSource`] is what the folds and queries that read events by index ask of them; it is
//! implemented for slices too, so code and tests holding a `Vec<Event>` pass it unchanged. It
//! and its impls are in `events/indexed.rs`.

mod indexed;

use super::codec::decode_records;
use crate::{EVENT_BYTES, Event};
use memmap2::Mmap;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

pub use indexed::EventSource;

/// The records of a mapped file: `len` events from byte `at`. Every one of those bytes lies
/// inside the file (the opener checks the length; a spool publishes only what was written).
#[derive(Clone)]
struct Mapped {
    map: Arc<Mmap>,
    at: usize,
    len: usize,
}

#[derive(Clone)]
enum Store {
    Memory(Arc<Vec<Event>>),
    Mapped(Mapped),
}

/// A log's events, in memory or mapped (see the module documentation).
#[derive(Clone)]
pub struct Events {
    store: Store,
}

impl Default for Events {
    fn default() -> Events {
        Events::from(Vec::new())
    }
}

impl From<Vec<Event>> for Events {
    fn from(events: Vec<Event>) -> Events {
        Events {
            store: Store::Memory(Arc::new(events)),
        }
    }
}

impl From<&[Event]> for Events {
    fn from(events: &[Event]) -> Events {
        Events::from(events.to_vec())
    }
}

impl<const N: usize> From<&[Event; N]> for Events {
    fn from(events: &[Event; N]) -> Events {
        Events::from(events.as_slice())
    }
}

impl From<&Vec<Event>> for Events {
    fn from(events: &Vec<Event>) -> Events {
        Events::from(events.as_slice())
    }
}

impl From<&Events> for Events {
    fn from(events: &Events) -> Events {
        events.clone()
    }
}

impl Events {
    /// `len` records from byte `at` of `map`. The caller guarantees those bytes are inside the
    /// mapped file, so reading them cannot fault.
    pub(crate) fn mapped(map: Arc<Mmap>, at: usize, len: usize) -> Events {
        Events {
            store: Store::Mapped(Mapped { map, at, len }),
        }
    }

    /// The raw records of events `range` of a mapped log (`None` for events in memory, or a
    /// range past the end).
    pub(crate) fn mapped_bytes(&self, range: Range<usize>) -> Option<&[u8]> {
        match &self.store {
            Store::Mapped(m) if range.start <= range.end && range.end <= m.len => m
                .map
                .get(m.at + range.start * EVENT_BYTES..m.at + range.end * EVENT_BYTES),
            _ => None,
        }
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Memory(v) => v.len(),
            Store::Mapped(m) => m.len,
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the events are records of a mapped file rather than a vector.
    pub fn is_mapped(&self) -> bool {
        matches!(self.store, Store::Mapped(_))
    }

    /// The event at `i`, decoded if mapped; `None` past the end (see [`EventSource::event`]).
    pub fn get(&self, i: usize) -> Option<Event> {
        match &self.store {
            Store::Memory(v) => v.get(i).copied(),
            Store::Mapped(m) => m.record(i).and_then(|r| Event::from_bytes(r).ok()),
        }
    }

    /// The 16-byte record of event `i` as a file holds it: a view for mapped events, encoded
    /// for events in memory.
    pub fn record(&self, i: usize) -> Option<[u8; EVENT_BYTES]> {
        match &self.store {
            Store::Memory(v) => v.get(i).map(Event::to_bytes),
            Store::Mapped(m) => m.record(i).copied(),
        }
    }

    /// The events in memory as a slice; `None` when they are mapped.
    pub fn as_slice(&self) -> Option<&[Event]> {
        match &self.store {
            Store::Memory(v) => Some(v),
            Store::Mapped(_) => None,
        }
    }

    /// Every event in order (a mapped record that no longer decodes ends the iteration).
    pub fn iter(&self) -> Iter<'_> {
        self.range(0..self.len())
    }

    /// The events with indexes in `range` (clamped to the log).
    pub fn range(&self, range: Range<usize>) -> Iter<'_> {
        let end = range.end.min(self.len());
        Iter {
            events: self,
            next: range.start.min(end),
            end,
        }
    }

    /// Appends `batch`. Events in memory grow in place when this is their only holder (else
    /// they are copied once: clones share storage); mapped events are copied into memory first,
    /// since a mapped file is never written through.
    pub fn extend_from_slice(&mut self, batch: &[Event]) {
        if let Store::Mapped(_) = self.store {
            let copied: Vec<Event> = self.iter().collect();
            *self = Events::from(copied);
        }
        if let Store::Memory(v) = &mut self.store {
            Arc::make_mut(v).extend_from_slice(batch);
        }
    }

    /// The same storage seen with `len` events: a longer view of a spool that has published
    /// more records, or a shorter one. Events in memory are only ever cut, never lengthened.
    pub fn with_len(&self, len: usize) -> Events {
        match &self.store {
            Store::Memory(v) if len < v.len() => Events::from(&v[..len]),
            Store::Memory(_) => self.clone(),
            Store::Mapped(m) => Events::mapped(Arc::clone(&m.map), m.at, len),
        }
    }

    /// Decodes the events in `range` into `buf` (cleared first): a fold over many events
    /// decodes each once, in bulk.
    pub fn decode_into(&self, range: Range<usize>, buf: &mut Vec<Event>) {
        buf.clear();
        match &self.store {
            Store::Memory(v) => buf.extend_from_slice(v.get(range).unwrap_or_default()),
            Store::Mapped(m) => {
                let end = range.end.min(m.len);
                let bytes = self.mapped_bytes(range.start.min(end)..end);
                // A record that no longer decodes ends the events there, as it ends `iter`
                // (the file was changed under the map after it was checked).
                decode_records(bytes.unwrap_or_default(), buf).ok();
            }
        }
    }
}

impl Mapped {
    fn record(&self, i: usize) -> Option<&[u8; EVENT_BYTES]> {
        if i >= self.len {
            return None;
        }
        let start = self.at + i * EVENT_BYTES;
        self.map.get(start..start + EVENT_BYTES)?.try_into().ok()
    }
}

impl PartialEq for Events {
    fn eq(&self, other: &Events) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Events {}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, len) = match &self.store {
            Store::Memory(v) => ("memory", v.len()),
            Store::Mapped(m) => ("mapped", m.len),
        };
        write!(f, "Events({len} {kind})")
    }
}

/// Events of a range in order, decoded one at a time.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    events: &'a Events,
    next: usize,
    end: usize,
}

impl Iterator for Iter<'_> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if self.next >= self.end {
            return None;
        }
        let event = self.events.get(self.next);
        self.next = if event.is_some() {
            self.next + 1
        } else {
            self.end
        };
        event
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.end - self.next))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Event> {
        if self.next >= self.end {
            return None;
        }
        let event = self.events.get(self.end - 1);
        self.end = if event.is_some() {
            self.end - 1
        } else {
            self.next
        };
        event
    }
}

impl<'a> IntoIterator for &'a Events {
    type Item = Event;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::indexed::CHUNK;
    use super::*;
    use crate::{Bound, NodeCount};

    fn sample() -> Vec<Event> {
        (0..10)
            .map(|i| Event::Iteration {
                depth: i,
                score: i32::from(i) * 7,
                nodes: NodeCount::from(u64::from(i)),
            })
            .chain([Event::NodeExit {
                score: 3,
                bound: Bound::Lower,
            }])
            .collect()
    }

    #[test]
    fn memory_events_read_like_their_vector_and_grow_without_copying_when_alone() {
        let v = sample();
        let mut events = Events::from(v.clone());
        assert_eq!(events.len(), v.len());
        assert_eq!(events.iter().collect::<Vec<_>>(), v);
        assert_eq!(events.range(3..5).rev().collect::<Vec<_>>(), [v[4], v[3]]);
        assert_eq!(events.range(9..40).count(), 2);
        assert_eq!(events.get(v.len()), None);
        let shared = events.clone();
        events.extend_from_slice(&v[..2]);
        assert_eq!(events.len(), v.len() + 2);
        assert_eq!(shared.len(), v.len(), "a clone keeps its own view");
        assert_eq!(events.with_len(3).iter().collect::<Vec<_>>(), v[..3]);
        assert_eq!(events.record(0), Some(v[0].to_bytes()));
    }

    /// Mapped events decoded in bulk (`for_each_chunk`, `decode_into`) against the same
    /// records decoded one at a time (`get`), across chunk boundaries and up to a record that
    /// no longer decodes, where both stop.
    #[test]
    fn mapped_events_decode_in_bulk_as_one_at_a_time() {
        let n = 2 * CHUNK + 123;
        let events: Vec<Event> = (0..n)
            .map(|i| match i % 3 {
                0 => sample()[i % 10],
                1 => Event::NodeExit {
                    score: i as i32,
                    bound: Bound::Upper,
                },
                _ => sample()[10],
            })
            .collect();
        let mut bytes: Vec<u8> = events.iter().flat_map(|e| e.to_bytes()).collect();
        let bad = CHUNK + 77;
        bytes[bad * EVENT_BYTES] = 0xff;
        let path = std::env::temp_dir().join(format!("ks-events-bulk-{}", std::process::id()));
        std::fs::write(&path, &bytes).expect("temp file");
        let file = std::fs::File::open(&path).expect("written");
        let mapped = Events::mapped(
            Arc::new(crate::mapped::map(&file, None).expect("map")),
            0,
            n,
        );
        std::fs::remove_file(&path).ok();

        let one_by_one: Vec<Event> = (0..n).map_while(|i| mapped.get(i)).collect();
        assert_eq!(one_by_one, events[..bad], "get stops at the bad record");
        for range in [
            0..n,
            5..CHUNK + 3,
            CHUNK..CHUNK + 10,
            bad + 1..n,
            n - 2..n + 9,
        ] {
            let mut chunked = Vec::new();
            mapped.for_each_chunk(range.clone(), &mut |c| chunked.extend_from_slice(c));
            let expected: Vec<Event> = mapped.range(range.clone()).collect();
            assert_eq!(chunked, expected, "for_each_chunk({range:?})");
            let mut buf = vec![sample()[0]];
            mapped.decode_into(range.clone(), &mut buf);
            assert_eq!(buf, expected, "decode_into({range:?})");
        }
    }
}
