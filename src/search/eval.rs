//! Static evaluation: material plus tapered piece-square tables. Computed from scratch from
//! one precomputed table per colour, piece kind and square, holding the midgame and endgame
//! values packed in one `i32` — a dozen bitboard walks and additions, cheap next to move
//! generation, and make/unmake stay free of evaluation state.

use super::pst::{MATERIAL_EG, MATERIAL_MG, PHASE_TOTAL, PHASE_WEIGHT, PST_EG, PST_MG};
use crate::chess::{Color, PieceKind, Position};

/// Packs a midgame and an endgame value so one addition updates both.
const fn pack(mg: i32, eg: i32) -> i32 {
    (eg << 16) + mg
}

const fn unpack_mg(packed: i32) -> i32 {
    packed as i16 as i32
}

const fn unpack_eg(packed: i32) -> i32 {
    ((packed + 0x8000) >> 16) as i16 as i32
}

/// `[color][kind][square]`: packed material + square bonus, signed for White's point of view.
static TABLE: [[[i32; 64]; 6]; 2] = build_table();

const fn build_table() -> [[[i32; 64]; 6]; 2] {
    let mut table = [[[0; 64]; 6]; 2];
    let mut kind = 0;
    while kind < 6 {
        let mut sq = 0;
        while sq < 64 {
            let white = sq ^ 56;
            table[0][kind][sq] = pack(
                MATERIAL_MG[kind] + PST_MG[kind][white],
                MATERIAL_EG[kind] + PST_EG[kind][white],
            );
            table[1][kind][sq] = -pack(
                MATERIAL_MG[kind] + PST_MG[kind][sq],
                MATERIAL_EG[kind] + PST_EG[kind][sq],
            );
            sq += 1;
        }
        kind += 1;
    }
    table
}

/// The position's value in centipawns for the side to move: midgame and endgame scores blended
/// by how much non-pawn material is left.
pub fn evaluate(pos: &Position) -> i32 {
    let mut packed = 0;
    let mut phase = 0;
    for color in Color::ALL {
        let table = &TABLE[color.index()];
        for kind in PieceKind::ALL {
            let pieces = pos.pieces(color, kind);
            phase += PHASE_WEIGHT[kind.index()] * pieces.count() as i32;
            for sq in pieces {
                packed += table[kind.index()][sq.index()];
            }
        }
    }
    let phase = phase.min(PHASE_TOTAL);
    let (mg, eg) = (unpack_mg(packed), unpack_eg(packed));
    let white = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn packing_keeps_both_halves_signed() {
        for (mg, eg) in [(0, 0), (300, -200), (-9000, 9000), (-1, -1), (12345, 23456)] {
            let p = pack(mg, eg);
            assert_eq!((unpack_mg(p), unpack_eg(p)), (mg, eg));
            let sum = p + pack(-50, 70);
            assert_eq!((unpack_mg(sum), unpack_eg(sum)), (mg - 50, eg + 70));
        }
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Position::startpos()), 0);
    }

    #[test]
    fn symmetric_for_both_sides() {
        let white = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(white, black);
    }

    #[test]
    fn extra_material_counts_for_the_side_to_move() {
        let fen_w = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        let fen_b = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
        assert!(eval(fen_w) > 800);
        assert_eq!(eval(fen_w), -eval(fen_b));
    }

    #[test]
    fn endgame_king_prefers_the_centre() {
        let centre = eval("8/8/8/4k3/8/8/8/4K3 b - - 0 1");
        let corner = eval("7k/8/8/8/8/8/8/4K3 b - - 0 1");
        assert!(centre > corner);
    }
}
