//! Fitting the tree's rows to the panel so that no row ever loses its α/β window, the column a
//! class reads. A row is `move · score type · marker · count · window`, drawn after the
//! widget's selection cell, two cells of indentation per level and the open/closed symbol.
//! When the panel is too narrow, what gives way, in order:
//!
//! 1. the subtree count (and the marker column narrows from 15 cells to 11);
//! 2. the indentation: rows deeper than `Fit::indented` levels are drawn at that level, their
//!    ply written in its last two cells of indentation (` 12▶ …Nf6`) — the *depth marker*;
//! 3. the score (the node type stays);
//! 4. the marker, cut to the cells left.
//!
//! The window is written whole in every case: a screen of 60×18 or more leaves room for it.
//! The widget only knows how to indent every level, so the panel draws it off screen, as wide
//! as its deepest row needs, and copies each row back with the indentation folded
//! ([`fold_into`]).

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use tui_tree_widget::TreeState;

use killerscope_explorer::Row;

/// Cells before a row's text at level 0: the selection cell and the open/closed symbol.
const PREFIX: usize = 3;
/// Cells of the depth marker of a folded row.
pub const MARK: usize = 2;
/// Cells of the move column.
const MOVE: usize = 8;
/// Cells of the score and node type (`+110 CUT `).
const RESULT: usize = 10;
/// Cells of the node type alone (`CUT `).
const TYPE: usize = 4;
/// Cells of the subtree count and the gap after it.
const COUNT: usize = 8;
/// The marker column in full rows.
pub const MARKER_WIDTH: usize = 15;
/// The marker column once the count is left out: `✂ Bc6 Hist` fits.
pub const COMPACT_MARKER_WIDTH: usize = 11;
/// Cells of the window the indentation is fitted to: `[+109,+110]`, `[-1234,+1235]`; a wider
/// one takes cells from the marker instead.
const WINDOW: usize = 13;
/// What a row needs once its count is left out: the indentation gives way below this.
const ROW_NEEDS: usize = MOVE + RESULT + COMPACT_MARKER_WIDTH + WINDOW;

/// How the rows of one frame fit a panel of `width` cells (inside its border).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fit {
    /// The panel's width inside its border.
    pub width: usize,
    /// Levels drawn with their indentation; deeper rows are folded to this level.
    pub indented: usize,
    /// The ply of the rows at level 0 (the view's top rows).
    pub top_ply: usize,
}

impl Fit {
    /// The fit of a panel `width` cells wide whose top rows are at ply `top_ply`.
    pub fn new(width: u16, top_ply: usize) -> Fit {
        let width = usize::from(width);
        Fit {
            width,
            indented: width.saturating_sub(PREFIX + ROW_NEEDS) / 2,
            top_ply,
        }
    }

    /// Whether a row at `level` is folded (drawn with a depth marker): deeper than the level
    /// folded rows are drawn at.
    pub fn folded(&self, level: usize) -> bool {
        level > self.folded_level()
    }

    /// The level a folded row is drawn at: the marker takes that level's indentation, so it
    /// is at least 1.
    fn folded_level(&self) -> usize {
        self.indented.max(1)
    }

    /// Cells of indentation copied as drawn before a folded row's depth marker.
    fn kept(&self) -> usize {
        1 + 2 * (self.folded_level() - 1)
    }

    /// Cells left for the text of a row at `level`.
    pub fn budget(&self, level: usize) -> usize {
        let shown = if self.folded(level) {
            self.folded_level()
        } else {
            level
        };
        self.width.saturating_sub(PREFIX + 2 * shown)
    }
}

/// The parts of a row, each fitted or left out by [`RowParts::line`].
pub struct RowParts {
    /// The move, padded to its column.
    pub mv: Span<'static>,
    /// The score, padded (`None`: the node has no result, `result` says why).
    pub score: Option<Span<'static>>,
    /// The node type, or what stands for a missing result.
    pub result: Span<'static>,
    /// The marker column's words, joined, not padded.
    pub marker: Vec<Span<'static>>,
    /// The style of the marker column's padding.
    pub marker_style: Style,
    /// The subtree count, as written.
    pub count: String,
    /// The window at entry, `[α,β]`.
    pub window: String,
    /// The style of the count and window.
    pub dim: Style,
}

