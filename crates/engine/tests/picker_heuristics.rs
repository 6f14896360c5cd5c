//! The quiet-move heuristics' places in the picker's order: the mate killer before the
//! killers, then the countermove and the follow-up move, each tried once; and relative history
//! against plain history.

mod picker_support;

use killerscope_chess::{Move, Position};
use killerscope_engine::{
    CounterKey, HistoryMode, Line, MovePicker, OrderingConfig, OrderingTables,
};
use killerscope_log::MoveSource;
use picker_support::{POSITIONS, drain, empty_tables, find, legal, main_picker};
use std::collections::HashSet;

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
