//! Legal move lists: the walk of `targets` with a sink that pushes each destination as a move.

use super::bitboard::Bitboard;
use super::board::Position;
use super::moves::{Move, MoveFlag, MoveList};
use super::piece::PieceKind;
use super::square::Square;
use super::targets::{PROMOTION_RANKS, TargetSink, walk_legal};

const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Knight,
    PieceKind::Rook,
    PieceKind::Bishop,
];

/// Pushes the four promotions (or the single non-promoting pawn move) from `from` to `to`.
#[inline(always)]
fn push_pawn_move(list: &mut MoveList, from: Square, to: Square, capture: bool) {
    if PROMOTION_RANKS.contains(to) {
        for kind in PROMOTIONS {
            list.push(Move::new(from, to, MoveFlag::promotion(kind, capture)));
        }
    } else {
        let flag = if capture {
            MoveFlag::Capture
        } else {
            MoveFlag::Quiet
        };
        list.push(Move::new(from, to, flag));
    }
}

/// Each reported destination becomes a move on the list, in the walk's order.
impl TargetSink for MoveList {
    #[inline(always)]
    fn king(&mut self, from: Square, targets: Bitboard, theirs: Bitboard) {
        for to in targets {
            let flag = if theirs.contains(to) {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            self.push(Move::new(from, to, flag));
        }
    }

    /// Captures first, then quiet moves.
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard, theirs: Bitboard) {
        for to in targets & theirs {
            self.push(Move::new(from, to, MoveFlag::Capture));
        }
        for to in targets & !theirs {
            self.push(Move::new(from, to, MoveFlag::Quiet));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        for to in targets {
            let from = Square::from_index((to.index() as i8 - delta) as u8);
            push_pawn_move(self, from, to, capture);
        }
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, delta: i8) {
        for to in targets {
            let from = Square::from_index((to.index() as i8 - 2 * delta) as u8);
            self.push(Move::new(from, to, MoveFlag::DoublePush));
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, targets: Bitboard, capture: bool) {
        for to in targets {
            push_pawn_move(self, from, to, capture);
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Fills `list` (cleared first) with exactly the legal moves.
pub(super) fn legal_moves(pos: &Position, list: &mut MoveList) {
    list.clear();
    walk_legal::<false>(pos, list, Bitboard::FULL);
}

/// Fills `list` (cleared first) with the legal captures and promotions (including quiet
/// underpromotions): the moves quiescence search looks at.
pub(super) fn legal_captures(pos: &Position, list: &mut MoveList) {
    list.clear();
    walk_legal::<true>(pos, list, Bitboard::FULL);
}

/// Whether `mv` is one of `legal_moves()`. Any 16-bit value is accepted (garbage is simply
/// illegal); the walk covers only the piece on `mv.from()` and looks for `mv` among its
/// destinations without listing them, so it is cheap enough to validate killer and
/// transposition-table moves, and every move of a log replayed (`log query key=…`).
pub(super) fn is_legal(pos: &Position, mv: Move) -> bool {
    let from = mv.from();
    if !pos.color_bb(pos.side).contains(from) {
        return false;
    }
    let mut find = Find { mv, found: false };
    walk_legal::<false>(pos, &mut find, Bitboard::from_square(from));
    find.found
}

/// A sink that only says whether the walk reports `mv`: the moves `MoveList`'s sink would push
/// at `mv`'s destination, compared with it, flags included.
struct Find {
    mv: Move,
    found: bool,
}

impl Find {
    #[inline(always)]
    fn pawn_move(&mut self, from: Square, to: Square, capture: bool) {
        self.found |= if PROMOTION_RANKS.contains(to) {
            PROMOTIONS
                .iter()
                .any(|&kind| self.mv == Move::new(from, to, MoveFlag::promotion(kind, capture)))
        } else {
            let flag = if capture {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            self.mv == Move::new(from, to, flag)
        };
    }
}

impl TargetSink for Find {
    #[inline(always)]
    fn king(&mut self, from: Square, targets: Bitboard, theirs: Bitboard) {
        self.piece(from, targets, theirs);
    }

    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard, theirs: Bitboard) {
        let to = self.mv.to();
        if from == self.mv.from() && targets.contains(to) {
            let flag = if theirs.contains(to) {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            self.found |= self.mv == Move::new(from, to, flag);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        let to = self.mv.to();
        if targets.contains(to) {
            let from = Square::from_index((to.index() as i8 - delta) as u8);
            self.pawn_move(from, to, capture);
        }
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, delta: i8) {
        let to = self.mv.to();
        if targets.contains(to) {
            let from = Square::from_index((to.index() as i8 - 2 * delta) as u8);
            self.found |= self.mv == Move::new(from, to, MoveFlag::DoublePush);
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, targets: Bitboard, capture: bool) {
        let to = self.mv.to();
        if targets.contains(to) {
            self.pawn_move(from, to, capture);
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.found |= mv == self.mv;
    }
}
