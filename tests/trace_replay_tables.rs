//! The tables added for the move-ordering lab replay from a recorded log of a real search
//! exactly as the search left them: mate killers per ply, the countermove table, and killer rows
//! indexed by remaining depth.

use killerscope_chess::{Move, Position};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{COUNTER_KEYS, CounterKey};
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, Searcher};
use killerscope_log::MAX_PLY;
use killerscope_log::{LogHeader, Recorder};
use killerscope_trace::Replay;
use std::sync::atomic::AtomicBool;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn search_and_replay(ordering: &str, depth: u8) -> (Searcher, Replay, usize) {
    let ordering: OrderingConfig = ordering.parse().expect("valid ordering");
    let limits = Limits::depth(depth);
    let mut recorder = Recorder::new(LogHeader::new(PUZZLE, &ordering, &limits));
    let mut searcher = Searcher::new(SearchConfig {
        ordering,
        hash_mib: 16,
        ..SearchConfig::default()
    });
    let pos = Position::from_fen(PUZZLE).expect("valid FEN");
    searcher.search(
        &pos,
        &[],
        &limits,
        &AtomicBool::new(false),
        &mut recorder,
        &mut |_| {},
    );
    let log = recorder.into_log();
    let replay = Replay::from_log(&log);
    (searcher, replay, log.len())
}

#[test]
fn countermoves_and_mate_killers_replay_to_the_searchs_tables() {
    let (searcher, replay, end) = search_and_replay("countermove=on,matekillers=on", 6);
    let tables = searcher.tables();
    let replayed = replay.countermoves_at(end);
    assert!(replayed.len() > 10, "only {} countermoves", replayed.len());
    for index in 0..COUNTER_KEYS {
        let key = CounterKey::from_index(index).expect("in range");
        let live = tables.countermoves.get(key);
        let from_log = replayed
            .iter()
            .find(|(k, _, _)| *k == key)
            .map_or(Move::NULL, |&(_, mv, _)| mv);
        assert_eq!(from_log, live, "countermove of key {index}");
    }
    let mut mate_killers = 0;
    for ply in 0..MAX_PLY {
        let live = tables.mate_killers.at(ply)[0];
        assert_eq!(
            replay.mate_killer(ply as u8, end),
            live,
            "mate killer at ply {ply}"
        );
        mate_killers += usize::from(!live.is_null());
    }
    assert!(mate_killers > 0, "the puzzle finds mates at depth 6");
    assert_eq!(
        replay.mate_killer(0, 0),
        Move::NULL,
        "nothing before the first event"
    );
    assert!(replay.countermoves_at(0).is_empty());
}

#[test]
fn killer_rows_indexed_by_depth_replay_by_depth() {
    let (searcher, replay, end) = search_and_replay("killerindex=depth", 5);
    assert!(replay.killer_rows_by_depth());
    let killers = searcher.killers();
    let mut rows = 0;
    for row in 0..MAX_PLY {
        let live = killers.at(row);
        let from_log = replay.killer_row(row as u8, end);
        let padded: Vec<Move> = (0..live.len())
            .map(|i| from_log.as_slice().get(i).copied().unwrap_or(Move::NULL))
            .collect();
        assert_eq!(padded, live, "killer row {row}");
        rows += usize::from(!live[0].is_null());
    }
    assert!(rows >= 3, "killers at only {rows} depths");
    assert_eq!(replay.killer_row_of(3, 2), 2);
}
