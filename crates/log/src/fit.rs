//! Whether a log's moves fit its header's position, by the rules `log import` reads a trace
//! with, on the importer's own board (`jsonl::board::Board`): every node entered plays its move
//! on the position of the node it is entered from, and every move a node names as searched
//! (tried, cutting, stored as a killer, mate killer or countermove, reduced, searched again,
//! pruned) must be legal there — or be the illegal try an `Illegal` event announced (a
//! pseudo-legal engine's move that leaves its king attacked); an `Illegal` null move is made
//! in check only; a node entered by no move at its parent's ply searches the same position
//! again; a child is one ply deeper (its ply byte one more, modulo 256); each iteration's PV
//! must play from the root. A log that
//! breaks a rule would open and then be refused by `log import` once exported: every command
//! that reads a `.kslog` runs this fold, so such a log is refused at once, saying which event
//! and why.
//!
//! Where the importer knows no position (a log that starts below the root, the node below a
//! king capture) moves are not checked. A move is tried, entered and stored at the same node in
//! turn; it is checked there once.

use super::error::{LogError, LogErrorKind};
use super::header::LogHeader;
use crate::board::Board;
use crate::{EVENT_BYTES, Event};
use killerscope_chess::{Move, Position};

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

/// An open node as the fold follows it.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Its ply as the log stores it.
    ply: u8,
    /// The last move found legal in it.
    legal: Move,
    /// The illegal try announced in it, whose search has not begun.
    illegal: Option<Move>,
}

/// The fold: the position at the innermost open node, replayed from the root.
#[derive(Clone, Debug)]
pub struct MoveFit {
    board: Board,
    frames: Vec<Frame>,
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
            board: Board::new(root),
            frames: Vec::new(),
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
                self.frames.pop();
                self.board.exit();
                Ok(())
            }
            Event::Illegal { mv } => self.illegal(mv),
            Event::MoveTried { mv, .. } => {
                self.searched(mv)?;
                // Another move tried drops the announcement, as the importer's does.
                if let Some(frame) = self.frames.last_mut() {
                    frame.illegal = frame.illegal.filter(|&announced| announced == mv);
                }
                Ok(())
            }
            // A node pruned whole names no move; a TT entry's move is what the table stored,
            // not a move searched here.
            Event::Pruned { mv, .. } if mv.is_null() => Ok(()),
            Event::TtHit { .. } => Ok(()),
            // Every other move an event names (cutting, stored, reduced, searched again,
            // pruned) is one the node searched.
            _ => event.named_move().map_or(Ok(()), |mv| self.searched(mv)),
        }
    }

    /// `mv` must be legal at the innermost open node, or be its announced illegal try.
    fn searched(&mut self, mv: Move) -> Result<(), String> {
        let Some(frame) = self.frames.last().copied() else {
            return Err(format!("{} outside any node", shown(mv)));
        };
        if mv.is_null() {
            return Err("a null move where a move must be".into());
        }
        if frame.legal == mv || !self.board.known() {
            return Ok(());
        }
        match self.board.legal_parts((mv.from(), mv.to(), mv.promotion())) {
            Ok(read) if read != mv => Err(flags_differ(mv, read)),
            Ok(_) => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.legal = mv;
                }
                Ok(())
            }
            // Not remembered as legal: once its node is searched the announcement is spent.
            Err(why) if frame.illegal == Some(mv) => {
                match self.board.illegal_try(&mv.to_string()) {
                    Ok(read) if read == mv => Ok(()),
                    Ok(read) => Err(flags_differ(mv, read)),
                    Err(_) => Err(why),
                }
            }
            Err(why) => Err(why),
        }
    }

    /// The board's reading of `mv` as an illegal try.
    fn illegal_try(&self, mv: Move) -> Result<Move, String> {
        let read = self.board.illegal_try(&mv.to_string())?;
        if read != mv {
            return Err(flags_differ(mv, read));
        }
        Ok(read)
    }

    /// An `Illegal` event: the next try of `mv` (a null move: the null-move node that follows)
    /// leaves the mover's king attacked.
    fn illegal(&mut self, mv: Move) -> Result<(), String> {
        if self.frames.is_empty() {
            return Err("an illegal try announced outside any node".into());
        }
        if !mv.is_null() {
            self.illegal_try(mv)?;
        } else if self.board.known() && !self.board.in_check() {
            return Err(
                "a null move is announced illegal, but the side to move is not in check".into(),
            );
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.illegal = Some(mv);
        }
        Ok(())
    }

    fn enter(&mut self, ply: u8, mv: Move) -> Result<(), String> {
        let frame = Frame {
            ply,
            legal: Move::NULL,
            illegal: None,
        };
        let Some(parent) = self.frames.last().copied() else {
            if ply == 0 && !mv.is_null() {
                return Err(format!(
                    "a top-level node at ply 0 is the root, entered by no move, not {mv}"
                ));
            }
            self.board.enter_top(u32::from(ply));
            self.frames.push(frame);
            return Ok(());
        };
        // No move at the parent's own ply: the parent's position searched again.
        if mv.is_null() && ply == parent.ply {
            self.board.enter_same();
            self.frames.push(frame);
            return Ok(());
        }
        // The byte is the ply modulo 256; a log written before plies wrapped held 255 for
        // every ply past it.
        let clamped = ply == u8::MAX && parent.ply == u8::MAX;
        if ply != parent.ply.wrapping_add(1) && !clamped {
            return Err(format!(
                "a node at ply {ply} is entered from one at ply {}: a child is one ply deeper",
                parent.ply
            ));
        }
        let announced = parent.illegal == Some(mv);
        if !mv.is_null() {
            self.searched(mv)?;
        } else if !announced && self.board.in_check() {
            return Err(
                "a null move (a pass) in check, not announced by an illegal event before it".into(),
            );
        }
        self.board.enter((!mv.is_null()).then_some(mv), announced);
        if let Some(parent) = self.frames.last_mut() {
            parent.illegal = None;
        }
        self.frames.push(frame);
        Ok(())
    }
}

/// The error for a move whose flags (capture, castling, en passant, double push) are not the
/// ones the position gives it.
fn flags_differ(mv: Move, read: Move) -> String {
    format!(
        "{mv} is stored with flags {:?}, but the position makes it {:?}",
        mv.flag(),
        read.flag()
    )
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
mod tests;
