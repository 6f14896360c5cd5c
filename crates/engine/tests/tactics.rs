//! The engine finds forced mates and simple tactics at a fixed depth, scores draws by rule, and
//! its mate claims agree with an independent brute-force mate prover.

use killerscope_chess::{Move, MoveList, Position};
use killerscope_engine::{Limits, SearchConfig, SearchReport, Searcher, SelectiveConfig};
use killerscope_engine::{score::MATE, score::mate_distance};
use killerscope_log::NullObserver;
use std::sync::atomic::AtomicBool;

/// Every selective-search technique on, as `uci` plays.
fn selective() -> SearchConfig {
    SearchConfig {
        selective: SelectiveConfig::ALL,
        ..SearchConfig::default()
    }
}

fn search(fen: &str, depth: u8, game_keys: &[u64]) -> SearchReport {
    search_with(SearchConfig::default(), fen, depth, game_keys)
}

fn search_with(config: SearchConfig, fen: &str, depth: u8, game_keys: &[u64]) -> SearchReport {
    let pos = Position::from_fen(fen).expect("test FEN is valid");
    let mut searcher = Searcher::new(config);
    let stop = AtomicBool::new(false);
    searcher.search(
        &pos,
        game_keys,
        &Limits::depth(depth),
        &stop,
        &mut NullObserver,
        &mut |_| {},
    )
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().collect()
}

/// Whether the side to move can force mate within `moves` moves: plain AND-OR search over legal
/// moves, sharing nothing with the engine but the move generator.
fn forced_mate(pos: &mut Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    legal(pos).into_iter().any(|mv| {
        let undo = pos.make_move(mv);
        let replies = legal(pos);
        let mated = if replies.is_empty() {
            pos.in_check()
        } else {
            replies.into_iter().all(|reply| {
                let undo = pos.make_move(reply);
                let ok = forced_mate(pos, moves - 1);
                pos.unmake_move(reply, undo);
                ok
            })
        };
        pos.unmake_move(mv, undo);
        mated
    })
}

/// The shortest forced mate up to `max` moves, by the brute-force prover.
fn shortest_mate(fen: &str, max: u32) -> Option<u32> {
    let mut pos = Position::from_fen(fen).expect("test FEN is valid");
    (1..=max).find(|&n| forced_mate(&mut pos, n))
}

fn assert_mate_in(fen: &str, moves: i32, depth: u8) {
    assert_mate_in_with(SearchConfig::default(), fen, moves, depth);
}

fn assert_mate_in_with(config: SearchConfig, fen: &str, moves: i32, depth: u8) {
    assert_eq!(
        shortest_mate(fen, moves as u32),
        Some(moves as u32),
        "the test position itself must be a mate in {moves}"
    );
    let report = search_with(config, fen, depth, &[]);
    assert_eq!(
        mate_distance(report.score),
        Some(moves),
        "{fen}: score {} pv {:?}",
        report.score,
        report.pv
    );
    let mut pos = Position::from_fen(fen).expect("test FEN is valid");
    pos.make_move(report.best_move);
    let replies = legal(&pos);
    if moves == 1 {
        assert!(replies.is_empty() && pos.in_check(), "best move must mate");
    } else {
        for reply in replies {
            let undo = pos.make_move(reply);
            assert!(
                forced_mate(&mut pos, moves as u32 - 1),
                "best move must keep the mate"
            );
            pos.unmake_move(reply, undo);
        }
    }
}

#[test]
fn mate_in_one_back_rank() {
    assert_mate_in("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, 3);
}

#[test]
fn mate_in_two_rook_ladder() {
    assert_mate_in("k7/8/8/8/8/8/6R1/5R1K w - - 0 1", 2, 4);
}

#[test]
fn mate_in_three() {
    assert_mate_in("8/8/8/8/k7/8/8/K5RR w - - 0 1", 3, 6);
}

#[test]
fn selective_search_keeps_the_mates_and_the_tactics() {
    assert_mate_in_with(selective(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, 3);
    assert_mate_in_with(selective(), "k7/8/8/8/8/8/6R1/5R1K w - - 0 1", 2, 4);
    // Late move reductions search the ladder's quiet rook moves shallower: at depth 6 they see
    // a mate in 5 only; the shortest mate needs depth 8 (full width: 6).
    assert_mate_in_with(selective(), "8/8/8/8/k7/8/8/K5RR w - - 0 1", 3, 8);
    let queen = search_with(selective(), "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 3, &[]);
    assert_eq!(queen.best_move.to_string(), "d1d5");
    let fork = search_with(selective(), "r3k3/7p/8/1N6/8/8/7P/4K3 w - - 0 1", 6, &[]);
    assert_eq!(fork.best_move.to_string(), "b5c7");
    let puzzle = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
    let deep = search_with(selective(), puzzle, 8, &[]);
    assert!(!deep.best_move.is_null() && deep.depth == 8);
}

#[test]
fn being_mated_is_a_negative_mate_score() {
    let report = search("7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1", 3, &[]);
    assert_eq!(
        report.best_move,
        Move::NULL,
        "no legal move: already checkmated"
    );
    let report = search("k7/8/1K6/8/8/8/8/7R b - - 0 1", 4, &[]);
    assert_eq!(report.best_move.to_string(), "a8b8", "the only legal move");
    assert_eq!(mate_distance(report.score), Some(-1));
    assert_eq!(report.score, -(MATE - 2));
}

#[test]
fn stalemate_scores_zero() {
    let report = search("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 3, &[]);
    assert_eq!((report.best_move, report.score), (Move::NULL, 0));
}

#[test]
fn wins_a_hanging_queen() {
    let report = search("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 3, &[]);
    assert_eq!(report.best_move.to_string(), "d1d5");
}

#[test]
fn knight_fork_wins_the_rook() {
    let report = search("r3k3/7p/8/1N6/8/8/7P/4K3 w - - 0 1", 4, &[]);
    assert_eq!(report.best_move.to_string(), "b5c7");
    assert!(
        report.score > 150,
        "a knight up, not a rook down: {}",
        report.score
    );
}

#[test]
fn fifty_move_rule_draws_a_queen_up() {
    let fresh = search("4k3/8/8/8/8/8/8/Q3K3 w - - 0 80", 3, &[]);
    assert!(fresh.score > 800);
    let drawn = search("4k3/8/8/8/8/8/8/Q3K3 w - - 99 80", 3, &[]);
    assert_eq!(
        drawn.score, 0,
        "every move reaches the hundredth reversible ply"
    );
}

#[test]
fn repetition_with_the_game_history_is_a_draw() {
    let fen = "4k3/8/8/8/8/8/8/Q3K3 b - - 10 40";
    let mut pos = Position::from_fen(fen).expect("valid");
    let kd8 = legal(&pos)
        .into_iter()
        .find(|m| m.to_string() == "e8d8")
        .expect("Kd8 is legal");
    pos.make_move(kd8);
    let repeated = pos.key();
    let without = search(fen, 4, &[]);
    assert!(without.score < -500);
    let with = search(fen, 4, &[repeated]);
    assert_eq!((with.best_move, with.score), (kd8, 0));
}

#[test]
fn insufficient_material_is_a_draw() {
    let report = search("4k3/8/8/8/8/8/8/4K2B w - - 0 1", 4, &[]);
    assert_eq!(report.score, 0);
}
