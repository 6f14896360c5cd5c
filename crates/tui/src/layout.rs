//! Where each panel goes. Two layouts: compact (fits 80×24 exactly) and wide (≥ 160×48, bigger
//! board, stats and explanation in their own column). Below 60×16 only the tree and the status
//! line are shown, so a tiny window (down to 0×0) never panics and never overlaps.

use ratatui::layout::{Constraint, Layout, Rect};

mod teach;

/// The rectangle of every panel; a panel not shown at this size gets an empty rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    /// The chess board.
    pub board: Rect,
    /// The search tree.
    pub tree: Rect,
    /// The killer table.
    pub killers: Rect,
    /// Search statistics.
    pub stats: Rect,
    /// What happened at the selected node.
    pub explain: Rect,
    /// The timeline / status line.
    pub timeline: Rect,
    /// One line of key hints (or the FEN prompt while typing).
    pub hints: Rect,
    /// The charts view (only while it is open: see [`with_charts`]); with a lesson open, the
    /// compare view too.
    pub charts: Rect,
    /// The lesson panel (only while a lesson is open: see [`arrange`]).
    pub lesson: Rect,
}

/// What besides the screen size decides the layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Screen {
    /// A view (the charts, or with a lesson the comparison) takes panels' place.
    pub view: bool,
    /// A lesson is open: its panel needs a place.
    pub lesson: bool,
    /// Only the board, the killers, the tree and the lesson are shown.
    pub focus: bool,
    /// Projector mode: the biggest board that fits.
    pub projector: bool,
}

/// Computes the panel rectangles for a screen of this size showing `screen`: the usual
/// layouts ([`compute`], [`with_charts`]) unless a lesson, focus or projector mode asks for
/// another (`teach::arrange`).
pub fn arrange(area: Rect, screen: Screen) -> Areas {
    match screen {
        Screen {
            lesson: false,
            focus: false,
            projector: false,
            view,
        } => {
            if view {
                with_charts(area)
            } else {
                compute(area)
            }
        }
        _ => teach::arrange(area, screen),
    }
}

/// Width of the board column in the compact layout: 8 squares of 3 cells, rank labels, borders.
pub const COMPACT_LEFT: u16 = 28;
/// Width of the board column from 100 columns on: room for the killer counts.
pub const MEDIUM_LEFT: u16 = 36;
/// Width of the board column in the wide layout: 8 squares of 5 cells, rank labels, borders.
pub const WIDE_LEFT: u16 = 44;
/// Width of the stats/explain column in the wide layout.
pub const WIDE_RIGHT: u16 = 52;

/// Computes the panel rectangles for a screen of this size.
pub fn compute(area: Rect) -> Areas {
    let [main, timeline, hints] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    if area.width < 60 || area.height < 16 {
        return Areas {
            tree: main,
            timeline,
            hints,
            ..Areas::default()
        };
    }
    let [board, tree, killers, stats, explain] = if is_wide(area) {
        wide_panels(main)
    } else {
        compact_panels(main, area.width)
    };
    Areas {
        board,
        tree,
        killers,
        stats,
        explain,
        timeline,
        hints,
        ..Areas::default()
    }
}

/// The wide layout's board, tree, killers, stats and explanation: the board and killers on the
/// left, the tree in the middle, stats over the explanation on the right.
fn wide_panels(main: Rect) -> [Rect; 5] {
    let [left, middle, right] = Layout::horizontal([
        Constraint::Length(WIDE_LEFT),
        Constraint::Fill(1),
        Constraint::Length(WIDE_RIGHT),
    ])
    .areas(main);
    let [board, killers] =
        Layout::vertical([Constraint::Length(19), Constraint::Fill(1)]).areas(left);
    let [stats, explain] =
        Layout::vertical([Constraint::Length(22), Constraint::Fill(1)]).areas(right);
    [board, middle, killers, stats, explain]
}

