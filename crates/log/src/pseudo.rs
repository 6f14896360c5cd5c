//! Pseudo-legal moves, for traces of engines that generate them: a move the piece can make by
//! its own rules (the target is not our own piece, a slider's path is clear, a pawn pushes onto
//! empty squares and captures diagonally, castling has its right and an empty path) whether or
//! not it leaves our king attacked. A pseudo-legal engine tries such moves and refutes them one
//! ply down by capturing the king; the importer accepts them only where the trace says so
//! (`"illegal": true`) and only when the king really is left attacked, and inside the position
//! they reach (where the side to move can capture a king), where every move is pseudo-legal.

use killerscope_chess::{
    Bitboard, CastlingRights, Color, Move, MoveFlag, PieceKind, Position, Square, attacks,
};

/// Whether `mv` (flagged as the board gives it) is pseudo-legal in `pos`.
pub fn is_pseudo_legal(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = pos.piece_on(from).filter(|p| p.color == us) else {
        return false;
    };
    if pos.color_bb(us).contains(to) {
        return false;
    }
    let occ = pos.occupied();
    let last_rank = if us == Color::White { 7 } else { 0 };
    if (piece.kind == PieceKind::Pawn && to.rank() == last_rank) != mv.is_promotion() {
        return false;
    }
    let reach = match piece.kind {
        PieceKind::Knight => attacks::knight(from),
        PieceKind::Bishop => attacks::bishop(from, occ),
        PieceKind::Rook => attacks::rook(from, occ),
        PieceKind::Queen => attacks::queen(from, occ),
        PieceKind::King if mv.is_castle() => return castling_path_clear(pos, mv),
        PieceKind::King => attacks::king(from),
        PieceKind::Pawn => return pawn_move(pos, mv, occ),
    };
    reach.contains(to)
}

fn pawn_move(pos: &Position, mv: Move, occ: Bitboard) -> bool {
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let forward: i16 = if us == Color::White { 8 } else { -8 };
    let step = to.index() as i16 - from.index() as i16;
    if attacks::pawn(us, from).contains(to) {
        return pos.color_bb(!us).contains(to) || pos.en_passant() == Some(to);
    }
    let start_rank = if us == Color::White { 1 } else { 6 };
    match step {
        s if s == forward => !occ.contains(to),
        s if s == 2 * forward && from.rank() == start_rank => {
            let middle = Square::from_index((from.index() as i16 + forward) as u8);
            !occ.contains(to) && !occ.contains(middle)
        }
        _ => false,
    }
}

fn castling_path_clear(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let base = if us == Color::White { 0 } else { 56 };
    let (right, empty): (CastlingRights, &[u8]) = match mv.flag() {
        MoveFlag::KingCastle => (CastlingRights::king_side(us), &[5, 6]),
        MoveFlag::QueenCastle => (CastlingRights::queen_side(us), &[1, 2, 3]),
        _ => return false,
    };
    mv.from() == Square::from_index(base + 4)
        && pos.castling().contains(right)
        && empty
            .iter()
            .all(|&i| !pos.occupied().contains(Square::from_index(base + i)))
}

/// Whether the king of the side that is *not* to move in `pos` is attacked: the side to move
/// could capture it, so the position is one only a pseudo-legal search reaches.
pub fn king_en_prise(pos: &Position) -> bool {
    let mut passed = pos.clone();
    passed.make_null_move();
    passed.in_check()
}

/// Whether pseudo-legal `mv` leaves the mover's own king attacked.
pub fn leaves_king_attacked(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.make_move(mv);
    king_en_prise(&after)
}

/// Whether `mv` captures the opponent's king (only possible where [`king_en_prise`] holds).
pub fn captures_king(pos: &Position, mv: Move) -> bool {
    pos.piece_on(mv.to())
        .is_some_and(|p| p.kind == PieceKind::King && p.color != pos.side_to_move())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, uci: &str) -> Move {
        super::super::board::flagged(pos, uci).expect("UCI")
    }

    #[test]
    fn pinned_and_king_moves_into_check_are_pseudo_legal_and_leave_the_king_attacked() {
        // The e2 knight is pinned by the e8 rook; f1 is attacked by the h3 bishop.
        let pos = Position::from_fen("4r1k1/8/8/8/8/7b/4N3/4K3 w - - 0 1").expect("FEN");
        for uci in ["e2c3", "e1f1"] {
            let m = mv(&pos, uci);
            assert!(!pos.is_legal(m), "{uci}");
            assert!(is_pseudo_legal(&pos, m), "{uci}");
            assert!(leaves_king_attacked(&pos, m), "{uci}");
        }
        let legal = mv(&pos, "e1d1");
        assert!(is_pseudo_legal(&pos, legal) && !leaves_king_attacked(&pos, legal));
    }

    #[test]
    fn moves_no_piece_can_make_are_not_pseudo_legal() {
        let pos = Position::startpos();
        for uci in ["e2e5", "b1b3", "f1c4", "e1g1", "a2b3", "d1d3"] {
            assert!(!is_pseudo_legal(&pos, mv(&pos, uci)), "{uci}");
        }
        for uci in ["e2e4", "g1f3", "a2a3"] {
            assert!(is_pseudo_legal(&pos, mv(&pos, uci)), "{uci}");
        }
    }

    #[test]
    fn after_an_illegal_move_the_king_can_be_captured() {
        let pos = Position::from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").expect("FEN");
        let mut after = pos.clone();
        after.make_move(mv(&pos, "e2c3"));
        assert!(king_en_prise(&after));
        let capture = mv(&after, "e8e1");
        assert!(is_pseudo_legal(&after, capture) && captures_king(&after, capture));
        assert!(!king_en_prise(&pos));
    }
}
