//! The data of a position: the board, the side to move and the irreversible state. Its
//! methods are elsewhere: the public face in `position.rs` (which hands each job to the module
//! that does it: `fen`, `movegen`, `legality`, …) and making and unmaking moves in
//! `makemove.rs`. Keeping the type apart from both lets those modules name it without
//! importing the façade that imports them.

use super::bitboard::Bitboard;
use super::castling::CastlingRights;
use super::piece::{Color, PieceKind};
use super::square::Square;

/// A chess position with everything needed to generate moves, make and unmake them, and hash.
///
/// Invariants (established by `from_fen`, kept by `make_move`/`unmake_move`): each side has one
/// king; the side not to move is not in check; `en_passant()` is set only when the side to move
/// has a legal capture on it (so equal positions have equal keys); `key()` equals
/// `compute_key()`.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    /// The kind on each square; its colour is the `by_color` bitboard holding the square (one
    /// byte a square, so a move writes one byte where a coloured piece would take two).
    pub(super) board: [Option<PieceKind>; 64],
    pub(super) by_kind: [Bitboard; 6],
    pub(super) by_color: [Bitboard; 2],
    pub(super) side: Color,
    pub(super) fullmove: u32,
    pub(super) state: State,
}

/// The part of a position a move cannot be reversed from: saved whole in `Undo` (one 16-byte
/// copy) and restored whole by `unmake_move`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct State {
    pub(super) key: u64,
    pub(super) halfmove: u32,
    pub(super) castling: CastlingRights,
    pub(super) ep: Option<Square>,
}

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