/// The compact layout's: the board over the killers on the left, the tree over stats and
/// explanation side by side on the right.
fn compact_panels(main: Rect, width: u16) -> [Rect; 5] {
    let left_width = if width >= 100 {
        MEDIUM_LEFT
    } else {
        COMPACT_LEFT
    };
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_width), Constraint::Fill(1)]).areas(main);
    let [board, killers] =
        Layout::vertical([Constraint::Length(11), Constraint::Fill(1)]).areas(left);
    let [tree, bottom] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(9.max(main.height * 2 / 5)),
    ])
    .areas(right);
    let [stats, explain] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
    [board, tree, killers, stats, explain]
}

/// Whether the screen takes the wide layout.
pub fn is_wide(area: Rect) -> bool {
    area.width >= 160 && area.height >= 48
}

/// The rectangles while the charts view is open. Wide: the chart takes the lower half of the
/// tree and explanation columns, so the board, killers, stats and the top of the tree stay in
/// view. Otherwise it takes the tree's and the lower panels' place, leaving the board and
/// killers (below 60×16, where only the tree is shown, the tree's place).
pub fn with_charts(area: Rect) -> Areas {
    let mut a = compute(area);
    if is_wide(area) {
        let top = a.stats.bottom();
        a.charts = Rect {
            x: a.tree.x,
            y: top,
            width: a.explain.right().saturating_sub(a.tree.x),
            height: a.tree.bottom().saturating_sub(top),
        };
        a.tree.height = top.saturating_sub(a.tree.y);
        a.explain = Rect::default();
    } else {
        let replaced = [a.tree, a.stats, a.explain].into_iter();
        let shown = replaced.filter(|r| !r.is_empty());
        a.charts = shown.reduce(Rect::union).unwrap_or_default();
        (a.tree, a.stats, a.explain) = Default::default();
    }
    a
}

/// A rectangle of at most `width` × `height` centred in `area` (for overlays).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn no_overlap(a: &Areas) {
        let all = [
            a.board, a.tree, a.killers, a.stats, a.explain, a.timeline, a.hints, a.charts, a.lesson,
        ];
        for (i, x) in all.iter().enumerate() {
            for y in &all[i + 1..] {
                assert!(
                    x.is_empty() || y.is_empty() || !x.intersects(*y),
                    "{x:?} overlaps {y:?}"
                );
            }
        }
    }

    #[test]
    fn compact_80x24_shows_every_panel_without_overlap() {
        let a = compute(Rect::new(0, 0, 80, 24));
        no_overlap(&a);
        for r in [a.board, a.tree, a.killers, a.stats, a.explain] {
            assert!(r.width >= 20 && r.height >= 5, "{r:?}");
        }
        assert_eq!(a.board.width, COMPACT_LEFT);
    }

    #[test]
    fn wide_uses_the_room() {
        let a = compute(Rect::new(0, 0, 200, 60));
        no_overlap(&a);
        assert_eq!(a.board.width, WIDE_LEFT);
        assert!(a.tree.width >= 100);
    }

    #[test]
    fn the_charts_take_the_lower_panels_and_keep_the_board() {
        let compact = with_charts(Rect::new(0, 0, 80, 24));
        no_overlap(&compact);
        assert_eq!((compact.charts.width, compact.charts.height), (52, 22));
        assert!(compact.tree.is_empty() && compact.stats.is_empty());
        assert_eq!(compact.board.width, COMPACT_LEFT);
        let wide = with_charts(Rect::new(0, 0, 160, 48));
        no_overlap(&wide);
        assert_eq!(
            (wide.charts.width, wide.charts.height),
            (160 - WIDE_LEFT, 24)
        );
        assert_eq!(wide.tree.bottom(), wide.charts.y);
        assert!(!wide.stats.is_empty() && wide.explain.is_empty());
        for (w, h) in [(20, 5), (0, 0), (59, 30), (100, 15), (100, 40)] {
            let a = with_charts(Rect::new(0, 0, w, h));
            no_overlap(&a);
            assert!(a.tree.is_empty());
        }
    }

    #[test]
    fn tiny_sizes_keep_the_tree_and_status() {
        for (w, h) in [(20, 5), (1, 1), (0, 0), (59, 30), (100, 15)] {
            let a = compute(Rect::new(0, 0, w, h));
            no_overlap(&a);
            assert!(a.board.is_empty());
        }
    }
}
