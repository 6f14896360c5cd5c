//! Nodes per ply of two or more searches of one position side by side — say killers off and on
//! — for the compare view: a legend naming each search by its bar character, then a row per ply
//! with every count, each search's ratio to the first, and one bar per search on one scale
//! (`█` the first, `▓` the second, `▒` the third …, so monochrome keeps them apart). The ratio
//! per ply shows where a heuristic shrinks the tree.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::theme::Theme;
use killerscope_engine::fmt;
use killerscope_explorer::charts::data::PlyNodes;

/// Bar characters of the searches, in order (repeating after the last).
pub const FILLS: [char; 8] = ['█', '▓', '▒', '░', '#', '=', '+', '*'];
/// Width of a count or ratio column, with its space.
const CELL: usize = 7;

/// One search: its name (`killers off`) and its nodes per ply.
pub type Side<'a> = (&'a str, &'a [PlyNodes]);

/// The bar character of search `k`.
pub fn fill(k: usize) -> char {
    FILLS[k % FILLS.len()]
}

/// The style of search `k`'s bars: a different colour role each (all plain in monochrome,
/// where the bar characters tell them apart).
fn style(theme: &Theme, k: usize) -> Style {
    let styles = [
        theme.chart,
        theme.text,
        theme.node_type,
        theme.cutoff,
        theme.killer_new,
        theme.pv,
    ];
    styles[k % styles.len()]
}

/// The chart's lines in `width` × `height` cells: the legend, a header, a row per ply (main and
/// quiescence together; the deepest plies summed on the last row when they do not all fit) and
/// the totals.
pub fn lines(theme: &Theme, sides: &[Side], width: u16, height: u16) -> Vec<Line<'static>> {
    let plies = sides.iter().map(|s| s.1.len()).max().unwrap_or(0);
    let total = |side: &Side, from: usize, to: usize| -> u64 {
        side.1.iter().take(to).skip(from).map(PlyNodes::total).sum()
    };
    let room = usize::from(height).saturating_sub(3);
    let single = if plies > room {
        room.saturating_sub(1)
    } else {
        plies
    };
    let mut rows: Vec<(String, Vec<u64>)> = (0..single)
        .map(|ply| {
            let counts = sides.iter().map(|s| total(s, ply, ply + 1)).collect();
            (ply.to_string(), counts)
        })
        .collect();
    if single < plies && room > 0 {
        let counts = sides.iter().map(|s| total(s, single, plies)).collect();
        rows.push((format!("{single}+"), counts));
    }
    let widest = rows
        .iter()
        .flat_map(|r| r.1.iter().copied())
        .max()
        .unwrap_or(0);
    let n = sides.len().max(1);
    let columns = 4 + CELL * (2 * n - 1);
    let bar = usize::from(width).saturating_sub(columns) / n;
    let mut legend: Vec<Span<'static>> = Vec::new();
    for (k, (name, _)) in sides.iter().enumerate() {
        legend.push(Span::styled(
            format!("{} {name}  ", fill(k)),
            style(theme, k),
        ));
    }
    let mut out = vec![Line::from(legend)];
    let mut header = format!("{:>3} ", "ply");
    for k in 0..sides.len() {
        header.push_str(&format!("{:>6} ", fill(k)));
    }
    for k in 1..sides.len() {
        header.push_str(&format!("{:>6} ", format!("{}/{}", fill(k), fill(0))));
    }
    out.push(Line::styled(header, theme.dim));
    for (label, counts) in rows {
        out.push(row(theme, &label, &counts, widest, bar));
    }
    let totals: Vec<u64> = sides.iter().map(|s| total(s, 0, plies)).collect();
    out.push(row(theme, "all", &totals, 0, 0));
    out
}

