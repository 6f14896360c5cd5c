//! Legal move lists: the walk of `targets` with a sink that pushes each destination as a move.

use super::bitboard::Bitboard;
use super::moves::{Move, MoveFlag, MoveList};
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;
use super::targets::{PROMOTION_RANKS, TargetSink};

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

impl Position {
    /// Fills `list` (cleared first) with exactly the legal moves.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.walk_legal::<false>(list, Bitboard::FULL);
    }

    /// Fills `list` (cleared first) with the legal captures and promotions (including quiet
    /// underpromotions): the moves quiescence search looks at.
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        self.walk_legal::<true>(list, Bitboard::FULL);
    }

    /// Whether `mv` is one of `legal_moves()`. Any 16-bit value is accepted (garbage is simply
    /// illegal); only the moves of the piece on `mv.from()` are generated, so it is cheap enough
    /// to validate killer and transposition-table moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        let from = mv.from();
        if !self.color_bb(self.side).contains(from) {
            return false;
        }
        let mut list = MoveList::new();
        self.walk_legal::<false>(&mut list, Bitboard::from_square(from));
        list.contains(mv)
    }
}
