//! What selective search did at one node — reduced, searched again, cut by a null move, pruned
//! whole, moves pruned without a search, an aspiration window — read from the events right next
//! to the node's enter and exit, so a viewer can mark every row of a frame in constant time per
//! row, however big the subtrees are.
//!
//! The search reports these as events of the parent (`Reduction` and `ReSearch` just before the
//! child's `NodeEnter`, `NullMove` just after the null-move child's `NodeExit`, `Aspiration`
//! just after a root's `NodeExit`) or of the node itself (`Pruned` just before its `NodeExit`).

use super::tree::{Node, NodeId, SearchTree};
use killerscope_chess::Move;
use killerscope_log::EventSource;
use killerscope_log::{Event, MoveSource, PruneRule, ReSearchReason, WindowOutcome};

/// Why a node searches the same move as the sibling before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReSearch {
    /// Principal variation search: the null-window search failed high, so the move is searched
    /// again with the full window.
    Pvs,
    /// Late move reduction: the reduced search failed high, so the move is searched again at
    /// full depth.
    Reduction,
}

/// A null move a node tried before its real moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullTry {
    /// Remaining depth of the null-move search.
    pub depth: i8,
    /// The null-move reduction R.
    pub reduction: u8,
    /// Its score, from the node's side.
    pub score: i32,
    /// Whether it failed high and so ended the node without a move searched.
    pub cutoff: bool,
}

/// One try of an aspiration window at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The iteration.
    pub depth: u8,
    /// Lower bound.
    pub alpha: i32,
    /// Upper bound.
    pub beta: i32,
    /// Where the score fell.
    pub outcome: WindowOutcome,
}

/// A move pruned without a search: it never became a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrunedMove {
    /// The move.
    pub mv: Move,
    /// The rule that pruned it.
    pub rule: PruneRule,
    /// The estimate the rule judged (static evaluation plus its margin).
    pub score: i32,
}

/// Everything selective search left on one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The node's move was searched this many plies shallower (a late move reduction).
    pub reduced: Option<u8>,
    /// The node searches its move a second (or third) time, and why.
    pub research: Option<ReSearch>,
    /// The node is a null-move search: the side to move at the parent passed.
    pub null_search: bool,
    /// The null move the node tried, if it did.
    pub null_move: Option<NullTry>,
    /// The node was pruned whole (reverse futility, mate distance) and the bound judged.
    pub pruned: Option<(PruneRule, i32)>,
    /// Moves pruned here without a search.
    pub pruned_moves: u8,
    /// For a root: the aspiration window it was searched with and how it turned out.
    pub aspiration: Option<Window>,
    /// The node's move left the mover's king attacked (an illegal try, or a null move in
    /// check): the node is refuted by a king capture.
    pub illegal: bool,
    /// Moves tried here that left the king attacked.
    pub illegal_tries: u8,
}

impl Node<'_> {
    /// Whether this node is a null-move search (the parent passed): its move is the null move
    /// but, unlike a root's, below ply 0, and one ply below its parent (not a search of the
    /// parent's own position again: `Node::same_position`).
    pub fn is_null_move(self) -> bool {
        self.mv().is_null() && self.ply() > 0 && !self.same_position()
    }
}

impl Marks {
    /// The marks of node `id` of `tree`, indexed from `events`; nothing for an unknown id.
    pub fn of<S: EventSource + ?Sized>(tree: &SearchTree, events: &S, id: NodeId) -> Marks {
        let Some(node) = tree.node(id) else {
            return Marks::default();
        };
        let at = |i: Option<usize>| i.and_then(|i| events.event(i));
        let before = at(node.enter_event().checked_sub(1));
        let mv = node.mv();
        let reduced = match before {
            Some(Event::Reduction { mv: m, by }) if m == mv => Some(by),
            _ => None,
        };
        let research = match before {
            Some(Event::ReSearch {
                mv: m,
                reason: ReSearchReason::Reduction,
            }) if m == mv => Some(ReSearch::Reduction),
            _ if !mv.is_null() && previous_same_move(tree, node) => Some(ReSearch::Pvs),
            _ => None,
        };
        let null_move = node
            .first_child()
            .and_then(|c| tree.node(c))
            .filter(|c| c.is_null_move())
            .and_then(|c| match at(c.exit_event().map(|x| x + 1)) {
                Some(Event::NullMove {
                    depth,
                    reduction,
                    score,
                    cutoff,
                }) => Some(NullTry {
                    depth,
                    reduction,
                    score,
                    cutoff,
                }),
                _ => None,
            });
        let exit = node.exit_event();
        let pruned = match at(exit.and_then(|x| x.checked_sub(1))) {
            Some(Event::Pruned { mv, rule, score }) if mv.is_null() => Some((rule, score)),
            _ => None,
        };
        let aspiration = match at(exit.map(|x| x + 1)) {
            Some(Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            }) if node.parent().is_none() => Some(Window {
                depth,
                alpha,
                beta,
                outcome,
            }),
            _ => None,
        };
        Marks {
            reduced,
            research,
            null_search: node.is_null_move(),
            null_move,
            pruned,
            pruned_moves: node.pruned_moves(),
            aspiration,
            illegal: node.illegal(),
            illegal_tries: node.illegal_tries(),
        }
    }
}

fn previous_same_move(tree: &SearchTree, node: Node<'_>) -> bool {
    node.prev_sibling()
        .and_then(|p| tree.node(p))
        .is_some_and(|p| p.mv() == node.mv())
}

/// Where node `id`'s move stood in its parent's ordered list (0-based) and what put it there,
/// from the `MoveTried` event of its first search (a re-search has none of its own).
pub fn move_order<S: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &S,
    id: NodeId,
) -> Option<(u8, MoveSource)> {
    let mut node = tree.node(id)?;
    while previous_same_move(tree, node) {
        node = tree.node(node.prev_sibling()?)?;
    }
    let back = |k: usize| {
        node.enter_event()
            .checked_sub(k)
            .and_then(|i| events.event(i))
    };
    let tried = match back(1)? {
        Event::Reduction { .. } => back(2)?,
        e => e,
    };
    match tried {
        Event::MoveTried { mv, index, source } if mv == node.mv() => Some((index, source)),
        _ => None,
    }
}

/// The moves pruned at node `id` without a search, in the order the search met them, at most
/// `limit`: its own events are walked with each child's subtree skipped, and the walk ends once
/// the node's count of pruned moves is reached.
pub fn pruned_moves<S: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &S,
    id: NodeId,
    limit: usize,
) -> Vec<PrunedMove> {
    let Some(node) = tree.node(id) else {
        return Vec::new();
    };
    let wanted = usize::from(node.pruned_moves()).min(limit);
    let mut found = Vec::with_capacity(wanted);
    let mut child = node.first_child();
    let end = node.exit_event().unwrap_or(events.event_count());
    let mut i = node.enter_event() + 1;
    while i < end && found.len() < wanted {
        match events.event(i) {
            Some(Event::NodeEnter { .. }) => {
                let Some(c) = child.and_then(|c| tree.node(c)) else {
                    break;
                };
                let Some(exit) = c.exit_event() else {
                    break;
                };
                i = exit;
                child = c.next_sibling();
            }
            Some(Event::Pruned { mv, rule, score }) if !mv.is_null() => {
                found.push(PrunedMove { mv, rule, score });
            }
            Some(_) => {}
            None => break,
        }
        i += 1;
    }
    found
}
