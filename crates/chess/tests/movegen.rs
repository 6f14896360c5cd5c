//! `is_legal`, `legal_captures` and `count_legal_moves` agree with `legal_moves` — `is_legal`
//! on every one of the 65 536 possible 16-bit move values in sampled positions, so garbage from
//! a hash table or a stale killer slot is rejected without panicking.

mod common;

use common::sample_positions;
use killerscope_chess::{Move, MoveList, Position};

/// Positions where every kind of move is at hand: promotions (quiet, capturing, by a pinned
/// pawn), en passant (legal, and illegal along a rank), castling both ways, check and double
/// check, and a pinned double push.
const SPECIAL: [&str; 6] = [
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
    "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    "4k3/8/8/8/4r3/5n2/8/4K2R w K - 0 1",
    "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",
];

#[test]
fn is_legal_accepts_exactly_the_legal_moves() {
    let special = SPECIAL.map(|fen| Position::from_fen(fen).expect("valid FEN"));
    let positions = sample_positions(1, 40, 3);
    for p in positions.iter().step_by(6).chain(&special) {
        let mut legal = MoveList::new();
        p.legal_moves(&mut legal);
        for raw in 0..=u16::MAX {
            let mv = Move::from_raw(raw);
            assert_eq!(
                p.is_legal(mv),
                legal.contains(mv),
                "{mv:?} in {}",
                p.to_fen()
            );
        }
    }
}

#[test]
fn legal_captures_are_the_captures_and_promotions_of_legal_moves() {
    for p in sample_positions(4, 60, 11) {
        let mut all = MoveList::new();
        p.legal_moves(&mut all);
        let mut expected: Vec<Move> = all
            .iter()
            .filter(|m| m.is_capture() || m.is_promotion())
            .collect();
        let mut captures = MoveList::new();
        p.legal_captures(&mut captures);
        let mut got = captures.to_vec();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{}", p.to_fen());
        for mv in captures.iter() {
            assert_eq!(p.captured_kind(mv).is_some(), mv.is_capture(), "{mv:?}");
        }
    }
}

#[test]
fn generated_moves_have_consistent_flags() {
    for p in sample_positions(2, 60, 5) {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for mv in list.iter() {
            let target = p.piece_on(mv.to());
            if mv.is_en_passant() {
                assert_eq!(target, None);
            } else {
                assert_eq!(
                    target.is_some(),
                    mv.is_capture(),
                    "{mv:?} in {}",
                    p.to_fen()
                );
            }
            assert_eq!(
                p.piece_on(mv.from()).map(|pc| pc.color),
                Some(p.side_to_move())
            );
        }
    }
}

/// Counting the moves (popcounts over the legal destination sets, the last ply of bulk perft)
/// gives the length of the move list in every sampled position: checks, pins, en passant,
/// castling and promotions included.
#[test]
fn counting_the_legal_moves_matches_the_list() {
    for pos in sample_positions(12, 60, 0x5eed_c0de) {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        assert_eq!(
            pos.count_legal_moves(),
            list.len() as u64,
            "{}",
            pos.to_fen()
        );
    }
}
