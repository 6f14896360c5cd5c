//! Observer combinators: `(&mut recorder, &mut stats)` watches one search with two observers,
//! and `&mut O` lets a caller keep ownership of the observer it lends to the search. Both
//! forward whole events, so a new event kind reaches every observer without a change here.

use crate::Event;
use crate::SearchObserver;
use killerscope_chess::Move;

/// Forwards every event to `A`, then to `B`.
impl<A: SearchObserver, B: SearchObserver> SearchObserver for (A, B) {
    #[inline(always)]
    fn observe(&mut self, event: Event) {
        self.0.observe(event);
        self.1.observe(event);
    }

    #[inline(always)]
    fn iteration_pv(&mut self, pv: &[Move]) {
        self.0.iteration_pv(pv);
        self.1.iteration_pv(pv);
    }
}

/// Forwards every event to the borrowed observer.
impl<O: SearchObserver + ?Sized> SearchObserver for &mut O {
    #[inline(always)]
    fn observe(&mut self, event: Event) {
        (**self).observe(event);
    }

    #[inline(always)]
    fn iteration_pv(&mut self, pv: &[Move]) {
        (**self).iteration_pv(pv);
    }
}
