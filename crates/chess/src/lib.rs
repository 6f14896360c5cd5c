//! The rules of chess on our own bitboards. Knows nothing of search or screens.

pub mod attacks;
pub mod bitboard;
mod board;
pub mod castling;
mod count;
pub mod epd;
pub mod fen;
mod legality;
mod line;
mod magic;
mod makemove;
mod movegen;
pub mod moves;
pub mod notation;
mod perft;
pub mod piece;
pub mod position;
pub mod square;
mod targets;
mod zobrist;

pub use bitboard::Bitboard;
pub use castling::CastlingRights;
pub use fen::{FenError, FenField};
pub use makemove::{NullUndo, Undo};
pub use moves::{MAX_MOVES, Move, MoveFlag, MoveList};
pub use perft::PerftMode;
pub use piece::{Color, Piece, PieceKind};
pub use position::{Position, START_FEN};
pub use square::Square;
