//! Castling rights: four bits, and the table of which rights a move touching a square loses.

use super::piece::Color;
use super::square::Square;
use std::fmt;

/// Which castlings are still allowed (by FEN's rules: king and rook have not moved).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling at all.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// White may castle king side (`K`).
    pub const WHITE_KING: CastlingRights = CastlingRights(1);
    /// White may castle queen side (`Q`).
    pub const WHITE_QUEEN: CastlingRights = CastlingRights(2);
    /// Black may castle king side (`k`).
    pub const BLACK_KING: CastlingRights = CastlingRights(4);
    /// Black may castle queen side (`q`).
    pub const BLACK_QUEEN: CastlingRights = CastlingRights(8);
    /// All four rights, as in the start position.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The king-side right of `color`.
    #[inline(always)]
    pub const fn king_side(color: Color) -> CastlingRights {
        CastlingRights(1 << (2 * color as u8))
    }

    /// The queen-side right of `color`.
    #[inline(always)]
    pub const fn queen_side(color: Color) -> CastlingRights {
        CastlingRights(2 << (2 * color as u8))
    }

    /// Whether every right in `other` is held.
    #[inline(always)]
    pub const fn contains(self, other: CastlingRights) -> bool {
        self.0 & other.0 == other.0
    }

    /// These rights plus `other`.
    #[inline(always)]
    pub const fn with(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// The rights left after a move from `from` to `to` (a king or rook leaving home, or a rook
    /// being captured at home, removes rights).
    #[inline(always)]
    pub(crate) fn after_move(self, from: Square, to: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP[from.index()] & KEEP[to.index()])
    }

    /// 0..16, for the Zobrist table.
    #[inline(always)]
    pub(crate) const fn bits(self) -> usize {
        self.0 as usize
    }
}

const fn keep_table() -> [u8; 64] {
    let mut t = [15u8; 64];
    t[0] = 15 & !2; // a1
    t[4] = 15 & !3; // e1
    t[7] = 15 & !1; // h1
    t[56] = 15 & !8; // a8
    t[60] = 15 & !12; // e8
    t[63] = 15 & !4; // h8
    t
}

static KEEP: [u8; 64] = keep_table();

/// The FEN castling field: `KQkq`, a subset in that order, or `-`.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.0 & bit != 0 {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
