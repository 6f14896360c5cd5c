//! Finding things in a recorded search the way a person names them: "the node after …Ra5 Bc6
//! in iteration 5", "the store of Bc6 at ply 1", "the move tried first in …Rb4". Lessons and
//! other scripted walks refer to the search this way, and a reference the search did not
//! produce is an error saying which part was not found — so a script can never point at
//! something that is not there.

use killerscope_chess::{Move, Position};
use killerscope_chess::{parse_san, parse_uci};
use killerscope_log::EventSource;
use killerscope_log::{Event, EventKind, SOURCES};
use killerscope_text::message_error;
use killerscope_trace::{NodeId, SearchTree};

message_error! {
    /// Why a reference did not resolve, in words fit for a lesson author.
    pub struct QueryError(String);
}

fn fail<T>(text: impl Into<String>) -> Result<T, QueryError> {
    Err(QueryError(text.into()))
}

/// Reads one move written in SAN (`Bc6`, `…Rb4`, `...Rb4`, `Qxb4+`) or UCI (`g2c6`) as the
/// legal move it names in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, QueryError> {
    let bare = text.trim().trim_start_matches('…').trim_start_matches('.');
    parse_uci(pos, bare)
        .or_else(|_| parse_san(pos, bare))
        .map_err(|e| QueryError(format!("{e}")))
}

/// A node named by the depth of its iteration and the moves from the root, e.g. depth 5 and
/// `["Ra5", "Bc6"]`. An iteration whose root was searched more than once (an aspiration
/// re-search) means its last search; a move searched twice from the same node (a zero-window
/// probe, then a re-search) means its first search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRef {
    /// The iteration, by its depth.
    pub depth: u8,
    /// Moves from the root, SAN or UCI; empty for the root itself.
    pub path: Vec<String>,
}

/// The root of the iteration searched to `depth` (its last search, if re-searched).
pub fn iteration_root(tree: &SearchTree, depth: u8) -> Result<NodeId, QueryError> {
    let roots = tree.roots().iter().rev();
    match roots
        .filter_map(|&id| Some((id, tree.node(id)?)))
        .find(|(_, n)| n.depth() == depth as i8)
    {
        Some((id, _)) => Ok(id),
        None => fail(format!("the search has no iteration at depth {depth}")),
    }
}

/// Resolves `node` in `tree`, a search of `root`: the node and the position at it.
pub fn find_node(
    tree: &SearchTree,
    root: &Position,
    node: &NodeRef,
) -> Result<(NodeId, Position), QueryError> {
    let mut id = iteration_root(tree, node.depth)?;
    let mut pos = root.clone();
    for (k, text) in node.path.iter().enumerate() {
        let mv = parse_move(&pos, text)
            .map_err(|e| QueryError(format!("move {} of the path, {text}: {e}", k + 1)))?;
        let Some(child) = tree
            .children(id)
            .find(|&c| tree.node(c).is_some_and(|n| n.mv() == mv))
        else {
            return fail(format!(
                "in iteration {}, {text} (move {} of the path) was not searched there",
                node.depth,
                k + 1
            ));
        };
        pos.make_move(mv);
        id = child;
    }
    Ok((id, pos))
}

/// The moves `node` tried, in the order it tried them (its own list, not its descendants').
pub fn moves_tried<S: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &S,
    node: NodeId,
) -> Vec<Move> {
    let mut depth = 0usize;
    let mut moves = Vec::new();
    events.for_each_chunk(tree.event_range(node), &mut |chunk| {
        for event in chunk {
            match *event {
                Event::NodeEnter { .. } => depth += 1,
                Event::NodeExit { .. } => depth = depth.saturating_sub(1),
                Event::MoveTried { mv, .. } if depth == 1 => moves.push(mv),
                _ => {}
            }
        }
    });
    moves
}

/// The move that made `node` cut off, if it did.
pub fn cutoff_move(tree: &SearchTree, node: NodeId) -> Option<Move> {
    tree.node(node)?.cutoff().map(|c| c.mv)
}

/// An event named by its kind, the move it concerns, and optionally the ply it happened at and
/// the iteration; `nth` (1-based) picks among several matches in search order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRef {
    /// `killer_store`, `cutoff`, `move_tried`, … (the JSON names of `EventKind`).
    pub kind: String,
    /// The move, SAN or UCI, read in the position where the event happened.
    pub mv: String,
    /// Ply of the node the event belongs to.
    pub ply: Option<u8>,
    /// Depth of the iteration it happened in.
    pub depth: Option<u8>,
    /// Only events of this node itself (not of its descendants).
    pub within: Option<NodeId>,
    /// Only events whose ordering source has this label (`K2`, `Cap`, …).
    pub source: Option<String>,
    /// Which match, 1 = the first.
    pub nth: usize,
}

/// The index of the event `wanted` names in `events` (a search of `root` indexed by `tree`).
pub fn find_event<S: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &S,
    root: &Position,
    wanted: &EventRef,
) -> Result<usize, QueryError> {
    let Some(kind) = EventKind::from_name(&wanted.kind) else {
        let names: Vec<&str> = EventKind::ALL.iter().map(|k| k.name()).collect();
        return fail(format!(
            "unknown event kind {} (known: {})",
            wanted.kind,
            names.join(", ")
        ));
    };
    let range = match (wanted.within, wanted.depth) {
        (Some(node), _) => tree.event_range(node),
        (None, Some(depth)) => tree.event_range(iteration_root(tree, depth)?),
        (None, None) => 0..events.event_count(),
    };
    if let Some(label) = wanted.source.as_deref()
        && !SOURCES.iter().any(|s| s.label == label)
    {
        let labels: Vec<&str> = SOURCES.iter().map(|s| s.label).collect();
        return fail(format!(
            "unknown source {label} (known: {})",
            labels.join(", ")
        ));
    }
    let mut seen = 0;
    for i in range {
        let Some(event) = events.event(i) else { break };
        if event.kind() != kind {
            continue;
        }
        let Some(node) = tree.node_at_event(i) else {
            continue;
        };
        if wanted.within.is_some_and(|w| w != node) {
            continue;
        }
        if let Some(label) = wanted.source.as_deref()
            && event_source_label(&event) != Some(label)
        {
            continue;
        }
        let ply = tree.node(node).map(|n| n.ply());
        if wanted.ply.is_some() && wanted.ply != ply {
            continue;
        }
        let Some(pos) = killerscope_trace::line::position_at(tree, root, node) else {
            continue;
        };
        let matches = parse_move(&pos, &wanted.mv).is_ok_and(|mv| event.named_move() == Some(mv));
        if matches {
            seen += 1;
            if seen == wanted.nth {
                return Ok(i);
            }
        }
    }
    let place = [
        wanted.source.as_ref().map(|s| format!("from {s}")),
        wanted.within.map(|_| "at the node".to_string()),
        wanted.ply.map(|p| format!("at ply {p}")),
        wanted.depth.map(|d| format!("in iteration {d}")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    fail(format!(
        "the search has {seen} {} of {} {place}, not {}",
        wanted.kind, wanted.mv, wanted.nth
    ))
}

/// The label of the ordering source of a tried or cutting move.
fn event_source_label(event: &Event) -> Option<&'static str> {
    match *event {
        Event::MoveTried { source, .. } | Event::Cutoff { source, .. } => SOURCES
            .iter()
            .find(|s| s.code == source.code())
            .map(|s| s.label),
        _ => None,
    }
}
