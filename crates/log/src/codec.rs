//! The 16-byte on-disk record of an `Event` (layout in `docs/kslog-format.md`): fixed size so
//! a log can be read in bulk and indexed by position, canonical so that every byte means
//! something and a corrupted record is rejected rather than misread.

use crate::{
    Bound, COUNTER_KEYS, EVENT_BYTES, Event, EventKind, KillerSlots, MAX_KILLER_SLOTS, MoveSource,
    NodeCount, NodeKind, PruneRule, ReSearchReason, StaticKind, WindowOutcome,
};
use killerscope_chess::Move;

impl Event {
    /// The fixed 16-byte little-endian record (layout in `docs/kslog-format.md`). Inlined: at
    /// a hook site of the search the event's kind is known and this folds to a few shifts.
    #[inline(always)]
    pub fn to_bytes(&self) -> [u8; EVENT_BYTES] {
        let (lo, hi) = self.halves();
        Event::record_of(lo, hi)
    }

    /// The record as its two little-endian `u64` halves (byte `k` of a half is bits
    /// `8k..8k+8`), built in registers: recording encodes tens of millions of events a second.
    #[inline(always)]
    pub(crate) fn halves(&self) -> (u64, u64) {
        let tag = self.kind() as u64;
        let byte = |v: u8, at: u32| u64::from(v) << (8 * at);
        let word = |v: u16, at: u32| u64::from(v) << (8 * at);
        let mv = |m: Move, at: u32| word(m.raw(), at);
        let int = |v: i32, at: u32| u64::from(v as u32) << (8 * at);
        match *self {
            Event::NodeEnter {
                ply,
                depth,
                kind,
                mv: m,
                alpha,
                beta,
            } => (
                tag | byte(ply, 1) | byte(depth as u8, 2) | byte(kind as u8, 3) | mv(m, 4),
                int(alpha, 0) | int(beta, 4),
            ),
            Event::MoveTried {
                mv: m,
                index,
                source,
            } => (tag | byte(index, 1) | byte(source.code(), 2) | mv(m, 4), 0),
            Event::Cutoff {
                mv: m,
                index,
                source,
                score,
                beta,
            } => (
                tag | byte(index, 1) | byte(source.code(), 2) | mv(m, 4),
                int(score, 0) | int(beta, 4),
            ),
            Event::KillerStore { ply, mv: m, slots } => {
                let slots = slots.as_slice();
                let slot = |i: usize| slots.get(i).map_or(0, |s| s.raw());
                (
                    tag | byte(ply, 1) | byte(slots.len() as u8, 2) | mv(m, 4) | word(slot(0), 6),
                    word(slot(1), 0) | word(slot(2), 2) | word(slot(3), 4),
                )
            }
            Event::TtHit {
                mv: m,
                depth,
                score,
                bound,
                cutoff,
            } => (
                tag | byte(depth as u8, 1)
                    | byte(bound as u8, 2)
                    | byte(u8::from(cutoff), 3)
                    | mv(m, 4),
                int(score, 0),
            ),
            Event::NodeExit { score, bound } => (tag | byte(bound as u8, 1), int(score, 0)),
            Event::StaticScore { kind, score } => (tag | byte(kind as u8, 1), int(score, 0)),
            Event::Iteration {
                depth,
                score,
                nodes,
            } => (tag | byte(depth, 1) | int(score, 4), nodes.get()),
            Event::MateKillerStore { ply, mv: m } => (tag | byte(ply, 1) | mv(m, 4), 0),
            Event::CounterStore { key, mv: m } => (tag | word(key, 2) | mv(m, 4), 0),
            Event::NullMove {
                depth,
                reduction,
                score,
                cutoff,
            } => (
                tag | byte(depth as u8, 1) | byte(reduction, 2) | byte(u8::from(cutoff), 3),
                int(score, 0),
            ),
            Event::Reduction { mv: m, by } => (tag | byte(by, 1) | mv(m, 4), 0),
            Event::ReSearch { mv: m, reason } => (tag | byte(reason as u8, 1) | mv(m, 4), 0),
            Event::Pruned { mv: m, rule, score } => {
                (tag | byte(rule as u8, 1) | mv(m, 4), int(score, 0))
            }
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => (
                tag | byte(depth, 1) | byte(outcome as u8, 2) | int(alpha, 4),
                int(beta, 0),
            ),
            Event::Illegal { mv: m } => (tag | mv(m, 4), 0),
        }
    }

    /// The record of `halves`, as `to_bytes` lays it out.
    #[inline(always)]
    pub(crate) fn record_of(lo: u64, hi: u64) -> [u8; EVENT_BYTES] {
        let mut b = [0u8; EVENT_BYTES];
        b[..8].copy_from_slice(&lo.to_le_bytes());
        b[8..].copy_from_slice(&hi.to_le_bytes());
        b
    }

    /// What a record's low half says of a node entered: its ply and the move that led to it,
    /// or `None` if it is another kind of event.
    pub(crate) fn entered_of(lo: u64) -> Option<(u8, Move)> {
        (lo as u8 == EventKind::NodeEnter as u8)
            .then(|| ((lo >> 8) as u8, Move::from_raw((lo >> 32) as u16)))
    }

