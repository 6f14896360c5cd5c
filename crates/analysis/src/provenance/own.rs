//! What a node's own events say about its score (those between its enter and exit that are not
//! inside a child): a cutoff, a TT entry that ended it, a null move that failed high, a prune
//! of the whole node, a score settled without a move.

use super::Origin;
use killerscope_log::EventSource;
use killerscope_log::{Event, PruneRule, StaticKind};
use killerscope_trace::{CutoffInfo, NodeId, SearchTree};

/// The facts, as found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct OwnFacts {
    pub cutoff: Option<CutoffInfo>,
    pub tt_cutoff: bool,
    pub null_cutoff: bool,
    pub pruned_node: Option<PruneRule>,
    /// A `static_score` stand pat, its score.
    pub stand_pat: Option<i32>,
    /// Any other `static_score`.
    pub settled: Option<StaticKind>,
}

impl OwnFacts {
    /// The origin a `static_score` other than a stand pat names.
    pub(super) fn settled(&self) -> Option<Origin> {
        let kind = self.settled?;
        Some(match kind {
            StaticKind::StandPat | StaticKind::PlyLimit => Origin::StaticEval {
                ply_limit: kind == StaticKind::PlyLimit,
                inferred: false,
            },
            StaticKind::Checkmate => Origin::Checkmate { inferred: false },
            StaticKind::Stalemate => Origin::Stalemate { inferred: false },
            StaticKind::Repetition | StaticKind::FiftyMoves | StaticKind::InsufficientMaterial => {
                Origin::Draw(kind)
            }
        })
    }
}

/// Reads node `id`'s own events, stepping over each child's.
pub(super) fn own_facts<S: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &S,
    id: NodeId,
) -> OwnFacts {
    let mut facts = OwnFacts::default();
    let Some(node) = tree.node(id) else {
        return facts;
    };
    let end = node.exit_event().unwrap_or(events.event_count());
    let mut child = node.first_child().and_then(|c| tree.node(c));
    let mut i = node.enter_event() + 1;
    while i < end {
        if let Some(c) = child.filter(|c| c.enter_event() == i) {
            i = c.exit_event().map_or(end, |x| x + 1);
            child = c.next_sibling().and_then(|n| tree.node(n));
            continue;
        }
        match events.event(i) {
            Some(event @ Event::Cutoff { .. }) => facts.cutoff = CutoffInfo::of(&event),
            Some(Event::TtHit { cutoff: true, .. }) => facts.tt_cutoff = true,
            Some(Event::NullMove { cutoff: true, .. }) => facts.null_cutoff = true,
            Some(Event::Pruned { mv, rule, .. }) if mv.is_null() => facts.pruned_node = Some(rule),
            Some(Event::StaticScore {
                kind: StaticKind::StandPat,
                score,
            }) => facts.stand_pat = Some(score),
            Some(Event::StaticScore { kind, .. }) => facts.settled = Some(kind),
            Some(_) => {}
            None => break,
        }
        i += 1;
    }
    facts
}
