//! The seam between the search and its instrumentation.
//!
//! The search is generic over `O: SearchObserver` and reports every node, move, cutoff and
//! killer store as an `Event`. `NullObserver::observe` is empty and inlined, so building the
//! events compiles to nothing and the uninstrumented search runs at full speed from the very
//! same code path the recorder watches.

use super::event::Event;
use killerscope_chess::Move;

/// What watches a search. The search reports everything it does as `Event`s through one
/// method, so an observer that cares about some kinds matches on them and ignores the rest, and
/// a wrapper that forwards `observe` forwards every kind there is or will be.
pub trait SearchObserver {
    /// The search did `event`. Scores are centipawns from the side to move's point of view,
    /// mate scores as `MATE - ply`.
    fn observe(&mut self, event: Event);

    /// The principal variation of the iteration just reported by `Event::Iteration` (kept out
    /// of the event so every event stays 16 bytes).
    #[inline(always)]
    fn iteration_pv(&mut self, _pv: &[Move]) {}
}

/// The observer that observes nothing: the full-speed search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullObserver;

impl SearchObserver for NullObserver {
    #[inline(always)]
    fn observe(&mut self, _event: Event) {}
}
