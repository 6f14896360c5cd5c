//! Every event kind a search can emit — the lab's table stores and the selective-search events
//! included — survives the 16-byte encoding and a whole-file round trip, and decodes canonically:
//! a flipped bit either fails or decodes to exactly the flipped bytes.

use crate::trace_common;

use killerscope_chess::{Move, MoveFlag, Position, Square};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, Searcher, SelectiveConfig};
use killerscope_log::{Event, EventKind};
use killerscope_log::{EventLog, LogHeader, Recorder};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn everything_on() -> EventLog {
    let config = SearchConfig {
        ordering: "countermove=on,matekillers=on"
            .parse::<OrderingConfig>()
            .expect("valid"),
        selective: SelectiveConfig::ALL,
        ..SearchConfig::default()
    };
    let limits = Limits::depth(8);
    let header =
        LogHeader::new(PUZZLE, &config.ordering, &limits).with_selective(&config.selective);
    let mut recorder = Recorder::new(header);
    let pos = Position::from_fen(PUZZLE).expect("valid FEN");
    Searcher::new(config).search(
        &pos,
        &[],
        &limits,
        &AtomicBool::new(false),
        &mut recorder,
        &mut |_| {},
    );
    recorder.into_log()
}

#[test]
fn every_kind_round_trips_canonically() {
    let log = everything_on();
    let mut seen: HashSet<EventKind> = HashSet::new();
    let mut checked: HashSet<EventKind> = HashSet::new();
    for event in log.events() {
        seen.insert(event.kind());
        if !checked.insert(event.kind()) {
            continue;
        }
        trace_common::assert_canonical(event);
    }
    // Only imported traces hold `Illegal` (a pseudo-legal engine's tries): checked here.
    for mv in [
        Move::NULL,
        Move::new(
            Square::from_index(4),
            Square::from_index(5),
            MoveFlag::Quiet,
        ),
    ] {
        trace_common::assert_canonical(&Event::Illegal { mv });
    }
    let all: HashSet<EventKind> = EventKind::ALL
        .into_iter()
        .filter(|&k| k != EventKind::Illegal)
        .collect();
    assert_eq!(
        seen, all,
        "a depth-8 search with everything on emits every kind"
    );

    let mut bytes = Vec::new();
    log.write_to(&mut bytes).expect("Vec write");
    let back = EventLog::read_from(bytes.as_slice()).expect("reads back");
    assert_eq!(back, log);
    let selective = back.header().selective_config().expect("known switches");
    assert_eq!(selective, SelectiveConfig::ALL);
    assert_eq!(
        back.header().ordering_config().map(|o| o.countermove),
        Some(true),
        "selective keys do not hide the ordering"
    );
}
