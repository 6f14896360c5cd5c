//! The `diff` command's compact index (`CompactTree`) answers every question the diff asks
//! exactly as the explorer's `SearchTree` does for the same events: node by node on random
//! event streams (stray events, null moves, searches of the parent's own position, top-level
//! nodes below ply 0, logs cut anywhere) and on real searches, whole and truncated; and the
//! diff of two searches is the same whichever index it walks.

use killerscope_analysis::{CompactTree, CompactTreeBuilder, DiffTree, diff_trees};
use killerscope_chess::{Move, Position};
use killerscope_engine::{Limits, OrderingConfig, SearchConfig};
use killerscope_log::{Bound, Event, EventLog, MoveSource, NodeKind};
use killerscope_trace::{FoldControl, SearchTree, record_search_capped};
use proptest::prelude::*;

/// Every answer of `DiffTree` for every node of both indexes, side by side.
fn assert_same(events: &[Event]) {
    let full = SearchTree::build(events);
    let compact = CompactTree::build(events).expect("few nodes");
    assert_eq!(compact.node_count(), full.node_count(), "nodes");
    assert_eq!(compact.top_level(), full.top_level(), "roots");
    for &r in full.top_level() {
        assert_eq!(
            compact.root_depth(r),
            full.root_depth(r),
            "depth of root {r}"
        );
    }
    for id in 0..full.node_count() as u32 {
        let children: Vec<u32> = compact.child_ids(id).collect();
        assert_eq!(children, full.child_ids(id).collect::<Vec<_>>(), "{id}");
        assert_eq!(compact.has_child(id), full.has_child(id), "{id}");
        assert_eq!(compact.nodes_under(id), full.nodes_under(id), "{id}");
        assert_eq!(compact.entered_by(id), full.entered_by(id), "{id}");
        assert_eq!(compact.outcome(id), full.outcome(id), "{id}");
        assert_eq!(compact.top_of(id), full.top_of(id), "{id}");
        assert_eq!(compact.steps_to(id), full.steps_to(id), "{id}");
    }
}

/// A short list of moves and the null move, as raw codes a random stream draws from.
fn mv(k: u8) -> Move {
    match k % 4 {
        0 => Move::NULL,
        k => Move::from_raw(0x0040 + u16::from(k)),
    }
}

/// One random event; enters and exits weigh most, so trees grow several levels deep.
fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        4 => (0..4u8, -2..6i8, any::<bool>(), any::<u8>()).prop_map(|(ply, depth, q, m)| {
            Event::NodeEnter {
                ply,
                depth,
                kind: if q { NodeKind::Quiescence } else { NodeKind::Main },
                mv: mv(m),
                alpha: -10,
                beta: 10,
            }
        }),
        4 => (any::<i16>(), 0..3u8).prop_map(|(score, b)| Event::NodeExit {
            score: i32::from(score),
            bound: [Bound::Exact, Bound::Lower, Bound::Upper][usize::from(b)],
        }),
        1 => (any::<u8>(), 0..40u8, any::<bool>()).prop_map(|(m, index, tt)| Event::Cutoff {
            mv: mv(m),
            index,
            source: if tt { MoveSource::TT } else { MoveSource::HISTORY },
            score: 11,
            beta: 10,
        }),
        1 => any::<bool>().prop_map(|cutoff| Event::TtHit {
            mv: Move::NULL,
            depth: 3,
            score: 0,
            bound: Bound::Lower,
            cutoff,
        }),
        1 => any::<u8>().prop_map(|m| Event::MoveTried {
            mv: mv(m),
            index: 0,
            source: MoveSource::QUIET,
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_compact_index_answers_as_the_search_tree_on_any_stream(
        events in prop::collection::vec(event(), 0..300),
    ) {
        assert_same(&events);
    }

    #[test]
    fn fed_in_any_chunks_it_is_the_same_index(
        events in prop::collection::vec(event(), 0..200),
        cuts in prop::collection::vec(0..200usize, 0..6),
    ) {
        let whole = CompactTree::build(events.as_slice()).expect("few nodes");
        let mut builder = CompactTreeBuilder::new();
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(events.len())).collect();
        cuts.sort_unstable();
        let mut from = 0;
        for at in cuts.into_iter().chain([events.len()]) {
            builder.feed(&events[from..at]);
            from = at;
        }
        let chunked = builder.finish().expect("few nodes");
        prop_assert_eq!(chunked.node_count(), whole.node_count());
        for id in 0..whole.node_count() as u32 {
            prop_assert_eq!(chunked.nodes_under(id), whole.nodes_under(id));
            prop_assert_eq!(chunked.outcome(id), whole.outcome(id));
            prop_assert_eq!(chunked.steps_to(id), whole.steps_to(id));
        }
    }
}

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn searched(fen: &str, depth: u8, ordering: &str, cap: usize) -> EventLog {
    let root = Position::from_fen(fen).expect("valid FEN");
    let config = SearchConfig {
        ordering: ordering.parse::<OrderingConfig>().expect("valid ordering"),
        ..SearchConfig::default()
    };
    record_search_capped(&root, config, &Limits::depth(depth), cap).0
}

#[test]
fn real_searches_whole_and_cut_short_index_alike() {
    for (fen, depth) in [(PUZZLE, 5), (KIWIPETE, 3)] {
        let log = searched(fen, depth, "killers=2", usize::MAX);
        assert_same(log.events());
        for cap in [1, 77, log.len() / 3, log.len() - 1] {
            let cut = searched(fen, depth, "killers=2", cap);
            assert!(cut.is_truncated() || cut.len() == log.len(), "{cap}");
            assert_same(cut.events());
        }
    }
}

#[test]
fn the_diff_is_the_same_whichever_index_it_walks() {
    for (fen, depth) in [(PUZZLE, 5), (KIWIPETE, 4)] {
        let (a, b) = (
            searched(fen, depth, "killers=0", usize::MAX),
            searched(fen, depth, "killers=2", usize::MAX),
        );
        let full = [a.events(), b.events()].map(SearchTree::build);
        let compact = [a.events(), b.events()].map(|e| CompactTree::build(e).expect("few"));
        let by_full = diff_trees(
            (&full[0], a.header()),
            (&full[1], b.header()),
            usize::MAX,
            &mut FoldControl::default(),
        )
        .expect("not cancelled");
        let by_compact = diff_trees(
            (&compact[0], a.header()),
            (&compact[1], b.header()),
            usize::MAX,
            &mut FoldControl::default(),
        )
        .expect("not cancelled");
        assert!(by_full.total > 0, "killers change the tree");
        assert_eq!(by_compact, by_full);
    }
}
