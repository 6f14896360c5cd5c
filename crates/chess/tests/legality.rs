//! Position legality beyond syntax: positions that can arise are accepted (legal double checks,
//! discovered checks by a double push, the classic perft positions, the classroom library),
//! an en-passant square is kept only when a capture on it is legal, and no accepted position
//! overflows the move list. The refusals, one FEN per rule, are in `data/invalid_fens.txt`.

mod common;

use common::{SEEDS, pos};
use killerscope_chess::epd;
use killerscope_chess::{MAX_MOVES, MoveList, Position};

#[test]
fn double_checks_a_single_move_can_give_are_accepted() {
    for (fen, why) in [
        (
            "4k3/8/8/b7/8/8/8/4K2r w - - 0 1",
            "rook moved to h1, discovering the bishop",
        ),
        (
            "7k/8/8/8/8/4q3/8/r3K3 w - - 0 1",
            "queen c1-e3 checks on the file and discovers the rook: two orthogonal checks",
        ),
        (
            "4k3/8/2Q5/7B/8/8/8/4K3 b - - 0 1",
            "queen g6-c6 checks and discovers the bishop: two diagonal checks",
        ),
        (
            "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
            "knight from e-file discovering the rook",
        ),
    ] {
        if let Err(e) = Position::from_fen(fen) {
            panic!("{fen} ({why}) refused: {e}");
        }
    }
}

#[test]
fn a_double_push_may_give_or_discover_the_check() {
    let pawn_check = pos("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(pawn_check.in_check());
    assert_eq!(
        pawn_check.en_passant().map(|s| s.to_string()).as_deref(),
        Some("d3"),
        "exd3 takes the checking pawn, so the square stays"
    );
    let discovered = pos("7k/8/8/8/1Pp5/8/8/B3K3 b - b3 0 1");
    assert!(discovered.in_check());
    assert_eq!(
        discovered.en_passant(),
        None,
        "cxb3 leaves the king in check from a1: no legal capture"
    );
}

#[test]
fn en_passant_square_is_kept_only_when_the_capture_is_legal() {
    let pinned = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    let without = pos("8/8/8/K2pP2r/8/8/8/7k w - - 0 1");
    assert_eq!(pinned.en_passant(), None);
    assert_eq!(pinned.key(), without.key());
    assert_eq!(pinned.to_fen(), without.to_fen());
    let free = pos("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
    assert!(free.en_passant().is_some());
    assert_ne!(free.key(), pos("8/8/8/K2pP3/8/8/8/7k w - - 0 1").key());

    // The same rule when the double push is played on the board.
    let mut played = pos("8/3p4/8/K3P2r/8/8/8/7k b - - 0 1");
    let push = killerscope_chess::parse_uci(&played, "d7d5").expect("legal push");
    played.make_move(push);
    assert_eq!(
        played.en_passant(),
        None,
        "e5xd6 would expose the king on a5"
    );
    assert_eq!(played.key(), played.compute_key());
    assert_eq!(played.key(), without.key());
}

#[test]
fn fullmove_number_zero_reads_as_one() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0");
    assert_eq!(p.fullmove_number(), 1);
    assert_eq!(p, Position::startpos());
}

#[test]
fn standard_and_library_positions_are_still_accepted() {
    for fen in SEEDS {
        pos(fen);
    }
    let library = include_str!("../../../assets/positions.epd");
    let records = epd::parse(library).expect("the library parses");
    assert!(records.len() > 5);
    for record in records {
        pos(&record.fen);
    }
}

#[test]
fn the_most_mobile_known_position_fits_the_move_list() {
    // 218 legal moves, the most any legal position is known to have.
    let p = pos("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    assert_eq!(list.len(), 218);
    assert!(list.len() < MAX_MOVES);
}

/// Overflowing the list is a bug the debug build stops at, not a silently shorter list.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "move list overflow")]
fn overflowing_the_move_list_is_caught_in_debug_builds() {
    let mut list = MoveList::new();
    for _ in 0..=MAX_MOVES {
        list.push(killerscope_chess::Move::NULL);
    }
}
