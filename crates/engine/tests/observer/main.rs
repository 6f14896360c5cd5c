//! What the observer sees of real searches: balanced node brackets that add up to the reported
//! node count, cutoffs at or above beta, killer stores only after quiet cutoffs at that ply, the
//! classroom puzzle's killer, determinism, and a stop flag that is honoured at once.

use killerscope_chess::Position;
use killerscope_engine::{
    CutoffStats, Limits, OrderingConfig, SearchConfig, SearchReport, Searcher, SelectiveConfig,
};
use killerscope_log::{MoveSource, NullObserver, SearchObserver};
use std::hash::Hasher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod checker;

use checker::Checker;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn run<O: SearchObserver>(
    fen: &str,
    limits: &Limits,
    ordering: OrderingConfig,
    obs: &mut O,
) -> SearchReport {
    let pos = Position::from_fen(fen).expect("test FEN is valid");
    let mut searcher = Searcher::new(SearchConfig {
        ordering,
        hash_mib: 4,
        ..SearchConfig::default()
    });
    let stop = AtomicBool::new(false);
    searcher.search(&pos, &[], limits, &stop, obs, &mut |_| {})
}

#[test]
fn event_grammar_holds_on_real_searches() {
    for (fen, depth) in [(PUZZLE, 5), (KIWIPETE, 4)] {
        let mut checker = Checker::default();
        let report = run(
            fen,
            &Limits::depth(depth),
            OrderingConfig::default(),
            &mut checker,
        );
        assert!(
            checker.violations.is_empty(),
            "{:?}",
            &checker.violations[..checker.violations.len().min(5)]
        );
        assert!(checker.stack.is_empty());
        assert_eq!(checker.nodes, report.nodes);
        assert_eq!(checker.exits, report.nodes);
        assert!(!checker.stores.is_empty());
    }
}

/// Cutoffs by g2c6 at ply 1 (White's replies to Black's root moves): (all, by a killer slot).
fn bc6_cutoffs_at_ply_one(checker: &Checker) -> (usize, usize) {
    let cuts: Vec<_> = checker
        .cutoffs_at
        .iter()
        .filter(|(ply, mv, _)| *ply == 1 && mv.to_string() == "g2c6")
        .collect();
    let by_killer = cuts
        .iter()
        .filter(|(_, _, source)| source.is_killer())
        .count();
    (cuts.len(), by_killer)
}

#[test]
fn classroom_puzzle_stores_bc6_as_a_killer_that_cuts_black_replies() {
    let stored_at_ply_one = |c: &Checker| {
        c.stores
            .iter()
            .any(|(ply, mv, _)| *ply == 1 && mv.to_string() == "g2c6")
    };
    // Default ordering: the TT move takes many of the cutoffs, killers the rest.
    let mut checker = Checker::default();
    let report = run(
        PUZZLE,
        &Limits::depth(5),
        OrderingConfig::default(),
        &mut checker,
    );
    assert_eq!(report.depth, 5);
    assert!(
        stored_at_ply_one(&checker),
        "g2c6 must be stored as a killer at ply 1"
    );
    let (all, by_killer) = bc6_cutoffs_at_ply_one(&checker);
    assert!(
        all >= 5 && by_killer >= 1,
        "g2c6 cut {all} replies, {by_killer} as a killer"
    );

    // Without TT and history, killers alone carry the refutation from one Black reply to the
    // next, already at depth 4.
    let no_tt: OrderingConfig = "tt=off,history=off".parse().expect("valid config");
    let mut checker = Checker::default();
    run(PUZZLE, &Limits::depth(4), no_tt, &mut checker);
    assert!(stored_at_ply_one(&checker));
    let (_, by_killer) = bc6_cutoffs_at_ply_one(&checker);
    assert!(
        by_killer >= 10,
        "g2c6 cut only {by_killer} replies as a killer"
    );

    let mut with_killers = CutoffStats::new();
    let with = run(
        PUZZLE,
        &Limits::depth(5),
        OrderingConfig::default(),
        &mut with_killers,
    );
    assert!(with_killers.cutoffs_by(MoveSource::killer(0)) > 0);
    let mut no_killers = CutoffStats::new();
    let config: OrderingConfig = "killers=0".parse().expect("valid config");
    let without = run(PUZZLE, &Limits::depth(5), config, &mut no_killers);
    assert_eq!(
        no_killers.killer_stores + no_killers.killer_cutoffs_total(),
        0
    );
    assert!(without.nodes > with.nodes, "killers must save nodes here");
}

