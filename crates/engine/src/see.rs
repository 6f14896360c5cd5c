//! Capture ordering: MVV-LVA (most valuable victim, least valuable attacker) for the default
//! order, and static exchange evaluation (SEE) to split winning from losing captures when killers
//! are placed between them.

use killerscope_chess::{Bitboard, Color, Move, PieceKind, Position, Square, attacks};

/// Exchange values of pawn..king; the king's is large so that capturing with it last is right.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

#[inline]
fn value(kind: PieceKind) -> i32 {
    SEE_VALUE[kind.index()]
}

/// Ordering key of a capture or promotion: the victim's value (plus what a promotion gains)
/// dominates, the attacker's kind breaks ties (a pawn taking a queen before a rook taking it).
#[inline]
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.captured_kind(mv).map_or(0, value);
    let promotion = mv
        .promotion()
        .map_or(0, |k| value(k) - value(PieceKind::Pawn));
    let attacker = pos
        .piece_on(mv.from())
        .map_or(PieceKind::King.index(), |p| p.kind.index());
    (victim + promotion) * 8 - attacker as i32
}

/// Whether `mv` loses material by static exchange (`see(pos, mv) < 0`), answered without the
/// exchange when the victim is worth at least the capturing piece — the common case.
#[inline]
pub fn loses_material(pos: &Position, mv: Move) -> bool {
    let victim = pos.captured_kind(mv).map_or(0, value);
    let attacker = pos.piece_on(mv.from()).map_or(0, |p| value(p.kind));
    if mv.promotion().is_none() && victim >= attacker {
        return false;
    }
    see(pos, mv) < 0
}

fn attackers_to(pos: &Position, sq: Square, occ: Bitboard) -> Bitboard {
    let both = |kind| pos.pieces(Color::White, kind) | pos.pieces(Color::Black, kind);
    let queens = both(PieceKind::Queen);
    (attacks::pawn(Color::Black, sq) & pos.pieces(Color::White, PieceKind::Pawn))
        | (attacks::pawn(Color::White, sq) & pos.pieces(Color::Black, PieceKind::Pawn))
        | (attacks::knight(sq) & both(PieceKind::Knight))
        | (attacks::king(sq) & both(PieceKind::King))
        | (attacks::bishop(sq, occ) & (both(PieceKind::Bishop) | queens))
        | (attacks::rook(sq, occ) & (both(PieceKind::Rook) | queens))
}

/// The least valuable piece of `color` among `attackers`, with its square.
fn least_valuable(
    pos: &Position,
    attackers: Bitboard,
    color: Color,
) -> Option<(Square, PieceKind)> {
    PieceKind::ALL.into_iter().find_map(|kind| {
        let set = attackers & pos.pieces(color, kind);
        set.first().map(|sq| (sq, kind))
    })
}

/// Static exchange evaluation of `mv`: the material the mover expects to win (negative: lose)
/// if both sides keep recapturing on the target square with their least valuable piece and may
/// stop whenever continuing would lose. Sliders behind the capturers (x-rays) join in; pins are
/// ignored, as usual for SEE. Quiet moves and castling score 0.
pub fn see(pos: &Position, mv: Move) -> i32 {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_on(from) else {
        return 0;
    };
    if mv.is_castle() {
        return 0;
    }
    let mut occ = pos.occupied().without(from);
    if let Some(ep) = pos
        .en_passant()
        .filter(|&ep| ep == to && mover.kind == PieceKind::Pawn)
    {
        let behind = if mover.color == Color::White {
            ep.index() - 8
        } else {
            ep.index() + 8
        };
        occ = occ.without(Square::from_index(behind as u8));
    }
    let mut gains = [0i32; 32];
    gains[0] = pos.captured_kind(mv).map_or(0, value);
    let mut on_square = mover.kind;
    if let Some(promo) = mv.promotion() {
        gains[0] += value(promo) - value(PieceKind::Pawn);
        on_square = promo;
    }
    let mut attackers = attackers_to(pos, to, occ) & occ;
    let mut side = !mover.color;
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some((sq, kind)) = least_valuable(pos, attackers, side) else {
            break;
        };
        depth += 1;
        gains[depth] = value(on_square) - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        occ = occ.without(sq);
        attackers = attackers_to(pos, to, occ) & occ;
        on_square = kind;
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::MoveList;

    fn find(pos: &Position, uci: &str) -> Move {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        list.iter()
            .find(|m| m.to_string() == uci)
            .unwrap_or_else(|| panic!("{uci} is not legal in {}", pos.to_fen()))
    }

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        see(&pos, find(&pos, uci))
    }

    #[test]
    fn undefended_piece_is_won_outright() {
        assert_eq!(see_of("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", "d1d5"), 500);
    }

    #[test]
    fn defended_pawn_taken_by_a_queen_loses() {
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            100 - 900
        );
    }

    #[test]
    fn xray_recaptures_count() {
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        assert_eq!(
            see_of("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            100 - 500
        );
    }

    #[test]
    fn en_passant_and_promotion() {
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        assert_eq!(see_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800);
        assert_eq!(
            see_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"),
            500 + 800
        );
    }

    #[test]
    fn loses_material_agrees_with_see() {
        let cases = [
            ("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", "d1d5", false),
            ("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", true),
            ("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", true),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", false),
        ];
        for (fen, uci, loses) in cases {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(loses_material(&pos, find(&pos, uci)), loses, "{fen} {uci}");
        }
    }

    #[test]
    fn mvv_lva_prefers_big_victims_then_small_attackers() {
        let pos = Position::from_fen("4k3/8/8/2q1r3/1P6/3N4/8/7K w - - 0 1").unwrap();
        let pxq = mvv_lva(&pos, find(&pos, "b4c5"));
        let nxq = mvv_lva(&pos, find(&pos, "d3c5"));
        let nxr = mvv_lva(&pos, find(&pos, "d3e5"));
        assert!(pxq > nxq && nxq > nxr, "{pxq} {nxq} {nxr}");
    }
}
