//! The 16-bit move and the stack-allocated move list.
//!
//! A move is `from` (6 bits) | `to` (6 bits) | flags (4 bits), with the flag values of the
//! chess programming wiki's "from-to" encoding, so captures, promotions and special moves are
//! known without looking at the board. `Move::NULL` (all zero, a1a1) is never a legal move and
//! marks empty killer slots and "no move" in logs.

use super::piece::PieceKind;
use super::square::Square;
use std::fmt;

/// A move packed in 16 bits; `Copy`, comparable, hashable, and stored as-is in event logs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u16);

/// What kind of move this is (the top four bits of a `Move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveFlag {
    /// A non-capturing move that is none of the special kinds below.
    Quiet = 0,
    /// A pawn's two-square advance (may create an en-passant square).
    DoublePush = 1,
    /// O-O; the move's squares are the king's.
    KingCastle = 2,
    /// O-O-O; the move's squares are the king's.
    QueenCastle = 3,
    /// Captures the piece on the destination square.
    Capture = 4,
    /// Captures the pawn beside the origin, landing behind it.
    EnPassant = 5,
    /// Promotes to a knight.
    PromoKnight = 8,
    /// Promotes to a bishop.
    PromoBishop = 9,
    /// Promotes to a rook.
    PromoRook = 10,
    /// Promotes to a queen.
    PromoQueen = 11,
    /// Captures and promotes to a knight.
    PromoCaptureKnight = 12,
    /// Captures and promotes to a bishop.
    PromoCaptureBishop = 13,
    /// Captures and promotes to a rook.
    PromoCaptureRook = 14,
    /// Captures and promotes to a queen.
    PromoCaptureQueen = 15,
}

impl MoveFlag {
    /// Flag values by their 4-bit code; the two unused codes (6, 7) read as quiet moves.
    const BY_BITS: [MoveFlag; 16] = [
        MoveFlag::Quiet,
        MoveFlag::DoublePush,
        MoveFlag::KingCastle,
        MoveFlag::QueenCastle,
        MoveFlag::Capture,
        MoveFlag::EnPassant,
        MoveFlag::Quiet,
        MoveFlag::Quiet,
        MoveFlag::PromoKnight,
        MoveFlag::PromoBishop,
        MoveFlag::PromoRook,
        MoveFlag::PromoQueen,
        MoveFlag::PromoCaptureKnight,
        MoveFlag::PromoCaptureBishop,
        MoveFlag::PromoCaptureRook,
        MoveFlag::PromoCaptureQueen,
    ];

    #[inline(always)]
    const fn from_bits(bits: u16) -> MoveFlag {
        MoveFlag::BY_BITS[(bits & 15) as usize]
    }

    /// The promotion flag for `kind` (knight..queen), with or without a capture.
    pub const fn promotion(kind: PieceKind, capture: bool) -> MoveFlag {
        let base = match kind {
            PieceKind::Knight => 8,
            PieceKind::Bishop => 9,
            PieceKind::Rook => 10,
            _ => 11,
        };
        MoveFlag::from_bits(base | if capture { 4 } else { 0 })
    }
}

impl Move {
    /// "No move": empty killer slots, the move that led to the root.
    pub const NULL: Move = Move(0);

    /// Packs a move.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, flag: MoveFlag) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (flag as u16) << 12)
    }

    /// The raw 16 bits, for compact storage (event logs, TT entries).
    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from `raw()`; any 16-bit value is some well-formed move (maybe illegal).
    #[inline(always)]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }

    /// Whether this is `Move::NULL`.
    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    /// Destination square (the king's destination for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index(((self.0 >> 6) & 63) as u8)
    }

    /// The move's kind.
    #[inline(always)]
    pub const fn flag(self) -> MoveFlag {
        MoveFlag::from_bits(self.0 >> 12)
    }

    /// Captures something (including en passant and capturing promotions).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.0 & (4 << 12) != 0
    }

    /// Promotes a pawn.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & (8 << 12) != 0
    }

    /// Neither a capture nor a promotion: the moves killer and history heuristics are for.
    #[inline(always)]
    pub const fn is_quiet(self) -> bool {
        self.0 & (12 << 12) == 0
    }

    /// Castles, either side (flag codes 2 and 3).
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.0 >> 13 == 1
    }

    /// Captures en passant.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == MoveFlag::EnPassant as u16
    }

    /// The piece a promotion creates.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        if !self.is_promotion() {
            return None;
        }
        Some(match (self.0 >> 12) & 3 {
            0 => PieceKind::Knight,
            1 => PieceKind::Bishop,
            2 => PieceKind::Rook,
            _ => PieceKind::Queen,
        })
    }
}

/// UCI long algebraic notation (`e2e4`, `e7e8q`, `0000` for the null move).
impl Move {
    /// The quiet move between two square indices (0 = a1 … 63 = h8), as tables and their tests
    /// name moves without a board.
    pub fn quiet(from: u8, to: u8) -> Move {
        Move::new(
            Square::from_index(from),
            Square::from_index(to),
            MoveFlag::Quiet,
        )
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(kind) = self.promotion() {
            write!(f, "{}", kind.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}/{:?}", self.flag())
    }
}

/// Capacity of a `MoveList`: above the legal moves of any position the FEN parser accepts (the
/// known maximum for a legal position is 218).
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves on the stack: move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Generators never produce more than `MAX_MOVES` for a position the FEN
    /// parser accepts (its material rules keep every position far below the bound); a debug
    /// build stops at an overflow, so a bug cannot pass as a silently shortened list.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(
            self.len < MAX_MOVES,
            "move list overflow: {MAX_MOVES} moves"
        );
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// No moves: checkmate or stalemate when the list holds all legal moves.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice, for in-place ordering.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves by value.
    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_slice().iter().copied()
    }

    /// Whether `mv` is in the list.
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
