//! The positional terms the playing evaluation adds to its piece-square tables: what a square
//! alone cannot say — a pawn with no enemy pawn in its way, a piece with room to move, a king
//! with attackers around it, two bishops, a rook on an open file. Computed from scratch at each
//! evaluated node from the bitboards (a few dozen attack look-ups), as midgame and endgame
//! values that the caller tapers by the game phase.

use killerscope_chess::{Bitboard, Color, PieceKind, Position, Square, attacks};

/// A midgame and an endgame value, White's point of view until `side` flips it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Midgame centipawns.
    pub mg: i32,
    /// Endgame centipawns.
    pub eg: i32,
}

impl Terms {
    const fn new(mg: i32, eg: i32) -> Terms {
        Terms { mg, eg }
    }

    fn add(&mut self, other: Terms, times: i32) {
        self.mg += other.mg * times;
        self.eg += other.eg * times;
    }
}

/// Bonus of a passed pawn by its rank counted from its own side (index 1 = second rank). The
/// PeSTO pawn tables already pay for advanced pawns, so this is only the "nothing can stop it"
/// part.
const PASSED: [Terms; 8] = [
    Terms::new(0, 0),
    Terms::new(0, 5),
    Terms::new(0, 10),
    Terms::new(5, 20),
    Terms::new(15, 35),
    Terms::new(30, 60),
    Terms::new(50, 90),
    Terms::new(0, 0),
];
/// A pawn with no friendly pawn on either neighbouring file.
const ISOLATED: Terms = Terms::new(-10, -12);
/// Each pawn beyond the first on a file.
const DOUBLED: Terms = Terms::new(-10, -20);
/// Both bishops still on the board.
const BISHOP_PAIR: Terms = Terms::new(30, 50);
/// A rook on a file with no pawn, and on one with only enemy pawns.
const ROOK_OPEN: Terms = Terms::new(25, 10);
const ROOK_SEMI_OPEN: Terms = Terms::new(12, 6);
/// Per square a piece attacks that is neither its own side's nor covered by an enemy pawn,
/// counted from the piece's typical number, so a central piece gains and a buried one loses.
const MOBILITY: [(Terms, i32); 4] = [
    (Terms::new(4, 4), 4),
    (Terms::new(5, 5), 6),
    (Terms::new(2, 4), 7),
    (Terms::new(1, 2), 13),
];
/// Weight of each attacked king-zone square by attacker kind (knight, bishop, rook, queen).
const KING_ATTACK_UNITS: [i32; 4] = [20, 20, 40, 80];
/// Percentage of the attack units that counts, by number of attacking pieces: one piece alone
/// is no attack.
const KING_ATTACK_SCALE: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];
/// Each of the three pawns in front of a castled king that is missing (midgame only).
const SHIELD_MISSING: i32 = -15;

const FILE_A: u64 = 0x0101_0101_0101_0101;

fn file_mask(file: u8) -> u64 {
    FILE_A << file
}

fn adjacent_files(file: u8) -> u64 {
    let mut mask = 0;
    if file > 0 {
        mask |= file_mask(file - 1);
    }
    if file < 7 {
        mask |= file_mask(file + 1);
    }
    mask
}

/// Squares strictly in front of `sq` for `color` (towards the promotion rank), on all files.
fn ranks_ahead(color: Color, sq: Square) -> u64 {
    let rank = u32::from(sq.rank());
    match color {
        Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Color::Black if rank > 0 => !0u64 >> (8 * (8 - rank)),
        _ => 0,
    }
}

/// Squares attacked by `color`'s pawns.
fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    let not_a = !FILE_A;
    let not_h = !(FILE_A << 7);
    match color {
        Color::White => ((pawns << 7) & not_h) | ((pawns << 9) & not_a),
        Color::Black => ((pawns >> 9) & not_h) | ((pawns >> 7) & not_a),
    }
}

/// The positional terms of `pos`, White minus Black.
pub fn positional(pos: &Position) -> Terms {
    let mut total = Terms::default();
    let white = side_terms(pos, Color::White);
    let black = side_terms(pos, Color::Black);
    total.add(white, 1);
    total.add(black, -1);
    total
}

/// Everything one side earns: pawn structure, bishops, rooks, mobility, attacks on the enemy
/// king and its own king's pawn shield.
fn side_terms(pos: &Position, us: Color) -> Terms {
    let them = us.flip();
    let own_pawns = pos.pieces(us, PieceKind::Pawn).0;
    let their_pawns = pos.pieces(them, PieceKind::Pawn).0;
    let mut terms = pawn_structure(own_pawns, their_pawns, us);
    if pos.pieces(us, PieceKind::Bishop).count() >= 2 {
        terms.add(BISHOP_PAIR, 1);
    }
    for sq in pos.pieces(us, PieceKind::Rook) {
        let file = file_mask(sq.file());
        if file & own_pawns == 0 {
            terms.add(
                if file & their_pawns == 0 {
                    ROOK_OPEN
                } else {
                    ROOK_SEMI_OPEN
                },
                1,
            );
        }
    }
    terms.add(pieces_in_play(pos, us, their_pawns), 1);
    terms.mg += king_shelter(own_pawns, pos.king_square(us), us);
    terms
}

