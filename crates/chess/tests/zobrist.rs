//! The incrementally updated Zobrist key must equal the key computed from scratch after every
//! make and every unmake, along random games; unmake must restore the position exactly.

mod common;

use common::{Rng, SEEDS, pos};
use killerscope_chess::{MoveList, Position};

#[test]
fn incremental_key_matches_scratch_key_along_random_games() {
    let mut rng = Rng(0x5EED_2026);
    let mut checked = 0;
    for fen in SEEDS {
        for _ in 0..40 {
            let mut p = pos(fen);
            let mut history: Vec<(Position, _, _)> = Vec::new();
            for _ in 0..80 {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = list[rng.below(list.len())];
                let before = p.clone();
                let undo = p.make_move(mv);
                assert_eq!(
                    p.key(),
                    p.compute_key(),
                    "after {mv} from {}",
                    before.to_fen()
                );
                checked += 1;
                history.push((before, mv, undo));
            }
            while let Some((before, mv, undo)) = history.pop() {
                p.unmake_move(mv, undo);
                assert_eq!(p.key(), p.compute_key(), "after unmaking {mv}");
                assert_eq!(p, before, "unmake of {mv} must restore the position");
            }
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn transpositions_share_a_key_and_different_positions_do_not() {
    let play = |moves: &[&str]| {
        let mut p = Position::startpos();
        for m in moves {
            let mv = killerscope_chess::parse_uci(&p, m).unwrap_or_else(|e| panic!("{e}"));
            p.make_move(mv);
        }
        p
    };
    let a = play(&["g1f3", "g8f6", "b1c3", "b8c6"]);
    let b = play(&["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(a.key(), b.key());
    let c = play(&["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(
        c.key(),
        Position::startpos().key(),
        "same placement, side and rights"
    );
    let d = play(&["e2e4"]);
    let e = play(&["e2e3", "e7e6", "e3e4"]);
    assert_ne!(d.key(), e.key(), "side to move differs");
}

#[test]
fn castling_rights_and_en_passant_change_the_key() {
    let with = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let without = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
    assert_ne!(with.key(), without.key());
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let no_ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_ne!(ep.key(), no_ep.key());
}
