//! Observer combinators: `(&mut recorder, &mut stats)` watches one search with two observers,
//! and `&mut O` lets a caller keep ownership of the observer it lends to the search.

use super::observer::{Bound, MoveSource, NodeKind, SearchObserver};
use crate::chess::Move;

/// Forwards every hook to `A`, then to `B`.
impl<A: SearchObserver, B: SearchObserver> SearchObserver for (A, B) {
    #[inline(always)]
    fn node_enter(&mut self, ply: u8, depth: i8, alpha: i32, beta: i32, mv: Move, kind: NodeKind) {
        self.0.node_enter(ply, depth, alpha, beta, mv, kind);
        self.1.node_enter(ply, depth, alpha, beta, mv, kind);
    }

    #[inline(always)]
    fn move_tried(&mut self, mv: Move, index: u8, source: MoveSource) {
        self.0.move_tried(mv, index, source);
        self.1.move_tried(mv, index, source);
    }

    #[inline(always)]
    fn cutoff(&mut self, mv: Move, index: u8, source: MoveSource, score: i32, beta: i32) {
        self.0.cutoff(mv, index, source, score, beta);
        self.1.cutoff(mv, index, source, score, beta);
    }

    #[inline(always)]
    fn killer_store(&mut self, ply: u8, mv: Move, slots: &[Move]) {
        self.0.killer_store(ply, mv, slots);
        self.1.killer_store(ply, mv, slots);
    }

    #[inline(always)]
    fn tt_hit(&mut self, mv: Move, depth: i8, score: i32, bound: Bound, cutoff: bool) {
        self.0.tt_hit(mv, depth, score, bound, cutoff);
        self.1.tt_hit(mv, depth, score, bound, cutoff);
    }

    #[inline(always)]
    fn node_exit(&mut self, score: i32, bound: Bound) {
        self.0.node_exit(score, bound);
        self.1.node_exit(score, bound);
    }

    #[inline(always)]
    fn iteration(&mut self, depth: u8, score: i32, nodes: u64, pv: &[Move]) {
        self.0.iteration(depth, score, nodes, pv);
        self.1.iteration(depth, score, nodes, pv);
    }
}

/// Forwards every hook to the borrowed observer.
impl<O: SearchObserver + ?Sized> SearchObserver for &mut O {
    #[inline(always)]
    fn node_enter(&mut self, ply: u8, depth: i8, alpha: i32, beta: i32, mv: Move, kind: NodeKind) {
        (**self).node_enter(ply, depth, alpha, beta, mv, kind);
    }

    #[inline(always)]
    fn move_tried(&mut self, mv: Move, index: u8, source: MoveSource) {
        (**self).move_tried(mv, index, source);
    }

    #[inline(always)]
    fn cutoff(&mut self, mv: Move, index: u8, source: MoveSource, score: i32, beta: i32) {
        (**self).cutoff(mv, index, source, score, beta);
    }

    #[inline(always)]
    fn killer_store(&mut self, ply: u8, mv: Move, slots: &[Move]) {
        (**self).killer_store(ply, mv, slots);
    }

    #[inline(always)]
    fn tt_hit(&mut self, mv: Move, depth: i8, score: i32, bound: Bound, cutoff: bool) {
        (**self).tt_hit(mv, depth, score, bound, cutoff);
    }

    #[inline(always)]
    fn node_exit(&mut self, score: i32, bound: Bound) {
        (**self).node_exit(score, bound);
    }

    #[inline(always)]
    fn iteration(&mut self, depth: u8, score: i32, nodes: u64, pv: &[Move]) {
        (**self).iteration(depth, score, nodes, pv);
    }
}
