//! The best reply at a node: a full-window search of the node's position to its own remaining
//! depth. A cut node needs only a move good *enough* to reach β, and the move that cut is often
//! not the side's best; where a lesson, the explorer's Explain panel or the classroom notes
//! name the cutting move, this is what they set beside it (issue 26: "Bc6 reached β +111 and
//! cut; White's best here is Qd2").

use super::config::SearchConfig;
use super::limits::Limits;
use super::searcher::Searcher;
use killerscope_chess::{Move, Position};
use killerscope_log::NullObserver;
use std::sync::atomic::{AtomicBool, Ordering};

/// What the full-window search of a node's position found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestReply {
    /// The best move and its score for the side to move, in centipawns (or a mate score).
    Move(Move, i32),
    /// The side to move has no legal move (mate or stalemate).
    NoMove,
}

/// The best move at `pos` and its score for the side to move, by a full-window search to
/// `depth` (at least 1) under the default configuration from an empty table, so the answer is
/// the same wherever it is asked; `None` once `stop` is set (the explorer's `s` / Esc).
pub fn best_reply(pos: &Position, depth: u8, stop: &AtomicBool) -> Option<BestReply> {
    let report = Searcher::new(SearchConfig::default()).search(
        pos,
        &[],
        &Limits::depth(depth.max(1)),
        stop,
        &mut NullObserver,
        &mut |_| {},
    );
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    Some(if report.best_move.is_null() {
        BestReply::NoMove
    } else {
        BestReply::Move(report.best_move, report.score)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::san;

    #[test]
    fn after_ra5_white_s_best_is_qd2_not_the_cutting_bc6() {
        // `killerscope search --fen … --depth 6` plays Qd2 at +582 (issue 26).
        let fen = "6k1/3q1ppp/p7/r6n/5P2/1P4P1/PQ4BP/2R3K1 w - - 1 2";
        let pos = Position::from_fen(fen).expect("FEN");
        let found = best_reply(&pos, 6, &AtomicBool::new(false));
        let Some(BestReply::Move(mv, score)) = found else {
            panic!("{found:?}");
        };
        assert_eq!((san(&pos, mv).as_str(), score), ("Qd2", 582));
    }

    #[test]
    fn a_mated_side_has_no_move_and_a_stop_flag_gives_none() {
        let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").expect("FEN");
        let go = AtomicBool::new(false);
        assert_eq!(best_reply(&mated, 3, &go), Some(BestReply::NoMove));
        let stopped = AtomicBool::new(true);
        assert_eq!(best_reply(&Position::startpos(), 4, &stopped), None);
    }
}
