//! The screen geometry the model needs to know, in its own terms: how many tree rows make a
//! page (PgUp/PgDn), how wide the tree is (how many levels fit), where the icicle's bands lie
//! (the arrow keys move along the blocks as drawn). The terminal layer lays the screen out and
//! hands the model a `Viewport` before each frame; the model never sees the terminal.

/// A rectangle of character cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Area {
    /// Left column.
    pub x: u16,
    /// Top row.
    pub y: u16,
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

impl Area {
    /// Whether the cell at (`column`, `row`) lies inside.
    pub fn contains(&self, column: u16, row: u16) -> bool {
        column >= self.x
            && row >= self.y
            && u32::from(column) < u32::from(self.x) + u32::from(self.width)
            && u32::from(row) < u32::from(self.y) + u32::from(self.height)
    }

    /// The column just right of it.
    pub fn right(&self) -> u16 {
        self.x.saturating_add(self.width)
    }

    /// The row just below it.
    pub fn bottom(&self) -> u16 {
        self.y.saturating_add(self.height)
    }

    /// Whether it has no cells.
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }
}

/// What the last layout gave the panels whose keys depend on their size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Viewport {
    /// The tree panel inside its border (empty: not on screen).
    pub tree: Area,
    /// The icicle's bands inside the charts panel (empty: not on screen).
    pub icicle: Area,
    /// The diff view's tree rows (empty: not on screen).
    pub diff: Area,
}
