//! A path of moves from the root written for people: SAN where each move is legal where it is
//! played, `--` for a null move (a pass), and UCI from the first move that cannot be played
//! (a filtered log's top node, a foreign or damaged log) on.

use crate::chess::notation::san;
use crate::chess::{Move, Position};

/// The spelling of a null move in a path.
pub const NULL_MOVE_TEXT: &str = "--";

/// `moves`, played from `root` (when known), each in SAN.
pub fn san_path(root: Option<&Position>, moves: &[Move]) -> Vec<String> {
    let mut pos = root.cloned();
    moves
        .iter()
        .map(|&mv| {
            if mv.is_null() {
                pos = pos.as_ref().and_then(Position::after_pass);
                return NULL_MOVE_TEXT.to_string();
            }
            match pos.as_mut() {
                Some(p) if p.is_legal(mv) => {
                    let text = san(p, mv);
                    p.make_move(mv);
                    text
                }
                _ => {
                    pos = None;
                    mv.to_string()
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci;

    #[test]
    fn san_with_passes_then_uci_once_lost() {
        let start = Position::startpos();
        let e4 = parse_uci(&start, "e2e4").expect("legal");
        let after = start.after_line(&[e4]).expect("legal");
        let e5 = parse_uci(&after, "e7e5").expect("legal");
        assert_eq!(san_path(Some(&start), &[e4, Move::NULL]), ["e4", "--"]);
        assert_eq!(san_path(Some(&start), &[e4, e5]), ["e4", "e5"]);
        assert_eq!(san_path(Some(&start), &[e5, e4]), ["e7e5", "e2e4"]);
        assert_eq!(san_path(None, &[e4]), ["e2e4"]);
    }
}
