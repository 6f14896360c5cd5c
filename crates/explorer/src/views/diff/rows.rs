//! The diff view's tree: the aligned tree of two searches (`trace::tree_diff::child_pairs`, the
//! same alignment the `diff` command walks) laid out as rows — the roots, and the children of
//! every opened pair — with the selection and the scroll. Rows are rebuilt only when a pair is
//! opened or closed, and only opened pairs contribute theirs.

use std::collections::HashSet;

use killerscope_analysis::{Pair, child_pairs, pair_has_children, root_pairs};
use killerscope_trace::SearchTree;

/// One row of the diff tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRow {
    /// A's node and B's.
    pub pair: Pair,
    /// Levels below the roots (a root is 0).
    pub level: u16,
    /// Whether the pair has children (either side).
    pub has_children: bool,
    /// Whether its children are shown.
    pub open: bool,
}

/// The rows, which are open, the selection and the first row on screen.
#[derive(Clone, Debug, Default)]
pub struct PairRows {
    open: HashSet<Pair>,
    rows: Vec<PairRow>,
    selected: usize,
    offset: usize,
    page: usize,
}

impl PairRows {
    /// The roots of the two trees, the first selected.
    pub fn new(a: &SearchTree, b: &SearchTree) -> PairRows {
        let mut rows = PairRows {
            page: 1,
            ..PairRows::default()
        };
        rows.rebuild(a, b);
        rows
    }

    /// Every row, top first.
    pub fn rows(&self) -> &[PairRow] {
        &self.rows
    }

    /// The selected row's index.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The selected row.
    pub fn selected_row(&self) -> Option<&PairRow> {
        self.rows.get(self.selected)
    }

    /// The first row on screen.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Rows the panel shows at once (set before each frame).
    pub fn set_page(&mut self, page: usize) {
        self.page = page.max(1);
        self.scroll_to_selection();
    }

    /// Rows a page moves.
    pub fn page(&self) -> usize {
        self.page
    }

    /// Moves the selection by `delta` rows, within the list.
    pub fn step(&mut self, delta: isize) {
        let last = self.rows.len().saturating_sub(1) as isize;
        self.selected = (self.selected as isize + delta).clamp(0, last) as usize;
        self.scroll_to_selection();
    }

    /// Selects the first (`false`) or last (`true`) row.
    pub fn jump_to_end(&mut self, last: bool) {
        self.selected = if last {
            self.rows.len().saturating_sub(1)
        } else {
            0
        };
        self.scroll_to_selection();
    }

    /// Opens (`Some(true)`), closes (`Some(false)`) or toggles (`None`) the selected pair;
    /// closing a closed pair (or a leaf) selects its parent row instead.
    pub fn open_close(&mut self, a: &SearchTree, b: &SearchTree, want: Option<bool>) {
        let Some(row) = self.selected_row().copied() else {
            return;
        };
        let open = want.unwrap_or(!row.open);
        if !open && !row.open {
            if let Some(parent) = self.rows[..self.selected]
                .iter()
                .rposition(|r| r.level < row.level)
            {
                self.selected = parent;
                self.scroll_to_selection();
            }
            return;
        }
        if open && !row.has_children {
            return;
        }
        if open {
            self.open.insert(row.pair);
        } else {
            self.open.remove(&row.pair);
        }
        self.rebuild(a, b);
    }

    /// Opens every pair on `chain` (a path of pairs from a root down) but the last, and selects
    /// the last; false if the chain is not in the tree.
    pub fn reveal(&mut self, a: &SearchTree, b: &SearchTree, chain: &[Pair]) -> bool {
        let Some((&target, above)) = chain.split_last() else {
            return false;
        };
        self.open.extend(above.iter().copied());
        self.rebuild(a, b);
        match self.rows.iter().position(|r| r.pair == target) {
            Some(at) => {
                self.selected = at;
                self.scroll_to_selection();
                true
            }
            None => false,
        }
    }

    /// Lays the rows out again from the open set, keeping the selected pair selected.
    fn rebuild(&mut self, a: &SearchTree, b: &SearchTree) {
        let keep = self.selected_row().map(|r| r.pair);
        self.rows.clear();
        let mut stack: Vec<(Pair, u16)> =
            root_pairs(a, b).into_iter().rev().map(|p| (p, 0)).collect();
        while let Some((pair, level)) = stack.pop() {
            let open = self.open.contains(&pair);
            self.rows.push(PairRow {
                pair,
                level,
                has_children: pair_has_children(a, b, pair),
                open,
            });
            if open {
                let children = child_pairs(a, b, pair);
                stack.extend(children.into_iter().rev().map(|c| (c, level + 1)));
            }
        }
        if let Some(at) = keep.and_then(|p| self.rows.iter().position(|r| r.pair == p)) {
            self.selected = at;
        }
        self.selected = self.selected.min(self.rows.len().saturating_sub(1));
        self.scroll_to_selection();
    }

    fn scroll_to_selection(&mut self) {
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + self.page {
            self.offset = self.selected + 1 - self.page;
        }
    }
}