    /// Whether a record's low half is that of a `NodeExit`.
    pub(crate) fn is_exit_of(lo: u64) -> bool {
        lo as u8 == EventKind::NodeExit as u8
    }

    /// Decodes a record written by `to_bytes`; `Err` names what is wrong when the bytes cannot
    /// come from any event (unknown tag, bad code, non-zero reserved bytes). Inlined into
    /// the loop of `decode_records` (below): called, it returns the event through memory in
    /// narrow stores that the caller's wide loads cannot forward from, which cost more than
    /// the decoding.
    #[inline(always)]
    pub fn from_bytes(b: &[u8; EVENT_BYTES]) -> Result<Event, &'static str> {
        let (lo_mask, hi_mask) = *RESERVED.get(usize::from(b[0])).ok_or("unknown event tag")?;
        let half = |at: usize| {
            let mut h = [0u8; 8];
            h.copy_from_slice(&b[at..at + 8]);
            u64::from_le_bytes(h)
        };
        if half(0) & lo_mask != 0 || half(8) & hi_mask != 0 {
            return Err("reserved bytes are not zero");
        }
        let event = match b[0] {
            1 => Event::NodeEnter {
                ply: b[1],
                depth: b[2] as i8,
                kind: NodeKind::from_code(b[3])
                    .ok_or("node kind is neither 0 (main) nor 1 (quiescence)")?,
                mv: get_move(b, 4),
                alpha: get_i32(b, 8),
                beta: get_i32(b, 12),
            },
            2 => Event::MoveTried {
                mv: get_move(b, 4),
                index: b[1],
                source: MoveSource::from_code(b[2]),
            },
            3 => Event::Cutoff {
                mv: get_move(b, 4),
                index: b[1],
                source: MoveSource::from_code(b[2]),
                score: get_i32(b, 8),
                beta: get_i32(b, 12),
            },
            4 => killer_store(b)?,
            5 => Event::TtHit {
                mv: get_move(b, 4),
                depth: b[1] as i8,
                score: get_i32(b, 8),
                bound: bound(b[2])?,
                cutoff: flag(b[3], "TT cutoff flag is neither 0 nor 1")?,
            },
            6 => Event::NodeExit {
                score: get_i32(b, 8),
                bound: bound(b[1])?,
            },
            7 => {
                let mut nodes = [0u8; 8];
                nodes.copy_from_slice(&b[8..16]);
                Event::Iteration {
                    depth: b[1],
                    score: get_i32(b, 4),
                    nodes: NodeCount::from(u64::from_le_bytes(nodes)),
                }
            }
            8 => Event::MateKillerStore {
                ply: b[1],
                mv: get_move(b, 4),
            },
            9 => counter_store(b)?,
            10 => Event::NullMove {
                depth: b[1] as i8,
                reduction: b[2],
                cutoff: flag(b[3], "null-move cutoff flag is neither 0 nor 1")?,
                score: get_i32(b, 8),
            },
            11 => Event::Reduction {
                by: b[1],
                mv: get_move(b, 4),
            },
            12 => Event::ReSearch {
                reason: ReSearchReason::from_code(b[1]).ok_or("unknown re-search reason")?,
                mv: get_move(b, 4),
            },
            13 => Event::Pruned {
                rule: PruneRule::from_code(b[1]).ok_or("unknown pruning rule")?,
                mv: get_move(b, 4),
                score: get_i32(b, 8),
            },
            14 => Event::Aspiration {
                depth: b[1],
                outcome: WindowOutcome::from_code(b[2]).ok_or("unknown aspiration outcome")?,
                alpha: get_i32(b, 4),
                beta: get_i32(b, 8),
            },
            15 => Event::Illegal { mv: get_move(b, 4) },
            16 => Event::StaticScore {
                kind: StaticKind::from_code(b[1]).ok_or("unknown static-score kind")?,
                score: get_i32(b, 8),
            },
            _ => return Err("unknown event tag"),
        };
        Ok(event)
    }
}

/// A record [`decode_records`] refused: its index among the records given, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BadRecord {
    pub index: usize,
    pub reason: &'static str,
}

/// Decodes the records in `bytes` (whole 16-byte records; a partial one at the end is left)
/// onto the end of `out`, in order: the one decoding loop of every reader of `.kslog` events.
/// At the first record that does not decode it stops, the events before it in `out`.
pub(crate) fn decode_records(bytes: &[u8], out: &mut Vec<Event>) -> Result<(), BadRecord> {
    let (records, _) = bytes.as_chunks::<EVENT_BYTES>();
    out.reserve(records.len());
    for (index, record) in records.iter().enumerate() {
        match Event::from_bytes(record) {
            Ok(event) => out.push(event),
            Err(reason) => return Err(BadRecord { index, reason }),
        }
    }
    Ok(())
}

