//! `make_move` / `unmake_move`: apply a legal move in place, updating bitboards, mailbox,
//! castling rights, en-passant square (kept only when a capture on it is legal), clocks and Zobrist key, and restore it
//! exactly from a small `Copy` undo record.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::{Position, State};
use super::legality;
use super::moves::{Move, MoveFlag};
use super::piece::{Piece, PieceKind};
use super::square::Square;
use super::zobrist;

/// What `unmake_move` needs that the move itself does not say; returned by `make_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    state: State,
    /// The kind taken (its colour is the side that did not move).
    captured: Option<PieceKind>,
}

/// Rook origin and destination for a castling king move to `king_to`.
#[inline(always)]
fn castle_rook(king_to: Square) -> (Square, Square) {
    let i = king_to.index() as u8;
    if king_to.file() == 6 {
        (Square::from_index(i + 1), Square::from_index(i - 1))
    } else {
        (Square::from_index(i - 2), Square::from_index(i + 1))
    }
}

/// The square of the piece `mv` captures: the destination, or behind it for en passant.
#[inline(always)]
fn capture_square(mv: Move) -> Square {
    if mv.is_en_passant() {
        Square::from_index((mv.to().index() ^ 8) as u8)
    } else {
        mv.to()
    }
}

impl Position {
    /// Places `piece` on the empty square `sq` (bitboards and mailbox; not the key).
    #[inline(always)]
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece.kind);
        self.by_kind[piece.kind.index()] |= bb;
        self.by_color[piece.color.index()] |= bb;
    }

    /// Moves `piece` from `from` to the empty square `to` (bitboards and mailbox; not the key):
    /// one XOR per bitboard instead of a remove and a put.
    #[inline(always)]
    pub(super) fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece.kind);
        self.by_kind[piece.kind.index()] ^= both;
        self.by_color[piece.color.index()] ^= both;
    }

    /// Removes `piece`, which stands on `sq` (bitboards and mailbox; not the key).
    #[inline(always)]
    pub(super) fn remove(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_kind[piece.kind.index()] ^= bb;
        self.by_color[piece.color.index()] ^= bb;
    }

    /// Plays `mv`, which must be legal here (from `legal_moves`, or checked with `is_legal`),
    /// and returns the record `unmake_move` needs to take it back.
    ///
    /// # Panics
    /// If the origin square is empty: a move that is not legal is a programming error.
    #[inline(always)]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let Some(kind) = self.board[from.index()] else {
            panic!("make_move({mv}): no piece on {from} in {}", self.to_fen());
        };
        let piece = Piece::new(us, kind);
        let mut undo = Undo {
            state: self.state,
            captured: None,
        };
        let mut key = self.state.key ^ zobrist::side();
        if let Some(ep) = self.state.ep.take() {
            key ^= zobrist::en_passant(ep);
        }
        self.state.halfmove += 1;

        if mv.is_capture() {
            let cap_sq = capture_square(mv);
            if let Some(victim) = self.board[cap_sq.index()] {
                self.remove(cap_sq, Piece::new(them, victim));
                key ^= zobrist::piece(them, victim, cap_sq);
                undo.captured = Some(victim);
            }
            self.state.halfmove = 0;
        } else if mv.is_castle() {
            let (rook_from, rook_to) = castle_rook(to);
            self.shift(rook_from, rook_to, Piece::new(us, PieceKind::Rook));
            key ^= zobrist::piece(us, PieceKind::Rook, rook_from)
                ^ zobrist::piece(us, PieceKind::Rook, rook_to);
        }

        key ^= zobrist::piece(us, piece.kind, from);
        match mv.promotion() {
            None => {
                self.shift(from, to, piece);
                key ^= zobrist::piece(us, piece.kind, to);
            }
            Some(kind) => {
                self.remove(from, piece);
                self.put(to, Piece::new(us, kind));
                key ^= zobrist::piece(us, kind, to);
            }
        }

        let mut double_push = None;
        if piece.kind == PieceKind::Pawn {
            self.state.halfmove = 0;
            if mv.flag() == MoveFlag::DoublePush {
                let ep = Square::from_index(((from.index() + to.index()) / 2) as u8);
                if !(attacks::pawn(us, ep) & self.pieces(them, PieceKind::Pawn)).is_empty() {
                    double_push = Some(ep);
                }
            }
        }

        let rights = self.state.castling.after_move(from, to);
        if rights != self.state.castling {
            key ^= zobrist::castling(self.state.castling.bits()) ^ zobrist::castling(rights.bits());
            self.state.castling = rights;
        }
        self.fullmove += us as u32;
        self.side = them;
        // The square enters the key only when the capture is legal (pawn not pinned, check
        // resolved), so a position has one key whichever way it was reached or written.
        if let Some(ep) = double_push
            && legality::en_passant_capturable(self, ep)
        {
            self.state.ep = Some(ep);
            key ^= zobrist::en_passant(ep);
        }
        self.state.key = key;
        undo
    }

    /// Takes back `mv`, which must be the last move made, with the record `make_move` returned.
    #[inline(always)]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let us = !self.side;
        let from = mv.from();
        let to = mv.to();
        if let Some(kind) = self.board[to.index()] {
            let placed = Piece::new(us, kind);
            if mv.is_promotion() {
                self.remove(to, placed);
                self.put(from, Piece::new(us, PieceKind::Pawn));
            } else {
                self.shift(to, from, placed);
            }
        }
        if let Some(victim) = undo.captured {
            self.put(capture_square(mv), Piece::new(!us, victim));
        } else if mv.is_castle() {
            let (rook_from, rook_to) = castle_rook(to);
            self.shift(rook_to, rook_from, Piece::new(us, PieceKind::Rook));
        }
        self.fullmove -= us as u32;
        self.side = us;
        self.state = undo.state;
    }

    /// Passes the move to the other side (a "null move", for null-move pruning): the side to
    /// move flips, the en-passant square goes, the halfmove clock ticks; no piece moves. Never
    /// legal in chess — the caller must not be in check — and taken back with
    /// `unmake_null_move`.
    #[inline]
    pub fn make_null_move(&mut self) -> NullUndo {
        let undo = NullUndo { state: self.state };
        let mut key = self.state.key ^ zobrist::side();
        if let Some(ep) = self.state.ep.take() {
            key ^= zobrist::en_passant(ep);
        }
        self.state.halfmove += 1;
        self.fullmove += self.side as u32;
        self.side = !self.side;
        self.state.key = key;
        undo
    }

    /// Takes back the null move `make_null_move` made.
    #[inline]
    pub fn unmake_null_move(&mut self, undo: NullUndo) {
        self.side = !self.side;
        self.fullmove -= self.side as u32;
        self.state = undo.state;
    }
}

/// What `unmake_null_move` restores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullUndo {
    state: State,
}

#[cfg(test)]
mod null_move_tests {
    use super::*;

    #[test]
    fn a_null_move_flips_the_side_and_comes_back_exactly() {
        let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
        let mut pos = Position::from_fen(fen).expect("valid");
        let before = pos.clone();
        let undo = pos.make_null_move();
        assert_ne!(pos.side_to_move(), before.side_to_move());
        let same_but_white = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3";
        let expected = Position::from_fen(same_but_white).expect("valid");
        assert_eq!(
            pos.key(),
            expected.key(),
            "the key is the one of the flipped position"
        );
        assert_eq!(pos.to_fen(), same_but_white);
        pos.unmake_null_move(undo);
        assert_eq!(pos, before);
    }
}
