//! The move picker hands out every legal move exactly once, in the documented order, with the
//! right `MoveSource`, under every ordering configuration.

use killerscope::chess::{Move, MoveList, Position};
use killerscope::search::picker::{MoveBuffer, MovePicker};
use killerscope::search::see::{mvv_lva, see};
use killerscope::search::{HistoryTable, KillerTable, MoveSource, OrderingConfig};
use std::collections::HashSet;

const POSITIONS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().collect()
}

fn find(pos: &Position, uci: &str) -> Move {
    legal(pos)
        .into_iter()
        .find(|m| m.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal"))
}

fn drain(
    picker: &mut MovePicker,
    pos: &Position,
    history: &HistoryTable,
) -> Vec<(Move, MoveSource)> {
    let mut buf = MoveBuffer::new();
    std::iter::from_fn(|| picker.next(pos, history, &mut buf)).collect()
}

fn configs() -> Vec<OrderingConfig> {
    [
        "",
        "killers=0",
        "killers=4,grandparent=on",
        "placement=between",
        "tt=off,mvvlva=off,history=off",
        "killers=1,placement=between,grandparent=on,history=off",
    ]
    .iter()
    .map(|c| c.parse().expect("valid config"))
    .collect()
}

/// Killers borrowed from the other positions: mostly illegal here, some legal.
fn foreign_killers(slots: u8, ply: usize) -> KillerTable {
    let mut killers = KillerTable::new(slots);
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid");
        for mv in legal(&pos).into_iter().filter(|m| m.is_quiet()).step_by(7) {
            killers.store(ply, mv);
            killers.store(ply - 2, mv);
        }
    }
    killers
}

#[test]
fn every_legal_move_exactly_once_in_stage_order() {
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid");
        let all: HashSet<Move> = legal(&pos).into_iter().collect();
        let mut history = HistoryTable::new();
        for (i, mv) in legal(&pos)
            .into_iter()
            .enumerate()
            .filter(|(_, m)| m.is_quiet())
        {
            history.reward(pos.side_to_move(), mv, (i % 5) as i32);
        }
        let tt_move = legal(&pos)[3];
        for config in configs() {
            let killers = foreign_killers(config.killer_slots, 4);
            let mut picker = MovePicker::main(&config, tt_move, &killers, 4);
            let picked = drain(&mut picker, &pos, &history);
            let moves: Vec<Move> = picked.iter().map(|&(m, _)| m).collect();
            let unique: HashSet<Move> = moves.iter().copied().collect();
            assert_eq!(
                unique.len(),
                moves.len(),
                "{fen} {config}: a move came twice"
            );
            assert_eq!(unique, all, "{fen} {config}: not exactly the legal moves");

            let stage = |source: MoveSource, mv: Move| match source {
                MoveSource::TT => 0,
                MoveSource::CAPTURE
                    if config.killer_placement.name() == "between" && see(&pos, mv) < 0 =>
                {
                    3
                }
                MoveSource::CAPTURE => 1,
                MoveSource::HISTORY | MoveSource::QUIET => 4,
                s if s.is_killer() => 2,
                other => panic!("{other:?} is no source the picker produces"),
            };
            let stages: Vec<u8> = picked.iter().map(|&(m, s)| stage(s, m)).collect();
            assert!(
                stages.windows(2).all(|w| w[0] <= w[1]),
                "{fen} {config}: stages out of order {stages:?}"
            );
            for &(mv, source) in &picked {
                match source {
                    MoveSource::TT => assert!(config.tt_move && mv == tt_move),
                    MoveSource::CAPTURE => assert!(!mv.is_quiet()),
                    s if s.is_killer() => {
                        assert!(mv.is_quiet() && mv != tt_move);
                        let own = killers.at(4).contains(&mv);
                        let grandparent =
                            config.killers_from_grandparent && killers.at(2).contains(&mv);
                        assert!(own || grandparent, "{mv} is no killer");
                    }
                    MoveSource::HISTORY => {
                        assert!(config.history && history.get(pos.side_to_move(), mv) > 0)
                    }
                    MoveSource::QUIET => assert!(mv.is_quiet()),
                    other => panic!("{other:?} is no source the picker produces"),
                }
            }
            if config.history {
                let scores: Vec<u32> = picked
                    .iter()
                    .filter(|(_, s)| matches!(*s, MoveSource::HISTORY | MoveSource::QUIET))
                    .map(|&(m, _)| history.get(pos.side_to_move(), m))
                    .collect();
                assert!(
                    scores.windows(2).all(|w| w[0] >= w[1]),
                    "history order {scores:?}"
                );
            }
        }
    }
}

#[test]
fn captures_come_by_mvv_lva_and_killers_after_them() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let bc6 = find(&pos, "g2c6");
    let mut killers = KillerTable::new(2);
    killers.store(1, bc6);
    let config = OrderingConfig::default();
    let mut picker = MovePicker::main(&config, Move::NULL, &killers, 1);
    let picked = drain(&mut picker, &pos, &HistoryTable::new());
    let first_quiet = picked
        .iter()
        .position(|(m, _)| m.is_quiet())
        .expect("quiet moves");
    assert_eq!(picked[first_quiet], (bc6, MoveSource::killer(0)));
    assert!(
        picked[..first_quiet]
            .iter()
            .all(|&(_, s)| s == MoveSource::CAPTURE)
    );

    let kiwipete = Position::from_fen(POSITIONS[0]).expect("valid");
    let mut picker = MovePicker::main(&config, Move::NULL, &KillerTable::new(2), 1);
    let order: Vec<i32> = drain(&mut picker, &kiwipete, &HistoryTable::new())
        .into_iter()
        .take_while(|&(_, s)| s == MoveSource::CAPTURE)
        .map(|(m, _)| mvv_lva(&kiwipete, m))
        .collect();
    assert!(
        order.len() >= 5 && order.windows(2).all(|w| w[0] >= w[1]),
        "{order:?}"
    );
}

#[test]
fn illegal_and_tt_duplicate_killers_are_skipped() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let elsewhere = Position::from_fen(POSITIONS[0]).expect("valid");
    let illegal_here = legal(&elsewhere)
        .into_iter()
        .find(|m| m.is_quiet() && !pos.is_legal(*m))
        .expect("a quiet move of Kiwipete that is illegal here");
    let bc6 = find(&pos, "g2c6");
    let mut killers = KillerTable::new(2);
    killers.store(0, bc6);
    killers.store(0, illegal_here);
    let mut picker = MovePicker::main(&OrderingConfig::default(), bc6, &killers, 0);
    let picked = drain(&mut picker, &pos, &HistoryTable::new());
    assert_eq!(picked[0], (bc6, MoveSource::TT));
    assert!(picked.iter().all(|(_, s)| !s.is_killer()));
}

#[test]
fn quiescence_yields_non_losing_captures_or_all_evasions() {
    let pos = Position::from_fen(POSITIONS[0]).expect("valid");
    let config = OrderingConfig::default();
    let mut picker = MovePicker::quiescence(&config, false);
    let picked = drain(&mut picker, &pos, &HistoryTable::new());
    assert!(!picked.is_empty());
    for (mv, source) in picked {
        assert_eq!(source, MoveSource::CAPTURE);
        assert!(!mv.is_quiet() && see(&pos, mv) >= 0, "{mv}");
    }
    let in_check = Position::from_fen("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").expect("valid");
    let mut picker = MovePicker::quiescence(&config, true);
    let picked: HashSet<Move> = drain(&mut picker, &in_check, &HistoryTable::new())
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    assert_eq!(picked, legal(&in_check).into_iter().collect());
}
