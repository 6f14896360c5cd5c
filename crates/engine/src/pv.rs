//! The triangular principal-variation table: each ply keeps the best line found below it, and a
//! move that raises alpha prepends itself to its child's line.

use killerscope_chess::Move;
use killerscope_log::MAX_PLY;

/// Best lines per ply; row `ply` is the line from the node at `ply` on.
pub struct PvTable {
    moves: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl PvTable {
    /// Empty lines at every ply.
    pub fn new() -> PvTable {
        PvTable {
            moves: Box::new([[Move::NULL; MAX_PLY]; MAX_PLY]),
            len: [0; MAX_PLY],
        }
    }

    /// Empties the line at `ply` (a node starts with no best line).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        if let Some(len) = self.len.get_mut(ply) {
            *len = 0;
        }
    }

    /// `mv` raised alpha at `ply`: the line there becomes `mv` followed by the child's line.
    #[inline]
    pub fn update(&mut self, ply: usize, mv: Move) {
        if ply + 1 >= MAX_PLY {
            return;
        }
        let child_len = self.len[ply + 1].min(MAX_PLY - ply - 2);
        let (upper, lower) = self.moves.split_at_mut(ply + 1);
        let row = &mut upper[ply];
        row[0] = mv;
        row[1..=child_len].copy_from_slice(&lower[0][..child_len]);
        self.len[ply] = child_len + 1;
    }

    /// The line found at `ply`.
    pub fn line(&self, ply: usize) -> &[Move] {
        match self.len.get(ply) {
            Some(&len) => &self.moves[ply][..len],
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::{MoveFlag, Square};

    #[test]
    fn lines_propagate_upwards() {
        let mv = |a: u8, b: u8| {
            Move::new(
                Square::from_index(a),
                Square::from_index(b),
                MoveFlag::Quiet,
            )
        };
        let mut pv = PvTable::new();
        pv.clear(2);
        pv.update(2, mv(1, 2));
        pv.update(1, mv(3, 4));
        pv.update(0, mv(5, 6));
        assert_eq!(pv.line(0), &[mv(5, 6), mv(3, 4), mv(1, 2)]);
        pv.clear(1);
        pv.update(0, mv(7, 8));
        assert_eq!(pv.line(0), &[mv(7, 8)]);
    }
}
