//! What a `NodeEnter` event says about its node, as one value.

use crate::{Event, NodeKind};
use killerscope_chess::Move;

/// A node as its `NodeEnter` event opens it. The readers of a log (the tree index, the node
/// walk, the audit, the JSONL export) take it whole instead of each naming the event's six
/// fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeEntry {
    /// Distance from the root (root = 0).
    pub ply: u8,
    /// Remaining depth.
    pub depth: i8,
    /// Main search or quiescence.
    pub kind: NodeKind,
    /// The move that led to the node (null at the root and after a null move).
    pub mv: Move,
    /// The window (alpha, beta) the node was entered with.
    pub window: (i32, i32),
}

impl NodeEntry {
    /// The node `event` enters; `None` when it is not a `NodeEnter`.
    #[inline]
    pub fn of(event: &Event) -> Option<NodeEntry> {
        match *event {
            Event::NodeEnter {
                ply,
                depth,
                kind,
                mv,
                alpha,
                beta,
            } => Some(NodeEntry {
                ply,
                depth,
                kind,
                mv,
                window: (alpha, beta),
            }),
            _ => None,
        }
    }
}

/// The `NodeEnter` of a main node at `ply` reached by `mv` (depth 1, window ±100): what the
/// trace readers' tests build their event lines from.
#[cfg(test)]
pub(crate) fn enter_event(ply: u8, mv: Move) -> Event {
    Event::NodeEnter {
        ply,
        depth: 1,
        kind: NodeKind::Main,
        mv,
        alpha: -100,
        beta: 100,
    }
}
