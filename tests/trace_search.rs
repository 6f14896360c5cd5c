//! Event-log invariants on real searches: the classroom puzzle and Kiwipete at small depth.

use killerscope_chess::parse_uci;
use killerscope_chess::{Color, Move, MoveFlag, Position, Square};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{
    CutoffStats, Limits, OrderingConfig, SearchConfig, SearchReport, Searcher,
};
use killerscope_log::NullObserver;
use killerscope_log::{Event, EventLog, LogHeader, Recorder, TraceFilter};
use killerscope_trace::line::Step;
use killerscope_trace::{Replay, SearchTree};
use std::sync::atomic::AtomicBool;

const CLASSROOM: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CASES: [(&str, u8); 2] = [(CLASSROOM, 5), (KIWIPETE, 4)];

fn position(fen: &str) -> Position {
    Position::from_fen(fen).expect("test FEN is valid")
}

fn header(fen: &str, depth: u8) -> LogHeader {
    LogHeader::new(
        fen,
        &SearchConfig::default().ordering,
        &Limits::depth(depth),
    )
}

/// A fresh searcher's recorded search, with the searcher (for its final tables).
fn recorded(fen: &str, depth: u8, recorder: Recorder) -> (Searcher, SearchReport, EventLog) {
    recorded_with(SearchConfig::default(), fen, depth, recorder)
}

fn recorded_with(
    config: SearchConfig,
    fen: &str,
    depth: u8,
    recorder: Recorder,
) -> (Searcher, SearchReport, EventLog) {
    let mut searcher = Searcher::new(config);
    let mut rec = recorder;
    let stop = AtomicBool::new(false);
    let report = searcher.search(
        &position(fen),
        &[],
        &Limits::depth(depth),
        &stop,
        &mut rec,
        &mut |_| {},
    );
    (searcher, report, rec.into_log())
}

fn assert_tables_equal(searcher: &Searcher, replay: &Replay, n: usize, what: &str) {
    let killers = searcher.killers();
    for ply in 0..killerscope_log::MAX_PLY {
        let live = killers.at(ply);
        let row = replay.killer_row(ply as u8, n);
        let mut replayed = vec![Move::NULL; live.len()];
        replayed[..row.as_slice().len()].copy_from_slice(row.as_slice());
        assert_eq!(replayed, live, "{what}: killers at ply {ply}");
    }
    let history = replay.history_at(n);
    for side in Color::ALL {
        for from in Square::all() {
            for to in Square::all() {
                let mv = Move::new(from, to, MoveFlag::Quiet);
                assert_eq!(
                    history.scores()[side.index()][from.index()][to.index()],
                    searcher.history().get(side, mv),
                    "{what}: history {side:?} {mv}"
                );
            }
        }
    }
}

#[test]
fn logs_of_real_searches_obey_the_invariants() {
    for (fen, depth) in CASES {
        let (searcher, report, log) = recorded(fen, depth, Recorder::new(header(fen, depth)));
        assert!(!log.is_truncated());
        let events = log.events();
        let tree = SearchTree::build(events);
        assert_eq!(
            tree.len() as u64,
            report.nodes,
            "{fen}: tree nodes == search nodes"
        );
        assert_eq!(tree.open_nodes().count(), 0, "{fen}: enter/exit balanced");
        assert_eq!(tree.stray_events(), 0);
        for (i, e) in events.iter().enumerate() {
            match *e {
                Event::Cutoff { score, beta, .. } => assert!(score >= beta, "{fen}: event {i}"),
                Event::KillerStore { ply, mv, .. } => {
                    let Event::Cutoff { mv: cut, .. } = events[i - 1] else {
                        panic!("{fen}: killer store {i} does not follow a cutoff");
                    };
                    assert!(cut == mv && mv.is_quiet(), "{fen}: store {i} of {mv}");
                    let node = tree.node_at_event(i).and_then(|id| tree.node(id));
                    assert_eq!(node.map(|n| n.ply()), Some(ply), "{fen}: store {i} ply");
                }
                _ => {}
            }
        }
        let replay = Replay::from_log(&log);
        assert_tables_equal(&searcher, &replay, log.len(), fen);

        let mut live = CutoffStats::new();
        let mut rec = Recorder::new(header(fen, depth));
        let mut searcher = Searcher::new(SearchConfig::default());
        let stop = AtomicBool::new(false);
        let limits = Limits::depth(depth);
        searcher.search(
            &position(fen),
            &[],
            &limits,
            &stop,
            &mut (&mut rec, &mut live),
            &mut |_| {},
        );
        let mut replayed = CutoffStats::new();
        log.replay_into(&mut replayed);
        assert_eq!(replayed, live, "{fen}: CutoffStats from the log == live");
        assert_eq!(rec.into_log(), log, "{fen}: same input, same log");
    }
}