/// A row: its label, every count, each count's ratio to the first, then (with `bar` > 0) a
/// bar per count on the scale of `widest`.
fn row(theme: &Theme, label: &str, counts: &[u64], widest: u64, bar: usize) -> Line<'static> {
    let first = counts.first().copied().unwrap_or(0);
    let mut spans = vec![Span::styled(format!("{label:>3} "), theme.dim)];
    let numbers: String = counts
        .iter()
        .map(|&c| format!("{:>6} ", fmt::count(c)))
        .collect();
    spans.push(Span::styled(numbers, theme.text));
    let ratios: String = counts[1.min(counts.len())..]
        .iter()
        .map(|&c| format!("{:>6} ", ratio(first, c)))
        .collect();
    spans.push(Span::styled(ratios, theme.dim));
    if bar > 0 {
        for (k, &c) in counts.iter().enumerate() {
            spans.push(Span::styled(
                cells(fill(k), c, widest, bar),
                style(theme, k),
            ));
        }
    }
    Line::from(spans)
}

/// `second / first` as `×0.42`, `–` when the first is 0.
pub fn ratio(first: u64, second: u64) -> String {
    if first == 0 {
        "–".to_string()
    } else {
        format!("×{:.2}", second as f64 / first as f64)
    }
}

/// A bar of `fill` for `n` in `width` cells at `widest`, padded to `width` with a space after
/// it; a non-zero count at least one cell.
fn cells(fill: char, n: u64, widest: u64, width: usize) -> String {
    let room = width.saturating_sub(1);
    let cells = if n == 0 || widest == 0 || room == 0 {
        0
    } else {
        ((n as f64 * room as f64 / widest as f64).round() as usize).clamp(1, room)
    };
    format!(
        "{}{} ",
        fill.to_string().repeat(cells),
        " ".repeat(room - cells)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(main: u64, quiescence: u64) -> PlyNodes {
        PlyNodes { main, quiescence }
    }

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn rows_pair_the_counts_with_their_ratio_on_one_scale() {
        let off = [ply(1, 0), ply(40, 0), ply(300, 100)];
        let on = [ply(1, 0), ply(20, 0), ply(100, 0), ply(0, 5)];
        let lines = lines(&Theme::mono(), &[("off", &off), ("on", &on)], 45, 10);
        let texts: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(texts[0], "█ off  ▓ on  ");
        assert_eq!(texts[1], "ply      █      ▓    ▓/█ ");
        let bars = |a: usize, b: usize| {
            format!(
                "{}{} {}{} ",
                "█".repeat(a),
                " ".repeat(9 - a),
                "▓".repeat(b),
                " ".repeat(9 - b)
            )
        };
        assert_eq!(texts[4], format!("  2    400    100  ×0.25 {}", bars(9, 2)));
        assert_eq!(texts[5], format!("  3      0      5      – {}", bars(0, 1)));
        assert_eq!(texts[6], "all    441    126  ×0.29 ");
    }

    #[test]
    fn three_searches_get_three_bars_and_two_ratios() {
        let a = [ply(10, 0)];
        let b = [ply(5, 0)];
        let c = [ply(20, 0)];
        let sides = [("a", &a[..]), ("b", &b[..]), ("c", &c[..])];
        let texts: Vec<String> = lines(&Theme::mono(), &sides, 80, 10)
            .iter()
            .map(text)
            .collect();
        assert_eq!(texts[1], "ply      █      ▓      ▒    ▓/█    ▒/█ ");
        assert!(
            texts[2].starts_with("  0     10      5     20  ×0.50  ×2.00 "),
            "{}",
            texts[2]
        );
        assert!(texts[2].contains('▒') && texts[2].ends_with(' '));
    }

    #[test]
    fn deep_plies_are_summed_when_they_do_not_fit() {
        let off = [ply(1, 0), ply(2, 0), ply(3, 0), ply(4, 0)];
        let texts: Vec<String> = lines(&Theme::mono(), &[("a", &off), ("b", &off)], 40, 6)
            .iter()
            .map(text)
            .collect();
        assert_eq!(texts.len(), 6);
        assert!(
            texts[4].starts_with(" 2+      7      7  ×1.00"),
            "{}",
            texts[4]
        );
    }
}
