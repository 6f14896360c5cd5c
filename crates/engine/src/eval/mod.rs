//! Static evaluation, in two kinds. The classroom evaluation (`simple`) is material plus tapered
//! piece-square tables: every tree, node count and lesson in the explorer is read off it, so it
//! never changes. The playing evaluation (`full`, what `uci` plays with) starts from PeSTO's
//! tuned tables and adds positional terms (`terms`): pawn structure, mobility, king safety.
//!
//! Both keep their table part incrementally: one precomputed table per colour, piece kind and
//! square holds the midgame and endgame values packed in one `i32`, updated move by move, so
//! make/unmake stay free of evaluation state.

mod pesto;
mod simple;
mod terms;

use killerscope_chess::{Color, Move, MoveFlag, PieceKind, Position};
use simple::{MATERIAL_EG, MATERIAL_MG, PHASE_TOTAL, PHASE_WEIGHT};
use std::fmt;
use std::str::FromStr;

/// Which evaluation the search scores leaves with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalKind {
    /// Material and the simplified piece-square tables: the classroom's evaluation, which every
    /// published node count and lesson depends on.
    #[default]
    Simple,
    /// PeSTO's tables plus pawn structure, mobility, king safety, bishop pair and rooks on open
    /// files: how `uci` plays.
    Full,
}

/// Bonus for the side to move in the full evaluation: having the move is worth something.
const TEMPO: i32 = 10;

impl EvalKind {
    /// The name `--eval`, UCI and log headers use.
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Simple => "simple",
            EvalKind::Full => "full",
        }
    }

    const fn table(self) -> &'static Table {
        match self {
            EvalKind::Simple => &SIMPLE,
            EvalKind::Full => &PESTO,
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `simple` or `full`; the error names both.
impl FromStr for EvalKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "simple" => Ok(EvalKind::Simple),
            "full" => Ok(EvalKind::Full),
            _ => Err(format!(
                "unknown evaluation `{}` (known: simple, full)",
                killerscope_text::quote(s)
            )),
        }
    }
}

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
type Table = [[[i32; 64]; 6]; 2];

static SIMPLE: Table = build_table(&simple::PST_MG, &simple::PST_EG);
static PESTO: Table = build_table(&pesto::PST_MG, &pesto::PST_EG);

const fn build_table(pst_mg: &[&[i32; 64]; 6], pst_eg: &[&[i32; 64]; 6]) -> Table {
    let mut table = [[[0; 64]; 6]; 2];
    let mut kind = 0;
    while kind < 6 {
        let mut sq = 0;
        while sq < 64 {
            let white = sq ^ 56;
            table[0][kind][sq] = pack(
                MATERIAL_MG[kind] + pst_mg[kind][white],
                MATERIAL_EG[kind] + pst_eg[kind][white],
            );
            table[1][kind][sq] = -pack(
                MATERIAL_MG[kind] + pst_mg[kind][sq],
                MATERIAL_EG[kind] + pst_eg[kind][sq],
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
    /// The table terms of `pos` under `kind`, computed from scratch.
    pub fn of(pos: &Position, kind: EvalKind) -> EvalState {
        let mut state = EvalState::default();
        for color in Color::ALL {
            let table = &kind.table()[color.index()];
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
    pub fn after(self, pos: &Position, mv: Move, kind: EvalKind) -> EvalState {
        let Some(mover) = pos.piece_on(mv.from()) else {
            return self;
        };
        let table = kind.table();
        let (from, to) = (mv.from().index(), mv.to().index());
        let own = &table[mover.color.index()];
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
            next.packed -= table[(!mover.color).index()][victim.index()][square];
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
        self.taper((0, 0), side)
    }

    /// The full evaluation of `pos` (whose table terms these are) for the side to move: the
    /// positional terms are added before the phase blends midgame and endgame.
    pub fn score_full(self, pos: &Position) -> i32 {
        let extra = terms::positional(pos);
        self.taper((extra.mg, extra.eg), pos.side_to_move()) + TEMPO
    }

    fn taper(self, (extra_mg, extra_eg): (i32, i32), side: Color) -> i32 {
        let phase = self.phase.clamp(0, PHASE_TOTAL);
        let mg = unpack_mg(self.packed) + extra_mg;
        let eg = unpack_eg(self.packed) + extra_eg;
        let white = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        if side == Color::White { white } else { -white }
    }
}

/// The position's value in centipawns for the side to move under `kind`: midgame and endgame
/// scores blended by how much non-pawn material is left (the search folds it incrementally;
/// the tests ask for it whole).
#[cfg(test)]
pub fn evaluate(pos: &Position, kind: EvalKind) -> i32 {
    let state = EvalState::of(pos, kind);
    match kind {
        EvalKind::Simple => state.score(pos.side_to_move()),
        EvalKind::Full => state.score_full(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap(), EvalKind::Simple)
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
    fn check_incremental(pos: &mut Position, state: EvalState, kind: EvalKind, depth: u32) {
        assert_eq!(state, EvalState::of(pos, kind), "{}", pos.to_fen());
        if depth == 0 {
            return;
        }
        let mut moves = killerscope_chess::MoveList::new();
        pos.legal_moves(&mut moves);
        for mv in moves.iter() {
            let next = state.after(pos, mv, kind);
            let undo = pos.make_move(mv);
            check_incremental(pos, next, kind, depth - 1);
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
            for kind in [EvalKind::Simple, EvalKind::Full] {
                let mut pos = Position::from_fen(fen).unwrap();
                let state = EvalState::of(&pos, kind);
                check_incremental(&mut pos, state, kind, 3);
            }
        }
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Position::startpos(), EvalKind::Simple), 0);
        assert_eq!(evaluate(&Position::startpos(), EvalKind::Full), TEMPO);
    }

    #[test]
    fn full_evaluation_is_symmetric_and_knows_more() {
        let fen_w = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let fen_b = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3";
        let full = |fen| evaluate(&Position::from_fen(fen).unwrap(), EvalKind::Full);
        assert_eq!(full(fen_w), full(fen_b));
        let passer = full("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let blocked = full("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passer > blocked + 100, "{passer} vs {blocked}");
    }

    #[test]
    fn names_read_back() {
        for kind in [EvalKind::Simple, EvalKind::Full] {
            assert_eq!(kind.name().parse(), Ok(kind));
        }
        assert!(
            "pesto"
                .parse::<EvalKind>()
                .unwrap_err()
                .contains("simple, full")
        );
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
