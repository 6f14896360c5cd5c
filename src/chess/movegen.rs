//! Exact legal move generation with check and pin masks.
//!
//! In double check only the king moves. Otherwise every non-king move must land on the check
//! mask (anywhere when not in check; the checker or a square between it and the king when in
//! check), and a pinned piece must stay on the line through its king. King moves are tested
//! against attacks with the king lifted off the board; en passant, whose two vacated squares can
//! expose the king along a rank, is tested by recomputing slider attacks.

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::CastlingRights;
use super::moves::{Move, MoveFlag, MoveList};
use super::piece::{Color, PieceKind};
use super::position::Position;
use super::square::Square;

const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Knight,
    PieceKind::Rook,
    PieceKind::Bishop,
];

/// Pushes the four promotions (or the single non-promoting pawn move) from `from` to `to`.
#[inline(always)]
fn push_pawn_move(list: &mut MoveList, from: Square, to: Square, capture: bool) {
    if to.rank() == 0 || to.rank() == 7 {
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

impl Position {
    /// Fills `list` (cleared first) with exactly the legal moves.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<false>(list, Bitboard::FULL);
    }

    /// Fills `list` (cleared first) with the legal captures and promotions (including quiet
    /// underpromotions): the moves quiescence search looks at.
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<true>(list, Bitboard::FULL);
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
        self.generate::<false>(&mut list, Bitboard::from_square(from));
        list.contains(mv)
    }

    /// Our pieces pinned to our king on `ksq` by an enemy slider.
    #[inline(always)]
    fn pinned(&self, us: Color, ksq: Square) -> Bitboard {
        let them = !us;
        let their = self.color_bb(them);
        let queens = self.pieces(them, PieceKind::Queen);
        let snipers = (attacks::rook(ksq, their) & (self.pieces(them, PieceKind::Rook) | queens))
            | (attacks::bishop(ksq, their) & (self.pieces(them, PieceKind::Bishop) | queens));
        let occ = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(ksq, sniper) & occ;
            if !blockers.has_many() {
                pinned |= blockers & self.color_bb(us);
            }
        }
        pinned
    }

    /// Generates legal moves of the pieces on `origins`; with `CAPTURES`, only captures and
    /// promotions.
    fn generate<const CAPTURES: bool>(&self, list: &mut MoveList, origins: Bitboard) {
        let us = self.side;
        let them = !us;
        let ours = self.color_bb(us);
        let theirs = self.color_bb(them);
        let occ = ours | theirs;
        let ksq = self.king_square(us);

        let checkers = self.checkers();
        if origins.contains(ksq) {
            let wanted = if CAPTURES { theirs } else { !ours };
            let lifted = occ.without(ksq);
            for to in attacks::king(ksq) & wanted {
                if self.attackers(to, them, lifted).is_empty() {
                    let flag = if theirs.contains(to) {
                        MoveFlag::Capture
                    } else {
                        MoveFlag::Quiet
                    };
                    list.push(Move::new(ksq, to, flag));
                }
            }
            if !CAPTURES && checkers.is_empty() {
                self.castling_moves(list, ksq, occ);
            }
        }
        if checkers.has_many() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(ksq, checker).with(checker),
            None => Bitboard::FULL,
        };
        let pinned = self.pinned(us, ksq);
        let captures = theirs & check_mask;
        let quiets = if CAPTURES {
            Bitboard::EMPTY
        } else {
            !occ & check_mask
        };

        self.pawn_moves::<CAPTURES>(list, origins, pinned, check_mask, ksq);

        let movable = origins & ours & !pinned;
        for from in self.pieces(us, PieceKind::Knight) & movable {
            let att = attacks::knight(from);
            push_targets(list, from, att & captures, att & quiets);
        }
        let queens = self.pieces(us, PieceKind::Queen);
        for from in (self.pieces(us, PieceKind::Bishop) | queens) & origins {
            let mut att = attacks::bishop(from, occ);
            if pinned.contains(from) {
                att &= attacks::line(ksq, from);
            }
            push_targets(list, from, att & captures, att & quiets);
        }
        for from in (self.pieces(us, PieceKind::Rook) | queens) & origins {
            let mut att = attacks::rook(from, occ);
            if pinned.contains(from) {
                att &= attacks::line(ksq, from);
            }
            push_targets(list, from, att & captures, att & quiets);
        }
    }

    fn castling_moves(&self, list: &mut MoveList, ksq: Square, occ: Bitboard) {
        let us = self.side;
        let them = !us;
        let rank = if us == Color::White { 0 } else { 56 };
        let sq = |i: u8| Square::from_index(rank + i);
        let sides = [
            (
                CastlingRights::king_side(us),
                6,
                [5, 6],
                &[5, 6][..],
                MoveFlag::KingCastle,
            ),
            (
                CastlingRights::queen_side(us),
                2,
                [3, 2],
                &[3, 2, 1][..],
                MoveFlag::QueenCastle,
            ),
        ];
        for (right, to, path, empty, flag) in sides {
            if !self.state.castling.contains(right) || empty.iter().any(|&i| occ.contains(sq(i))) {
                continue;
            }
            if path
                .iter()
                .all(|&i| self.attackers(sq(i), them, occ).is_empty())
            {
                list.push(Move::new(ksq, sq(to), flag));
            }
        }
    }

    /// Pawn moves: unpinned pawns set-wise (all pushes or captures in one direction with a
    /// shift), pinned pawns one by one along their pin line, then en passant.
    fn pawn_moves<const CAPTURES: bool>(
        &self,
        list: &mut MoveList,
        origins: Bitboard,
        pinned: Bitboard,
        check_mask: Bitboard,
        ksq: Square,
    ) {
        let us = self.side;
        let them = !us;
        let occ = self.occupied();
        let theirs = self.color_bb(them);
        let pawns = self.pieces(us, PieceKind::Pawn) & origins;
        let (up, third_rank, last_rank): (i8, u8, u8) = match us {
            Color::White => (8, 2, 7),
            Color::Black => (-8, 5, 0),
        };
        let last = Bitboard::rank(last_rank);
        let free = pawns & !pinned;
        let targets = theirs & check_mask;
        let left = shift(free & !Bitboard::file(0), up - 1) & targets;
        let right = shift(free & !Bitboard::file(7), up + 1) & targets;
        let one = shift(free, up) & !occ;
        let two = shift(one & Bitboard::rank(third_rank), up) & !occ & check_mask;
        let one = one & check_mask;

        push_pawn_set(list, left & last, up - 1, true);
        push_pawn_set(list, right & last, up + 1, true);
        push_pawn_set(list, one & last, up, false);
        push_pawn_set(list, left & !last, up - 1, true);
        push_pawn_set(list, right & !last, up + 1, true);
        if !CAPTURES {
            push_pawn_set(list, one & !last, up, false);
            for to in two {
                let from = Square::from_index((to.index() as i8 - 2 * up) as u8);
                list.push(Move::new(from, to, MoveFlag::DoublePush));
            }
        }

        for from in pawns & pinned {
            let allowed = check_mask & attacks::line(ksq, from);
            for to in attacks::pawn(us, from) & theirs & allowed {
                push_pawn_move(list, from, to, true);
            }
            let one = Square::from_index((from.index() as i8 + up) as u8);
            if occ.contains(one) || (CAPTURES && one.rank() != last_rank) {
                continue;
            }
            if allowed.contains(one) {
                push_pawn_move(list, from, one, false);
            }
            let two = Square::from_index((one.index() as i8 + up) as u8);
            if !CAPTURES && one.rank() == third_rank && !occ.contains(two) && allowed.contains(two)
            {
                list.push(Move::new(from, two, MoveFlag::DoublePush));
            }
        }

        if let Some(ep) = self.state.ep {
            let cap_sq = Square::from_index((ep.index() ^ 8) as u8);
            for from in attacks::pawn(them, ep) & pawns {
                let after = occ.without(from).without(cap_sq).with(ep);
                if self.attackers(ksq, them, after).without(cap_sq).is_empty() {
                    list.push(Move::new(from, ep, MoveFlag::EnPassant));
                }
            }
        }
    }
}

/// `bb` shifted by `delta` square indices (positive = towards h8); bits shifted off vanish.
#[inline(always)]
fn shift(bb: Bitboard, delta: i8) -> Bitboard {
    if delta >= 0 {
        Bitboard(bb.0 << delta)
    } else {
        Bitboard(bb.0 >> -delta)
    }
}

/// Pushes the pawn moves to each square of `targets`, coming from `delta` squares back.
#[inline(always)]
fn push_pawn_set(list: &mut MoveList, targets: Bitboard, delta: i8, capture: bool) {
    for to in targets {
        let from = Square::from_index((to.index() as i8 - delta) as u8);
        push_pawn_move(list, from, to, capture);
    }
}

/// Pushes captures then quiet moves from `from`.
#[inline(always)]
fn push_targets(list: &mut MoveList, from: Square, captures: Bitboard, quiets: Bitboard) {
    for to in captures {
        list.push(Move::new(from, to, MoveFlag::Capture));
    }
    for to in quiets {
        list.push(Move::new(from, to, MoveFlag::Quiet));
    }
}
