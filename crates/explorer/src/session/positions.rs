//! The positions of the last few nodes asked about. The board, explain and timeline panels and
//! the tree's top row each want the position at some node every frame; replaying its line from
//! the search root costs one legality check per move, so a node 100,000 plies down would cost
//! 100,000 of them per panel per frame. Here a node is reached from its nearest remembered
//! ancestor instead: stepping the selection one level costs one move. A null-move search node
//! (the parent passed) is the parent's position with the other side to move.

use std::cell::RefCell;

use killerscope_chess::Position;
use killerscope_trace::line::Step;
use killerscope_trace::{NodeId, SearchTree};

/// Positions remembered (most recently used first): the selected node, its parent, the view's
/// root and the timeline's node, with room to spare.
const CAPACITY: usize = 8;
/// A long replay leaves a checkpoint every this many moves, so that a later look-up of any
/// node on that line (the killer panel asks for ancestors of the selection) starts at most
/// this many moves above it instead of at the root.
const CHECKPOINT_EVERY: usize = 256;
/// Checkpoints kept (oldest dropped first): lines of 100,000 plies stay covered.
const MAX_CHECKPOINTS: usize = 512;

/// A most-recently-used cache of node positions, plus checkpoints along long lines. Interior
/// mutability keeps `position_at` a query (`&self`) for the panels; the explorer is
/// single-threaded.
#[derive(Debug, Default)]
pub struct PositionCache {
    entries: RefCell<Vec<(NodeId, Position)>>,
    checkpoints: RefCell<Vec<(NodeId, Position)>>,
}

impl PositionCache {
    /// The position at `id` in the search of `root` indexed by `tree`: `None` when the line to
    /// it is not playable (an illegal move in a foreign or damaged log).
    pub fn at(&self, tree: &SearchTree, root: &Position, id: NodeId) -> Option<Position> {
        let mut entries = self.entries.borrow_mut();
        if let Some(k) = entries.iter().position(|&(n, _)| n == id) {
            let hit = entries.remove(k);
            let position = hit.1.clone();
            entries.insert(0, hit);
            return Some(position);
        }
        let mut checkpoints = self.checkpoints.borrow_mut();
        let base = entries
            .iter()
            .chain(checkpoints.iter())
            .filter(|&&(n, _)| tree.is_ancestor(n, id))
            .max_by_key(|&&(n, _)| n);
        let (stop, start) = match base {
            Some((n, position)) => (Some(*n), position.clone()),
            None => (None, root.clone()),
        };
        let mut line = Vec::new();
        let mut at = Some(id);
        while let Some(n) = at.filter(|&n| Some(n) != stop) {
            let node = tree.node(n)?;
            if let Some(step) = Step::of(node) {
                line.push((n, step));
            }
            at = node.parent();
        }
        let mut position = start;
        for (k, &(node, step)) in line.iter().rev().enumerate() {
            position = step.play(&position)?;
            if (k + 1) % CHECKPOINT_EVERY == 0 {
                if checkpoints.len() == MAX_CHECKPOINTS {
                    checkpoints.remove(0);
                }
                checkpoints.push((node, position.clone()));
            }
        }
        entries.insert(0, (id, position.clone()));
        entries.truncate(CAPACITY);
        Some(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::parse_uci;
    use killerscope_log::{Bound, Event, NodeKind};

    /// A line of `n` knight moves from the start position, one node per move under a root.
    fn shuffle(n: usize) -> (Position, SearchTree) {
        let start = Position::startpos();
        let mut pos = start.clone();
        let enter = |mv| Event::NodeEnter {
            ply: 0,
            depth: 1,
            kind: NodeKind::Main,
            mv,
            alpha: 0,
            beta: 1,
        };
        let mut events = vec![enter(killerscope_chess::Move::NULL)];
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"].iter().cycle().take(n) {
            let mv = parse_uci(&pos, text).expect("the shuffle is legal");
            pos.make_move(mv);
            events.push(enter(mv));
        }
        let exit = Event::NodeExit {
            score: 0,
            bound: Bound::Exact,
        };
        events.extend(std::iter::repeat_n(exit, n + 1));
        (start, SearchTree::build(&events))
    }

    #[test]
    fn cached_and_fresh_replays_agree_in_any_order() {
        let (start, tree) = shuffle(40);
        let cache = PositionCache::default();
        for id in [20, 21, 5, 40, 39, 0, 22] {
            let fresh = killerscope_trace::line::position_at(&tree, &start, id);
            assert_eq!(cache.at(&tree, &start, id), fresh, "node {id}");
        }
        let seventeen = cache.at(&tree, &start, 17).expect("playable");
        assert_eq!(
            seventeen.fullmove_number(),
            1 + 17 / 2,
            "Black moved 8 times"
        );
    }

    #[test]
    fn ancestors_of_a_long_line_come_from_checkpoints_and_agree_with_a_fresh_replay() {
        let (start, tree) = shuffle(2_000);
        let cache = PositionCache::default();
        assert!(cache.at(&tree, &start, 2_000).is_some());
        let kept = cache.checkpoints.borrow().len();
        assert_eq!(
            kept,
            2_000 / CHECKPOINT_EVERY,
            "one checkpoint per stretch of the line"
        );
        for id in [1_999, 1_500, 1_025, 1_024, 700, 256, 3] {
            let fresh = killerscope_trace::line::position_at(&tree, &start, id);
            assert_eq!(cache.at(&tree, &start, id), fresh, "node {id}");
        }
    }

    #[test]
    fn below_a_null_move_the_other_side_is_to_move() {
        let start = Position::startpos();
        let e4 = parse_uci(&start, "e2e4").expect("legal");
        let passed = start
            .after_line(&[e4])
            .and_then(|p| p.after_pass())
            .expect("Black may pass");
        let nf3 = parse_uci(&passed, "g1f3").expect("White moves again");
        let enter = |ply, mv| Event::NodeEnter {
            ply,
            depth: 1,
            kind: NodeKind::Main,
            mv,
            alpha: 0,
            beta: 1,
        };
        let null = killerscope_chess::Move::NULL;
        let tree =
            SearchTree::build(&[enter(0, null), enter(1, e4), enter(2, null), enter(3, nf3)]);
        let cache = PositionCache::default();
        assert_eq!(cache.at(&tree, &start, 2), Some(passed.clone()));
        let after = cache.at(&tree, &start, 3).expect("playable");
        assert_eq!(after.side_to_move(), killerscope_chess::Color::Black);
        assert_eq!(Some(after), passed.after_line(&[nf3]));
    }

    #[test]
    fn an_unplayable_line_is_refused_and_not_remembered() {
        let (start, tree) = shuffle(8);
        let cache = PositionCache::default();
        let other = Position::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").expect("valid FEN");
        assert_eq!(cache.at(&tree, &other, 3), None);
        assert_eq!(
            cache.at(&tree, &start, 3),
            killerscope_trace::line::position_at(&tree, &start, 3)
        );
    }
}
