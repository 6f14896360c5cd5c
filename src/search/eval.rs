//! Static evaluation: material plus tapered piece-square tables. Computed from scratch — about
//! thirty table look-ups — which costs little next to move generation and keeps make/unmake free
//! of evaluation state.

use super::pst::{MATERIAL_EG, MATERIAL_MG, PHASE_TOTAL, PHASE_WEIGHT, PST_EG, PST_MG};
use crate::chess::{Color, PieceKind, Position};

/// The position's value in centipawns for the side to move: midgame and endgame scores blended
/// by how much non-pawn material is left.
pub fn evaluate(pos: &Position) -> i32 {
    let mut mg = 0;
    let mut eg = 0;
    let mut phase = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for kind in PieceKind::ALL {
            let k = kind.index();
            for sq in pos.pieces(color, kind) {
                let index = if color == Color::White {
                    sq.index() ^ 56
                } else {
                    sq.index()
                };
                mg += sign * (MATERIAL_MG[k] + PST_MG[k][index]);
                eg += sign * (MATERIAL_EG[k] + PST_EG[k][index]);
                phase += PHASE_WEIGHT[k];
            }
        }
    }
    let phase = phase.min(PHASE_TOTAL);
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
