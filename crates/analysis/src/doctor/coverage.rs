//! `move-never-tried`: a full-width node that ended without a cutoff must have searched every
//! legal move, unless the log records why not. What excuses a node: a move's cutoff, a
//! transposition-table cutoff, a null-move cutoff, the whole node pruned (reverse futility,
//! mate distance), a score settled without moves (a draw by rule, a mate, the ply limit), and
//! a root restricted to some moves (`searchmoves`). A move pruned by a recorded `pruned`
//! event counts as covered. Quiescence nodes search captures only and are not judged, and
//! neither are the nodes of a partial log (one with a `filter`) below which nothing is
//! recorded: a UCI trace holds only the root moves its engine chose to report.

use crate::doctor::code::Code;
use crate::doctor::rows::same;
use crate::doctor::state::State;
use crate::{doctor::frame::Detail, doctor::frame::Frame};
use killerscope_chess::{Move, MoveList};
use killerscope_log::NodeKind;
use killerscope_trace::{WalkPath, WalkedNode};

/// Squares reached from each square by the moves seen: the test of a legal move against the
/// tries in one lookup (promotions, four to a square pair, are compared whole).
struct Seen([u64; 64]);

impl Seen {
    fn mark(&mut self, mv: Move) {
        self.0[mv.from().index()] |= 1 << mv.to().index();
    }

    fn has(&self, mv: Move) -> bool {
        self.0[mv.from().index()] & (1 << mv.to().index()) != 0
    }
}

impl State {
    /// Whether the node at `frame`, closed as `node`, owes every legal move a search.
    fn owes_every_move(&self, frame: &Frame, node: &WalkedNode) -> bool {
        frame.kind == Some(NodeKind::Main)
            && frame.cut.is_none()
            && node.cutoff.is_none()
            && !node.tt.is_some_and(|t| t.cutoff)
            && !node.null_move.is_some_and(|n| n.cutoff)
            && node.pruned.is_none()
            && !frame.settled
            && !(node.ply == 0 && self.declared.root_restricted)
    }

    /// `move-never-tried` at a node that closed with a result.
    pub(super) fn check_coverage(&mut self, frame: &mut Frame, node: &WalkedNode, path: &WalkPath) {
        if !self.owes_every_move(frame, node) {
            return;
        }
        if self.declared.filter.is_some() && !frame.has_children {
            self.coverage_unjudged += 1;
            return;
        }
        let Some(pos) = path.position() else {
            return;
        };
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let mut seen = Seen([0; 64]);
        let covered = frame
            .tries
            .iter()
            .copied()
            .chain(frame.pruned.iter().copied());
        for mv in covered
            .clone()
            .filter(|m| !m.is_promotion() && !m.is_null())
        {
            seen.mark(mv);
        }
        let untried = |mv: &Move| {
            if mv.is_promotion() {
                !covered.clone().any(|c| same(c, *mv))
            } else {
                !seen.has(*mv)
            }
        };
        let missing = legal.iter().filter(|m| untried(m)).count();
        self.counter(Code::MoveNeverTried).chances += 1;
        let Some(first) = legal.iter().find(|m| untried(m)) else {
            return;
        };
        self.counter(Code::MoveNeverTried).count += 1;
        let detail = Detail::NeverTried {
            first,
            missing,
            legal: legal.len(),
        };
        frame.issue(Code::MoveNeverTried, detail);
    }
}
