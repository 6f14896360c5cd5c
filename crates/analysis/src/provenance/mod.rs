//! Where a node's score came from: the chain of children that made it — the cutting move's
//! search, the best move of a PV or ALL node, the null move that failed high — down to where
//! the number was born: a static evaluation (a stand-pat), a transposition-table entry that
//! ended a node, a mate or stalemate, a draw by rule, a node pruned whole.
//!
//! Read from the tree index and each node's own events, so it works on a mapped log of any
//! size (a chain is as long as the search is deep, each step reads one node's events). The
//! search says how a score was settled without a move in a `static_score` event where the tree
//! alone cannot tell (a draw, a mate, a quiescence node that searched captures yet stood pat); a
//! log without those events (another engine's trace, an older log) gets the same origins
//! inferred from the tree, and says so. A fail-hard engine's node returns its bound where its
//! search found more (a stand pat above beta, a best move below alpha): the chain names that
//! clamp instead of tracing the bound to a number it never held.

mod own;
mod text;

use killerscope_chess::Move;
use killerscope_engine::score::is_mate;
use killerscope_log::EventSource;
use killerscope_log::{Bound, MoveSource, NodeKind, PruneRule, StaticKind};
use killerscope_trace::NodeType;
use killerscope_trace::{NodeId, SearchTree};
use own::{OwnFacts, own_facts};
pub use text::{origin_text, score_text, via_text};

/// How a node took its score from a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// A move failed high: the score is its search's.
    Cut {
        /// The move.
        mv: Move,
        /// Its 0-based place in the ordered list.
        index: u8,
        /// What put it there.
        source: MoveSource,
    },
    /// The best move of a node that did not cut (PV or ALL): the first whose search returned
    /// the node's score.
    Best {
        /// The move.
        mv: Move,
    },
    /// The null move failed high and cut the node: the score is the null search's.
    NullMove,
}

/// Where the number was born.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The static evaluation: a quiescence node standing pat, or the deepest ply the search
    /// holds.
    StaticEval {
        /// The ply limit rather than a stand-pat.
        ply_limit: bool,
        /// Read from the tree (no `static_score` event said so).
        inferred: bool,
    },
    /// A transposition-table entry ended the node without a search.
    TtHit,
    /// The side to move is checkmated.
    Checkmate {
        /// Read from the tree.
        inferred: bool,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate {
        /// Read from the tree (a log without `static_score` events cannot tell a stalemate
        /// from a draw by rule).
        inferred: bool,
    },
    /// A draw by repetition, the fifty-move rule or insufficient material.
    Draw(StaticKind),
    /// A rule pruned the whole node; the score is the bound it judged (reverse futility: the
    /// static evaluation minus a margin; mate distance: the window).
    Pruned(PruneRule),
    /// The null move found a mate, which proves nothing about the real moves: the node
    /// returned beta.
    NullMoveBound,
    /// A fail-hard return: the node returned its bound (beta on a fail high, alpha on a fail
    /// low) where what its search found — the stand pat, the cutting or best move's search —
    /// was beyond it. Only clamping explains a score equal to the bound then.
    Clamped {
        /// Beta (a fail high) rather than alpha.
        beta: bool,
        /// The bound, which the node returned.
        bound: i32,
        /// What the search found beyond it.
        found: i32,
        /// Where that was found: `"the stand pat"`, `"the cutting move's search"`, `"the best
        /// move's search"`.
        from: &'static str,
    },
    /// The log cannot say: the search was stopped in this node, the log ends inside it, or
    /// its children were not recorded.
    Unknown(&'static str),
}

/// One node of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainLink {
    /// The node.
    pub node: NodeId,
    /// The move that led to it.
    pub mv: Move,
    /// Its window at entry.
    pub window: (i32, i32),
    /// Its score and bound (`None`: unfinished).
    pub result: Option<(i32, Bound)>,
    /// Its type.
    pub node_type: Option<NodeType>,
    /// How it took its score from the next link (`None` for the last).
    pub via: Option<Via>,
}

/// A node's score traced to its origin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreChain {
    /// From the node asked about down to the node where the score was born.
    pub links: Vec<ChainLink>,
    /// How it was born there.
    pub origin: Origin,
}

/// Traces the score of node `id` of `tree` (whose events are `events`); `None` for an
/// unknown id.
pub fn explain_score<S: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &S,
    id: NodeId,
) -> Option<ScoreChain> {
    let mut links = Vec::new();
    let mut at = id;
    loop {
        let node = tree.node(at)?;
        let mut link = ChainLink {
            node: at,
            mv: node.mv(),
            window: node.window(),
            result: node.result(),
            node_type: node.result().map(|(_, b)| NodeType::of(node.kind(), b)),
            via: None,
        };
        let facts = own_facts(tree, events, at);
        match next(tree, at, &link, &facts) {
            Next::Child(via, child) => {
                link.via = Some(via);
                links.push(link);
                at = child;
            }
            Next::Born(origin) => {
                links.push(link);
                return Some(ScoreChain { links, origin });
            }
        }
    }
}