/// Passed, isolated and doubled pawns.
fn pawn_structure(own: u64, theirs: u64, us: Color) -> Terms {
    let mut terms = Terms::default();
    for sq in Bitboard(own) {
        let file = sq.file();
        let front = ranks_ahead(us, sq);
        if front & (file_mask(file) | adjacent_files(file)) & theirs == 0 {
            let rank = match us {
                Color::White => sq.rank(),
                Color::Black => 7 - sq.rank(),
            };
            terms.add(PASSED[usize::from(rank)], 1);
        }
        if own & adjacent_files(file) == 0 {
            terms.add(ISOLATED, 1);
        }
    }
    for file in 0..8 {
        let on_file = (own & file_mask(file)).count_ones() as i32;
        if on_file > 1 {
            terms.add(DOUBLED, on_file - 1);
        }
    }
    terms
}

/// Mobility of knights, bishops, rooks and queens, and the weight of their attacks on the
/// squares around the enemy king.
fn pieces_in_play(pos: &Position, us: Color, their_pawns: u64) -> Terms {
    let them = us.flip();
    let occupied = pos.occupied();
    let safe = !pos.color_bb(us).0 & !pawn_attacks(their_pawns, them);
    let king = pos.king_square(them);
    let zone = (attacks::king(king) | Bitboard::from_square(king)).0;
    let mut terms = Terms::default();
    let (mut attackers, mut units) = (0usize, 0);
    let kinds = [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ];
    for (i, kind) in kinds.into_iter().enumerate() {
        for sq in pos.pieces(us, kind) {
            let reach = match kind {
                PieceKind::Knight => attacks::knight(sq),
                PieceKind::Bishop => attacks::bishop(sq, occupied),
                PieceKind::Rook => attacks::rook(sq, occupied),
                _ => attacks::queen(sq, occupied),
            }
            .0;
            let (weight, typical) = MOBILITY[i];
            terms.add(weight, (reach & safe).count_ones() as i32 - typical);
            let hits = (reach & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += KING_ATTACK_UNITS[i] * hits;
            }
        }
    }
    terms.mg += units * KING_ATTACK_SCALE[attackers.min(7)] / 100;
    terms
}

/// The midgame penalty for pawns missing in front of a king that has castled to a wing.
fn king_shelter(own_pawns: u64, king: Square, us: Color) -> i32 {
    let file = king.file();
    if (3..=4).contains(&file) {
        return 0;
    }
    let files = file_mask(file) | adjacent_files(file);
    let home = match us {
        Color::White => 0x0000_0000_00FF_FF00u64,
        Color::Black => 0x00FF_FF00_0000_0000u64,
    };
    let shield = (own_pawns & files & home & ranks_ahead(us, king)).count_ones() as i32;
    let wanted = (files.count_ones() / 8) as i32;
    SHIELD_MISSING * (wanted - shield.min(wanted))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(fen: &str) -> Terms {
        positional(&Position::from_fen(fen).expect("test FEN"))
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(positional(&Position::startpos()), Terms::default());
    }

    #[test]
    fn mirrored_positions_have_opposite_terms() {
        let white = terms("r1bqk2r/pp3ppp/2n1pn2/2bp4/2P5/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 7");
        let black = terms("r2qkb1r/pp1b1ppp/2n1pn2/2p5/2BP4/2N1PN2/PP3PPP/R1BQK2R b KQkq - 0 7");
        assert_eq!(white.mg, -black.mg);
        assert_eq!(white.eg, -black.eg);
    }

    /// Two positions apart in the one feature a term prices: `better` must score above `worse`
    /// in the phase `part` reads.
    fn assert_above(better: &str, worse: &str, part: fn(&Terms) -> i32) {
        let (high, low) = (terms(better), terms(worse));
        assert!(
            part(&high) > part(&low),
            "{better}: {high:?}, {worse}: {low:?}"
        );
    }

    #[test]
    fn a_passed_pawn_is_worth_more_than_a_blocked_one() {
        let passed = "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1";
        assert_above(passed, "4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1", |t| t.eg);
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let doubled = "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1";
        assert_above("4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1", doubled, |t| t.eg);
    }

    #[test]
    fn a_missing_shield_pawn_costs_the_castled_king() {
        let intact = "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1";
        assert_eq!(terms(intact).mg, 0);
        let broken = terms("6k1/5ppp/8/8/8/7P/5PP1/6K1 w - - 0 1");
        assert!(broken.mg >= 0, "a pawn on the third rank still shelters");
        assert_above(intact, "6k1/5ppp/8/8/8/8/5PP1/6K1 w - - 0 1", |t| t.mg);
    }

    #[test]
    fn pieces_near_the_king_count_as_an_attack() {
        let attack = "6k1/5ppp/8/4N1Q1/8/8/5PPP/R5K1 w - - 0 1";
        assert_above(attack, "6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1", |t| t.mg);
    }
}
