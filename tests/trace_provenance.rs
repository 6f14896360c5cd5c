//! `why` on every node of searches of random positions: each chain is a line of children that
//! really made the score (each link's score is the negation of the next one's, the cutting move
//! leads to the next link) and it ends where a number is born — a static evaluation, a TT entry
//! that ended a node, a mate, a stalemate or a draw (and, with selective search on, a node
//! pruned whole or a null move's mate) — never "unknown", never guessed, on killerscope's own
//! logs. A log without `static_score` events (an older log, another engine's trace) still ends
//! every chain at such an origin, read from the tree.

use crate::chess_common as common;

use killerscope_analysis::{Origin, Via, explain_score};
use killerscope_chess::Position;
use killerscope_engine::score::is_mate;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, SelectiveConfig};
use killerscope_log::EventLog;
use killerscope_log::{Event, StaticKind};
use killerscope_trace::{NodeId, SearchTree, record_search};
use std::collections::BTreeSet;

/// Checks every chain of `log`; returns the names of the origins met.
fn check_chains(
    log: &EventLog,
    what: &str,
    allow_inferred: bool,
    selective: bool,
) -> BTreeSet<String> {
    let tree = SearchTree::build(log.events());
    let mut seen = BTreeSet::new();
    for id in 0..tree.len() as NodeId {
        let chain = explain_score(&tree, log.events(), id).expect("a node of the tree");
        for pair in chain.links.windows(2) {
            let (parent, child) = (&pair[0], &pair[1]);
            let (ps, cs) = (
                parent.result.expect("closed").0,
                child.result.expect("closed").0,
            );
            assert_eq!(
                ps, -cs,
                "{what}: node {id}, link {} -> {}",
                parent.node, child.node
            );
            assert_eq!(
                tree.node(child.node).and_then(|c| c.parent()),
                Some(parent.node),
                "{what}"
            );
            match parent.via.expect("a way to the next link") {
                Via::Cut { mv, .. } => {
                    assert_eq!(child.mv, mv, "{what}: the cutting move leads on");
                    assert_eq!(
                        tree.node(parent.node)
                            .and_then(|n| n.cutoff())
                            .map(|c| c.mv),
                        Some(mv)
                    );
                }
                Via::Best { mv } => assert_eq!(child.mv, mv, "{what}"),
                Via::NullMove => assert!(child.mv.is_null(), "{what}"),
            }
        }
        let last = chain.links.last().expect("at least the node itself");
        let score = last.result.expect("closed").0;
        let name = match chain.origin {
            Origin::StaticEval { inferred, .. } => {
                assert!(allow_inferred || !inferred, "{what}: node {id} inferred");
                "eval"
            }
            Origin::TtHit => {
                assert!(
                    tree.node(last.node).is_some_and(|n| n.tt_cutoff()),
                    "{what}"
                );
                "tt"
            }
            Origin::Checkmate { inferred } => {
                assert!(allow_inferred || !inferred, "{what}: node {id} inferred");
                assert!(is_mate(score) && score < 0, "{what}: mated scores {score}");
                "mate"
            }
            Origin::Stalemate { inferred } => {
                assert!(allow_inferred || !inferred, "{what}: node {id} inferred");
                assert_eq!(score, 0, "{what}");
                "stalemate"
            }
            Origin::Draw(kind) => {
                assert_eq!(score, 0, "{what}");
                kind.name()
            }
            Origin::Pruned(rule) if selective => rule.name(),
            Origin::NullMoveBound if selective => "null mate",
            other => panic!("{what}: node {id}'s chain ends at {other:?}"),
        };
        seen.insert(name.to_string());
    }
    seen
}

/// Positions met along random games from the seeds, and a few endings where mates, stalemates
/// and draws by rule are met within a few plies.
fn positions() -> Vec<Position> {
    let mut list: Vec<Position> = common::sample_positions(1, 24, 0x5eed)
        .into_iter()
        .step_by(7)
        .collect();
    for fen in [
        "k7/8/1Q6/8/8/8/8/7K w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "8/8/4k3/8/2n5/3K4/8/8 w - - 0 1",
        "7k/8/8/8/8/8/8/R6K w - - 99 120",
    ] {
        list.push(common::pos(fen));
    }
    list
}

#[test]
fn every_chain_ends_where_a_number_is_born() {
    let selective = SearchConfig {
        selective: "all=on".parse::<SelectiveConfig>().expect("valid"),
        ..SearchConfig::default()
    };
    let plain = SearchConfig {
        ordering: "killers=0,history=off"
            .parse::<OrderingConfig>()
            .expect("valid"),
        ..SearchConfig::default()
    };
    let mut seen = BTreeSet::new();
    for (k, pos) in positions().iter().enumerate() {
        let (config, is_selective) = match k % 3 {
            0 => (SearchConfig::default(), false),
            1 => (plain, false),
            _ => (selective, true),
        };
        let (log, _) = record_search(pos, config, &Limits::depth(4));
        let what = pos.to_fen();
        seen.extend(check_chains(&log, &what, false, is_selective));

        // The same log without its static_score events reads as an older log or another
        // engine's trace would: every chain still ends at a number's birth.
        let bare: Vec<Event> = log
            .events()
            .iter()
            .copied()
            .filter(|e| !matches!(e, Event::StaticScore { .. }))
            .collect();
        let older = EventLog::from_parts(log.header().clone(), bare, log.pvs().to_vec(), false);
        check_chains(
            &older,
            &format!("{what} without static scores"),
            true,
            is_selective,
        );
    }
    let draws = [
        StaticKind::Repetition,
        StaticKind::FiftyMoves,
        StaticKind::InsufficientMaterial,
    ];
    for origin in ["eval", "tt", "mate", "stalemate"]
        .into_iter()
        .chain(draws.map(StaticKind::name))
    {
        assert!(
            seen.contains(origin),
            "no chain ended at {origin}: {seen:?}"
        );
    }
}
