//! Playing a line of moves from a position: how a view that knows only the root and the moves
//! of a path (a tree node, a logged PV) gets the position at its end.

use super::moves::Move;
use super::position::Position;

impl Position {
    /// The position after playing `moves` from this one; `None` at the first move that is not
    /// legal where it is played (a log from another engine, or a corrupted one).
    pub fn after_line(&self, moves: &[Move]) -> Option<Position> {
        let mut pos = self.clone();
        for &mv in moves {
            if mv.is_null() || !pos.is_legal(mv) {
                return None;
            }
            pos.make_move(mv);
        }
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci;

    #[test]
    fn a_legal_line_is_played_and_an_illegal_one_refused() {
        let start = Position::startpos();
        let e4 = parse_uci(&start, "e2e4").expect("legal");
        let after = start.after_line(&[e4]).expect("legal line");
        assert_eq!(after.side_to_move(), crate::chess::Color::Black);
        assert_eq!(start.after_line(&[e4, e4]), None);
        assert_eq!(start.after_line(&[]), Some(start.clone()));
    }
}
