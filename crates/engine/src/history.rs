//! The history heuristic: quiet moves that caused cutoffs anywhere in the tree, weighted by the
//! square of the remaining depth, order the quiets that no killer covers.
//!
//! The rules are fixed so a recorded log can replay them: a quiet cutoff at remaining depth `d`
//! adds `d*d` to `[side][from][to]`; an entry that reaches `HISTORY_MAX` is clamped there and the
//! whole table is halved; at the start of every iteration the whole table is halved (aging), so
//! older iterations count for less than the current one.

use killerscope_chess::{Color, Move};

/// The largest value an entry can hold before the table is halved.
pub const HISTORY_MAX: u32 = 1 << 20;

/// History scores indexed `[side][from][to]`.
pub type HistoryScores = [[[u32; 64]; 64]; 2];

/// Cutoff counts weighted by depth², per side to move and from/to squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryTable {
    table: Box<HistoryScores>,
    cap: u32,
}

impl Default for HistoryTable {
    fn default() -> Self {
        HistoryTable::new()
    }
}

impl HistoryTable {
    /// An all-zero table.
    pub fn new() -> HistoryTable {
        HistoryTable::with_cap(HISTORY_MAX)
    }

    /// An empty table saturating at `cap` instead of `HISTORY_MAX`: lets tests and replays of
    /// other searches exercise the clamp-and-halve rule with small numbers.
    pub fn with_cap(cap: u32) -> HistoryTable {
        HistoryTable {
            table: Box::new([[[0; 64]; 64]; 2]),
            cap: cap.max(1),
        }
    }

    /// Every score, `[side][from][to]`.
    pub fn scores(&self) -> &HistoryScores {
        &self.table
    }

    /// The score of `mv` for `side`; 0 when it never cut off.
    #[inline]
    pub fn get(&self, side: Color, mv: Move) -> u32 {
        self.table[side.index()][mv.from().index()][mv.to().index()]
    }

    /// Rewards quiet move `mv` by `side` for a beta cutoff at remaining `depth` (≤ 0 counts as 1).
    pub fn reward(&mut self, side: Color, mv: Move, depth: i32) {
        let d = depth.clamp(1, 64) as u32;
        let entry = &mut self.table[side.index()][mv.from().index()][mv.to().index()];
        *entry = entry.saturating_add(d * d).min(self.cap);
        if *entry == self.cap {
            self.age();
        }
    }

    /// Halves every entry: done between iterations and when an entry saturates.
    pub fn age(&mut self) {
        for to_row in self.table.iter_mut().flatten() {
            for entry in to_row.iter_mut() {
                *entry /= 2;
            }
        }
    }

    /// Zeroes every entry (a new search or a new game).
    pub fn clear(&mut self) {
        self.table.fill([[0; 64]; 64]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reward_is_depth_squared_per_side() {
        let mut h = HistoryTable::new();
        h.reward(Color::White, Move::quiet(6, 21), 3);
        h.reward(Color::White, Move::quiet(6, 21), 2);
        assert_eq!(h.get(Color::White, Move::quiet(6, 21)), 13);
        assert_eq!(h.get(Color::Black, Move::quiet(6, 21)), 0);
        h.reward(Color::Black, Move::quiet(6, 21), 0);
        assert_eq!(h.get(Color::Black, Move::quiet(6, 21)), 1);
    }

    #[test]
    fn aging_halves_everything() {
        let mut h = HistoryTable::new();
        h.reward(Color::White, Move::quiet(6, 21), 5);
        h.reward(Color::Black, Move::quiet(57, 42), 3);
        h.age();
        assert_eq!(h.get(Color::White, Move::quiet(6, 21)), 12);
        assert_eq!(h.get(Color::Black, Move::quiet(57, 42)), 4);
        h.clear();
        assert_eq!(h.get(Color::White, Move::quiet(6, 21)), 0);
    }

    #[test]
    fn saturation_clamps_then_halves_the_table() {
        let mut h = HistoryTable::new();
        h.reward(Color::White, Move::quiet(1, 18), 10);
        for _ in 0..(HISTORY_MAX / (64 * 64) + 1) {
            h.reward(Color::White, Move::quiet(6, 21), 64);
        }
        assert!(h.get(Color::White, Move::quiet(6, 21)) <= HISTORY_MAX / 2 + 64 * 64);
        assert!(
            h.get(Color::White, Move::quiet(1, 18)) < 100,
            "other entries were halved too"
        );
    }
}
