//! What a slide (and the lab's tables) call a position when nobody named it: `start position`,
//! its id in the bundled classroom library (`killer-puzzle`), or else its FEN without the move
//! counters — the four fields EPD keeps, which say everything the search saw. A class reads a
//! name; a FEN only when there is nothing better.

use killerscope_chess::START_FEN;

/// The name of the position `fen`: `start position`, the library id of the same position
/// (board, side to move, castling and en passant alike; the clocks do not count), else
/// [`short_fen`].
pub fn name(fen: &str) -> String {
    let board = short_fen(fen);
    if board == short_fen(START_FEN) {
        return "start position".into();
    }
    killerscope_explorer::library::embedded()
        .into_iter()
        .find(|entry| short_fen(&entry.fen) == board)
        .map_or(board, |entry| entry.id)
}

/// `fen`'s first four fields (board, side to move, castling, en passant), single-spaced.
pub fn short_fen(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_named_by_what_a_class_knows_them_as() {
        assert_eq!(name(START_FEN), "start position");
        assert_eq!(
            name("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 12"),
            "start position",
            "the clocks do not make another position"
        );
        let puzzle = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
        assert_eq!(name(puzzle), "killer-puzzle");
        let other = "6k1/3q1ppp/p7/r6n/5P2/1P4P1/PQ4BP/2R3K1 w - - 1 2";
        assert_eq!(name(other), "6k1/3q1ppp/p7/r6n/5P2/1P4P1/PQ4BP/2R3K1 w - -");
    }

    #[test]
    fn every_library_position_is_named_by_its_id() {
        for entry in killerscope_explorer::library::embedded() {
            if short_fen(&entry.fen) != short_fen(START_FEN) {
                assert_eq!(name(&entry.fen), entry.id);
            }
        }
    }
}
