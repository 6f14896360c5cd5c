//! Whether a log's moves fit its header's position, checked the way `log import` checks a
//! trace: every node entered plays its move on the position of the node it is entered from,
//! and every move a node names as searched (tried, cutting, stored as a killer, mate killer
//! or countermove, reduced, searched again, pruned) must be legal there; a null move (a pass)
//! must not be made in check; each iteration's PV must be playable from the root. A log that
//! breaks this would open and then be refused by `log import` once exported: every reader of
//! a `.kslog` runs this fold, so such a log is refused at once, saying which event and why.
//!
//! A log that starts below the root (a recording of some plies only) has nodes whose position
//! is unknown: their moves are not checked, as the importer does not check them either. A move
//! is tried, entered and stored at the same node in turn; it is checked there once.

use super::error::{LogError, LogErrorKind};
use super::header::LogHeader;
use crate::chess::{Move, NullUndo, Position, Undo};
use crate::search::{EVENT_BYTES, Event};

/// Byte offset of the header in a `.kslog` (after the magic, version and flags), where a FEN
/// that does not parse is reported.
const HEADER_AT: u64 = 12;

/// What every `.kslog` reader checks before the events: the header's FEN parses and every PV
/// plays from it (`pvs_at`: where the PVs are stored). Returns the fold for the events.
pub(super) fn start(
    header: &LogHeader,
    pvs: &[Vec<Move>],
    pvs_at: u64,
) -> Result<MoveFit, LogError> {
    let root = Position::from_fen(&header.fen)
        .map_err(|e| LogError::at(HEADER_AT, LogErrorKind::BadFen(e.to_string())))?;
    check_pvs(&root, pvs)
        .map_err(|what| LogError::at(pvs_at, LogErrorKind::MovesDoNotFit { index: None, what }))?;
    Ok(MoveFit::new(root))
}

/// How an open node was reached.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A top-level node: the root, or an unknown position below it.
    Top,
    /// A move, with what takes it back.
    Played(Move, Undo),
    /// A null move, with what takes it back.
    Passed(NullUndo),
    /// A node inside a subtree whose position is unknown.
    Unplayed,
}

/// An open node: how it was reached, and the last move found legal in it.
#[derive(Clone, Copy, Debug)]
struct Frame {
    step: Step,
    legal: Move,
}

/// The fold: the position at the innermost open node, replayed from the root.
#[derive(Clone, Debug)]
pub struct MoveFit {
    pos: Position,
    frames: Vec<Frame>,
    /// Depth of the stack from which positions are unknown.
    unknown_from: Option<usize>,
    /// Index of the next event.
    next: u64,
}

/// A move that does not fit: the event's index and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misfit {
    /// The event's index in the log.
    pub index: u64,
    /// What is wrong, naming the move and the position.
    pub what: String,
}

impl MoveFit {
    /// A fold starting at `root`, the header's position, before the first event.
    pub fn new(root: Position) -> MoveFit {
        MoveFit {
            pos: root,
            frames: Vec::new(),
            unknown_from: None,
            next: 0,
        }
    }

    /// Checks the next events in order.
    pub fn feed(&mut self, events: &[Event]) -> Result<(), Misfit> {
        for event in events {
            self.event(event).map_err(|what| Misfit {
                index: self.next,
                what,
            })?;
            self.next += 1;
        }
        Ok(())
    }

    /// [`MoveFit::feed`] for a reader whose events start at byte `events_at`: a misfit is a
    /// `LogError` at the event's offset.
    pub(super) fn feed_at(&mut self, events: &[Event], events_at: u64) -> Result<(), LogError> {
        self.feed(events).map_err(|Misfit { index, what }| {
            let at = events_at + index * EVENT_BYTES as u64;
            let index = Some(index);
            LogError::at(at, LogErrorKind::MovesDoNotFit { index, what })
        })
    }

    fn event(&mut self, event: &Event) -> Result<(), String> {
        match *event {
            Event::NodeEnter { ply, mv, .. } => self.enter(ply, mv),
            Event::NodeExit { .. } => {
                self.exit();
                Ok(())
            }
            Event::Pruned { mv, .. } if mv.is_null() => Ok(()),
            Event::MoveTried { mv, .. }
            | Event::Cutoff { mv, .. }
            | Event::KillerStore { mv, .. }
            | Event::MateKillerStore { mv, .. }
            | Event::CounterStore { mv, .. }
            | Event::Reduction { mv, .. }
            | Event::ReSearch { mv, .. }
            | Event::Pruned { mv, .. } => self.searched(mv),
            Event::NullMove { .. }
            | Event::Aspiration { .. }
            | Event::TtHit { .. }
            | Event::Iteration { .. } => Ok(()),
        }
    }

    /// Whether the position at the innermost open node is known (there is one).
    fn known(&self) -> bool {
        self.unknown_from.is_none() && !self.frames.is_empty()
    }

    /// `mv` must be legal at the innermost open node.
    fn searched(&mut self, mv: Move) -> Result<(), String> {
        if !self.known() {
            return Ok(());
        }
        let frame = self.frames.len() - 1;
        if self.frames[frame].legal == mv && !mv.is_null() {
            return Ok(());
        }
        if mv.is_null() || !self.pos.is_legal(mv) {
            return Err(format!(
                "{} is not a legal move in {}",
                shown(mv),
                self.pos.to_fen()
            ));
        }
        self.frames[frame].legal = mv;
        Ok(())
    }

