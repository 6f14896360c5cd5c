//! The layouts for teaching: a lesson panel beside the usual panels, focus mode (the board,
//! the killer table, the tree and the lesson — the killers are what a class is shown) and
//! projector mode (the biggest board that fits). Wide screens give the lesson the right-hand
//! column; smaller ones put it under the tree, or — while a chart or comparison takes the
//! panels' place — across the bottom.
//! Below 60×16 the tree (or the view) and the lesson share the screen, so nothing ever panics
//! or overlaps.

use ratatui::layout::{Constraint, Layout, Rect};

use super::{Areas, COMPACT_LEFT, MEDIUM_LEFT, Screen, WIDE_LEFT, WIDE_RIGHT, is_wide};
use crate::widgets::board::PROJECTOR_PANEL;

/// Height of the wide layout's board (8 rows of 2 cells, files, borders).
const WIDE_BOARD: u16 = 19;
/// Height of the compact board (8 rows, files, borders).
const COMPACT_BOARD: u16 = 11;
/// Height of the stats panel under the lesson on a wide screen.
const STATS: u16 = 22;
/// Fewest rows the killer panel is given under a bigger board.
const KILLERS_MIN: u16 = 6;

/// The rectangles for `screen` on `area` (see the module comment).
pub fn arrange(area: Rect, screen: Screen) -> Areas {
    let [main, timeline, hints] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let mut a = Areas {
        timeline,
        hints,
        ..Areas::default()
    };
    if area.width < 60 || area.height < 16 {
        let (top, lesson) = if screen.lesson {
            let [top, lesson] =
                Layout::vertical([Constraint::Fill(1), Constraint::Percentage(50)]).areas(main);
            (top, lesson)
        } else {
            (main, Rect::default())
        };
        a.lesson = lesson;
        if screen.view {
            a.charts = top;
        } else {
            a.tree = top;
        }
        return a;
    }
    if is_wide(area) {
        wide(main, screen, &mut a);
    } else {
        compact(main, screen, &mut a);
    }
    a
}

/// Board column width and board height for a column of `main` that leaves `others` columns
/// beside it: projector mode takes the biggest board that fits with room for the killers
/// under it.
fn board_size(main: Rect, screen: Screen, others: u16, usual: (u16, u16)) -> (u16, u16) {
    if !screen.projector {
        return usual;
    }
    [PROJECTOR_PANEL, (WIDE_LEFT, WIDE_BOARD)]
        .into_iter()
        .find(|&(w, h)| w + others <= main.width && h + KILLERS_MIN <= main.height)
        .filter(|&(w, _)| w >= usual.0)
        .unwrap_or(usual)
}

/// A board column: the board on top, the killers under it.
fn board_column(column: Rect, height: u16, a: &mut Areas) {
    let [board, killers] =
        Layout::vertical([Constraint::Length(height), Constraint::Fill(1)]).areas(column);
    (a.board, a.killers) = (board, killers);
}

/// At least 160×48: board column, tree, and the lesson (over the stats) in the right-hand
/// column; a view takes everything left of the lesson, or without one the tree's and the
/// right-hand column's place.
fn wide(main: Rect, screen: Screen, a: &mut Areas) {
    let right = if screen.lesson || !screen.focus {
        WIDE_RIGHT
    } else {
        0
    };
    let (left, board) = board_size(main, screen, right + 40, (WIDE_LEFT, WIDE_BOARD));
    let [rest, side] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(right)]).areas(main);
    if screen.lesson {
        if screen.focus || screen.view {
            a.lesson = side;
        } else {
            let [lesson, stats] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(STATS)]).areas(side);
            (a.lesson, a.stats) = (lesson, stats);
        }
        if screen.view {
            a.charts = rest;
            return;
        }
    } else if !screen.focus {
        let [stats, explain] =
            Layout::vertical([Constraint::Length(STATS), Constraint::Fill(1)]).areas(side);
        (a.stats, a.explain) = (stats, explain);
    }
    let [column, tree] =
        Layout::horizontal([Constraint::Length(left), Constraint::Fill(1)]).areas(rest);
    board_column(column, board, a);
    a.tree = tree;
    if screen.view {
        give_view_the_right(a);
    }
}

/// Smaller screens: board column and tree as usual, the lesson under the tree; under a view
/// the lesson runs across the bottom.
fn compact(main: Rect, screen: Screen, a: &mut Areas) {
    let usual = if main.width >= 100 {
        MEDIUM_LEFT
    } else {
        COMPACT_LEFT
    };
    let (left, board) = board_size(main, screen, 52, (usual, COMPACT_BOARD));
    if screen.lesson && screen.view {
        let [top, lesson] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(10.max(main.height / 3)),
        ])
        .areas(main);
        (a.charts, a.lesson) = (top, lesson);
        return;
    }
    let [column, right] =
        Layout::horizontal([Constraint::Length(left), Constraint::Fill(1)]).areas(main);
    board_column(column, board, a);
    if screen.lesson {
        let rows = 10
            .max(main.height * 3 / 5)
            .min(main.height.saturating_sub(5));
        let [tree, lesson] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(rows)]).areas(right);
        (a.tree, a.lesson) = (tree, lesson);
    } else if screen.focus {
        a.tree = right;
    } else {
        let [tree, bottom] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(9.max(main.height * 2 / 5)),
        ])
        .areas(right);
        let [stats, explain] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(bottom);
        (a.tree, a.stats, a.explain) = (tree, stats, explain);
    }
    if screen.view {
        give_view_the_right(a);
    }
}

