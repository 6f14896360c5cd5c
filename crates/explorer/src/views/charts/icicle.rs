//! The icicle's geometry: the root spans the whole width of band 0, and each node's children
//! share its span below it in search order, each as wide as its subtree is big — so a band
//! shows where the search spent its nodes at that depth below the root, and a well-ordered tree
//! is one big block over many slivers.
//!
//! Only nodes entered before the timeline cursor exist (ids are given in entering order, so
//! that is the id range `0..known`). The layout only descends into blocks at least one cell
//! wide; runs of narrower siblings merge into one "…" block, and the children looked at per
//! layout are capped, so a frame costs about one visit per cell — and never more than
//! `VISIT_BUDGET` — whatever the tree's size.

use crate::viewport::Area;
use killerscope_trace::{NodeId, SearchTree};

/// Most children looked at per layout: far above what a chess tree needs for a screen (about
/// the cells times the moves per position), and what keeps a foreign log's million-child node
/// from costing a million steps per frame.
pub const VISIT_BUDGET: usize = 200_000;

/// One block of a band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The node, or `None` for a run of siblings each narrower than a cell ("…").
    pub node: Option<NodeId>,
    /// First column, relative to the layout's left edge.
    pub x: u16,
    /// Columns (at least one).
    pub width: u16,
}

/// The blocks of every band, band 0 (the root) first, each band left to right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// The node band 0 shows.
    pub root: NodeId,
    /// Nodes that existed at the cursor when laid out.
    pub known: u32,
    /// Blocks per band.
    pub bands: Vec<Vec<Block>>,
    /// Where the bands were drawn (band `i` on row `area.y + i`), for mouse clicks.
    pub area: Area,
    /// Whether `VISIT_BUDGET` ran out, so some children were merged unseen.
    pub capped: bool,
}

/// A laid-out node and its exact span, which its children share.
struct Span {
    id: NodeId,
    from: f64,
    to: f64,
}

/// Nodes in `id`'s subtree that exist when `known` nodes do.
pub fn size(tree: &SearchTree, id: NodeId, known: u32) -> u32 {
    let range = tree.subtree(id);
    range.end.min(known).saturating_sub(range.start)
}

/// Lays out at most `bands` bands of `width` columns below `root`, counting only the first
/// `known` nodes.
pub fn layout(tree: &SearchTree, root: NodeId, known: u32, width: u16, bands: usize) -> Layout {
    let mut out = Layout {
        root,
        known,
        ..Layout::default()
    };
    if width == 0 || bands == 0 || root >= known {
        return out;
    }
    out.bands.push(vec![Block {
        node: Some(root),
        x: 0,
        width,
    }]);
    let mut spans = vec![Span {
        id: root,
        from: 0.0,
        to: f64::from(width),
    }];
    let mut budget = VISIT_BUDGET;
    while out.bands.len() < bands && !spans.is_empty() {
        let mut band = Vec::new();
        let mut next = Vec::new();
        for span in &spans {
            out.capped |= children(tree, span, known, &mut budget, &mut band, &mut next);
        }
        if band.is_empty() {
            break;
        }
        out.bands.push(band);
        spans = next;
    }
    out
}

/// Lays `parent`'s children out in its span: a block per child at least a cell wide (queued
/// in `next` for the band below), a "…" block per run of narrower ones. Returns whether the
/// budget ran out, in which case the rest of the span is one "…" block.
fn children(
    tree: &SearchTree,
    parent: &Span,
    known: u32,
    budget: &mut usize,
    band: &mut Vec<Block>,
    next: &mut Vec<Span>,
) -> bool {
    let below = size(tree, parent.id, known).saturating_sub(1);
    if below == 0 {
        return false;
    }
    let scale = (parent.to - parent.from) / f64::from(below);
    let at = |id: NodeId| parent.from + f64::from(id - parent.id - 1) * scale;
    let mut tiny_from: Option<f64> = None;
    let mut child = tree.node(parent.id).and_then(|n| n.first_child());
    let mut capped = false;
    while let Some(id) = child.filter(|&c| c < known) {
        if *budget == 0 {
            capped = true;
            tiny_from.get_or_insert(at(id));
            break;
        }
        *budget -= 1;
        let (from, to) = (at(id), at(id) + f64::from(size(tree, id, known)) * scale);
        if to - from >= 1.0 {
            if let Some(start) = tiny_from.take() {
                push(band, None, start, from);
            }
            push(band, Some(id), from, to);
            next.push(Span { id, from, to });
        } else {
            tiny_from.get_or_insert(from);
        }
        child = tree.node(id).and_then(|n| n.next_sibling());
    }
    if let Some(start) = tiny_from {
        push(band, None, start, parent.to);
    }
    capped
}

/// The column a span edge falls on.
fn cell(x: f64) -> u16 {
    x.round() as u16
}

/// Adds a block for the span `from..to` if it covers a cell.
fn push(band: &mut Vec<Block>, node: Option<NodeId>, from: f64, to: f64) {
    let (x, end) = (cell(from), cell(to));
    if end > x {
        band.push(Block {
            node,
            x,
            width: end - x,
        });
    }
}

impl Layout {
    /// The node of the block drawn at screen cell (`column`, `row`), if a node's block is there.
    pub fn node_at(&self, column: u16, row: u16) -> Option<NodeId> {
        let band = self.bands.get(usize::from(row.checked_sub(self.area.y)?))?;
        let x = column.checked_sub(self.area.x)?;
        band.iter()
            .find(|b| (b.x..b.x + b.width).contains(&x))
            .and_then(|b| b.node)
    }

