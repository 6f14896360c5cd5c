//! Static evaluation: material plus tapered piece-square tables. Computed from scratch from
//! one precomputed table per colour, piece kind and square, holding the midgame and endgame
//! values packed in one `i32` — a dozen bitboard walks and additions, cheap next to move
//! generation, and make/unmake stay free of evaluation state.

use super::pst::{MATERIAL_EG, MATERIAL_MG, PHASE_TOTAL, PHASE_WEIGHT, PST_EG, PST_MG};
use crate::chess::{Color, Move, MoveFlag, PieceKind, Position};

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

/// The evaluation terms of a position — packed midgame/endgame sum from White's point of view
/// and the game phase — kept per ply by the search and updated move by move, so a node's
/// evaluation costs a few table look-ups instead of a walk over every piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalState {
    packed: i32,
    phase: i32,
}

impl EvalState {
    /// The terms of `pos`, computed from scratch.
    pub fn of(pos: &Position) -> EvalState {
        let mut state = EvalState::default();
        for color in Color::ALL {
            let table = &TABLE[color.index()];
            for kind in PieceKind::ALL {
                let pieces = pos.pieces(color, kind);
                state.phase += PHASE_WEIGHT[kind.index()] * pieces.count() as i32;
                for sq in pieces {
                    state.packed += table[kind.index()][sq.index()];
                }
            }
        }
        state
    }

    /// The terms after `mv` is played in `pos` (call before making the move): the mover leaves
    /// its square, the captured piece (en passant: the pawn behind) disappears, a promotion
    /// changes the piece, castling moves the rook too.
    #[inline]
    pub fn after(self, pos: &Position, mv: Move) -> EvalState {
        let Some(mover) = pos.piece_on(mv.from()) else {
            return self;
        };
        let (from, to) = (mv.from().index(), mv.to().index());
        let own = &TABLE[mover.color.index()];
        let mut next = self;
        next.packed -= own[mover.kind.index()][from];
        match mv.promotion() {
            Some(promo) => {
                next.packed += own[promo.index()][to];
                next.phase += PHASE_WEIGHT[promo.index()];
            }
            None => next.packed += own[mover.kind.index()][to],
        }
        if let Some(victim) = pos.captured_kind(mv) {
            let square = if mv.flag() == MoveFlag::EnPassant {
                (to & 7) | (from & !7)
            } else {
                to
            };
            next.packed -= TABLE[(!mover.color).index()][victim.index()][square];
            next.phase -= PHASE_WEIGHT[victim.index()];
        }
        let rook = PieceKind::Rook.index();
        match mv.flag() {
            MoveFlag::KingCastle => next.packed += own[rook][from + 1] - own[rook][from + 3],
            MoveFlag::QueenCastle => next.packed += own[rook][from - 1] - own[rook][from - 4],
            _ => {}
        }
        next
    }

    /// The evaluation in centipawns for `side`: midgame and endgame blended by the phase.
    #[inline]
    pub fn score(self, side: Color) -> i32 {
        let phase = self.phase.clamp(0, PHASE_TOTAL);
        let (mg, eg) = (unpack_mg(self.packed), unpack_eg(self.packed));
        let white = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        if side == Color::White { white } else { -white }
    }
}

/// The position's value in centipawns for the side to move: midgame and endgame scores blended
/// by how much non-pawn material is left.
pub fn evaluate(pos: &Position) -> i32 {
    EvalState::of(pos).score(pos.side_to_move())
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

    /// Plays every legal move to `depth` plies and checks the incremental terms against a
    /// recomputation at every node.
    fn check_incremental(pos: &mut Position, state: EvalState, depth: u32) {
        assert_eq!(state, EvalState::of(pos), "{}", pos.to_fen());
        if depth == 0 {
            return;
        }
        let mut moves = crate::chess::MoveList::new();
        pos.legal_moves(&mut moves);
        for mv in moves.iter() {
            let next = state.after(pos, mv);
            let undo = pos.make_move(mv);
            check_incremental(pos, next, depth - 1);
            pos.unmake_move(mv, undo);
        }
    }

    #[test]
    fn incremental_updates_match_recomputation() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ] {
            let mut pos = Position::from_fen(fen).unwrap();
            let state = EvalState::of(&pos);
            check_incremental(&mut pos, state, 3);
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
