//! A node's line: the steps from the search root down to it — moves, and the null moves
//! (passes) null-move pruning searches — each checked legal where it is played. Every view
//! that needs the position at a node or its line in words goes through here, so they all agree
//! on passes and on what a log whose moves do not fit its position shows (nothing invented:
//! the line stops being playable at the first step that is not legal).

use super::tree::{Node, NodeId, SearchTree};
use killerscope_chess::Notation;
use killerscope_chess::{Color, Move, Position};

/// One step of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move.
    Move(Move),
    /// The side to move passed (a null-move search).
    Pass,
}

impl Step {
    /// The step that leads to `node`; `None` for an iteration's root, which no move leads to,
    /// and for a search of the parent's own position (an engine's internal iterative deepening
    /// or verification search, as Texel logs them).
    pub fn of(node: Node) -> Option<Step> {
        if node.same_position() {
            None
        } else if node.is_null_move() {
            Some(Step::Pass)
        } else if node.mv().is_null() {
            None
        } else {
            Some(Step::Move(node.mv()))
        }
    }

    /// The step of a path of moves in which the null move stands for a pass.
    pub fn of_move(mv: Move) -> Step {
        if mv.is_null() {
            Step::Pass
        } else {
            Step::Move(mv)
        }
    }

    /// The position after this step from `before`: `None` when the move is not legal there,
    /// or a pass is made in check.
    pub fn play(self, before: &Position) -> Option<Position> {
        match self {
            Step::Pass => before.after_pass(),
            Step::Move(mv) if before.is_legal(mv) => {
                let mut after = before.clone();
                after.make_move(mv);
                Some(after)
            }
            Step::Move(_) => None,
        }
    }

    /// The step in `notation` from `before` (`--` or `0000` for a pass, the move's coordinates
    /// when it is not legal there), without the `…` a Black move gets in a line.
    pub fn text(self, before: &Position, notation: Notation) -> String {
        match self {
            Step::Move(mv) if before.is_legal(mv) => notation.format(before, mv),
            _ => self.coordinates(notation),
        }
    }

    /// The step without a position to read it in: the move's coordinates, `--` or `0000`
    /// for a pass.
    pub fn coordinates(self, notation: Notation) -> String {
        match self {
            Step::Pass if notation == Notation::Uci => "0000".into(),
            Step::Pass => "--".into(),
            Step::Move(mv) => mv.to_string(),
        }
    }
}

impl SearchTree {
    /// The steps from the top-level node down to `id`, top first, with the nodes they lead to
    /// (an iteration root's own null move left out). A loop over parent links: a line of any
    /// depth costs its length.
    pub fn line(&self, id: NodeId) -> Vec<(NodeId, Step)> {
        let mut line = Vec::new();
        let mut at = Some(id);
        while let Some(n) = at {
            let Some(node) = self.node(n) else { break };
            if let Some(step) = Step::of(node) {
                line.push((n, step));
            }
            at = node.parent();
        }
        line.reverse();
        line
    }
}

/// The position after `steps` from `root`; `None` at the first step that cannot be played.
pub fn play_line(root: &Position, steps: impl IntoIterator<Item = Step>) -> Option<Position> {
    let mut pos = root.clone();
    for step in steps {
        pos = step.play(&pos)?;
    }
    Some(pos)
}

/// The position at node `id` of the search of `root` indexed by `tree`; `None` when its line
/// cannot be played (a foreign or damaged log).
pub fn position_at(tree: &SearchTree, root: &Position, id: NodeId) -> Option<Position> {
    play_line(root, tree.line(id).into_iter().map(|(_, step)| step))
}

/// The position before node `id`'s step (the root for a top-level node).
pub fn position_before(tree: &SearchTree, root: &Position, id: NodeId) -> Option<Position> {
    match tree.node(id)?.parent() {
        Some(parent) => position_at(tree, root, parent),
        None => Some(root.clone()),
    }
}

/// The label of `node` reached from `before` when that may be unknown (`None`: below an
/// illegal try, or past a step that cannot be played), and the position at the node, `None`
/// from the first step that cannot be played on: a view that must not show a wrong position
/// (the tree's rows under a pseudo-legal engine's illegal try) carries `None` down and writes
/// the moves there in coordinates.
pub fn node_label_known(
    before: Option<&Position>,
    node: Node,
    notation: Notation,
) -> (String, Option<Position>) {
    let Some(step) = Step::of(node) else {
        return (format!("depth {}", node.depth()), before.cloned());
    };
    let Some(before) = before else {
        return (step.coordinates(notation), None);
    };
    let text = step.text(before, notation);
    let after = step.play(before);
    let text = match (&after, before.side_to_move()) {
        (Some(_), Color::Black) => format!("…{text}"),
        _ => text,
    };
    (text, after)
}