#[test]
fn mate_killer_and_countermove_stores_follow_quiet_cutoffs() {
    let ordering: OrderingConfig = "matekillers=on,countermove=on,history=relative"
        .parse()
        .expect("valid config");
    let mut checker = Checker::default();
    let report = run(PUZZLE, &Limits::depth(5), ordering, &mut checker);
    assert!(
        checker.violations.is_empty(),
        "{:?}",
        &checker.violations[..checker.violations.len().min(5)]
    );
    assert_eq!(checker.nodes, report.nodes);
    assert!(checker.table_stores > 0, "no countermove was ever stored");
}

#[test]
fn selective_search_keeps_the_event_grammar() {
    for fen in [PUZZLE, KIWIPETE] {
        let pos = Position::from_fen(fen).expect("test FEN is valid");
        let mut searcher = Searcher::new(SearchConfig {
            selective: SelectiveConfig::ALL,
            ..SearchConfig::default()
        });
        let mut checker = Checker::default();
        let stop = AtomicBool::new(false);
        let report = searcher.search(
            &pos,
            &[],
            &Limits::depth(7),
            &stop,
            &mut checker,
            &mut |_| {},
        );
        assert!(
            checker.violations.is_empty(),
            "{:?}",
            &checker.violations[..checker.violations.len().min(5)]
        );
        assert!(checker.stack.is_empty());
        assert_eq!((checker.nodes, checker.exits), (report.nodes, report.nodes));
        for kind in [
            "null_move",
            "reduction",
            "re_search",
            "pruned",
            "aspiration",
        ] {
            assert!(
                checker.selective_kinds.contains(kind),
                "{fen}: no {kind} event"
            );
        }
    }
}

#[test]
fn same_input_gives_the_same_tree() {
    for config in [
        "",
        "killers=3,grandparent=on,placement=between",
        "tt=off,history=off",
        "matekillers=on,countermove=on,history=relative,placement=before",
        "killerindex=depth,grandparent=on",
    ] {
        let ordering: OrderingConfig = config.parse().expect("valid config");
        let by_depth = ordering.killer_index.name() == "depth";
        let mut a = Checker::with_rows_by_depth(by_depth);
        let mut b = Checker::with_rows_by_depth(by_depth);
        let ra = run(KIWIPETE, &Limits::depth(4), ordering, &mut a);
        let rb = run(KIWIPETE, &Limits::depth(4), ordering, &mut b);
        assert_eq!(
            ra,
            SearchReport {
                elapsed: ra.elapsed,
                ..rb.clone()
            }
        );
        assert_eq!(a.hash.finish(), b.hash.finish(), "config {config}");
        assert!(
            a.violations.is_empty(),
            "{config}: {:?}",
            a.violations.first()
        );
    }
}

#[test]
fn node_limit_is_exact_and_balanced() {
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let mut checker = Checker::default();
    let report = run(KIWIPETE, &limits, OrderingConfig::default(), &mut checker);
    assert_eq!(report.nodes, 20_000);
    assert_eq!((checker.nodes, checker.exits), (20_000, 20_000));
    assert!(checker.stack.is_empty());
    assert!(!report.best_move.is_null());
}

#[test]
fn stop_flag_is_honoured_within_milliseconds() {
    let pos = Position::from_fen(KIWIPETE).expect("valid");
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(SearchConfig::default());
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let (report, latency) = std::thread::scope(|scope| {
        let raised = scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        });
        let mut checker = Checker::default();
        let report = searcher.search(&pos, &[], &limits, &stop, &mut checker, &mut |_| {});
        let returned = Instant::now();
        let raised_at = raised.join().expect("stopper thread");
        assert!(checker.stack.is_empty() && checker.nodes == checker.exits);
        assert_eq!(checker.nodes, report.nodes);
        (report, returned.saturating_duration_since(raised_at))
    });
    assert!(
        latency < Duration::from_millis(25),
        "stopped {latency:?} after the flag"
    );
    assert!(report.depth >= 3 && !report.best_move.is_null());
}

#[test]
fn movetime_is_respected() {
    let limits = Limits {
        movetime: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let start = Instant::now();
    let report = run(
        KIWIPETE,
        &limits,
        OrderingConfig::default(),
        &mut NullObserver,
    );
    let took = start.elapsed();
    assert!(took < Duration::from_millis(250), "took {took:?}");
    assert!(report.depth >= 2);
}
