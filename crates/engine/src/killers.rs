//! The killer-move table: per ply, the last few quiet moves that caused a beta cutoff there.
//!
//! A quiet move that refuted one position often refutes its siblings too (the same threat works
//! whatever the opponent just played), so it is tried early at the same ply — right after the
//! captures — before the rest of the quiets. The trace replays this exact type, so the rules here
//! are the rules a recorded log obeys.

use super::config::MAX_KILLER_SLOTS;
use killerscope_chess::Move;
use killerscope_log::MAX_PLY;

/// Killer slots for every ply; slot 0 holds the most recent killer. Slots hold distinct moves and
/// `Move::NULL` marks an empty slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerTable {
    slots: usize,
    table: Box<[[Move; MAX_KILLER_SLOTS]; MAX_PLY]>,
}

impl KillerTable {
    /// An empty table with `slots` active slots per ply (clamped to `0..=MAX_KILLER_SLOTS`).
    pub fn new(slots: u8) -> KillerTable {
        KillerTable {
            slots: usize::from(slots).min(MAX_KILLER_SLOTS),
            table: Box::new([[Move::NULL; MAX_KILLER_SLOTS]; MAX_PLY]),
        }
    }

    /// Active slots per ply.
    pub fn slot_count(&self) -> usize {
        self.slots
    }

    /// The active slots at `ply`, most recent first (empty slots are `Move::NULL`); an empty slice
    /// beyond `MAX_PLY` or with zero slots.
    #[inline]
    pub fn at(&self, ply: usize) -> &[Move] {
        match self.table.get(ply) {
            Some(row) => &row[..self.slots],
            None => &[],
        }
    }

    /// Whether `mv` is one of the killers at `ply`.
    #[inline]
    pub fn contains(&self, ply: usize, mv: Move) -> bool {
        !mv.is_null() && self.at(ply).contains(&mv)
    }

    /// Records that quiet move `mv` caused a cutoff at `ply` and returns whether the row changed.
    ///
    /// Captures, promotions and the null move are never stored. A move already in slot 0 changes
    /// nothing; a move already in a later slot moves up to slot 0 (the ones above it shift down,
    /// no duplicate appears); a new move goes into slot 0, every other killer shifts down one slot
    /// and the oldest falls off.
    pub fn store(&mut self, ply: usize, mv: Move) -> bool {
        if self.slots == 0 || mv.is_null() || !mv.is_quiet() {
            return false;
        }
        let slots = self.slots;
        let Some(row) = self.table.get_mut(ply) else {
            return false;
        };
        let row = &mut row[..slots];
        let end = row.iter().position(|&k| k == mv).unwrap_or(slots - 1);
        if end == 0 && row[0] == mv {
            return false;
        }
        row[..=end].rotate_right(1);
        row[0] = mv;
        true
    }

    /// Forgets every killer (a new search or a new game).
    pub fn clear(&mut self) {
        self.table.fill([Move::NULL; MAX_KILLER_SLOTS]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::{MoveFlag, Square};

    #[test]
    fn new_killers_go_to_slot_zero_and_shift_the_rest_down() {
        let mut k = KillerTable::new(3);
        let (a, b, c, d) = (
            Move::quiet(1, 18),
            Move::quiet(6, 21),
            Move::quiet(12, 28),
            Move::quiet(11, 27),
        );
        assert!(k.store(4, a));
        assert_eq!(k.at(4), &[a, Move::NULL, Move::NULL]);
        assert!(k.store(4, b));
        assert!(k.store(4, c));
        assert_eq!(k.at(4), &[c, b, a]);
        assert!(k.store(4, d));
        assert_eq!(k.at(4), &[d, c, b], "the oldest killer falls off");
        assert_eq!(k.at(3), &[Move::NULL; 3], "other plies untouched");
    }

    #[test]
    fn storing_the_slot_zero_killer_changes_nothing() {
        let mut k = KillerTable::new(2);
        let (a, b) = (Move::quiet(1, 18), Move::quiet(6, 21));
        k.store(0, a);
        k.store(0, b);
        assert!(!k.store(0, b));
        assert_eq!(k.at(0), &[b, a]);
    }

    #[test]
    fn a_killer_in_a_later_slot_moves_up_without_duplicating() {
        let mut k = KillerTable::new(4);
        let moves = [
            Move::quiet(1, 18),
            Move::quiet(6, 21),
            Move::quiet(12, 28),
            Move::quiet(11, 27),
        ];
        for mv in moves {
            k.store(2, mv);
        }
        assert_eq!(k.at(2), &[moves[3], moves[2], moves[1], moves[0]]);
        assert!(k.store(2, moves[1]));
        assert_eq!(k.at(2), &[moves[1], moves[3], moves[2], moves[0]]);
        let row = k.at(2);
        for (i, a) in row.iter().enumerate() {
            assert!(!row[i + 1..].contains(a), "duplicate killer {a}");
        }
    }

    #[test]
    fn slot_counts_zero_to_four() {
        let moves: Vec<Move> = (0..6).map(|i| Move::quiet(i, i + 16)).collect();
        for slots in 0..=4u8 {
            let mut k = KillerTable::new(slots);
            for &mv in &moves {
                k.store(7, mv);
            }
            let row = k.at(7);
            assert_eq!(row.len(), usize::from(slots));
            let expected: Vec<Move> = moves.iter().rev().take(row.len()).copied().collect();
            assert_eq!(row, expected.as_slice());
        }
        assert_eq!(KillerTable::new(9).slot_count(), MAX_KILLER_SLOTS);
        assert!(!KillerTable::new(0).store(1, Move::quiet(1, 18)));
    }

    #[test]
    fn captures_promotions_and_null_are_never_stored() {
        let mut k = KillerTable::new(2);
        let from = Square::from_index(12);
        let to = Square::from_index(27);
        assert!(!k.store(1, Move::new(from, to, MoveFlag::Capture)));
        assert!(!k.store(1, Move::new(from, to, MoveFlag::EnPassant)));
        let (p, q) = (Square::from_index(52), Square::from_index(60));
        assert!(!k.store(1, Move::new(p, q, MoveFlag::PromoQueen)));
        assert!(!k.store(1, Move::new(p, q, MoveFlag::PromoKnight)));
        assert!(!k.store(1, Move::NULL));
        assert_eq!(k.at(1), &[Move::NULL, Move::NULL]);
        assert!(k.store(1, Move::new(from, to, MoveFlag::DoublePush)));
    }

    #[test]
    fn out_of_range_plies_are_ignored_and_clear_empties() {
        let mut k = KillerTable::new(2);
        assert!(!k.store(MAX_PLY, Move::quiet(1, 18)));
        assert!(k.at(MAX_PLY).is_empty());
        k.store(3, Move::quiet(1, 18));
        assert!(k.contains(3, Move::quiet(1, 18)));
        k.clear();
        assert!(!k.contains(3, Move::quiet(1, 18)));
    }
}
