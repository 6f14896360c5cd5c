//! The sentences of a node that ended in a beta cutoff: which move cut and how it was found,
//! what the cutoff stored (a killer, a mate killer, a countermove), and how that move then
//! fared as a killer in the node's later siblings. Apart from `explain.rs`, which puts the
//! sentences of every kind of node in order and draws them.

use super::{CUTOFF, KEY, MORE, Weight};
use crate::widgets::countermoves;
use killerscope_chess::{Move, Notation, Position};
use killerscope_engine::{CounterKey, fmt};
use killerscope_explorer::{NodeId, Session};
use killerscope_log::Event;
use killerscope_trace::CutoffInfo;

/// The node a cutoff sentence is about: who moves, what led to it, its position, its β and
/// the score it returned (if the log has it).
pub(super) struct CutBy<'a> {
    pub mover: &'static str,
    pub led_by: &'a str,
    pub pos: &'a Position,
    pub beta: i32,
    pub score: Option<i32>,
}

/// The sentences of a node that ended in a beta cutoff: the move that cut and how it was
/// found, the stores the cutoff made, and how the move fared as a killer in later siblings.
pub(super) fn cutoff_sentences(
    session: &Session,
    id: NodeId,
    cut: CutoffInfo,
    by: &CutBy,
    notation: Notation,
) -> Vec<(String, Weight)> {
    let CutBy {
        mover,
        led_by,
        pos,
        beta,
        score,
    } = by;
    let quiet = if cut.mv.is_quiet() { "quiet " } else { "" };
    let score = score.map_or(String::from("?"), fmt::score);
    let tries = usize::from(cut.index) + 1;
    let mut out = vec![(
        format!(
            "{mover}'s {quiet}{} cut off {led_by} after {tries} move{} tried ({}): beta cutoff (score {score} ≥ β {}).",
            notation.format(pos, cut.mv),
            if tries == 1 { "" } else { "s" },
            session.header().sources.label(cut.source),
            fmt::score(*beta),
        ),
        CUTOFF,
    )];
    for store in stores_after_cutoff(session, id) {
        out.push((store_sentence(session, id, store, notation), KEY));
    }
    let (looked, tried, cutoffs) = later_sibling_killer_record(session, id, cut.mv);
    if tried > 0 {
        let scope = if looked == LATER_SIBLINGS {
            format!(" (of the next {} looked at)", fmt::grouped(looked as u64))
        } else {
            String::new()
        };
        out.push((
            format!(
                " Tried as a killer in {tried} later sibling{}{scope}; cut off {cutoffs} of them.",
                if tried == 1 { "" } else { "s" }
            ),
            MORE,
        ));
    }
    out
}

/// The indexes of the store events that followed the node's own cutoff, in order: a killer or
/// mate-killer store, then a countermove store (only quiet cutting moves are stored).
fn stores_after_cutoff(session: &Session, id: NodeId) -> Vec<usize> {
    let Some(node) = session.node(id) else {
        return Vec::new();
    };
    let Some(exit) = node.exit_event() else {
        return Vec::new();
    };
    let mut stores = Vec::new();
    for i in (node.enter_event() + 1..exit).rev() {
        match session.events().get(i) {
            Some(
                Event::KillerStore { .. }
                | Event::MateKillerStore { .. }
                | Event::CounterStore { .. },
            ) => stores.push(i),
            Some(Event::Cutoff { .. }) => {
                stores.reverse();
                return stores;
            }
            _ => return Vec::new(),
        }
    }
    Vec::new()
}

/// What the store event at `store`, right after node `id`'s cutoff, did — in words.
fn store_sentence(session: &Session, id: NodeId, store: usize, notation: Notation) -> String {
    let (Some(node), Some(event)) = (session.node(id), session.events().get(store)) else {
        return String::new();
    };
    let pos = session.position_at(Some(id));
    match event {
        Event::KillerStore { ply: row, mv, .. } => {
            let before = session.replay().killer_row(row, store);
            let pushed = before
                .as_slice()
                .first()
                .copied()
                .filter(|m| !m.is_null() && *m != mv);
            let (unit, at) = if session.replay().killer_rows_by_depth() {
                ("depth", row)
            } else {
                ("ply", node.ply())
            };
            match pushed {
                Some(m) => format!(
                    " Stored as killer 1 at {unit} {at}; {} moved to slot 2.",
                    notation.format(&pos, m)
                ),
                None => format!(" Stored as killer 1 at {unit} {at}."),
            }
        }
        Event::MateKillerStore { ply, .. } => format!(
            " It found a mate: stored as the mate killer at ply {ply}, tried before the killers there."
        ),
        Event::CounterStore { key, .. } => {
            let answered = CounterKey::from_index(usize::from(key))
                .map_or_else(|| format!("#{key}"), countermoves::answered_text);
            format!(
                " Stored as the countermove to {answered} (that piece to that square, wherever it is played), tried after the killers."
            )
        }
        _ => String::new(),
    }
}

/// Later siblings looked at for the killer record: a node can have a million children, and
/// the panel is drawn every frame.
const LATER_SIBLINGS: usize = 1_000;
/// Children of each of them looked at for the killer: killers are tried before the quiet
/// moves, and no position has more than 218 legal moves.
const KILLER_WITHIN: usize = 256;

/// How `mv` fared in the siblings searched after `id` (the first `LATER_SIBLINGS` of them):
/// (siblings looked at, times tried as a killer — a slot or any source the header calls a
/// killer — and cutoffs).
fn later_sibling_killer_record(session: &Session, id: NodeId, mv: Move) -> (usize, u32, u32) {
    let mut looked = 0;
    let mut tried = 0;
    let mut cut = 0;
    let later = std::iter::successors(session.next_sibling(id), |&s| session.next_sibling(s));
    for sibling in later.take(LATER_SIBLINGS) {
        looked += 1;
        let mut replies = session.children(Some(sibling)).take(KILLER_WITHIN);
        let as_killer = replies.any(|c| {
            session.node(c).is_some_and(|n| {
                n.mv() == mv
                    && n.enter_event()
                        .checked_sub(1)
                        .and_then(|i| session.events().get(i))
                        .is_some_and(|e| {
                            matches!(e, Event::MoveTried { source, .. }
                                if session.header().sources.is_killer(source))
                        })
            })
        });
        if as_killer {
            tried += 1;
            if session
                .node(sibling)
                .and_then(|n| n.cutoff())
                .is_some_and(|c| c.mv == mv)
            {
                cut += 1;
            }
        }
    }
    (looked, tried, cut)
}