enum Next {
    Child(Via, NodeId),
    Born(Origin),
}

/// Where node `id`'s score came from, one step.
fn next(tree: &SearchTree, id: NodeId, link: &ChainLink, facts: &OwnFacts) -> Next {
    let Some((score, _)) = link.result else {
        return Next::Born(Origin::Unknown("the log ends inside this node"));
    };
    if let Some(origin) = facts.settled() {
        return Next::Born(origin);
    }
    if facts.tt_cutoff {
        return Next::Born(Origin::TtHit);
    }
    if let Some(rule) = facts.pruned_node {
        return Next::Born(Origin::Pruned(rule));
    }
    let children: Vec<(NodeId, Move, Option<i32>)> = tree
        .children(id)
        .filter_map(|c| {
            let n = tree.node(c)?;
            Some((c, n.mv(), n.result().map(|r| r.0)))
        })
        .collect();
    if facts.null_cutoff {
        return match children.iter().find(|c| c.1.is_null()) {
            Some(&(c, _, Some(s))) if -s == score => Next::Child(Via::NullMove, c),
            _ => Next::Born(Origin::NullMoveBound),
        };
    }
    if let Some(cut) = facts.cutoff {
        if let Some(&(c, _, s)) = children.iter().rev().find(|c| c.1 == cut.mv) {
            if let Some(found) = s
                .map(|s| -s)
                .filter(|&f| score == link.window.1 && f > score)
            {
                return Next::Born(clamped(true, score, found, "the cutting move's search"));
            }
            let via = Via::Cut {
                mv: cut.mv,
                index: cut.index,
                source: cut.source,
            };
            return Next::Child(via, c);
        }
        return Next::Born(Origin::Unknown(
            "the cutting move's search was not recorded",
        ));
    }
    if facts.stand_pat == Some(score) {
        return Next::Born(Origin::StaticEval {
            ply_limit: false,
            inferred: false,
        });
    }
    // The last search of each move is the one that counts; the first that returned the
    // node's score is its best move.
    let last_searches = children
        .iter()
        .enumerate()
        .filter(|(k, c)| !c.1.is_null() && children.get(k + 1).is_none_or(|n| n.1 != c.1));
    let mut best = facts.stand_pat.map(|sp| (sp, "the stand pat"));
    for (_, &(c, mv, s)) in last_searches {
        if s.is_some_and(|s| -s == score) {
            return Next::Child(Via::Best { mv }, c);
        }
        if let Some(found) = s.map(|s| -s).filter(|&f| best.is_none_or(|b| f > b.0)) {
            best = Some((found, "the best move's search"));
        }
    }
    let (alpha, beta) = link.window;
    // Only where every value the node could return is known: a quiescence node's stand pat (a
    // `static_score` event), a full-width node's every move searched to its end.
    let all_known = tree.node(id).is_some_and(|n| match n.kind() {
        NodeKind::Quiescence => facts.stand_pat.is_some(),
        NodeKind::Main => n.pruned_moves() == 0 && children.iter().all(|c| c.2.is_some()),
    });
    match best.filter(|_| all_known) {
        Some((found, from)) if score == beta && found > beta => {
            Next::Born(clamped(true, score, found, from))
        }
        Some((found, from)) if score == alpha && found < alpha => {
            Next::Born(clamped(false, score, found, from))
        }
        _ => Next::Born(inferred(tree, id, score, children.is_empty())),
    }
}

fn clamped(beta: bool, bound: i32, found: i32, from: &'static str) -> Origin {
    Origin::Clamped {
        beta,
        bound,
        found,
        from,
    }
}

/// The origin of a score no event and no child explains. A quiescence node without children
/// stood pat, or was mated — the schema's rule, so no event is needed there; the rest is read
/// from the tree where a `static_score` event would have said it (an older log, another
/// engine's trace), and marked inferred.
fn inferred(tree: &SearchTree, id: NodeId, score: i32, leaf: bool) -> Origin {
    let kind = tree.node(id).map_or(NodeKind::Main, |n| n.kind());
    match (kind, leaf) {
        (NodeKind::Quiescence, true) if is_mate(score) => Origin::Checkmate { inferred: false },
        (NodeKind::Quiescence, leaf) => Origin::StaticEval {
            ply_limit: false,
            inferred: !leaf,
        },
        (NodeKind::Main, true) if is_mate(score) => Origin::Checkmate { inferred: true },
        (NodeKind::Main, true) if score == 0 => Origin::Stalemate { inferred: true },
        (NodeKind::Main, true) => {
            Origin::Unknown("a leaf of the full-width search with no event saying why")
        }
        (NodeKind::Main, false) => {
            Origin::Unknown("no child returned this score: the search was stopped here")
        }
    }
}