#[test]
fn replayed_tables_match_the_live_ones_after_every_iteration() {
    let (fen, depth) = (CLASSROOM, 5);
    let (_, _, log) = recorded(fen, depth, Recorder::new(header(fen, depth)));
    let replay = Replay::from_log(&log);
    let ends: Vec<usize> = log
        .events()
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Iteration { .. }))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(ends.len(), usize::from(depth));
    for (k, &end) in ends.iter().enumerate() {
        let d = k as u8 + 1;
        let (searcher, _, shorter) = recorded(fen, d, Recorder::new(header(fen, depth)));
        assert_eq!(
            shorter.events(),
            &log.events()[..end],
            "depth {d} is a prefix"
        );
        assert_tables_equal(&searcher, &replay, end, &format!("after iteration {d}"));
    }
}

#[test]
fn same_input_gives_identical_bytes_and_files_round_trip() {
    let (fen, depth) = (KIWIPETE, 3);
    let bytes = || {
        let (_, _, log) = recorded(fen, depth, Recorder::new(header(fen, depth)));
        let mut out = Vec::new();
        log.write_to(&mut out).expect("Vec write");
        (log, out)
    };
    let (log, first) = bytes();
    let (_, second) = bytes();
    assert_eq!(first, second);
    assert_eq!(
        EventLog::read_from(first.as_slice()).expect("reads back"),
        log
    );
}

#[test]
fn classroom_g2c6_is_a_ply_one_killer_that_cuts_repeatedly() {
    let (_, _, log) = recorded(CLASSROOM, 5, Recorder::new(header(CLASSROOM, 5)));
    let mut after_black = position(CLASSROOM);
    let reply = parse_uci(&after_black, "d7d8").expect("legal");
    after_black.make_move(reply);
    let g2c6 = parse_uci(&after_black, "g2c6").expect("legal after d7d8");
    let tree = SearchTree::build(log.events());
    let stores = log
        .events()
        .iter()
        .filter(|e| matches!(e, Event::KillerStore { ply: 1, mv, .. } if *mv == g2c6))
        .count();
    let killer_cuts = (0..tree.len() as u32)
        .filter_map(|id| tree.node(id))
        .filter(|n| n.ply() == 1)
        .filter_map(|n| n.cutoff())
        .filter(|c| c.mv == g2c6 && c.source.is_killer())
        .count();
    assert!(stores >= 1, "g2c6 stored at ply 1");
    assert!(killer_cuts >= 2, "g2c6 cut {killer_cuts} times as a killer");
}

#[test]
fn filters_and_caps_leave_the_search_undisturbed() {
    let (fen, depth) = (KIWIPETE, 4);
    let mut plain = Searcher::new(SearchConfig::default());
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth);
    let expected = plain.search(
        &position(fen),
        &[],
        &limits,
        &stop,
        &mut NullObserver,
        &mut |_| {},
    );

    let (_, report, full) = recorded(fen, depth, Recorder::new(header(fen, depth)));
    assert_eq!(
        (report.best_move, report.nodes),
        (expected.best_move, expected.nodes)
    );
    let full_tree = SearchTree::build(full.events());
    let first = full_tree
        .children(full_tree.roots()[3])
        .nth(2)
        .expect("the root has three children");
    let moves_to = |id| -> Vec<_> {
        full_tree
            .line(id)
            .into_iter()
            .filter_map(|(_, step)| match step {
                Step::Move(mv) => Some(mv),
                Step::Pass => None,
            })
            .collect()
    };
    let line = moves_to(first);

    let filtered = Recorder::new(header(fen, depth)).with_filter(TraceFilter::Line(line.clone()));
    let (_, report, log) = recorded(fen, depth, filtered);
    assert_eq!(
        (report.best_move, report.nodes),
        (expected.best_move, expected.nodes)
    );
    let on_line = (0..full_tree.len() as u32)
        .filter(|&id| {
            let moves = moves_to(id);
            let n = moves.len().min(line.len());
            moves[..n] == line[..n]
        })
        .count();
    assert_eq!(SearchTree::build(log.events()).len(), on_line);

    let capped = Recorder::new(header(fen, depth)).with_cap(1000);
    let (_, report, log) = recorded(fen, depth, capped);
    assert_eq!(
        (report.best_move, report.nodes),
        (expected.best_move, expected.nodes)
    );
    assert!(log.is_truncated() && log.len() == 1000);
}

