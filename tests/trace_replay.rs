//! Replay: killer table and history table at any event equal the live search's; so does the
//! tree index's path at any event.

use crate::trace_common;

use killerscope_chess::{Color, Move};
use killerscope_log::{Event, EventLog, Recorder};
use killerscope_trace::line::Step;
use killerscope_trace::{Replay, SearchTree};
use trace_common::{HISTORY_CAP, header, record, toy_log};

fn replay_of(log: &EventLog) -> Replay {
    let mut replay = Replay::new(Color::White, HISTORY_CAP);
    replay.extend(log.events());
    replay
}

fn padded(row: &[Move]) -> [Move; 2] {
    let mut out = [Move::NULL; 2];
    out[..row.len()].copy_from_slice(row);
    out
}

#[test]
fn replayed_tables_and_paths_match_the_live_search_at_every_checkpoint() {
    let mut rec = Recorder::new(header());
    let (toy, checkpoints) = record(&mut rec, 5);
    let log = rec.into_log();
    let replay = replay_of(&log);
    let tree = SearchTree::build(log.events());
    assert!(checkpoints.len() > 20);
    for cp in &checkpoints {
        for ply in 0..cp.killers.len() {
            let row = replay.killer_row(ply as u8, cp.events);
            assert_eq!(
                padded(row.as_slice()),
                cp.killers[ply],
                "ply {ply} at event {}",
                cp.events
            );
        }
        assert!(
            replay.history_at(cp.events).scores() == &*cp.history,
            "history at event {}",
            cp.events
        );
        assert_eq!(
            tree.path_at(cp.events),
            cp.path.iter().map(|&mv| Step::Move(mv)).collect::<Vec<_>>(),
            "path at event {}",
            cp.events
        );
    }
    let end = log.len();
    for (ply, live) in toy.killers.iter().enumerate() {
        assert_eq!(padded(replay.killer_row(ply as u8, end).as_slice()), *live);
    }
    assert!(replay.history_at(end).scores() == &*toy.history);
    assert!(toy.history.iter().flatten().flatten().any(|&v| v > 0));
}

/// The steps of the line to `id`.
fn steps(tree: &SearchTree, id: u32) -> Vec<Step> {
    tree.line(id).into_iter().map(|(_, step)| step).collect()
}

#[test]
fn path_at_agrees_with_the_tree_everywhere() {
    let log = toy_log(3);
    let tree = SearchTree::build(log.events());
    for n in 1..=log.len() {
        let expected = tree.node_at_event(n - 1).map_or(Vec::new(), |id| {
            let node = tree.node(id).expect("in range");
            if node.exit_event() == Some(n - 1) {
                node.parent().map_or(Vec::new(), |p| steps(&tree, p))
            } else {
                steps(&tree, id)
            }
        });
        assert_eq!(tree.path_at(n), expected, "after {n} events");
    }
}

#[test]
fn last_killer_cutoff_finds_the_latest_killer_refutation() {
    let log = toy_log(5);
    let replay = replay_of(&log);
    let tree = SearchTree::build(log.events());
    let mut found = 0;
    for (i, e) in log.events().iter().enumerate() {
        if let Event::Cutoff { mv, source, .. } = *e
            && let Some(slot) = source.killer_slot()
        {
            let ply = tree
                .node(tree.node_at_event(i).expect("inside a node"))
                .expect("node")
                .ply();
            let last = replay.last_killer_cutoff(ply, i + 1).expect("this cutoff");
            assert_eq!((last.event, last.slot, last.mv), (i, slot, mv));
            found += 1;
        }
    }
    assert!(found > 0, "the toy search has killer cutoffs");
    assert_eq!(replay.last_killer_cutoff(1, 0), None);
}

#[test]
fn incremental_replay_equals_one_shot() {
    let log = toy_log(4);
    let whole = replay_of(&log);
    let mut live = Replay::new(Color::White, HISTORY_CAP);
    let mut live_tree = SearchTree::default();
    for chunk in log.events().chunks(13) {
        live.extend(chunk);
        live_tree.extend(chunk);
    }
    let whole_tree = SearchTree::build(log.events());
    assert_eq!(live.events_seen(), log.len());
    for n in (0..=log.len()).step_by(17) {
        assert_eq!(live.killers_at(n), whole.killers_at(n));
        assert!(live.history_at(n) == whole.history_at(n));
        assert_eq!(live_tree.path_at(n), whole_tree.path_at(n));
    }
}
