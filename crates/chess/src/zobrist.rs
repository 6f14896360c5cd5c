//! Zobrist hashing keys, generated at compile time from a fixed seed (splitmix64), so keys are
//! the same in every build and can be stored in logs.

use super::piece::{Color, PieceKind};
use super::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 16],
    en_passant: [u64; 8],
    side: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        castling: [0; 16],
        en_passant: [0; 8],
        side: 0,
    };
    let mut state = 0x6B69_6C6C_6572_7363; // "killersc"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 6 {
            let mut s = 0;
            while s < 64 {
                let (st, v) = splitmix(state);
                state = st;
                keys.pieces[c][k][s] = v;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    // Castling keys are XORs of four per-right keys, so a lost right toggles one component.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (st, v) = splitmix(state);
        state = st;
        rights[i] = v;
        i += 1;
    }
    let mut bits = 0;
    while bits < 16 {
        let mut r = 0;
        while r < 4 {
            if bits >> r & 1 != 0 {
                keys.castling[bits] ^= rights[r];
            }
            r += 1;
        }
        bits += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (st, v) = splitmix(state);
        state = st;
        keys.en_passant[f] = v;
        f += 1;
    }
    keys.side = splitmix(state).1;
    keys
}

static KEYS: Keys = build();

/// Key of `color`'s `kind` standing on `sq`.
#[inline(always)]
pub(crate) fn piece(color: Color, kind: PieceKind, sq: Square) -> u64 {
    KEYS.pieces[color.index()][kind.index()][sq.index()]
}

/// Key of a castling-rights value (0..16).
#[inline(always)]
pub(crate) fn castling(bits: usize) -> u64 {
    KEYS.castling[bits & 15]
}

/// Key of an en-passant square's file.
#[inline(always)]
pub(crate) fn en_passant(sq: Square) -> u64 {
    KEYS.en_passant[sq.file() as usize]
}

/// Toggled when Black is to move.
#[inline(always)]
pub(crate) fn side() -> u64 {
    KEYS.side
}
