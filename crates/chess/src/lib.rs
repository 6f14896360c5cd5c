//! The rules of chess on our own bitboards. Knows nothing of search or screens.

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod count;
pub mod epd;
mod fen;
mod legality;
mod line;
mod magic;
mod makemove;
mod movegen;
mod moves;
mod notation;
mod perft;
mod piece;
mod position;
mod square;
mod targets;
mod zobrist;

pub use bitboard::Bitboard;
pub use castling::CastlingRights;
pub use fen::{FenError, FenField};
pub use makemove::{NullUndo, Undo};
pub use moves::{MAX_MOVES, Move, MoveFlag, MoveList};
pub use notation::MoveParseError;
pub use notation::Notation;
pub use notation::long_algebraic;
pub use notation::parse_san;
pub use notation::parse_uci;
pub use notation::san;
pub use perft::PerftMode;
pub use piece::{Color, Piece, PieceKind};
pub use position::{Position, START_FEN};
pub use square::Square;
