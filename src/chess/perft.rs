//! Perft: count the leaf nodes of the legal move tree, the standard correctness test (and
//! speed benchmark) for move generators. Every node is made and unmade — no bulk counting at
//! the last ply — so the figure measures the same work a search does.

use super::moves::{Move, MoveList};
use super::position::Position;

impl Position {
    /// Number of leaf nodes `depth` plies below this position (1 at depth 0).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut nodes = 0;
        for mv in list.iter() {
            let undo = self.make_move(mv);
            nodes += self.perft(depth - 1);
            self.unmake_move(mv, undo);
        }
        nodes
    }

    /// Perft split by root move, in generation order: the `divide` used to find which move's
    /// subtree disagrees with a reference generator.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter()
            .map(|mv| {
                let undo = self.make_move(mv);
                let nodes = self.perft(depth.saturating_sub(1));
                self.unmake_move(mv, undo);
                (mv, nodes)
            })
            .collect()
    }
}
