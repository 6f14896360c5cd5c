//! The checks of a node's tries, made as each `move_tried` arrives: a move (or the TT move)
//! tried twice, the TT move late, a killer read from the wrong row or labelled with the wrong
//! slot, the slots out of order, a killer after ordinary quiets, an illegal killer.
//!
//! A killer try is judged against what the node read from the killer table — as it stood when
//! the node began to try moves (a picker that queues its killers up front) or as it stands now
//! (one that reads them at its killer stage) — and only when that row has been stored at all:
//! an engine may begin with killers this log never saw stored.

use crate::doctor::code::Code;
use crate::doctor::declared::Arrangement;
use crate::{doctor::frame::Bucket, doctor::frame::Detail, doctor::frame::Frame};
use crate::{doctor::rows::Reading, doctor::rows::same};
use crate::{doctor::state::Kind, doctor::state::State};
use killerscope_chess::Move;
use killerscope_log::MoveSource;

impl State {
    /// `mv` tried at the innermost open node, placed there by `source`.
    pub(super) fn tried(&mut self, mv: Move, source: MoveSource) {
        let Some(k) = self.open.checked_sub(1) else {
            return;
        };
        let kind = self.kinds[usize::from(source.code())];
        let mut frame = std::mem::take(&mut self.stack[k]);
        if frame.tries.is_empty() {
            frame.snapshot = Some(self.read(&frame));
        }
        let illegal = frame.pending_illegal.take().is_some_and(|m| same(m, mv));
        self.repeats(&mut frame, mv);
        self.tt_order(&mut frame, mv);
        match kind {
            Kind::Killer(slot) => self.killer_try(&mut frame, (mv, source), slot, illegal),
            Kind::Quiet => {
                frame.first_quiet.get_or_insert((mv, source));
            }
            Kind::Other => {}
        }
        frame.tries.push(mv);
        self.stack[k] = frame;
    }

    /// What `frame`'s node reads from the killer table now.
    fn read(&self, frame: &Frame) -> Reading {
        let mate = self.declared.mate_killers;
        self.rows
            .reading(frame.ply, frame.row, frame.grandparent, mate)
    }

    /// `tried-twice` and `tt-move-twice`: `mv` already tried here.
    fn repeats(&mut self, frame: &mut Frame, mv: Move) {
        let Some(first) = frame.tries.iter().position(|&t| same(t, mv)) else {
            return;
        };
        let code = if State::is_tt_move(frame, mv) {
            Code::TtMoveTwice
        } else {
            Code::TriedTwice
        };
        let detail = Detail::Twice {
            mv,
            first: first + 1,
            again: frame.tries.len() + 1,
        };
        if frame.issue(code, detail) {
            self.counter(code).count += 1;
        }
    }

    /// `tt-move-not-first`: the TT move's first try comes after another move (after the
    /// oracle's, under `order=oracle`, is first enough).
    fn tt_order(&mut self, frame: &mut Frame, mv: Move) {
        if frame.tt_tried || !State::is_tt_move(frame, mv) {
            return;
        }
        frame.tt_tried = true;
        let before = frame.tries.len();
        let allowed = match self.declared.arrangement {
            Arrangement::Normal => 0,
            Arrangement::Oracle => 1,
            Arrangement::Rearranged => return,
        };
        if before > allowed
            && frame.issue(Code::TtMoveNotFirst, Detail::TtLate { mv, at: before + 1 })
        {
            self.counter(Code::TtMoveNotFirst).count += 1;
        }
    }

    /// A killer try: the killer figures, `illegal-killer`, the slot checks and the order.
    fn killer_try(
        &mut self,
        frame: &mut Frame,
        (mv, source): (Move, MoveSource),
        slot: Option<u8>,
        illegal: bool,
    ) {
        frame.killers += 1;
        self.killers.tries += 1;
        self.counter(Code::IllegalKiller).chances += 1;
        if illegal {
            self.killers.illegal += 1;
            self.counter(Code::IllegalKiller).count += 1;
            frame.issue(Code::IllegalKiller, Detail::Illegal { mv, source });
        }
        let readable = self.declared.order_unreadable().is_none();
        if let Some(quiet) = frame.first_quiet
            && readable
            && !self.declared.killers_among_quiets
            && frame.issue(
                Code::KillerAfterQuiet,
                Detail::AfterQuiet {
                    killer: (mv, source),
                    quiet,
                },
            )
        {
            self.counter(Code::KillerAfterQuiet).count += 1;
        }
        let Some(slot) = slot else {
            return;
        };
        frame.slotted += 1;
        match frame.top_slot {
            Some((top, late, late_source)) if slot < top => {
                let detail = Detail::SlotOrder {
                    late: (late, late_source),
                    early: (mv, source),
                };
                if readable && frame.issue(Code::SlotOrder, detail) {
                    self.counter(Code::SlotOrder).count += 1;
                }
            }
            Some((top, ..)) if slot <= top => {}
            _ => frame.top_slot = Some((slot, mv, source)),
        }
        self.judge_read(frame, (mv, source), slot);
    }

    /// `slot-label` and `row-mismatch` of one slotted killer try that the rows are known for.
    /// A try that does not fit its label is a wrong label when the node's own row holds it in
    /// another slot, a wrong row when another row holds it in the labelled slot (or it is in
    /// no row the node reads); a try both explain is settled at the end by the others.
    fn judge_read(&mut self, frame: &mut Frame, (mv, source): (Move, MoveSource), slot: u8) {
        let now = self.read(frame);
        let then = frame.snapshot.unwrap_or(now);
        if !then.known() && !now.known() {
            return;
        }
        self.counter(Code::SlotLabel).chances += 1;
        self.counter(Code::RowMismatch).chances += 1;
        if then.fits(slot, mv) || now.fits(slot, mv) {
            return;
        }
        let row = frame.row;
        let read = [Some(row), frame.grandparent];
        let also = self.rows.at_slot(mv, slot, read);
        if then.holds(mv) || now.holds(mv) {
            let reading = if now.holds(mv) { now } else { then };
            let detail = Detail::Label {
                mv,
                source,
                row,
                reading,
                also,
            };
            if also.is_some() {
                self.ambiguous.count += 1;
                frame.issue_in(Bucket::Ambiguous, detail);
            } else {
                self.misfits.0 += 1;
                self.counter(Code::SlotLabel).count += 1;
                frame.issue(Code::SlotLabel, detail);
            }
            return;
        }
        let found = also.or_else(|| self.rows.holding(mv, read));
        self.misfits.1 += 1;
        self.counter(Code::RowMismatch).count += 1;
        let detail = Detail::ReadElsewhere {
            mv,
            source,
            row,
            found,
        };
        frame.issue(Code::RowMismatch, detail);
    }
}
