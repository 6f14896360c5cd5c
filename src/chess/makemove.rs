//! `make_move` / `unmake_move`: apply a legal move in place, updating bitboards, mailbox,
//! castling rights, en-passant square, clocks and Zobrist key, and restore it
//! exactly from a small `Copy` undo record.

use super::attacks;
use super::castling::CastlingRights;
use super::moves::{Move, MoveFlag};
use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::square::Square;
use super::zobrist;

/// What `unmake_move` needs that the move itself does not say; returned by `make_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u32,
    key: u64,
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

impl Position {
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
        let Some(piece) = self.board[from.index()] else {
            panic!("make_move({mv}): no piece on {from} in {}", self.to_fen());
        };
        let mut undo = Undo {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
        };
        let mut key = self.key ^ zobrist::side();
        if let Some(ep) = self.ep.take() {
            key ^= zobrist::en_passant(ep);
        }
        self.halfmove += 1;

        match mv.flag() {
            MoveFlag::EnPassant => {
                let cap_sq = Square::from_index((to.index() ^ 8) as u8);
                let pawn = Piece::new(them, PieceKind::Pawn);
                self.remove(cap_sq, pawn);
                key ^= zobrist::piece(them, PieceKind::Pawn, cap_sq);
                undo.captured = Some(pawn);
            }
            MoveFlag::KingCastle | MoveFlag::QueenCastle => {
                let (rook_from, rook_to) = castle_rook(to);
                let rook = Piece::new(us, PieceKind::Rook);
                self.remove(rook_from, rook);
                self.put(rook_to, rook);
                key ^= zobrist::piece(us, PieceKind::Rook, rook_from)
                    ^ zobrist::piece(us, PieceKind::Rook, rook_to);
            }
            _ if mv.is_capture() => {
                if let Some(victim) = self.board[to.index()] {
                    self.remove(to, victim);
                    key ^= zobrist::piece(victim.color, victim.kind, to);
                    undo.captured = Some(victim);
                }
                self.halfmove = 0;
            }
            _ => {}
        }

        self.remove(from, piece);
        key ^= zobrist::piece(us, piece.kind, from);
        let placed = match mv.promotion() {
            Some(kind) => Piece::new(us, kind),
            None => piece,
        };
        self.put(to, placed);
        key ^= zobrist::piece(us, placed.kind, to);

        if piece.kind == PieceKind::Pawn {
            self.halfmove = 0;
            if mv.flag() == MoveFlag::DoublePush {
                let ep = Square::from_index(((from.index() + to.index()) / 2) as u8);
                if !(attacks::pawn(us, ep) & self.pieces(them, PieceKind::Pawn)).is_empty() {
                    self.ep = Some(ep);
                    key ^= zobrist::en_passant(ep);
                }
            }
        }

        let rights = self.castling.after_move(from, to);
        if rights != self.castling {
            key ^= zobrist::castling(self.castling.bits()) ^ zobrist::castling(rights.bits());
            self.castling = rights;
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.key = key;
        undo
    }

    /// Takes back `mv`, which must be the last move made, with the record `make_move` returned.
    #[inline(always)]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let them = self.side;
        let us = !them;
        let from = mv.from();
        let to = mv.to();
        if let Some(placed) = self.board[to.index()] {
            self.remove(to, placed);
            let piece = if mv.is_promotion() {
                Piece::new(us, PieceKind::Pawn)
            } else {
                placed
            };
            self.put(from, piece);
        }
        match mv.flag() {
            MoveFlag::EnPassant => {
                let cap_sq = Square::from_index((to.index() ^ 8) as u8);
                self.put(cap_sq, Piece::new(them, PieceKind::Pawn));
            }
            MoveFlag::KingCastle | MoveFlag::QueenCastle => {
                let (rook_from, rook_to) = castle_rook(to);
                let rook = Piece::new(us, PieceKind::Rook);
                self.remove(rook_to, rook);
                self.put(rook_from, rook);
            }
            _ => {
                if let Some(victim) = undo.captured {
                    self.put(to, victim);
                }
            }
        }
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.side = us;
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }
}
