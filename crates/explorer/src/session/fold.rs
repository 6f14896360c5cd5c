//! A fold over a log's events that can be moved to any event index of a growing log: moving
//! forward applies only the new events, moving back restarts from the nearest checkpoint (one
//! every `CHECKPOINT_EVERY` events). The timeline's scan and the charts' counts are both such
//! folds, so stepping either stays instant on multi-million-event logs while everything shown
//! is counted from the log itself.

use killerscope_log::Event;
use killerscope_log::{EventSource, SourceTable};

/// Events between two saved states.
pub const CHECKPOINT_EVERY: usize = 1 << 16;

/// A state folded from a prefix of a log's events.
pub trait Fold: Clone {
    /// Number of events folded in.
    fn applied(&self) -> usize;
    /// Folds one more event in; killers are the sources `sources` calls killers.
    fn apply(&mut self, event: &Event, sources: &SourceTable);
    /// The state before any event, with the same settings as this one.
    fn restart(&self) -> Self;
}

/// A fold movable to any event index, with checkpoints.
#[derive(Clone, Debug, Default)]
pub struct Cursor<F> {
    fold: F,
    checkpoints: Vec<F>,
}

impl<F: Fold> Cursor<F> {
    /// A cursor at the start of a log, folding from `start` (no events applied).
    pub fn new(start: F) -> Cursor<F> {
        Cursor {
            fold: start,
            checkpoints: Vec::new(),
        }
    }

    /// The state at the current position.
    pub fn fold(&self) -> &F {
        &self.fold
    }

    /// Moves to the state after the first `target` events of `events` (clamped to its length),
    /// whose sources `sources` describes.
    pub fn seek<S: EventSource + ?Sized>(
        &mut self,
        events: &S,
        sources: &SourceTable,
        target: usize,
    ) {
        let target = target.min(events.event_count());
        if target < self.fold.applied() {
            // The log only grows, so every checkpoint passed on the way here is still valid.
            let k = target / CHECKPOINT_EVERY;
            self.fold = k
                .checked_sub(1)
                .and_then(|i| self.checkpoints.get(i))
                .cloned()
                .unwrap_or_else(|| self.fold.restart());
        }
        let from = self.fold.applied();
        events.for_each_chunk(from..target, &mut |chunk| self.advance(chunk, sources));
    }

    /// Folds in `chunk`, the events right after those folded so far (a background indexer
    /// decodes each event once and feeds every fold from it), saving checkpoints on the way.
    pub fn advance(&mut self, chunk: &[Event], sources: &SourceTable) {
        for event in chunk {
            self.fold.apply(event, sources);
            let applied = self.fold.applied();
            if applied.is_multiple_of(CHECKPOINT_EVERY)
                && self.checkpoints.len() < applied / CHECKPOINT_EVERY
            {
                self.checkpoints.push(self.fold.clone());
            }
        }
    }
}
