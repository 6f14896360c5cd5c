//! Squares, numbered a1 = 0 … h8 = 63 (little-endian rank-file), as every bitboard table assumes.

use std::fmt;

/// One of the 64 squares; `index()` is its bit in a `Bitboard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// a1, the least significant bit.
    pub const A1: Square = Square(0);
    /// h8, the most significant bit.
    pub const H8: Square = Square(63);

    /// The square with index `i`; `None` when `i >= 64`.
    #[inline(always)]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 { Some(Square(i)) } else { None }
    }

    /// The square at `index & 63`: for generators that already know the index is in range.
    #[inline(always)]
    pub const fn from_index(index: u8) -> Square {
        Square(index & 63)
    }

    /// The square on file 0..8 (a..h) and rank 0..8 (1..8); `None` off the board.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// Bit index 0..64. (The mask is a no-op for valid squares; it lets the compiler drop the
    /// bounds checks on the 64-entry tables in move generation.)
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// File 0..8 (a = 0).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 (rank 1 = 0).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// Parses `e4`-style coordinates.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::from_coords(file, rank)
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}
