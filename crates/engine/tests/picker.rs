//! The move picker hands out every legal move exactly once, in the documented order, with the
//! right `MoveSource`, under every ordering configuration.

use killerscope_chess::{Move, MoveList, Position};
use killerscope_engine::CounterKey;
use killerscope_engine::Line;
use killerscope_engine::{
    HistoryMode, KillerPlacement, KillerTable, OrderingConfig, OrderingTables,
};
use killerscope_engine::{MoveBuffer, MovePicker};
use killerscope_engine::{mvv_lva, see};
use killerscope_log::MoveSource;
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
    tables: &OrderingTables,
) -> Vec<(Move, MoveSource)> {
    let mut buf = MoveBuffer::new();
    std::iter::from_fn(|| picker.next(pos, tables, &mut buf)).collect()
}

fn empty_tables() -> OrderingTables {
    OrderingTables::new(&OrderingConfig::default())
}

/// A main-node picker at `ply` (depth 5) that answers no opponent move.
fn main_picker(
    config: &OrderingConfig,
    tt_move: Move,
    tables: &OrderingTables,
    ply: usize,
) -> MovePicker {
    MovePicker::main(config, tt_move, tables, ply, 5, Line::default())
}

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

#[test]
fn mate_killer_first_then_killers_then_countermove() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let (mate, killer, counter) = (find(&pos, "g2c6"), find(&pos, "b2c3"), find(&pos, "h2h4"));
    let config: OrderingConfig = "matekillers=on,countermove=on".parse().expect("valid");
    let mut tables = OrderingTables::new(&config);
    tables.mate_killers.store(1, mate);
    tables.killers.store(1, killer);
    tables.killers.store(1, mate);
    let key = CounterKey::from_index(77).expect("in range");
    tables.countermoves.store(key, counter);
    let keys = [None, Some(key)];
    let answering = Line::new(&keys);
    let picked = drain(
        &mut MovePicker::main(&config, Move::NULL, &tables, 1, 4, answering),
        &pos,
        &tables,
    );
    let first_quiet = picked
        .iter()
        .position(|(m, _)| m.is_quiet())
        .expect("quiets");
    assert_eq!(
        &picked[first_quiet..first_quiet + 3],
        &[
            (mate, MoveSource::MATE_KILLER),
            (killer, MoveSource::killer(0)),
            (counter, MoveSource::COUNTERMOVE),
        ],
        "the killer already tried as mate killer is not repeated; slot numbering closes up"
    );
    let off = OrderingConfig::default();
    let plain = drain(
        &mut MovePicker::main(&off, Move::NULL, &tables, 1, 4, answering),
        &pos,
        &tables,
    );
    assert!(
        plain
            .iter()
            .all(|(_, s)| *s != MoveSource::MATE_KILLER && *s != MoveSource::COUNTERMOVE)
    );
}

#[test]
fn relative_history_prefers_the_move_that_cuts_more_often_per_try() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let (often, rarely) = (find(&pos, "h2h4"), find(&pos, "h2h3"));
    let side = pos.side_to_move();
    let mut tables = empty_tables();
    for _ in 0..4 {
        tables.history.reward(side, often, 3);
    }
    tables.history.reward(side, rarely, 3);
    for _ in 0..40 {
        tables.butterfly.reward(side, often, 3);
    }
    let config = |h: &str| -> OrderingConfig { format!("history={h}").parse().expect("valid") };
    let order = |c: &OrderingConfig| -> Vec<Move> {
        drain(&mut main_picker(c, Move::NULL, &tables, 1), &pos, &tables)
            .into_iter()
            .map(|(m, _)| m)
            .filter(|m| *m == often || *m == rarely)
            .collect()
    };
    assert_eq!(
        order(&config("plain")),
        vec![often, rarely],
        "plain: more cutoffs first"
    );
    assert_eq!(
        order(&config("relative")),
        vec![rarely, often],
        "relative: more per try first"
    );
    assert!(
        tables.quiet_score(HistoryMode::Relative, side, rarely)
            > tables.quiet_score(HistoryMode::Relative, side, often)
    );
}

#[test]
fn follow_up_comes_right_after_the_countermove_and_never_twice() {
    let pos = Position::from_fen(POSITIONS[1]).expect("valid");
    let (killer, counter, follow) = (find(&pos, "b2c3"), find(&pos, "h2h4"), find(&pos, "h2h3"));
    let config: OrderingConfig = "countermove=on,followup=on".parse().expect("valid");
    let (own, answered) = (
        CounterKey::from_index(300).expect("in range"),
        CounterKey::from_index(77).expect("in range"),
    );
    let keys = [None, Some(own), Some(answered)];
    let line = Line::new(&keys);
    let candidates = |tables: &OrderingTables, tt: Move, line: Line| -> Vec<(Move, MoveSource)> {
        let picked = drain(
            &mut MovePicker::main(&config, tt, tables, 2, 4, line),
            &pos,
            tables,
        );
        let moves: HashSet<Move> = picked.iter().map(|&(m, _)| m).collect();
        assert_eq!(moves.len(), picked.len(), "a move came twice: {picked:?}");
        assert_eq!(moves, legal(&pos).into_iter().collect());
        picked
            .into_iter()
            .filter(|&(m, s)| m.is_quiet() && s != MoveSource::HISTORY && s != MoveSource::QUIET)
            .collect()
    };
    let mut tables = OrderingTables::new(&config);
    tables.killers.store(2, killer);
    tables.countermoves.store(answered, counter);
    tables.followups.store(own, follow);
    assert_eq!(
        candidates(&tables, Move::NULL, line),
        [
            (killer, MoveSource::killer(0)),
            (counter, MoveSource::COUNTERMOVE),
            (follow, MoveSource::FOLLOW_UP),
        ]
    );
    assert_eq!(
        candidates(&tables, follow, line),
        [
            (follow, MoveSource::TT),
            (killer, MoveSource::killer(0)),
            (counter, MoveSource::COUNTERMOVE),
        ],
        "the TT move is not tried again as the follow-up"
    );
    for already in [killer, counter] {
        tables.followups.store(own, already);
        let picked = candidates(&tables, Move::NULL, line);
        assert!(
            picked.iter().all(|&(_, s)| s != MoveSource::FOLLOW_UP),
            "{already} came once, before: {picked:?}"
        );
    }
    tables.followups.store(own, follow);
    let no_own_move = [
        &[None, Some(answered)][..],
        &[None, None, Some(answered)],
        &[Some(answered)],
    ];
    for keys in no_own_move {
        let picked = candidates(&tables, Move::NULL, Line::new(keys));
        assert_eq!(
            picked.last(),
            Some(&(counter, MoveSource::COUNTERMOVE)),
            "ply 1 and after a pass: no follow-up ({keys:?})"
        );
    }
    let off = OrderingConfig::default();
    let plain = drain(
        &mut MovePicker::main(&off, Move::NULL, &tables, 2, 4, line),
        &pos,
        &tables,
    );
    assert!(plain.iter().all(|(_, s)| *s != MoveSource::FOLLOW_UP));
}