    /// Where the selection goes from `selected` on `step` (`Zoom` and `ZoomOut` do not move
    /// it): along its band, to its parent, or to its first child shown. A selection without a
    /// block first goes to its nearest ancestor that has one, or to the root.
    pub fn step(
        &self,
        tree: &SearchTree,
        selected: Option<NodeId>,
        step: super::state::IcicleMove,
    ) -> Option<NodeId> {
        use super::state::IcicleMove::{Down, Left, Right, Up, Zoom, ZoomOut};
        let root = *self.bands.first()?.first()?;
        let Some((id, band, index)) = self.deepest_shown(tree, selected) else {
            return root.node;
        };
        if Some(id) != selected {
            return Some(id);
        }
        let blocks = &self.bands[band];
        let parent = |n: NodeId| tree.node(n).and_then(|n| n.parent());
        let moved = match step {
            Left => blocks[..index].iter().rev().find_map(|b| b.node),
            Right => blocks[index + 1..].iter().find_map(|b| b.node),
            Up => parent(id).filter(|_| id != self.root),
            Down => self.bands.get(band + 1).and_then(|below| {
                below
                    .iter()
                    .filter_map(|b| b.node)
                    .find(|&c| parent(c) == Some(id))
            }),
            Zoom | ZoomOut => None,
        };
        moved.or(Some(id))
    }

    /// The deepest node on the line from the root to `selected` that has a block, with its
    /// band and index. The line is walked once (a loop over parent links) and each band
    /// searched once, so a selection far below the bands costs its depth, not depth × cells.
    fn deepest_shown(
        &self,
        tree: &SearchTree,
        selected: Option<NodeId>,
    ) -> Option<(NodeId, usize, usize)> {
        let id = selected.filter(|&s| tree.is_ancestor(self.root, s))?;
        let mut line: Vec<NodeId> = std::iter::once(id)
            .chain(tree.ancestors(id))
            .take_while(|&a| tree.is_ancestor(self.root, a))
            .collect();
        line.reverse();
        let mut found = None;
        for (band, (&node, blocks)) in line.iter().zip(&self.bands).enumerate() {
            match blocks.iter().position(|b| b.node == Some(node)) {
                Some(index) => found = Some((node, band, index)),
                None => break,
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::Move;
    use killerscope_log::Event;
    use killerscope_log::{Bound, NodeKind};

    /// A node with these children.
    struct T(Vec<T>);

    fn leaves(n: usize) -> T {
        T((0..n).map(|_| T(Vec::new())).collect())
    }

    fn emit(t: &T, ply: u8, out: &mut Vec<Event>) {
        out.push(Event::NodeEnter {
            ply,
            depth: 1,
            kind: NodeKind::Main,
            mv: Move::NULL,
            alpha: -1,
            beta: 1,
        });
        for child in &t.0 {
            emit(child, ply + 1, out);
        }
        out.push(Event::NodeExit {
            score: 0,
            bound: Bound::Exact,
        });
    }

    fn tree(root: &T) -> SearchTree {
        let mut events = Vec::new();
        emit(root, 0, &mut events);
        SearchTree::build(&events)
    }

    fn spans(band: &[Block]) -> Vec<(Option<NodeId>, u16, u16)> {
        band.iter().map(|b| (b.node, b.x, b.width)).collect()
    }

    #[test]
    fn children_share_the_parent_span_by_subtree_size() {
        // root 0; A = 1 with five leaves 2..=6; B = 7 with leaf 8; C = 9; D = 10.
        let t = tree(&T(vec![leaves(5), leaves(1), leaves(0), leaves(0)]));
        let l = layout(&t, 0, 11, 10, 5);
        assert_eq!(spans(&l.bands[0]), [(Some(0), 0, 10)]);
        let band1 = [
            (Some(1), 0, 6),
            (Some(7), 6, 2),
            (Some(9), 8, 1),
            (Some(10), 9, 1),
        ];
        assert_eq!(spans(&l.bands[1]), band1);
        let widths: Vec<u16> = l.bands[2].iter().map(|b| b.width).collect();
        assert_eq!(
            widths,
            [1, 1, 2, 1, 1, 2],
            "A's leaves fill its 6 cells, B's leaf its 2"
        );
        assert_eq!(l.bands[2][5].node, Some(8));
        assert_eq!(l.bands.len(), 3, "no band below the leaves");
        assert!(!l.capped);
    }

    #[test]
    fn slivers_merge_and_unentered_nodes_are_left_out() {
        // root 0; A = 1 with 30 leaves; then 30 leaf siblings of A.
        let mut kids = vec![leaves(30)];
        kids.extend((0..30).map(|_| leaves(0)));
        let t = tree(&T(kids));
        let l = layout(&t, 0, t.len() as u32, 6, 3);
        assert_eq!(spans(&l.bands[1]), [(Some(1), 0, 3), (None, 3, 3)]);
        assert_eq!(
            spans(&l.bands[2]),
            [(None, 0, 3)],
            "A's leaves: one … block"
        );
        let early = layout(&t, 0, 11, 6, 3);
        assert_eq!(
            spans(&early.bands[1]),
            [(Some(1), 0, 6)],
            "only A existed yet"
        );
        assert!(
            layout(&t, 5, 4, 6, 3).bands.is_empty(),
            "a root not entered yet"
        );
    }

    #[test]
    fn a_million_children_cost_the_budget_not_a_visit_each() {
        let t = tree(&leaves(VISIT_BUDGET + 50_000));
        let l = layout(&t, 0, t.len() as u32, 80, 4);
        assert!(l.capped);
        assert_eq!(spans(&l.bands[1]), [(None, 0, 80)]);
    }
}