#[test]
fn replay_follows_the_logged_ordering_config() {
    for text in [
        "killers=3,history=off",
        "killers=1,history=on",
        "killers=0,tt=off",
    ] {
        let ordering: OrderingConfig = text.parse().expect("valid config");
        let config = SearchConfig {
            ordering,
            ..SearchConfig::default()
        };
        let header = LogHeader::new(KIWIPETE, &ordering, &Limits::depth(4));
        let (searcher, _, log) = recorded_with(config, KIWIPETE, 4, Recorder::new(header));
        let replay = Replay::from_log(&log);
        assert_tables_equal(&searcher, &replay, log.len(), text);
        let stores = log.counts()[killerscope_log::EventKind::KillerStore.index()];
        assert_eq!(
            stores == 0,
            ordering.killer_slots == 0,
            "{text}: {stores} stores"
        );
    }
}

#[test]
fn dot_writes_san_when_the_root_is_known() {
    let (_, _, log) = recorded(CLASSROOM, 3, Recorder::new(header(CLASSROOM, 3)));
    let tree = SearchTree::build(log.events());
    let root = *tree.roots().last().expect("a root");
    let dot = |pos: Option<&Position>| {
        let mut out = Vec::new();
        killerscope_trace::write_dot(&tree, root, 2, pos, &log.header().sources, &mut out)
            .expect("Vec write");
        String::from_utf8(out).expect("UTF-8")
    };
    let with_san = dot(Some(&position(CLASSROOM)));
    assert!(
        with_san.contains("label=\"Nf6\"") && with_san.contains("Bc6"),
        "{with_san}"
    );
    let with_uci = dot(None);
    assert!(with_uci.contains("label=\"h5f6\"") && !with_uci.contains("Nf6"));
}

#[test]
fn replayed_tables_match_the_live_ones_when_stopped_mid_iteration() {
    for nodes in [700, 4_000, 15_000, 45_000] {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(SearchConfig::default());
        let mut rec = Recorder::new(header(CLASSROOM, 0));
        let stop = AtomicBool::new(false);
        let report = searcher.search(
            &position(CLASSROOM),
            &[],
            &limits,
            &stop,
            &mut rec,
            &mut |_| {},
        );
        let log = rec.into_log();
        let tree = SearchTree::build(log.events());
        assert_eq!(tree.len() as u64, report.nodes, "node limit {nodes}");
        assert_eq!(
            tree.open_nodes().count(),
            0,
            "a stopped search still closes its nodes"
        );
        assert_tables_equal(
            &searcher,
            &Replay::from_log(&log),
            log.len(),
            &format!("stopped at {nodes} nodes"),
        );
    }
}

#[test]
fn a_live_stream_builds_the_same_tree_and_replay() {
    let (tx, rx) = std::sync::mpsc::channel();
    let recorder = Recorder::new(header(KIWIPETE, 4)).with_sink(tx, 4096);
    let (_, _, log) = recorded(KIWIPETE, 4, recorder);
    let mut tree = SearchTree::default();
    let mut replay = Replay::for_header(log.header());
    let mut batches = 0;
    for batch in rx.try_iter() {
        tree.extend(&batch);
        replay.extend(&batch);
        batches += 1;
    }
    assert!(batches > 10);
    let whole = SearchTree::build(log.events());
    assert_eq!((tree.len(), tree.roots()), (whole.len(), whole.roots()));
    assert!((0..tree.len() as u32).all(|id| tree.node(id) == whole.node(id)));
    let once = Replay::from_log(&log);
    for n in (0..=log.len()).step_by(997) {
        assert_eq!(replay.killers_at(n), once.killers_at(n));
        assert_eq!(tree.path_at(n), whole.path_at(n));
    }
    assert!(replay.history_at(log.len()) == once.history_at(log.len()));
}
