//! The node counts the README and the classroom library's `c0` claims quote, re-measured: with
//! every ordering switch added since (mate killers, countermove, relative history, placement
//! `before`, killers by depth) left off, the tree is exactly the one those numbers describe —
//! and each new switch, turned on, really changes it.

use killerscope_chess::Position;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, Searcher};
use killerscope_log::NullObserver;
use std::sync::atomic::AtomicBool;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Every switch that did not exist when the counts were published, spelled out as off.
const NEW_SWITCHES_OFF: &str = "matekillers=off,countermove=off,placement=after,killerindex=ply";

fn nodes(fen: &str, depth: u8, ordering: &str) -> u64 {
    let ordering: OrderingConfig = ordering.parse().expect("valid ordering");
    let mut searcher = Searcher::new(SearchConfig {
        ordering,
        hash_mib: 16,
        ..SearchConfig::default()
    });
    let pos = Position::from_fen(fen).expect("valid FEN");
    searcher
        .search(
            &pos,
            &[],
            &Limits::depth(depth),
            &AtomicBool::new(false),
            &mut NullObserver,
            &mut |_| {},
        )
        .nodes
}

#[test]
fn published_counts_hold_with_the_new_switches_off() {
    let cases = [
        (PUZZLE, 6, "", 312_966),
        (PUZZLE, 6, "history=off,killers=0", 732_934),
        (PUZZLE, 6, "history=off", 452_135),
        (START, 6, "history=off,killers=0", 154_197),
        (START, 6, "history=off", 55_419),
        (START, 6, "", 47_134),
    ];
    for (fen, depth, ordering, expected) in cases {
        let explicit = format!("{NEW_SWITCHES_OFF},{ordering}");
        assert_eq!(nodes(fen, depth, ordering), expected, "{fen} {ordering}");
        assert_eq!(nodes(fen, depth, &explicit), expected, "{fen} {explicit}");
    }
}

#[test]
fn every_new_switch_changes_the_puzzle_tree() {
    let base = nodes(PUZZLE, 6, "");
    for switch in [
        "matekillers=on",
        "countermove=on",
        "history=relative",
        "placement=before",
        "killerindex=depth",
    ] {
        assert_ne!(nodes(PUZZLE, 6, switch), base, "{switch} changed nothing");
    }
}