    fn enter(&mut self, ply: u8, mv: Move) -> Result<(), String> {
        let step = if self.frames.is_empty() {
            if ply > 0 {
                self.unknown_from = Some(0);
            }
            Step::Top
        } else if self.unknown_from.is_some() {
            Step::Unplayed
        } else if mv.is_null() {
            if self.pos.in_check() {
                return Err(format!(
                    "a null move (a pass) while in check is illegal in {}",
                    self.pos.to_fen()
                ));
            }
            Step::Passed(self.pos.make_null_move())
        } else {
            self.searched(mv)?;
            Step::Played(mv, self.pos.make_move(mv))
        };
        self.frames.push(Frame {
            step,
            legal: Move::NULL,
        });
        Ok(())
    }

    fn exit(&mut self) {
        match self.frames.pop().map(|f| f.step) {
            Some(Step::Played(mv, undo)) => self.pos.unmake_move(mv, undo),
            Some(Step::Passed(undo)) => self.pos.unmake_null_move(undo),
            Some(Step::Top | Step::Unplayed) | None => {}
        }
        if self
            .unknown_from
            .is_some_and(|depth| self.frames.len() <= depth)
        {
            self.unknown_from = None;
        }
    }
}

/// Checks that every PV plays from `root`; the error names the iteration (1-based, in log
/// order) and the move.
pub fn check_pvs(root: &Position, pvs: &[Vec<Move>]) -> Result<(), String> {
    for (k, pv) in pvs.iter().enumerate() {
        let mut pos = root.clone();
        for (i, &mv) in pv.iter().enumerate() {
            if mv.is_null() || !pos.is_legal(mv) {
                return Err(format!(
                    "the PV of iteration event {} plays {} as its move {}, which is not legal \
                     in {}",
                    k + 1,
                    shown(mv),
                    i + 1,
                    pos.to_fen()
                ));
            }
            pos.make_move(mv);
        }
    }
    Ok(())
}

/// A move as an error names it: UCI notation, `null` for the null move.
fn shown(mv: Move) -> String {
    if mv.is_null() {
        "a null move".into()
    } else {
        mv.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci;
    use crate::search::{Bound, MoveSource, NodeKind};

    fn enter(ply: u8, mv: Move) -> Event {
        Event::NodeEnter {
            ply,
            depth: 1,
            kind: NodeKind::Main,
            mv,
            alpha: -100,
            beta: 100,
        }
    }

    fn tried(mv: Move) -> Event {
        Event::MoveTried {
            mv,
            index: 0,
            source: MoveSource::QUIET,
        }
    }

    const EXIT: Event = Event::NodeExit {
        score: 0,
        bound: Bound::Exact,
    };

    fn start_move(text: &str) -> Move {
        parse_uci(&Position::startpos(), text).expect("legal at the start")
    }

    #[test]
    fn a_fitting_line_passes_and_a_move_from_another_position_is_named() {
        let e4 = start_move("e2e4");
        let mut fit = MoveFit::new(Position::startpos());
        let line = [enter(0, Move::NULL), tried(e4), enter(1, e4), EXIT, EXIT];
        assert_eq!(fit.feed(&line), Ok(()));
        // After 1.e4 it is Black's move: e2e4 again is not legal there.
        let mut fit = MoveFit::new(Position::startpos());
        let bad = [enter(0, Move::NULL), enter(1, e4), tried(e4)];
        let misfit = fit.feed(&bad).expect_err("e2e4 twice");
        assert_eq!(misfit.index, 2);
        assert!(
            misfit.what.starts_with("e2e4 is not a legal move in "),
            "{}",
            misfit.what
        );
    }

    #[test]
    fn a_log_that_starts_below_the_root_is_not_checked_until_it_comes_back() {
        let e4 = start_move("e2e4");
        let mut fit = MoveFit::new(Position::startpos());
        let events = [
            enter(3, Move::NULL),
            tried(e4),
            enter(4, e4),
            tried(e4),
            EXIT,
            EXIT,
        ];
        assert_eq!(fit.feed(&events), Ok(()));
        let misfit = fit.feed(&[enter(0, Move::NULL), enter(1, e4), enter(2, e4)]);
        assert_eq!(misfit.map_err(|m| m.index), Err(8));
    }

    #[test]
    fn a_null_move_in_check_is_refused() {
        let check = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").expect("test FEN");
        let mut fit = MoveFit::new(check);
        let misfit = fit.feed(&[enter(0, Move::NULL), enter(1, Move::NULL)]);
        assert!(
            misfit
                .expect_err("a pass in check")
                .what
                .contains("null move")
        );
    }

    #[test]
    fn pvs_play_from_the_root() {
        let (e4, d4) = (start_move("e2e4"), start_move("d2d4"));
        let root = Position::startpos();
        assert_eq!(check_pvs(&root, &[vec![e4], vec![d4]]), Ok(()));
        let err = check_pvs(&root, &[vec![e4], vec![e4, e4]]).expect_err("e4 twice");
        assert!(
            err.contains("iteration event 2") && err.contains("move 2"),
            "{err}"
        );
    }
}