/// The steps from `root` in `notation`, a Black first step marked `…Ra5`; from the first step
/// that cannot be played on, the moves' coordinates.
pub fn line_text(root: &Position, steps: &[Step], notation: Notation) -> String {
    let mut words = step_words(Some(root), steps, notation);
    if let Some(first) = words
        .first_mut()
        .filter(|_| root.side_to_move() == Color::Black)
    {
        first.insert(0, '…');
    }
    words.join(" ")
}

/// `steps` played from `root` (when known), a word each in `notation`; from the first step
/// that cannot be played on (or throughout, with no root), the moves' coordinates.
pub fn step_words(root: Option<&Position>, steps: &[Step], notation: Notation) -> Vec<String> {
    let mut pos = root.cloned();
    steps
        .iter()
        .map(|&step| match pos.take() {
            Some(before) => {
                let text = step.text(&before, notation);
                pos = step.play(&before);
                text
            }
            None => step.coordinates(notation),
        })
        .collect()
}

/// `steps` played from `root` (when known), a word each in SAN (`--` for a pass).
pub fn san_steps(root: Option<&Position>, steps: &[Step]) -> Vec<String> {
    step_words(root, steps, Notation::San)
}

/// The steps as UCI words, `0000` for a pass (for JSON).
pub fn uci_steps(steps: &[Step]) -> Vec<String> {
    steps
        .iter()
        .map(|step| step.coordinates(Notation::Uci))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::parse_uci;
    use killerscope_log::{Bound, Event, NodeKind};

    /// A move in UCI, legal in `pos`.
    fn uci(pos: &Position, text: &str) -> Move {
        parse_uci(pos, text).expect("a legal move")
    }

    /// The `NodeEnter` of a main node at `ply` reached by `mv`.
    fn enter(ply: u8, mv: Move) -> Event {
        let (depth, kind, alpha, beta) = (1, NodeKind::Main, -100, 100);
        Event::NodeEnter {
            ply,
            depth,
            kind,
            mv,
            alpha,
            beta,
        }
    }

    #[test]
    fn a_line_plays_moves_checked_legal_and_stops_at_an_illegal_one() {
        let start = Position::startpos();
        let e4 = Step::Move(uci(&start, "e2e4"));
        let after = e4.play(&start).expect("e4 plays");
        let e5 = Step::Move(uci(&after, "e7e5"));
        assert_eq!(
            play_line(&start, [e4, e5]).map(|p| p.to_fen()),
            e5.play(&after).map(|p| p.to_fen())
        );
        assert_eq!(play_line(&start, [e4, e4]), None, "e4 twice");
        let passed = play_line(&start, [Step::Pass]).expect("a pass out of check plays");
        assert_eq!(passed.side_to_move(), Color::Black);
        assert_eq!(line_text(&start, &[e4, Step::Pass], Notation::San), "e4 --");
        assert_eq!(line_text(&after, &[e5], Notation::San), "…e5");
        // Coordinates from the first step that cannot be played on, or with no root.
        assert_eq!(san_steps(Some(&start), &[e4, Step::Pass]), ["e4", "--"]);
        assert_eq!(san_steps(Some(&start), &[e5, e4]), ["e7e5", "e2e4"]);
        assert_eq!(line_text(&after, &[e4, e5], Notation::San), "…e2e4 e7e5");
        assert_eq!(san_steps(None, &[e4]), ["e2e4"]);
        assert_eq!(uci_steps(&[e4, Step::Pass]), ["e2e4", "0000"]);
    }

    #[test]
    fn a_tree_line_keeps_passes_and_leaves_the_iteration_root_out() {
        let start = Position::startpos();
        let e4 = uci(&start, "e2e4");
        let exit = Event::NodeExit {
            score: 0,
            bound: Bound::Exact,
        };
        let events = vec![
            enter(0, Move::NULL),
            enter(1, e4),
            enter(2, Move::NULL),
            exit,
            exit,
            exit,
        ];
        let tree = SearchTree::build(&events);
        assert_eq!(tree.line(0), Vec::new());
        assert_eq!(tree.line(2), vec![(1, Step::Move(e4)), (2, Step::Pass)]);
        let at = position_at(&tree, &start, 2).expect("playable");
        assert_eq!(at.side_to_move(), Color::White, "e4, then Black passed");
        let (label, _) = node_label_known(Some(&start), tree.node(1).expect("node"), Notation::San);
        assert_eq!(label, "e4");
    }
}