fn width(spans: &[Span<'_>]) -> usize {
    spans.iter().map(Span::width).sum()
}

impl RowParts {
    /// The whole row: every part, the marker column `marker` cells wide, with the count or
    /// without it.
    pub fn full(&self, marker: usize, count: bool) -> Line<'static> {
        let mut spans = vec![self.mv.clone()];
        spans.extend(self.score.clone());
        spans.push(self.result.clone());
        spans.extend(self.padded_marker(marker));
        let tail = if count {
            format!("{:>6}  {}", self.count, self.window)
        } else {
            self.window.clone()
        };
        spans.push(Span::styled(tail, self.dim));
        Line::from(spans)
    }

    fn padded_marker(&self, cells: usize) -> Vec<Span<'static>> {
        let mut spans = self.marker.clone();
        // A marker longer than its column still keeps a space before the numbers.
        let pad = cells.saturating_sub(width(&spans)).max(1);
        spans.push(Span::styled(" ".repeat(pad), self.marker_style));
        spans
    }

    /// The row in at most `budget` cells, the window whole: the count goes first, then the
    /// score, then marker cells, then move cells (a window alone is never cut by this).
    pub fn line(&self, budget: usize) -> Line<'static> {
        let window = self.window.chars().count();
        let mv = self.mv.width();
        let result = self.result.width();
        let score = self.score.as_ref().map_or(0, Span::width);
        let marker = width(&self.marker) + 1;
        let full = mv + score + result + marker.max(MARKER_WIDTH) + COUNT + window;
        if full <= budget {
            return self.full(MARKER_WIDTH, true);
        }
        let compact = mv + score + result + marker.max(COMPACT_MARKER_WIDTH) + window;
        if compact <= budget {
            return self.full(COMPACT_MARKER_WIDTH, false);
        }
        // The move keeps one space after it instead of its padded column.
        let short = Span::styled(format!("{} ", self.mv.content.trim_end()), self.mv.style);
        let mv = short.width();
        let mut spans = vec![short];
        let typed = mv + result.min(TYPE);
        if typed + window <= budget {
            spans.push(trimmed(&self.result, TYPE));
            let room = budget - typed - window;
            spans.extend(cut(&self.marker, room.saturating_sub(1)));
            let pad = room.saturating_sub(width(&spans[2..]));
            spans.push(Span::styled(" ".repeat(pad), self.marker_style));
        } else {
            spans = vec![trimmed(&self.mv, budget.saturating_sub(window + 1))];
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(self.window.clone(), self.dim));
        Line::from(spans)
    }
}

