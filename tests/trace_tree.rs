//! SearchTree: links, ranges and cutoffs agree with the events; incremental == one-shot.

use crate::trace_common;

use killerscope_chess::Move;
use killerscope_engine::HeaderSettings;
use killerscope_log::Bound;
use killerscope_log::{Event, EventLog, Recorder};
use killerscope_trace::SearchTree;
use trace_common::{header, record};

fn toy_log(depth: i8) -> (EventLog, u64) {
    let mut rec = Recorder::new(header());
    let (toy, _) = record(&mut rec, depth);
    (rec.into_log(), toy.nodes)
}

#[test]
fn node_count_links_and_ranges_agree_with_the_events() {
    let (log, nodes) = toy_log(4);
    let events = log.events();
    let tree = SearchTree::build(events);
    assert_eq!(tree.len() as u64, nodes);
    assert_eq!(tree.roots().len(), 4, "one root per iteration");
    assert_eq!(tree.stray_events(), 0);
    assert_eq!(tree.open_nodes().count(), 0);
    for id in 0..tree.len() as u32 {
        let n = tree.node(id).expect("in range");
        let range = tree.event_range(id);
        let Event::NodeEnter {
            ply,
            mv,
            alpha,
            beta,
            ..
        } = events[range.start]
        else {
            panic!("node {id} does not start at a NodeEnter");
        };
        assert_eq!((n.ply(), n.mv(), n.window()), (ply, mv, (alpha, beta)));
        let Event::NodeExit { score, bound } = events[range.end - 1] else {
            panic!("node {id} does not end at a NodeExit");
        };
        assert_eq!(n.result(), Some((score, bound)));
        let mut previous_enter = None;
        let mut children = 0;
        for c in tree.children(id) {
            let child = tree.node(c).expect("child in range");
            assert_eq!(child.parent(), Some(id));
            assert_eq!(child.ply(), n.ply() + 1);
            assert!(
                previous_enter < Some(child.enter_event()),
                "children in search order"
            );
            previous_enter = Some(child.enter_event());
            let sub = tree.event_range(c);
            assert!(range.start < sub.start && sub.end < range.end);
            children += 1;
        }
        assert_eq!(children, n.child_count());
        let sub = tree.subtree(id);
        let below = (sub.start..sub.end)
            .filter(|&d| tree.path(d).contains(&id))
            .count();
        assert_eq!(below as u32, tree.subtree_size(id));
    }
}

#[test]
fn cutoffs_are_attributed_to_the_node_that_failed_high() {
    let (log, _) = toy_log(4);
    let events = log.events();
    let tree = SearchTree::build(events);
    let mut cut_nodes = 0;
    for id in 0..tree.len() as u32 {
        let n = tree.node(id).expect("in range");
        let own: Vec<&Event> = {
            let r = tree.event_range(id);
            let children: Vec<_> = tree.children(id).map(|c| tree.event_range(c)).collect();
            r.filter(|i| !children.iter().any(|c| c.contains(i)))
                .map(|i| &events[i])
                .collect()
        };
        let cut = own.iter().find_map(|e| match e {
            Event::Cutoff {
                mv,
                index,
                source,
                score,
                beta,
            } => {
                assert!(score >= beta);
                Some((*mv, *index, *source))
            }
            _ => None,
        });
        assert_eq!(n.cutoff().map(|c| (c.mv, c.index, c.source)), cut);
        let tt_cut = own
            .iter()
            .any(|e| matches!(e, Event::TtHit { cutoff: true, .. }));
        assert_eq!(n.tt_cutoff(), tt_cut);
        if cut.is_some() {
            cut_nodes += 1;
            assert_eq!(n.result().map(|r| r.1), Some(Bound::Lower));
        }
    }
    assert!(cut_nodes > 10);
}

#[test]
fn node_at_event_is_the_innermost_node_around_it() {
    let (log, _) = toy_log(3);
    let tree = SearchTree::build(log.events());
    for i in 0..log.len() {
        match tree.node_at_event(i) {
            Some(id) => {
                assert!(tree.event_range(id).contains(&i), "event {i}");
                assert!(tree.children(id).all(|c| !tree.event_range(c).contains(&i)));
            }
            None => assert!(matches!(log.events()[i], Event::Iteration { .. })),
        }
    }
}

#[test]
fn extending_in_batches_equals_building_at_once() {
    let (log, _) = toy_log(4);
    let whole = SearchTree::build(log.events());
    for batch in [1, 7, 64, 1000] {
        let mut live = SearchTree::default();
        let mut seen = 0;
        for chunk in log.events().chunks(batch) {
            live.extend(chunk);
            seen += chunk.len();
            assert_eq!(live.events_seen(), seen);
        }
        assert_eq!(live.len(), whole.len());
        assert_eq!(live.roots(), whole.roots());
        for id in 0..whole.len() as u32 {
            assert_eq!(live.node(id), whole.node(id));
        }
    }
}

#[test]
fn a_truncated_log_leaves_the_current_path_open() {
    let (log, _) = toy_log(4);
    let cut = log.len() * 2 / 3;
    let tree = SearchTree::build(&log.events()[..cut]);
    let open: Vec<u32> = tree.open_nodes().collect();
    assert!(!open.is_empty());
    for w in open.windows(2) {
        assert_eq!(tree.node(w[1]).and_then(|n| n.parent()), Some(w[0]));
    }
    let last = *open.last().expect("non-empty");
    assert_eq!(tree.event_range(last).end, cut);
    assert_eq!(tree.subtree(last).end as usize, tree.len());
    assert!(tree.node(last).is_some_and(|n| n.result().is_none()));
}

