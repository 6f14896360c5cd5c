//! The move picker hands out every legal move exactly once, in the documented order, with the
//! right `MoveSource`, under every ordering configuration. The quiet-move heuristics' own
//! orders (mate killers, countermoves, follow-ups, relative history) are in
//! `picker_heuristics.rs`.

mod picker_support;

use killerscope_chess::{Move, Position};
use killerscope_engine::{CounterKey, HistoryMode, Line, OrderingTables};
use killerscope_engine::{KillerPlacement, KillerTable, MovePicker, OrderingConfig};
use killerscope_engine::{mvv_lva, see};
use killerscope_log::MoveSource;
use picker_support::{POSITIONS, drain, empty_tables, find, legal, main_picker};
use std::collections::HashSet;

fn configs() -> Vec<OrderingConfig> {
    [
        "",
        "killers=0",
        "killers=4,grandparent=on",
        "placement=between",
        "tt=off,mvvlva=off,history=off",
        "killers=1,placement=between,grandparent=on,history=off",
        "placement=before,matekillers=on,countermove=on",
        "history=relative,countermove=on,killers=3",
        "killerindex=depth,grandparent=on,matekillers=on",
        "countermove=on,followup=on",
        "followup=on,placement=between,killers=1,matekillers=on",
    ]
    .iter()
    .map(|c| c.parse().expect("valid config"))
    .collect()
}

/// Killers borrowed from the other positions (mostly illegal here, some legal) in `rows`.
fn foreign_killers(slots: u8, rows: &[usize]) -> KillerTable {
    let mut killers = KillerTable::new(slots);
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid");
        for mv in legal(&pos).into_iter().filter(|m| m.is_quiet()).step_by(7) {
            for &row in rows {
                killers.store(row, mv);
            }
        }
    }
    killers
}

/// The stage of the picker a move of `source` comes from, in the order the stages run: the
/// TT move, good captures, the killer-like candidates, captures placed after them, losing
/// captures (between the killers and the quiets), the quiet moves.
fn stage(pos: &Position, placement: KillerPlacement, source: MoveSource, mv: Move) -> u8 {
    match source {
        MoveSource::TT => 0,
        MoveSource::CAPTURE
            if placement == KillerPlacement::BetweenCaptures && see(pos, mv) < 0 =>
        {
            4
        }
        MoveSource::CAPTURE if placement == KillerPlacement::BeforeCaptures => 3,
        MoveSource::CAPTURE => 1,
        MoveSource::HISTORY | MoveSource::RELATIVE_HISTORY | MoveSource::QUIET => 5,
        MoveSource::MATE_KILLER | MoveSource::COUNTERMOVE | MoveSource::FOLLOW_UP => 2,
        s if s.is_killer() => 2,
        other => panic!("{other:?} is no source the picker produces"),
    }
}

/// Within the killer stage: the mate killer first, then the killers, the countermove and the
/// follow-up move.
fn assert_candidates_in_order(picked: &[(Move, MoveSource)], label: &str) {
    let candidates: Vec<MoveSource> = picked
        .iter()
        .map(|&(_, s)| s)
        .filter(|s| {
            s.is_killer()
                || [
                    MoveSource::MATE_KILLER,
                    MoveSource::COUNTERMOVE,
                    MoveSource::FOLLOW_UP,
                ]
                .contains(s)
        })
        .collect();
    let rank = |s: &MoveSource| match *s {
        MoveSource::MATE_KILLER => 0,
        MoveSource::COUNTERMOVE => 2,
        MoveSource::FOLLOW_UP => 3,
        _ => 1,
    };
    assert!(
        candidates.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
        "{label}: mate killer, killers, countermove, follow-up out of order {candidates:?}"
    );
}