/// A chart or comparison on screen takes the tree's, stats' and explain's places together.
fn give_view_the_right(a: &mut Areas) {
    a.charts = [a.tree, a.stats, a.explain]
        .into_iter()
        .filter(|r| !r.is_empty())
        .reduce(Rect::union)
        .unwrap_or_default();
    (a.tree, a.stats, a.explain) = Default::default();
}

#[cfg(test)]
mod tests {
    use super::super::tests::no_overlap;
    use super::*;

    fn screens() -> Vec<Screen> {
        let mut out = Vec::new();
        for bits in 0..16u8 {
            out.push(Screen {
                view: bits & 1 != 0,
                lesson: bits & 2 != 0,
                focus: bits & 4 != 0,
                projector: bits & 8 != 0,
            });
        }
        out
    }

    #[test]
    fn no_screen_overlaps_or_panics_at_any_size() {
        let sizes = [
            (0, 0),
            (1, 1),
            (20, 5),
            (59, 30),
            (60, 16),
            (80, 24),
            (100, 30),
            (120, 40),
            (159, 47),
            (160, 48),
            (250, 80),
        ];
        for (w, h) in sizes {
            for screen in screens() {
                let a = arrange(Rect::new(0, 0, w, h), screen);
                no_overlap(&a);
                for r in [a.board, a.tree, a.lesson, a.charts, a.killers] {
                    assert!(r.right() <= w && r.bottom() <= h, "{r:?} in {w}x{h}");
                }
                if screen.lesson && w >= 20 && h >= 5 {
                    assert!(!a.lesson.is_empty(), "{w}x{h} {screen:?}");
                }
            }
        }
    }

    #[test]
    fn the_lesson_sits_under_the_tree_at_80x24_and_in_the_right_column_at_160x48() {
        let lesson = Screen {
            lesson: true,
            ..Screen::default()
        };
        let compact = arrange(Rect::new(0, 0, 80, 24), lesson);
        assert_eq!(compact.board.width, COMPACT_LEFT);
        assert_eq!(compact.lesson.x, compact.tree.x);
        assert!(compact.lesson.height >= 12 && compact.tree.height >= 8);
        assert!(!compact.killers.is_empty() && compact.stats.is_empty());
        let wide = arrange(Rect::new(0, 0, 160, 48), lesson);
        assert_eq!(wide.lesson.width, WIDE_RIGHT);
        assert!(!wide.stats.is_empty() && wide.explain.is_empty());
        assert_eq!(wide.board.width, WIDE_LEFT);
    }

    #[test]
    fn projector_mode_draws_the_big_board_where_it_fits_and_the_usual_one_at_80x24() {
        let projector = Screen {
            projector: true,
            lesson: true,
            ..Screen::default()
        };
        let wide = arrange(Rect::new(0, 0, 160, 48), projector);
        assert_eq!((wide.board.width, wide.board.height), PROJECTOR_PANEL);
        assert!(wide.tree.width >= 40, "{:?}", wide.tree);
        let small = arrange(Rect::new(0, 0, 80, 24), projector);
        assert_eq!(
            (small.board.width, small.board.height),
            (COMPACT_LEFT, COMPACT_BOARD)
        );
    }

    #[test]
    fn focus_keeps_the_board_the_killers_the_tree_and_the_lesson() {
        for (w, h) in [(80, 24), (120, 40), (160, 48)] {
            let a = arrange(
                Rect::new(0, 0, w, h),
                Screen {
                    focus: true,
                    lesson: true,
                    projector: true,
                    view: false,
                },
            );
            assert!(a.stats.is_empty() && a.explain.is_empty());
            assert!(!a.board.is_empty() && !a.tree.is_empty() && !a.lesson.is_empty());
            assert!(a.killers.height >= 6, "{w}x{h}: {:?}", a.killers);
        }
    }

    #[test]
    fn a_view_with_a_lesson_leaves_the_lesson_in_place() {
        for (w, h) in [(80, 24), (160, 48)] {
            let a = arrange(
                Rect::new(0, 0, w, h),
                Screen {
                    view: true,
                    lesson: true,
                    ..Screen::default()
                },
            );
            assert!(!a.charts.is_empty() && !a.lesson.is_empty());
            assert!(a.tree.is_empty());
            assert!(a.charts.width >= 80, "{:?}", a.charts);
        }
    }
}
