//! Playing a line of moves from a position: how a view that knows only the root and the moves
//! of a path (a tree node, a logged PV) gets the position at its end.

use super::board::Position;
use super::moves::Move;

/// The position after playing `moves` from this one; `None` at the first move that is not
/// legal where it is played (a log from another engine, or a corrupted one).
pub(super) fn after_line(pos: &Position, moves: &[Move]) -> Option<Position> {
    let mut pos = pos.clone();
    for &mv in moves {
        if mv.is_null() || !pos.is_legal(mv) {
            return None;
        }
        pos.make_move(mv);
    }
    Some(pos)
}

/// The position after the side to move passes (a null move, as null-move pruning searches
/// it): `None` when in check, where passing would leave the king attacked.
pub(super) fn after_pass(pos: &Position) -> Option<Position> {
    if pos.in_check() {
        return None;
    }
    let mut pos = pos.clone();
    pos.make_null_move();
    Some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uci_line;

    #[test]
    fn a_legal_line_is_played_and_an_illegal_one_refused() {
        let start = Position::startpos();
        let [e4] = uci_line(&start, ["e2e4"]);
        let after = start.after_line(&[e4]).expect("legal line");
        assert_eq!(after.side_to_move(), crate::Color::Black);
        assert_eq!(start.after_line(&[e4, e4]), None);
        assert_eq!(start.after_line(&[]), Some(start.clone()));
    }

    #[test]
    fn passing_flips_the_side_but_not_out_of_check() {
        let start = Position::startpos();
        let passed = start.after_pass().expect("not in check");
        assert_eq!(
            passed.to_fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
        );
        let checked = Position::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").expect("valid FEN");
        assert_eq!(checked.after_pass(), None);
    }
}
