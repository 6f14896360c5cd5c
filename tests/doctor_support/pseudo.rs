//! What a pseudo-legal engine knows of a killer: whether its piece can make it here by its own
//! rules, and — once made — whether it left the mover's king attacked. Written for quiet
//! moves only (killers are quiet), from the board and the attack tables, without the move
//! generator's legality test.

use killerscope_chess::{Bitboard, Color, Move, MoveFlag, PieceKind, Position, Square, attacks};

/// Whether quiet `mv` can be made in `pos` by its piece's own rules (castling left out).
pub fn quiet_pseudo_legal(pos: &Position, mv: Move) -> bool {
    if !mv.is_quiet() || mv.is_castle() {
        return false;
    }
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = pos.piece_on(from).filter(|p| p.color == us) else {
        return false;
    };
    let occ = pos.occupied();
    if occ.contains(to) {
        return false;
    }
    match piece.kind {
        PieceKind::Pawn => pawn_push(us, mv, occ),
        PieceKind::Knight => attacks::knight(from).contains(to),
        PieceKind::Bishop => attacks::bishop(from, occ).contains(to),
        PieceKind::Rook => attacks::rook(from, occ).contains(to),
        PieceKind::Queen => attacks::queen(from, occ).contains(to),
        PieceKind::King => attacks::king(from).contains(to),
    }
}

fn pawn_push(us: Color, mv: Move, occ: Bitboard) -> bool {
    let (from, to) = (mv.from().index() as i32, mv.to().index() as i32);
    let (step, start_rank) = match us {
        Color::White => (8, 1),
        Color::Black => (-8, 6),
    };
    match mv.flag() {
        MoveFlag::Quiet => to == from + step,
        MoveFlag::DoublePush => {
            let mid = Square::from_index((from + step) as u8);
            mv.from().rank() == start_rank && to == from + 2 * step && !occ.contains(mid)
        }
        _ => false,
    }
}

/// Whether `sq` is attacked by `by` in `pos`.
fn attacked(pos: &Position, sq: Square, by: Color) -> bool {
    let occ = pos.occupied();
    let theirs = |kind| pos.pieces(by, kind);
    let diagonal = theirs(PieceKind::Bishop) | theirs(PieceKind::Queen);
    let straight = theirs(PieceKind::Rook) | theirs(PieceKind::Queen);
    !(attacks::knight(sq) & theirs(PieceKind::Knight)).is_empty()
        || !(attacks::king(sq) & theirs(PieceKind::King)).is_empty()
        || !(attacks::pawn(!by, sq) & theirs(PieceKind::Pawn)).is_empty()
        || !(attacks::bishop(sq, occ) & diagonal).is_empty()
        || !(attacks::rook(sq, occ) & straight).is_empty()
}

/// Whether making pseudo-legal `mv` leaves the mover's king attacked.
pub fn leaves_king_attacked(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let mut after = pos.clone();
    after.make_move(mv);
    attacked(&after, after.king_square(us), !us)
}
