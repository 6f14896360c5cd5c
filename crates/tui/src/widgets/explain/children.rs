//! How many moves a node searched, told apart from how many searches it made: a PVS re-search
//! (or a reduced move searched again at full depth) is a second child for the same move, so the
//! children outnumber the moves — 44 children for 40 legal moves at the puzzle's root.

use std::collections::HashSet;

use killerscope_explorer::{NodeId, Session};

/// The moves searched below a node and the searches it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Searched {
    /// Distinct moves with a node below `id` (the null-move search is not a move).
    pub moves: u32,
    /// Child nodes of those moves: more than `moves` when some were searched again.
    pub searches: u32,
}

impl Searched {
    /// Counts the children of `id` by move.
    pub(super) fn of(session: &Session, id: NodeId) -> Searched {
        let mut seen = HashSet::new();
        let mut searches = 0;
        for child in session.children(Some(id)) {
            let Some(node) = session.node(child) else {
                continue;
            };
            if node.mv().is_null() {
                continue;
            }
            searches += 1;
            seen.insert(node.mv());
        }
        let moves = u32::try_from(seen.len()).unwrap_or(u32::MAX);
        Searched { moves, searches }
    }

    /// "40 moves" (or "1 move").
    pub(super) fn moves(self) -> String {
        let plural = if self.moves == 1 { "" } else { "s" };
        format!("{} move{plural}", self.moves)
    }

    /// ", 4 of them again" when some moves were searched more than once, else nothing.
    pub(super) fn again(self) -> String {
        match self.searches.saturating_sub(self.moves) {
            0 => String::new(),
            1 if self.moves == 1 => ", a second time".into(),
            again => format!(", {again} of them again"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Searched;

    #[test]
    fn re_searches_are_named_apart_from_the_moves() {
        let words = |moves, searches| {
            let searched = Searched { moves, searches };
            format!("{}{}", searched.moves(), searched.again())
        };
        assert_eq!(words(40, 44), "40 moves, 4 of them again");
        assert_eq!(words(1, 1), "1 move");
        assert_eq!(words(3, 3), "3 moves");
        assert_eq!(words(1, 2), "1 move, a second time");
    }
}
