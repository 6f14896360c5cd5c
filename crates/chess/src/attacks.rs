//! Attack tables: leaper attacks (king, knight, pawn) and the `between`/`line` geometry are
//! computed at compile time; sliding attacks come from the magic tables in `magic`.
//!
//! Every function here is a table lookup, so the move generator can ask "what does a piece on
//! this square attack" as often as it likes.

use super::bitboard::Bitboard;
use super::magic;
use super::piece::Color;
use super::square::Square;

const KING_DELTAS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
/// Rook directions first, then bishop directions, as (file, rank) steps.
pub(crate) const SLIDER_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The square `(df, dr)` away from square index `sq`, if it is on the board.
pub(crate) const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn leaper_table(deltas: &[(i8, i8); 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < 8 {
            if let Some(to) = offset(sq, deltas[i].0, deltas[i].1) {
                bits |= 1 << to;
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let mut white = 0u64;
        let mut black = 0u64;
        if let Some(to) = offset(sq, -1, 1) {
            white |= 1 << to;
        }
        if let Some(to) = offset(sq, 1, 1) {
            white |= 1 << to;
        }
        if let Some(to) = offset(sq, -1, -1) {
            black |= 1 << to;
        }
        if let Some(to) = offset(sq, 1, -1) {
            black |= 1 << to;
        }
        table[0][sq] = Bitboard(white);
        table[1][sq] = Bitboard(black);
        sq += 1;
    }
    table
}

/// `(between, line)`: squares strictly between two aligned squares, and the whole line
/// through them (both empty when the squares share no rank, file or diagonal).
const fn geometry() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = SLIDER_DELTAS[d];
            let mut full = 1u64 << from;
            let mut cur = offset(from, df, dr);
            while let Some(s) = cur {
                full |= 1 << s;
                cur = offset(s, df, dr);
            }
            cur = offset(from, -df, -dr);
            while let Some(s) = cur {
                full |= 1 << s;
                cur = offset(s, -df, -dr);
            }
            let mut gap = 0u64;
            cur = offset(from, df, dr);
            while let Some(to) = cur {
                between[from][to] = Bitboard(gap);
                line[from][to] = Bitboard(full);
                gap |= 1 << to;
                cur = offset(to, df, dr);
            }
            d += 1;
        }
        from += 1;
    }
    (between, line)
}

static KING: [Bitboard; 64] = leaper_table(&KING_DELTAS);
static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_DELTAS);
static PAWN: [[Bitboard; 64]; 2] = pawn_table();
static GEOMETRY: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = geometry();

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks (captures, not pushes).
#[inline(always)]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// Squares a rook on `sq` attacks given the occupied squares `occ` (blockers included).
#[inline(always)]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    magic::rook_attacks(sq, occ)
}

/// Squares a bishop on `sq` attacks given the occupied squares `occ` (blockers included).
#[inline(always)]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    magic::bishop_attacks(sq, occ)
}

/// Squares a queen on `sq` attacks given the occupied squares `occ`.
#[inline(always)]
pub fn queen(sq: Square, occ: Bitboard) -> Bitboard {
    rook(sq, occ) | bishop(sq, occ)
}

/// Squares strictly between `a` and `b` when they share a line; empty otherwise. A check by a
/// slider is blocked by moving onto exactly these squares.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    GEOMETRY.0[a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b` (edge to edge); empty when they are not
/// aligned. A piece pinned to its king on `a` may only move within `line(a, its square)`.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    GEOMETRY.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn leapers() {
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(knight(sq("d4")).count(), 8);
        assert_eq!(king(sq("h8")).count(), 3);
        assert!(pawn(Color::White, sq("e4")).contains(sq("d5")));
        assert!(pawn(Color::Black, sq("e4")).contains(sq("f3")));
        assert_eq!(pawn(Color::White, sq("a8")).count(), 0);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert!(between(sq("e1"), sq("e2")).is_empty());
        assert_eq!(line(sq("e1"), sq("e5")), Bitboard::file(4));
        assert!(line(sq("a1"), sq("b3")).is_empty());
        assert_eq!(between(sq("h8"), sq("a1")), between(sq("a1"), sq("h8")));
    }
}
