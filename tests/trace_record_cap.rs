//! A recording that reaches its cap stops the search when asked to, instead of letting it run
//! on unrecorded: `lesson --check` ran a `depth=255` step past 300 s, and depths 8–10 for
//! 1–14 s, before refusing them as too big to record whole.

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::NullObserver;
use killerscope_log::{LogHeader, Recorder};
use killerscope_trace::{record_search, record_search_capped};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Nodes a search may visit after the flag is raised: it polls the flag every 1024 nodes.
const POLL: u64 = 1024;

#[test]
fn a_search_recorded_with_a_cap_stops_at_the_cap() {
    let root = Position::from_fen(KIWIPETE).expect("test FEN");
    let cap = 40_000;
    let (log, report) =
        record_search_capped(&root, SearchConfig::default(), &Limits::depth(255), cap);
    assert!(log.is_truncated());
    assert_eq!(log.len(), cap);
    // Every node opens with a recorded event: the nodes searched past the cap are those
    // before the next poll of the flag.
    assert!(report.nodes <= cap as u64 + POLL, "{} nodes", report.nodes);
    assert!(report.depth < 10, "depth {}", report.depth);
}

#[test]
fn the_flag_is_raised_only_when_recording_stops() {
    let root = Position::startpos();
    let header = || LogHeader::new(root.to_fen(), &Default::default(), &Limits::depth(3));
    let search = |recorder: &mut Recorder, stop: &AtomicBool| {
        Searcher::new(SearchConfig::default()).search(
            &root,
            &[],
            &Limits::depth(3),
            stop,
            recorder,
            &mut |_| {},
        )
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut whole = Recorder::new(header()).stopping_search(Arc::clone(&stop));
    search(&mut whole, &stop);
    assert!(!stop.load(Ordering::Relaxed));
    assert!(!whole.into_log().is_truncated());

    let mut capped = Recorder::new(header())
        .with_cap(100)
        .stopping_search(Arc::clone(&stop));
    search(&mut capped, &stop);
    assert!(stop.load(Ordering::Relaxed));
    assert!(capped.into_log().is_truncated());
}

#[test]
fn a_search_that_fits_is_the_same_search_recorded_or_not() {
    let root = Position::from_fen(KIWIPETE).expect("test FEN");
    let config = SearchConfig::default();
    let (log, recorded) = record_search(&root, config, &Limits::depth(4));
    assert!(!log.is_truncated());
    let plain = Searcher::new(config).search(
        &root,
        &[],
        &Limits::depth(4),
        &AtomicBool::new(false),
        &mut NullObserver,
        &mut |_| {},
    );
    assert_eq!(
        (recorded.nodes, recorded.best_move, recorded.score),
        (plain.nodes, plain.best_move, plain.score)
    );
}
