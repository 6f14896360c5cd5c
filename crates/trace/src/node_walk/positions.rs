//! The positions of the open nodes, for walks that need them (Zobrist keys, SAN): one board,
//! played forward as a node is entered and taken back as it closes, as a search does — no
//! position is copied per node, so a walk that follows positions over a 100-million-event log
//! costs little more than the legality check of each move.

use crate::line::Step;
use killerscope_chess::{Move, NullUndo, Position, Undo};

/// How an open node was reached from its parent, so its step can be taken back.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// A top-level node at the root position, or a search of its parent's own position:
    /// nothing was played.
    Same,
    /// Its move was played.
    Moved(Move, Undo),
    /// Its parent passed.
    Passed(NullUndo),
    /// Its step cannot be played where its parent stands (a damaged log, a pass in check), or
    /// it is a top-level node below the root: its position is unknown, its parent's known.
    Lost,
    /// Below a node whose position is unknown.
    Unknown,
}

/// The board at the innermost open node, and the way back to the root.
pub(super) struct Positions {
    root: Option<Position>,
    board: Position,
    stack: Vec<Entry>,
}

impl Positions {
    /// Positions of a walk of the search of `root` (none: every position is unknown).
    pub(super) fn new(root: Option<Position>) -> Positions {
        Positions {
            board: root.clone().unwrap_or_else(Position::startpos),
            root,
            stack: Vec::new(),
        }
    }

    /// Enters a node reached by `step` (none: a root, or a search of its parent's own
    /// position) at `ply`; a top-level node (`top`) is at the root position if it is at
    /// ply 0 and reached by no step.
    pub(super) fn enter(&mut self, step: Option<Step>, ply: u8, top: bool) {
        let entry = if top {
            match &self.root {
                Some(root) if ply == 0 && step.is_none() => {
                    self.board.clone_from(root);
                    Entry::Same
                }
                _ => Entry::Lost,
            }
        } else if !self.known() {
            Entry::Unknown
        } else {
            match step {
                None => Entry::Same,
                Some(Step::Pass) if self.board.in_check() => Entry::Lost,
                Some(Step::Pass) => Entry::Passed(self.board.make_null_move()),
                Some(Step::Move(mv)) if self.board.is_legal(mv) => {
                    Entry::Moved(mv, self.board.make_move(mv))
                }
                Some(Step::Move(_)) => Entry::Lost,
            }
        };
        self.stack.push(entry);
    }

    /// Leaves the innermost open node, taking its step back.
    pub(super) fn exit(&mut self) {
        match self.stack.pop() {
            Some(Entry::Moved(mv, undo)) => self.board.unmake_move(mv, undo),
            Some(Entry::Passed(undo)) => self.board.unmake_null_move(undo),
            _ => {}
        }
    }

    /// Whether the innermost open node's position is known (the board is at it).
    fn known(&self) -> bool {
        !matches!(self.stack.last(), Some(Entry::Lost | Entry::Unknown))
    }

    /// The position at the innermost open node, when known.
    pub(super) fn at_node(&self) -> Option<&Position> {
        (!self.stack.is_empty() && self.known()).then_some(&self.board)
    }

    /// The position at the innermost open node's parent, when known (none for a top-level
    /// node): the board with the node's step taken back.
    pub(super) fn at_parent(&self) -> Option<Position> {
        let (entry, above) = self.stack.split_last()?;
        if above.is_empty() {
            return None;
        }
        let mut parent = self.board.clone();
        match *entry {
            Entry::Same | Entry::Lost => {}
            Entry::Moved(mv, undo) => parent.unmake_move(mv, undo),
            Entry::Passed(undo) => parent.unmake_null_move(undo),
            Entry::Unknown => return None,
        }
        Some(parent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::parse_uci;

    fn step(pos: &Position, uci: &str) -> Step {
        Step::Move(parse_uci(pos, uci).expect("legal"))
    }

    #[test]
    fn steps_are_played_and_taken_back_and_an_illegal_one_loses_its_subtree() {
        let start = Position::startpos();
        let e4 = step(&start, "e2e4");
        let after_e4 = e4.play(&start).expect("legal");
        let mut p = Positions::new(Some(start.clone()));
        p.enter(None, 0, true);
        assert_eq!((p.at_node(), p.at_parent()), (Some(&start), None));
        p.enter(Some(e4), 1, false);
        assert_eq!(p.at_node(), Some(&after_e4));
        assert_eq!(p.at_parent().as_ref(), Some(&start));
        // e2e4 again, with Black to move: not legal, so the node and its subtree are lost.
        p.enter(Some(e4), 2, false);
        assert_eq!(p.at_node(), None);
        assert_eq!(p.at_parent().as_ref(), Some(&after_e4));
        p.enter(Some(Step::Pass), 3, false);
        assert_eq!((p.at_node(), p.at_parent()), (None, None));
        p.exit();
        p.exit();
        assert_eq!(p.at_node(), Some(&after_e4));
        p.enter(Some(Step::Pass), 2, false);
        assert_eq!(p.at_node(), Step::Pass.play(&after_e4).as_ref());
        assert_eq!(p.at_parent().as_ref(), Some(&after_e4));
        p.exit();
        p.enter(None, 1, false);
        assert_eq!(
            p.at_node(),
            Some(&after_e4),
            "the same position searched again"
        );
        p.exit();
        p.exit();
        assert_eq!(p.at_node(), Some(&start));
        p.exit();
        p.enter(None, 3, true);
        assert_eq!(p.at_node(), None, "a top-level node below the root");
    }

    #[test]
    fn a_pass_in_check_has_no_position() {
        let checked = Position::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").expect("valid FEN");
        let mut p = Positions::new(Some(checked.clone()));
        p.enter(None, 0, true);
        p.enter(Some(Step::Pass), 1, false);
        assert_eq!(p.at_node(), None);
        assert_eq!(p.at_parent().as_ref(), Some(&checked));
    }
}