/// `span` cut to at most `cells` cells, its trailing spaces kept while they fit.
fn trimmed(span: &Span<'static>, cells: usize) -> Span<'static> {
    let text: String = span.content.chars().take(cells).collect();
    Span::styled(text, span.style)
}

/// `spans` cut to at most `cells` cells at a word's end (`✂ hxg3` rather than `✂ hx`).
fn cut(spans: &[Span<'static>], cells: usize) -> Vec<Span<'static>> {
    let chars: Vec<(char, ratatui::style::Style)> = spans
        .iter()
        .flat_map(|s| s.content.chars().map(move |c| (c, s.style)))
        .collect();
    let ends = |k: usize| chars.get(k).is_none_or(|&(c, _)| c == ' ');
    let mut keep = chars.len().min(cells);
    while keep > 0 && !ends(keep) {
        keep -= 1;
    }
    chars[..keep]
        .iter()
        .map(|&(c, style)| Span::styled(c.to_string(), style))
        .collect()
}

/// The depth marker of a folded row at ply `ply`: the ply in two cells (`99` at most).
pub fn depth_mark(ply: usize) -> String {
    format!("{:>2}", ply.min(99))
}

/// Copies the rows the widget drew in `scratch` (as wide as they need) into `buf` at `inner`,
/// folding the indentation of the rows deeper than `fit.indented`: the indentation before
/// their last shown level is kept, the depth marker takes that level's two cells, then the row
/// follows from its symbol on.
/// `state` tells which row each line holds (its path's length is its level + 1).
pub fn fold_into(
    buf: &mut Buffer,
    scratch: &Buffer,
    inner: Rect,
    fit: &Fit,
    state: &TreeState<Row>,
    mark_style: Style,
) {
    let drawn = scratch.area;
    for y in inner.top()..inner.bottom() {
        let rendered = state
            .rendered_at(Position::new(drawn.x, y))
            .filter(|path| !path.is_empty());
        let level = rendered.map_or(0, |path| path.len() - 1);
        let kept = fit.kept();
        // Past the last row the widget names the last row again: a blank line is no row.
        let blank = (drawn.left()..drawn.right()).all(|x| {
            scratch
                .cell(Position::new(x, y))
                .is_none_or(|c| c.symbol() == " ")
        });
        let folded = rendered.is_some() && !blank && fit.folded(level);
        let mark: Vec<char> = depth_mark(fit.top_ply + level).chars().collect();
        for dx in 0..inner.width {
            let col = usize::from(dx);
            let from = if !folded || col < kept {
                Some(col)
            } else if col < kept + MARK {
                None
            } else {
                Some(col - kept - MARK + 1 + 2 * level)
            };
            let target = Position::new(inner.x + dx, y);
            let Some(cell) = buf.cell_mut(target) else {
                continue;
            };
            match from {
                Some(col) => {
                    let at = u16::try_from(col)
                        .ok()
                        .and_then(|c| drawn.x.checked_add(c))
                        .and_then(|x| scratch.cell(Position::new(x, y)));
                    match at {
                        Some(source) => *cell = source.clone(),
                        None => {
                            cell.reset();
                        }
                    }
                }
                None => {
                    // The marker keeps the row's background (the selection's highlight).
                    let under = scratch
                        .cell(Position::new(drawn.x + dx, y))
                        .map_or(Style::default(), |c| c.style());
                    cell.reset();
                    let c = mark[col - kept];
                    cell.set_char(c).set_style(under.patch(mark_style));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(marker: &str, window: &str) -> RowParts {
        RowParts {
            mv: Span::raw(format!("{:<8}", "…Ra5")),
            score: Some(Span::raw(format!("{:>5} ", "+112"))),
            result: Span::raw("CUT "),
            marker: vec![Span::raw(marker.to_string())],
            marker_style: Style::default(),
            count: "3.93k".into(),
            window: window.into(),
            dim: Style::default(),
        }
    }

    fn text(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn the_count_goes_first_then_the_score_then_the_marker_never_the_window() {
        let row = parts("✂ Bc6 Hist", "[+110,+111]");
        let full = text(&row.line(80));
        assert!(
            full.contains("3.93k") && full.ends_with("[+110,+111]"),
            "{full}"
        );
        let compact = text(&row.line(40));
        assert!(
            !compact.contains("3.93k") && compact.contains("+112"),
            "{compact}"
        );
        assert!(compact.ends_with("[+110,+111]"), "{compact}");
        let scoreless = text(&row.line(32));
        assert!(!scoreless.contains("+112"), "{scoreless}");
        assert!(scoreless.contains("CUT ✂ Bc6"), "{scoreless}");
        let tight = text(&row.line(23));
        assert!(tight.contains("CUT ✂") && !tight.contains("✂ B"), "{tight}");
        assert!(scoreless.ends_with("[+110,+111]"), "{scoreless}");
        for budget in 19..=80 {
            let line = row.line(budget);
            assert!(line.width() <= budget, "{budget}: {}", text(&line));
            assert!(text(&line).ends_with("[+110,+111]"), "{budget}");
        }
    }

    #[test]
    fn rows_fold_below_the_levels_that_fit_and_keep_their_budget() {
        let fit = Fit::new(50, 0);
        assert_eq!(fit.indented, 2);
        assert!(!fit.folded(2) && fit.folded(3));
        assert_eq!(fit.budget(2), fit.budget(9));
        assert!(fit.budget(9) >= ROW_NEEDS);
        assert_eq!(fit.kept(), 3);
        let narrow = Fit::new(30, 0);
        assert_eq!(narrow.indented, 0);
        assert!(!narrow.folded(1) && narrow.folded(2));
        assert_eq!(narrow.kept(), 1);
        assert_eq!(narrow.budget(6), 25);
        assert!(narrow.budget(6) >= MOVE + TYPE + WINDOW);
        assert_eq!(depth_mark(7), " 7");
        assert_eq!(depth_mark(123), "99");
    }
}