/// How many of `events` are `Iteration` events (a log holds one PV for each).
pub(crate) fn iteration_events(events: &[Event]) -> u64 {
    events
        .iter()
        .filter(|e| matches!(e, Event::Iteration { .. }))
        .count() as u64
}

/// A `KillerStore` record: the row's length, then its moves, empty past the length.
fn killer_store(b: &[u8; EVENT_BYTES]) -> Result<Event, &'static str> {
    let len = b[2] as usize;
    if len > MAX_KILLER_SLOTS {
        return Err("killer row longer than the most slots a search keeps");
    }
    let mut moves = [Move::NULL; MAX_KILLER_SLOTS];
    for (i, slot) in moves.iter_mut().enumerate() {
        *slot = get_move(b, 6 + 2 * i);
    }
    if moves[len..].iter().any(|m| !m.is_null()) {
        return Err("killer slots beyond the row length are not empty");
    }
    Ok(Event::KillerStore {
        ply: b[1],
        mv: get_move(b, 4),
        slots: KillerSlots::new(&moves[..len]),
    })
}

/// A `CounterStore` record, its key checked against the table's size.
fn counter_store(b: &[u8; EVENT_BYTES]) -> Result<Event, &'static str> {
    let key = u16::from_le_bytes([b[2], b[3]]);
    if usize::from(key) >= COUNTER_KEYS {
        return Err("countermove key is not below 768 (12 pieces × 64 squares)");
    }
    Ok(Event::CounterStore {
        key,
        mv: get_move(b, 4),
    })
}

/// A flag byte: 0 or 1, anything else the error `what`.
fn flag(byte: u8, what: &'static str) -> Result<bool, &'static str> {
    match byte {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(what),
    }
}

/// Per tag, the bytes that must be zero: masks over the record's two little-endian `u64`
/// halves (byte `k` of a half is bits `8k..8k+8`). Index 0 is not a tag.
const RESERVED: [(u64, u64); 17] = [
    (0, 0),
    (0xffff << 48, 0),                                // node_enter: bytes 6-7
    (0xff << 24 | 0xffff << 48, u64::MAX),            // move_tried: 3, 6-15
    (0xff << 24 | 0xffff << 48, 0),                   // cutoff: 3, 6-7
    (0xff << 24, 0xffff << 48),                       // killer_store: 3, 14-15
    (0xffff << 48, 0xffff_ffff << 32),                // tt_hit: 6-7, 12-15
    (0xffff_ffff_ffff << 16, 0xffff_ffff << 32),      // node_exit: 2-7, 12-15
    (0xffff << 16, 0),                                // iteration: 2-3
    (0xffff << 16 | 0xffff << 48, u64::MAX),          // mate_killer_store: 2-3, 6-15
    (0xff << 8 | 0xffff << 48, u64::MAX),             // counter_store: 1, 6-15
    (0xffff_ffff << 32, 0xffff_ffff << 32),           // null_move: 4-7, 12-15
    (0xffff << 16 | 0xffff << 48, u64::MAX),          // reduction: 2-3, 6-15
    (0xffff << 16 | 0xffff << 48, u64::MAX),          // re_search: 2-3, 6-15
    (0xffff << 16 | 0xffff << 48, 0xffff_ffff << 32), // pruned: 2-3, 6-7, 12-15
    (0xff << 24, 0xffff_ffff << 32),                  // aspiration: 3, 12-15
    (0xff_ffff << 8 | 0xffff << 48, u64::MAX),        // illegal: 1-3, 6-15
    (0xffff_ffff_ffff << 16, 0xffff_ffff << 32),      // static_score: 2-7, 12-15
];

fn bound(code: u8) -> Result<Bound, &'static str> {
    Bound::from_code(code).ok_or("bound is not 0 (exact), 1 (lower) or 2 (upper)")
}

fn get_move(b: &[u8; EVENT_BYTES], at: usize) -> Move {
    Move::from_raw(u16::from_le_bytes([b[at], b[at + 1]]))
}

fn get_i32(b: &[u8; EVENT_BYTES], at: usize) -> i32 {
    i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bulk decoder against `from_bytes` record by record, on every record of a search-shaped
    /// log, and its stop at a damaged record with that record's index.
    #[test]
    fn records_decode_in_bulk_as_one_at_a_time() {
        let mut recorder = crate::Recorder::new(crate::LogHeader::default());
        crate::sample::search(&mut recorder, 3);
        let events: Vec<Event> = recorder.into_log().events().to_vec();
        let mut bytes: Vec<u8> = events.iter().flat_map(Event::to_bytes).collect();
        bytes.extend_from_slice(&[1, 2, 3]);
        let mut out = vec![events[0]];
        assert_eq!(decode_records(&bytes, &mut out), Ok(()));
        assert_eq!(out[1..], events, "appended, the partial record left");

        let bad = events.len() / 2;
        bytes[bad * EVENT_BYTES] = 0xff;
        let mut out = Vec::new();
        let reason = "unknown event tag";
        assert_eq!(
            decode_records(&bytes, &mut out),
            Err(BadRecord { index: bad, reason })
        );
        assert_eq!(out, events[..bad]);
    }
}
