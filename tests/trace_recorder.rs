//! Recorder: event size, event order, cap/truncation, filters, the live sink, replay_into.

use crate::trace_common;

use killerscope_chess::Move;
use killerscope_log::NodeKind;
use killerscope_log::{Event, EventKind, Recorder, TraceFilter};
use killerscope_trace::SearchTree;
use std::sync::mpsc;
use trace_common::{Hooks, header, record, toy_log};

/// The moves of the line to `id` (these searches make no null moves).
fn moves_to(tree: &SearchTree, id: u32) -> Vec<killerscope_chess::Move> {
    tree.line(id)
        .into_iter()
        .map(|(_, step)| match step {
            killerscope_trace::line::Step::Move(mv) => mv,
            killerscope_trace::line::Step::Pass => panic!("a null move on the line"),
        })
        .collect()
}

#[test]
fn events_are_at_most_16_bytes() {
    assert!(std::mem::size_of::<Event>() <= 16);
    assert_eq!(killerscope_log::EVENT_BYTES, 16);
}

#[test]
fn records_balanced_enter_exit_and_counts_match_the_search() {
    let mut rec = Recorder::new(header());
    let (toy, _) = record(&mut rec, 4);
    let log = rec.into_log();
    assert!(!log.is_truncated());
    let counts = log.counts();
    assert_eq!(counts[EventKind::NodeEnter.index()], toy.nodes);
    assert_eq!(counts[EventKind::NodeExit.index()], toy.nodes);
    assert_eq!(counts[EventKind::Iteration.index()], 4);
    assert_eq!(log.pvs().len(), 4);
    assert!(counts[EventKind::KillerStore.index()] > 0);
    assert!(counts[EventKind::TtHit.index()] > 0);
    let mut depth = 0i64;
    for e in log.events() {
        match e {
            Event::NodeEnter { .. } => depth += 1,
            Event::NodeExit { .. } => depth -= 1,
            _ => {}
        }
        assert!(depth >= 0);
    }
    assert_eq!(depth, 0);
}

#[test]
fn cap_truncates_cleanly_without_growing_past_it() {
    let full = toy_log(4);
    let cap = full.len() / 3;
    let mut rec = Recorder::new(header()).with_cap(cap);
    let (toy, _) = record(&mut rec, 4);
    let log = rec.into_log();
    assert!(log.is_truncated());
    assert_eq!(log.len(), cap);
    assert!(
        log.memory_bytes() <= cap * 16 + 4 * 64,
        "{} bytes",
        log.memory_bytes()
    );
    assert_eq!(log.events(), &full.events()[..cap]);
    assert!(toy.nodes > 0);
    let tree = SearchTree::build(log.events());
    assert!(
        tree.open_nodes().count() > 0,
        "a cut-short log leaves nodes open"
    );
    assert_eq!(tree.stray_events(), 0);
}

#[test]
fn line_filter_records_the_line_and_everything_below_it() {
    let full = toy_log(4);
    let tree = SearchTree::build(full.events());
    let root = tree.roots()[3];
    let child = tree.children(root).nth(1).expect("root has two children");
    let grandchild = tree.children(child).next().expect("child has a child");
    let line = moves_to(&tree, grandchild);
    assert_eq!(line.len(), 2);

    let mut rec = Recorder::new(header()).with_filter(TraceFilter::Line(line.clone()));
    record(&mut rec, 4);
    let log = rec.into_log();
    assert_eq!(log.header().filter, format!("line {},{}", line[0], line[1]));
    let filtered = SearchTree::build(log.events());
    assert_eq!(filtered.stray_events(), 0);
    for id in 0..filtered.len() as u32 {
        let moves = moves_to(&filtered, id);
        let n = moves.len().min(line.len());
        assert_eq!(moves[..n], line[..n], "node {id} is off the line");
    }
    // The whole subtree below the line's end in the last iteration was recorded.
    let below = filtered
        .roots()
        .iter()
        .rev()
        .filter_map(|&r| filtered.children(r).next())
        .find_map(|c| filtered.children(c).next())
        .expect("the line's end was recorded");
    assert_eq!(filtered.subtree_size(below), tree.subtree_size(grandchild));
}

#[test]
fn plies_filter_keeps_only_nodes_in_range_and_its_own_stack() {
    let mut rec = Recorder::new(header()).with_filter(TraceFilter::Plies(1..3));
    let (toy, _) = record(&mut rec, 4);
    let log = rec.into_log();
    assert_eq!(log.header().filter, "plies 1..3");
    let mut enters = 0;
    for e in log.events() {
        if let Event::NodeEnter { ply, .. } = e {
            assert!((1..3).contains(ply));
            enters += 1;
        }
    }
    assert!(enters > 0 && enters < toy.nodes);
    let tree = SearchTree::build(log.events());
    assert_eq!(tree.stray_events(), 0);
    assert_eq!(tree.open_nodes().count(), 0);
}

#[test]
fn sink_streams_exactly_the_log_in_batches() {
    let (tx, rx) = mpsc::channel();
    let mut rec = Recorder::new(header()).with_sink(tx, 100);
    record(&mut rec, 4);
    let log = rec.into_log();
    let batches: Vec<Vec<Event>> = rx.try_iter().collect();
    assert!(batches.len() > 2);
    assert!(batches.iter().all(|b| !b.is_empty() && b.len() <= 100));
    let streamed: Vec<Event> = batches.concat();
    assert_eq!(streamed, log.events());
}

#[test]
fn closed_sink_does_not_stop_recording() {
    let (tx, rx) = mpsc::channel();
    drop(rx);
    let mut rec = Recorder::new(header()).with_sink(tx, 10);
    let (toy, _) = record(&mut rec, 3);
    let log = rec.into_log();
    assert_eq!(log.counts()[EventKind::NodeEnter.index()], toy.nodes);
}

#[test]
fn replay_into_a_recorder_reproduces_the_log() {
    let log = toy_log(4);
    let mut again = Recorder::new(log.header().clone());
    log.replay_into(&mut again);
    assert_eq!(again.into_log(), log);
}

#[test]
fn killer_rows_longer_than_four_slots_are_clipped() {
    let mut rec = Recorder::new(header());
    let m = |raw| Move::from_raw(raw);
    rec.node_enter(0, 1, -5, 5, Move::NULL, NodeKind::Main);
    rec.killer_store(0, m(100), &[m(100), m(101), m(102), m(103), m(104)]);
    let log = rec.into_log();
    match log.events()[1] {
        Event::KillerStore { slots, .. } => assert_eq!(slots.as_slice().len(), 4),
        other => panic!("expected a killer store, got {other:?}"),
    }
}
