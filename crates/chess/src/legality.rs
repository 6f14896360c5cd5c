//! Rules a position must satisfy to be reachable from the initial position, beyond the FEN
//! syntax: the material a side can have and the checks the last move can have given.
//!
//! These are necessary conditions, not a proof of reachability, and each is exact rather than
//! eager: a position they flag can never arise, while every position that can arise passes
//! (double checks by discovery, promotion or en passant included). Only the rules the engine
//! needs are refusals: the material rules bound what the move generator must handle (with at
//! most 16 pieces, 8 pawns and only as many promoted pieces as missing pawns, no accepted
//! position comes near `MAX_MOVES` moves; the known maximum for a legal position is 218), and
//! an en-passant square must explain the check it comes with. The checker rules are not: a
//! king in check by three pieces, or from both sides of one line, is still a position whose
//! moves the generator counts exactly (only the king can move), and classic perft suites hold
//! such positions — so `Position::unreachable` names the rule and the commands warn.

use super::attacks;
use super::board::Position;
use super::piece::{Color, PieceKind};
use super::square::Square;

/// Squares of one colour (b1, d1, …): a side's bishops beyond one per colour were promoted.
const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;

/// The name used in messages.
pub(super) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Checks each side's material: at most 8 pawns and 16 pieces, and no more pieces beyond the
/// initial set (one queen, two rooks, a bishop per square colour, two knights) than pawns it
/// has lost, since only a promotion creates one.
pub(super) fn check_material(pos: &Position) -> Result<(), String> {
    for color in Color::ALL {
        let name = color_name(color);
        let pawns = pos.pieces(color, PieceKind::Pawn).count();
        if pawns > 8 {
            return Err(format!("{name} has {pawns} pawns, at most 8 are possible"));
        }
        let pieces = pos.color_bb(color).count();
        if pieces > 16 {
            return Err(format!(
                "{name} has {pieces} pieces, at most 16 are possible"
            ));
        }
        let count = |kind| pos.pieces(color, kind).count();
        let bishops = pos.pieces(color, PieceKind::Bishop).0;
        let light = (bishops & LIGHT_SQUARES).count_ones();
        let dark = (bishops & !LIGHT_SQUARES).count_ones();
        let promoted = count(PieceKind::Queen).saturating_sub(1)
            + count(PieceKind::Rook).saturating_sub(2)
            + count(PieceKind::Knight).saturating_sub(2)
            + light.saturating_sub(1)
            + dark.saturating_sub(1);
        if promoted > 8 - pawns {
            return Err(format!(
                "{name} has at least {promoted} promoted pieces but has lost only {} pawns",
                8 - pawns
            ));
        }
    }
    Ok(())
}

/// Why this position cannot arise in a game, if a rule the FEN reader does not refuse
/// says so (see `unreachable_checks`); commands that take a FEN warn with it.
pub(super) fn unreachable(pos: &Position) -> Option<String> {
    unreachable_checks(pos).err()
}

/// Checks that the checks on the side to move could all come from the opponent's last move:
/// at most two checkers; never two pawns or knights (only the piece that moved can give such a
/// check); never two checkers on opposite sides of the king on one line. Two sliders of one
/// kind are allowed: a queen or a promotion can check while discovering a second check.
fn unreachable_checks(pos: &Position) -> Result<(), String> {
    let checkers = pos.checkers();
    let count = checkers.count();
    if count > 2 {
        return Err(format!(
            "the king is in check by {count} pieces, which no move can cause"
        ));
    }
    let ksq = pos.king_square(pos.side_to_move());
    let them = !pos.side_to_move();
    if count == 2 {
        let steppers = pos.pieces(them, PieceKind::Pawn) | pos.pieces(them, PieceKind::Knight);
        if (checkers & steppers).has_many() {
            return Err(
                "the king is in check by two pawns or knights, which no single move can give"
                    .into(),
            );
        }
        let mut each = checkers.into_iter();
        if let (Some(a), Some(b)) = (each.next(), each.next())
            && attacks::line(a, b).contains(ksq)
        {
            return Err(format!(
                "the king is in check from both sides along one line ({a} and {b}), which no \
                 single move can give"
            ));
        }
    }
    Ok(())
}

/// When the en-passant square `ep` says the opponent's last move was a double push, that move
/// must explain any check: a single check, by the pushed pawn or discovered by its departure.
pub(super) fn check_en_passant_check(pos: &Position, ep: Square) -> Result<(), String> {
    let checkers = pos.checkers();
    let ksq = pos.king_square(pos.side_to_move());
    let them = !pos.side_to_move();
    if !checkers.is_empty() {
        let back: i8 = if them == Color::White { -8 } else { 8 };
        let pushed_to = Square::from_index((ep.index() as i8 - back) as u8);
        let pushed_from = Square::from_index((ep.index() as i8 + back) as u8);
        let before = pos.occupied().without(pushed_to).with(pushed_from);
        let discovered = pos
            .attackers(ksq, them, before)
            .without(pushed_to)
            .is_empty();
        if checkers.has_many() || (checkers.first() != Some(pushed_to) && !discovered) {
            return Err(format!(
                "the en-passant square {ep} says {pushed_from}-{pushed_to} was just played, \
                 but that move cannot have given the present check"
            ));
        }
    }
    Ok(())
}

/// Whether the side to move has a legal en-passant capture on `ep` (the capturing pawn not
/// pinned, the capture not exposing its king along the rank, and resolving any check): only
/// then does the square belong in the key and the FEN, as in Polyglot and Stockfish.
pub(super) fn en_passant_capturable(pos: &Position, ep: Square) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let ksq = pos.king_square(us);
    let cap_sq = Square::from_index((ep.index() ^ 8) as u8);
    let occ = pos.occupied();
    (attacks::pawn(them, ep) & pos.pieces(us, PieceKind::Pawn))
        .into_iter()
        .any(|from| {
            let after = occ.without(from).without(cap_sq).with(ep);
            pos.attackers(ksq, them, after).without(cap_sq).is_empty()
        })
}
