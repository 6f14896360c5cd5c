//! Nodes per ply of two searches of one position side by side — say killers off and on — for
//! the compare view: a row per ply with both counts, their ratio, and two bars on one scale
//! (`█` the first search, `▓` the second, so monochrome keeps them apart). The ratio per ply
//! shows where a heuristic shrinks the tree. The compare view feeds it one
//! `charts::data::Counts` per configuration (an observer, so it can ride along each search).

use ratatui::text::{Line, Span};

use crate::tui::charts::data::PlyNodes;
use crate::tui::fmt;
use crate::tui::theme::Theme;

/// Bar character of the first search.
pub const FIRST: char = '█';
/// Bar character of the second search.
pub const SECOND: char = '▓';
/// Columns before the bars: ply, both counts, the ratio.
const COLUMNS: usize = 26;

/// One search: its name (`killers=0`) and its nodes per ply.
pub type Side<'a> = (&'a str, &'a [PlyNodes]);

/// The chart's lines in `width` × `height` cells: a header naming both searches, a row per ply
/// (main and quiescence together; the deepest plies summed on the last row when they do not
/// all fit) and the totals.
pub fn lines(
    theme: &Theme,
    first: Side,
    second: Side,
    width: u16,
    height: u16,
) -> Vec<Line<'static>> {
    let plies = first.1.len().max(second.1.len());
    let total = |side: Side, from: usize, to: usize| -> u64 {
        side.1.iter().take(to).skip(from).map(PlyNodes::total).sum()
    };
    let room = usize::from(height).saturating_sub(2);
    let single = if plies > room {
        room.saturating_sub(1)
    } else {
        plies
    };
    let mut rows: Vec<(String, u64, u64)> = (0..single)
        .map(|ply| {
            (
                ply.to_string(),
                total(first, ply, ply + 1),
                total(second, ply, ply + 1),
            )
        })
        .collect();
    if single < plies && room > 0 {
        let rest = (
            format!("{single}+"),
            total(first, single, plies),
            total(second, single, plies),
        );
        rows.push(rest);
    }
    let widest = rows.iter().map(|&(_, a, b)| a.max(b)).max().unwrap_or(0);
    let half = usize::from(width).saturating_sub(COLUMNS + 1) / 2;
    let mut out = vec![Line::from(vec![
        Span::styled(format!("{:>3} ", "ply"), theme.dim),
        Span::styled(format!("{FIRST}{:>5} ", cut(first.0, 5)), theme.chart),
        Span::styled(format!("{SECOND}{:>5} ", cut(second.0, 5)), theme.text),
        Span::styled(format!("{:>7}", "ratio"), theme.dim),
    ])];
    for (label, a, b) in rows {
        out.push(Line::from(vec![
            Span::styled(format!("{label:>3} "), theme.dim),
            Span::styled(
                format!("{:>6} {:>6} ", fmt::count(a), fmt::count(b)),
                theme.text,
            ),
            Span::styled(format!("{:>7} ", ratio(a, b)), theme.dim),
            Span::styled(bar(FIRST, a, widest, half), theme.chart),
            Span::raw(" "),
            Span::styled(bar(SECOND, b, widest, half), theme.text),
        ]));
    }
    let (a, b) = (total(first, 0, plies), total(second, 0, plies));
    out.push(Line::styled(
        format!(
            "all {:>6} {:>6} {:>7}",
            fmt::count(a),
            fmt::count(b),
            ratio(a, b)
        ),
        theme.text,
    ));
    out
}

/// `second / first` as `×0.42`, `–` when the first is 0.
pub fn ratio(first: u64, second: u64) -> String {
    if first == 0 {
        "–".to_string()
    } else {
        format!("×{:.2}", second as f64 / first as f64)
    }
}

/// The first `n` characters of a name.
fn cut(name: &str, n: usize) -> String {
    name.chars().take(n).collect()
}

/// A bar of `fill` for `n` in `width` cells at `widest`, padded to `width`; a non-zero count
/// at least one cell.
fn bar(fill: char, n: u64, widest: u64, width: usize) -> String {
    let cells = if n == 0 || widest == 0 {
        0
    } else {
        ((n as f64 * width as f64 / widest as f64).round() as usize).clamp(1, width)
    };
    format!(
        "{}{}",
        fill.to_string().repeat(cells),
        " ".repeat(width - cells)
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
        let lines = lines(&Theme::mono(), ("off", &off), ("on", &on), 45, 10);
        let texts: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(texts[0], "ply █  off ▓   on   ratio");
        let bars = |a: usize, b: usize| {
            format!(
                "{}{} {}{}",
                "█".repeat(a),
                " ".repeat(9 - a),
                "▓".repeat(b),
                " ".repeat(9 - b)
            )
        };
        assert_eq!(
            texts[3],
            format!("  2    400    100   ×0.25 {}", bars(9, 2))
        );
        assert_eq!(
            texts[4],
            format!("  3      0      5       – {}", bars(0, 1))
        );
        assert_eq!(texts[5], "all    441    126   ×0.29");
    }

    #[test]
    fn deep_plies_are_summed_when_they_do_not_fit() {
        let off = [ply(1, 0), ply(2, 0), ply(3, 0), ply(4, 0)];
        let lines = lines(&Theme::mono(), ("a", &off), ("b", &off), 40, 5);
        let texts: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(texts.len(), 5);
        assert!(
            texts[3].starts_with(" 2+      7      7   ×1.00"),
            "{}",
            texts[3]
        );
    }
}