#[test]
fn malformed_sequences_are_counted_not_fatal() {
    let events = [
        Event::NodeExit {
            score: 0,
            bound: Bound::Exact,
        },
        Event::MoveTried {
            mv: Move::from_raw(77),
            index: 0,
            source: killerscope_log::MoveSource::QUIET,
        },
    ];
    let tree = SearchTree::build(&events);
    assert_eq!(tree.len(), 0);
    assert_eq!(tree.stray_events(), 2);
    assert_eq!(tree.node_at_event(1), None);
}

#[test]
fn sibling_links_and_indices_agree_with_the_children_lists() {
    let (log, _) = toy_log(4);
    let tree = SearchTree::build(log.events());
    let check = |siblings: &[u32]| {
        for (k, &c) in siblings.iter().enumerate() {
            let n = tree.node(c).expect("in range");
            assert_eq!(n.sibling_index(), k);
            assert_eq!(n.prev_sibling(), k.checked_sub(1).map(|p| siblings[p]));
            assert_eq!(n.next_sibling(), siblings.get(k + 1).copied());
        }
    };
    check(tree.roots());
    for id in 0..tree.len() as u32 {
        let children: Vec<u32> = tree.children(id).collect();
        let n = tree.node(id).expect("in range");
        assert_eq!(n.first_child(), children.first().copied());
        assert_eq!(n.last_child(), children.last().copied());
        check(&children);
        assert_eq!(tree.root_of(id), tree.path(id).first().copied());
        let up: Vec<u32> = tree.ancestors(id).collect();
        let mut path = tree.path(id);
        path.pop();
        path.reverse();
        assert_eq!(up, path);
    }
}

/// A line of `levels` nodes, each the only child of the one before.
fn chain(levels: usize) -> Vec<Event> {
    let enter = |level: usize| Event::NodeEnter {
        ply: level as u8,
        depth: 1,
        kind: killerscope_log::NodeKind::Main,
        mv: Move::NULL,
        alpha: -30,
        beta: 30,
    };
    let exit = Event::NodeExit {
        score: 0,
        bound: Bound::Exact,
    };
    let mut events: Vec<Event> = (0..levels).map(enter).collect();
    events.extend(std::iter::repeat_n(exit, levels));
    events
}

#[test]
fn a_million_level_line_is_indexed_and_walked_on_a_small_stack() {
    const LEVELS: usize = 1_000_000;
    let walk = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let events = chain(LEVELS);
            let tree = SearchTree::build(&events);
            let deepest = (LEVELS - 1) as u32;
            assert_eq!(tree.len(), LEVELS);
            assert_eq!(tree.path(deepest).len(), LEVELS);
            assert_eq!(tree.ancestors(deepest).count(), LEVELS - 1);
            assert_eq!(tree.root_of(deepest), Some(0));
            assert!(tree.is_ancestor(0, deepest) && !tree.is_ancestor(deepest, 0));
            assert_eq!(tree.node_at_event(LEVELS), Some(deepest));
            assert_eq!(tree.node_at_event(2 * LEVELS - 1), Some(0));
            assert_eq!(tree.subtree_size(0) as usize, LEVELS);
            drop(tree);
        })
        .expect("spawn a 2 MB-stack thread");
    walk.join().expect("no stack overflow");
}

/// A real selective search: every event belongs to a node or sits between the roots (the
/// aspiration windows), and each node's count of pruned moves matches its own `Pruned` events.
#[test]
fn a_selective_search_indexes_cleanly_and_counts_pruned_moves() {
    use killerscope_chess::Position;
    use killerscope_engine::{Limits, SearchConfig, Searcher, SelectiveConfig};
    use killerscope_log::LogHeader;
    use killerscope_trace::{Marks, pruned_moves};
    let root = Position::startpos();
    let config = SearchConfig {
        selective: SelectiveConfig::ALL,
        ..SearchConfig::default()
    };
    let header = LogHeader::new(root.to_fen(), &config.ordering, &Limits::depth(7));
    let mut rec = Recorder::new(header.with_selective(&config.selective));
    let stop = std::sync::atomic::AtomicBool::new(false);
    Searcher::new(config).search(&root, &[], &Limits::depth(7), &stop, &mut rec, &mut |_| {});
    let log = rec.into_log();
    let events = log.events();
    let tree = SearchTree::build(events);
    assert_eq!(tree.stray_events(), 0);
    let aspiration = events
        .iter()
        .filter(|e| matches!(e, Event::Aspiration { .. }))
        .count();
    let marked = tree
        .roots()
        .iter()
        .filter(|&&r| Marks::of(&tree, events, r).aspiration.is_some())
        .count();
    assert!(aspiration > 0);
    assert_eq!(
        marked, aspiration,
        "every window marks the root searched with it"
    );
    let mut pruned = vec![0u32; tree.len()];
    for (i, e) in events.iter().enumerate() {
        if let Event::Pruned { mv, .. } = e
            && !mv.is_null()
        {
            pruned[tree.node_at_event(i).expect("inside a node") as usize] += 1;
        }
    }
    assert!(pruned.iter().sum::<u32>() > 0);
    for (id, &count) in pruned.iter().enumerate() {
        let id = id as u32;
        let node = tree.node(id).expect("in range");
        assert_eq!(u32::from(node.pruned_moves()), count, "node {id}");
        assert_eq!(pruned_moves(&tree, events, id, 1000).len() as u32, count);
    }
}
