//! What the diff reads of one node: its children with the occurrence of each move, its facts
//! (type, score, cutoff and what came before it, how it ended), and its path from the root.

use super::shape::DiffTree;
use super::{ORDER_SHOWN, OnlyIn, OnlySide, SHOWN_SUBTREES, SideFacts};
use killerscope_chess::Move;
use killerscope_log::LogHeader;
use killerscope_trace::NodeId;
use killerscope_trace::NodeType;
use killerscope_trace::line::Step;
use std::cmp::Reverse;

/// One of the two searches.
pub(super) struct Side<'a, T> {
    pub tree: &'a T,
    pub header: &'a LogHeader,
}

impl<T> Clone for Side<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Side<'_, T> {}

/// A child of a node: its move, which search of that move it is, its id and size.
#[derive(Clone, Copy)]
pub(super) struct Child {
    pub mv: Move,
    /// A search of the parent's own position (entered by no move at its ply), not a null move.
    pub same_position: bool,
    pub occurrence: u16,
    pub id: NodeId,
    pub nodes: u64,
}

/// The children of `id`, in search order, with the occurrence of each move.
pub(super) fn children_of<T: DiffTree>(tree: &T, id: NodeId) -> Vec<Child> {
    let mut out = Vec::new();
    fill_children(tree, id, &mut out);
    out
}

pub(super) fn fill_children<T: DiffTree>(tree: &T, id: NodeId, out: &mut Vec<Child>) {
    out.clear();
    for c in tree.child_ids(id) {
        let (mv, same_position) = tree.entered_by(c);
        let same = |o: &Child| o.mv == mv && o.same_position == same_position;
        let occurrence = match out.last() {
            Some(last) if same(last) => last.occurrence.saturating_add(1),
            _ => out.iter().filter(|o| same(o)).count() as u16,
        };
        out.push(Child {
            mv,
            same_position,
            occurrence,
            id: c,
            nodes: tree.nodes_under(c),
        });
    }
}

/// The moves searched, each at its first search, the null move left out.
fn first_searches(children: &[Child]) -> impl Iterator<Item = Move> + '_ {
    children
        .iter()
        .filter(|c| c.occurrence == 0 && !c.mv.is_null())
        .map(|c| c.mv)
}

/// Whether the two searched their moves in another order: over the moves both searched up to
/// where the shorter list ends, some place holds another move.
pub(super) fn order_differs(a: &[Child], b: &[Child]) -> bool {
    first_searches(a)
        .zip(first_searches(b))
        .any(|(x, y)| x != y)
}

pub(super) fn side_facts<T: DiffTree>(
    side: Side<'_, T>,
    id: NodeId,
    children: &[Child],
) -> SideFacts {
    let outcome = side.tree.outcome(id);
    let (result, cutoff) = (outcome.result, outcome.cutoff);
    let before = cutoff.map_or(0, |cut| {
        children
            .iter()
            .position(|c| c.mv == cut.mv)
            .unwrap_or(children.len())
    });
    let before = &children[..before];
    let node_type = result.map(|(_, bound)| NodeType::of(outcome.kind, bound));
    SideFacts {
        node: id,
        node_type,
        score: result.map(|(s, _)| s),
        cutoff,
        tt_cutoff: outcome.tt_cutoff,
        null_cutoff: cutoff.is_none()
            && node_type == Some(NodeType::Cut)
            && !children.is_empty()
            && children.iter().all(|c| c.mv.is_null()),
        searched: first_searches(children).count() as u32,
        moves_before_cut: before
            .iter()
            .filter(|c| c.occurrence == 0 && !c.mv.is_null())
            .count() as u32,
        before_cut: before.iter().map(|c| c.nodes).sum(),
        cut_nodes: cutoff.map_or(0, |cut| {
            children[before.len()..]
                .iter()
                .take_while(|c| c.mv == cut.mv)
                .map(|c| c.nodes)
                .sum()
        }),
        nodes: side.tree.nodes_under(id),
        first_moves: {
            let mut moves = [Move::NULL; ORDER_SHOWN];
            for (slot, mv) in moves.iter_mut().zip(first_searches(children)) {
                *slot = mv;
            }
            moves
        },
    }
}

/// A side's lone subtrees `only`: the biggest, for the sentence, and the nodes of all.
pub(super) fn only_side(only: &[Child]) -> OnlySide {
    let mut biggest: Vec<OnlyIn> = only
        .iter()
        .map(|c| OnlyIn {
            mv: c.mv,
            nodes: c.nodes,
            repeat: c.occurrence > 0,
        })
        .collect();
    biggest.sort_by_key(|o| Reverse(o.nodes));
    biggest.truncate(SHOWN_SUBTREES);
    OnlySide {
        biggest,
        nodes: only.iter().map(|c| c.nodes).sum(),
    }
}

/// The line from the root to `id`: its steps, passes included.
pub(super) fn path_to<T: DiffTree>(tree: &T, id: NodeId) -> Vec<Step> {
    tree.steps_to(id)
}
