//! The rules of chess on our own bitboards. Knows nothing of search or screens.

pub mod moves;
pub mod piece;
pub mod square;

pub use moves::{MAX_MOVES, Move, MoveFlag, MoveList};
pub use piece::{Color, Piece, PieceKind};
pub use square::Square;
