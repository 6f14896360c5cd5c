//! Counting the legal moves without listing them: the walk of `targets` with a sink that adds
//! popcounts. This is the last ply of bulk perft, where a position's moves are only counted.

use super::bitboard::Bitboard;
use super::board::Position;
use super::moves::Move;
use super::square::Square;
use super::targets::{PROMOTION_RANKS, TargetSink, walk_legal};

/// Adds up the moves the walk reports; a pawn reaching the last rank is four promotions.
struct MoveCount(u64);

impl MoveCount {
    #[inline(always)]
    fn add_pawn_targets(&mut self, targets: Bitboard) {
        self.0 += u64::from(targets.count() + 3 * (targets & PROMOTION_RANKS).count());
    }
}

impl TargetSink for MoveCount {
    #[inline(always)]
    fn king(&mut self, _from: Square, targets: Bitboard, _theirs: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard, _theirs: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i8, _capture: bool) {
        self.add_pawn_targets(targets);
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawn(&mut self, _from: Square, targets: Bitboard, _capture: bool) {
        self.add_pawn_targets(targets);
    }

    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// The number of legal moves, `legal_moves().len()` without building the list.
pub(super) fn count_legal_moves(pos: &Position) -> u64 {
    let mut count = MoveCount(0);
    walk_legal::<false>(pos, &mut count, Bitboard::FULL);
    count.0
}
