//! The checks of killer stores: a noisy move stored, a row left holding one move twice, a store
//! into another row than the node's, and — once the node has closed, since an engine may write
//! its store before its cutoff — a store at a node that did not cut off with that move.

use crate::doctor::code::Code;
use crate::doctor::rows::same;
use crate::doctor::state::State;
use crate::{doctor::frame::Detail, doctor::frame::Frame};
use killerscope_chess::Move;
use killerscope_log::KillerSlots;

/// The move a store left in two slots of its row, if any.
fn duplicate(slots: &KillerSlots) -> Option<Move> {
    let row = slots.as_slice();
    row.iter()
        .enumerate()
        .find(|&(k, &m)| row[k + 1..].iter().any(|&n| same(m, n)))
        .map(|(_, &m)| m)
}

impl State {
    /// `mv` stored as a killer, leaving row `row` as `slots`.
    pub(super) fn stored(&mut self, row: u8, mv: Move, slots: KillerSlots) {
        self.rows.store(row, slots);
        self.stores += 1;
        for code in [
            Code::NoisyKiller,
            Code::DuplicateSlot,
            Code::StoreWithoutCutoff,
            Code::RowMismatch,
        ] {
            self.counter(code).chances += 1;
        }
        let Some(k) = self.open.checked_sub(1) else {
            return;
        };
        let mut frame = std::mem::take(&mut self.stack[k]);
        frame.stores.push((mv, row));
        if !mv.is_quiet() {
            self.counter(Code::NoisyKiller).count += 1;
            frame.issue(Code::NoisyKiller, Detail::Noisy { mv, row });
        }
        if let Some(dup) = duplicate(&slots) {
            self.counter(Code::DuplicateSlot).count += 1;
            frame.issue(Code::DuplicateSlot, Detail::Duplicate { mv, dup, row });
        }
        if row != frame.row {
            self.counter(Code::RowMismatch).count += 1;
            let detail = Detail::StoredElsewhere {
                mv,
                stored: row,
                row: frame.row,
            };
            frame.issue(Code::RowMismatch, detail);
        }
        self.stack[k] = frame;
    }

    /// `store-without-cutoff`, for a node that has closed: every store must be of the move
    /// that cut it off.
    pub(super) fn check_stores(&mut self, frame: &mut Frame) {
        for k in 0..frame.stores.len() {
            let (mv, _) = frame.stores[k];
            if frame.cut.is_some_and(|c| same(c, mv)) {
                continue;
            }
            self.counter(Code::StoreWithoutCutoff).count += 1;
            let cut = frame.cut;
            frame.issue(Code::StoreWithoutCutoff, Detail::NoCutoff { mv, cut });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duplicate_is_a_move_in_two_slots_and_empty_slots_are_not() {
        let (a, b) = (Move::quiet(1, 18), Move::quiet(6, 21));
        assert_eq!(duplicate(&KillerSlots::new(&[a, b, a])), Some(a));
        assert_eq!(
            duplicate(&KillerSlots::new(&[a, Move::NULL, Move::NULL])),
            None
        );
        assert_eq!(duplicate(&KillerSlots::new(&[a, b])), None);
    }
}