#[test]
fn every_legal_move_exactly_once_in_stage_order() {
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid");
        let all: HashSet<Move> = legal(&pos).into_iter().collect();
        let side = pos.side_to_move();
        let quiets: Vec<Move> = legal(&pos).into_iter().filter(|m| m.is_quiet()).collect();
        let tt_move = legal(&pos)[3];
        let answers = CounterKey::from_index(100);
        let own = CounterKey::from_index(300);
        for config in configs() {
            let mut tables = OrderingTables::new(&config);
            for (i, &mv) in quiets.iter().enumerate() {
                tables.history.reward(side, mv, (i % 5) as i32);
                tables.butterfly.reward(side, mv, (i % 3) as i32);
            }
            let (own_row, up_row) = match config.killer_index.name() {
                "depth" => (5, 7),
                _ => (4, 2),
            };
            tables.killers = foreign_killers(config.killer_slots, &[own_row, up_row]);
            tables.mate_killers.store(4, quiets[quiets.len() / 2]);
            if let Some(key) = answers {
                tables.countermoves.store(key, quiets[quiets.len() / 3]);
            }
            if let Some(key) = own {
                tables.followups.store(key, quiets[quiets.len() * 2 / 3]);
            }
            let keys = [None, own, answers];
            let line = Line::new(&keys);
            let mut picker = MovePicker::main(&config, tt_move, &tables, 4, 5, line);
            let picked = drain(&mut picker, &pos, &tables);
            let moves: Vec<Move> = picked.iter().map(|&(m, _)| m).collect();
            let unique: HashSet<Move> = moves.iter().copied().collect();
            assert_eq!(
                unique.len(),
                moves.len(),
                "{fen} {config}: a move came twice"
            );
            assert_eq!(unique, all, "{fen} {config}: not exactly the legal moves");

            let stages: Vec<u8> = picked
                .iter()
                .map(|&(m, s)| stage(&pos, config.killer_placement, s, m))
                .collect();
            assert!(
                stages.windows(2).all(|w| w[0] <= w[1]),
                "{fen} {config}: stages out of order {stages:?}"
            );
            assert_candidates_in_order(&picked, &format!("{fen} {config}"));
            for &(mv, source) in &picked {
                match source {
                    MoveSource::TT => assert!(config.tt_move && mv == tt_move),
                    MoveSource::CAPTURE => assert!(!mv.is_quiet()),
                    MoveSource::MATE_KILLER => {
                        assert!(config.mate_killers && tables.mate_killers.at(4).contains(&mv))
                    }
                    MoveSource::COUNTERMOVE => {
                        let key = answers.expect("a key");
                        assert!(config.countermove && tables.countermoves.get(key) == mv)
                    }
                    MoveSource::FOLLOW_UP => {
                        let key = own.expect("a key");
                        assert!(config.followup && tables.followups.get(key) == mv)
                    }
                    s if s.is_killer() => {
                        assert!(mv.is_quiet() && mv != tt_move);
                        let own = tables.killers.at(own_row).contains(&mv);
                        let grandparent = config.killers_from_grandparent
                            && tables.killers.at(up_row).contains(&mv);
                        assert!(own || grandparent, "{mv} is no killer");
                    }
                    MoveSource::HISTORY => {
                        assert_eq!(config.history, HistoryMode::Plain);
                        assert!(tables.history.get(side, mv) > 0)
                    }
                    MoveSource::RELATIVE_HISTORY => {
                        assert_eq!(config.history, HistoryMode::Relative);
                        assert!(tables.history.get(side, mv) > 0)
                    }
                    MoveSource::QUIET => assert!(mv.is_quiet()),
                    other => panic!("{other:?} is no source the picker produces"),
                }
            }
            let scores: Vec<i32> = picked
                .iter()
                .filter(|(_, s)| {
                    matches!(
                        *s,
                        MoveSource::HISTORY | MoveSource::RELATIVE_HISTORY | MoveSource::QUIET
                    )
                })
                .map(|&(m, _)| tables.quiet_score(config.history, side, m))
                .collect();
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "{fen} {config}: quiet order {scores:?}"
            );
        }
    }
}

#[test]
fn captures_come_by_mvv_lva_and_killers_after_them() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let bc6 = find(&pos, "g2c6");
    let mut tables = empty_tables();
    tables.killers.store(1, bc6);
    let config = OrderingConfig::default();
    let mut picker = main_picker(&config, Move::NULL, &tables, 1);
    let picked = drain(&mut picker, &pos, &tables);
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
    let empty = empty_tables();
    let mut picker = main_picker(&config, Move::NULL, &empty, 1);
    let order: Vec<i32> = drain(&mut picker, &kiwipete, &empty)
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
    let mut tables = empty_tables();
    tables.killers.store(0, bc6);
    tables.killers.store(0, illegal_here);
    let mut picker = main_picker(&OrderingConfig::default(), bc6, &tables, 0);
    let picked = drain(&mut picker, &pos, &tables);
    assert_eq!(picked[0], (bc6, MoveSource::TT));
    assert!(picked.iter().all(|(_, s)| !s.is_killer()));
}

#[test]
fn quiescence_yields_non_losing_captures_or_all_evasions() {
    let pos = Position::from_fen(POSITIONS[0]).expect("valid");
    let config = OrderingConfig::default();
    let mut picker = MovePicker::quiescence(&config, false);
    let picked = drain(&mut picker, &pos, &empty_tables());
    assert!(!picked.is_empty());
    for (mv, source) in picked {
        assert_eq!(source, MoveSource::CAPTURE);
        assert!(!mv.is_quiet() && see(&pos, mv) >= 0, "{mv}");
    }
    let in_check = Position::from_fen("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").expect("valid");
    let mut picker = MovePicker::quiescence(&config, true);
    let picked: HashSet<Move> = drain(&mut picker, &in_check, &empty_tables())
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    assert_eq!(picked, legal(&in_check).into_iter().collect());
}

#[test]
fn placement_before_tries_killers_ahead_of_a_winning_capture() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let bc6 = find(&pos, "g2c6");
    let mut tables = empty_tables();
    tables.killers.store(1, bc6);
    let before: OrderingConfig = "placement=before".parse().expect("valid");
    let picked = drain(
        &mut main_picker(&before, Move::NULL, &tables, 1),
        &pos,
        &tables,
    );
    assert_eq!(picked[0], (bc6, MoveSource::killer(0)));
    assert_eq!(
        picked[1].1,
        MoveSource::CAPTURE,
        "captures follow the killers"
    );
}
