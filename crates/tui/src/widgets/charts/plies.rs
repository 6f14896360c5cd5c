//! Nodes per ply: a row per ply with the main-search and quiescence nodes entered there as one
//! stacked bar — `█` main, `░` quiescence, told apart by the character as well as the colour,
//! so a monochrome screen keeps the split — and both counts written. Where the tree grows and
//! where quiescence takes over is the picture; the numbers are the search up to the cursor.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::ctx::Ctx;
use crate::theme::Theme;
use killerscope_engine::fmt;
use killerscope_explorer::charts::data::PlyNodes;

/// Bar character of main-search nodes.
pub const MAIN: char = '█';
/// Bar character of quiescence nodes.
pub const QUIESCENCE: char = '░';
/// Columns before the bar: ply, main count, quiescence count (`fmt::count` writes at most six
/// characters).
const COLUMNS: usize = 18;

/// Draws the chart of the search up to the cursor.
pub fn render(frame: &mut Frame, area: Rect, app: &Ctx) {
    let plies = app.session().chart_counts().plies();
    let text = lines(&app.theme, plies, area.width, area.height);
    frame.render_widget(Paragraph::new(text), area);
}

/// The chart's lines in `width` × `height` cells: a summary, a header, a row per ply — the
/// deepest plies together on the last row when they do not all fit — and a legend.
pub fn lines(theme: &Theme, plies: &[PlyNodes], width: u16, height: u16) -> Vec<Line<'static>> {
    let main: u64 = plies.iter().map(|p| p.main).sum();
    let quiescence: u64 = plies.iter().map(|p| p.quiescence).sum();
    let mut out = vec![Line::styled(
        format!(
            "{} nodes: {} main search, {} quiescence",
            fmt::count(main + quiescence),
            fmt::count(main),
            fmt::count(quiescence)
        ),
        theme.text,
    )];
    let room = usize::from(height).saturating_sub(3);
    if room == 0 || plies.is_empty() {
        return out;
    }
    let rows = rows(plies, room);
    let widest = rows.iter().map(|(_, p)| p.total()).max().unwrap_or(0);
    let bar = usize::from(width).saturating_sub(COLUMNS);
    out.push(Line::styled(
        format!(
            "{:>3} {:>6} {:>6} nodes entered at the ply",
            "ply", "main", "q"
        ),
        theme.dim,
    ));
    for (label, p) in &rows {
        let (solid, light) = cells(p, widest, bar);
        out.push(Line::from(vec![
            Span::styled(format!("{label:>3} "), theme.dim),
            Span::styled(format!("{:>6} ", fmt::count(p.main)), theme.text),
            Span::styled(format!("{:>6} ", fmt::count(p.quiescence)), theme.dim),
            Span::styled(MAIN.to_string().repeat(solid), theme.chart),
            Span::styled(QUIESCENCE.to_string().repeat(light), theme.quiescence),
        ]));
    }
    out.push(Line::from(vec![
        Span::styled(format!("{MAIN} main search  "), theme.chart),
        Span::styled(format!("{QUIESCENCE} quiescence  "), theme.quiescence),
        Span::styled(format!("longest bar {}", fmt::count(widest)), theme.dim),
    ]));
    out
}

/// A row per ply while they fit in `room` rows, else the first `room - 1` plies and one row
/// (`12+`) for all the deeper ones.
fn rows(plies: &[PlyNodes], room: usize) -> Vec<(String, PlyNodes)> {
    let single = if plies.len() > room {
        room - 1
    } else {
        plies.len()
    };
    let mut out: Vec<(String, PlyNodes)> = plies[..single]
        .iter()
        .enumerate()
        .map(|(ply, &p)| (ply.to_string(), p))
        .collect();
    if single < plies.len() {
        let rest = plies[single..]
            .iter()
            .fold(PlyNodes::default(), |a, p| PlyNodes {
                main: a.main + p.main,
                quiescence: a.quiescence + p.quiescence,
            });
        out.push((format!("{single}+"), rest));
    }
    out
}

/// Cells of the main and quiescence parts of a bar `width` cells long at `widest`: each part
/// rounded to scale, a non-zero total at least one cell.
fn cells(p: &PlyNodes, widest: u64, width: usize) -> (usize, usize) {
    let scale = |n: u64| {
        if n == 0 || widest == 0 {
            0
        } else {
            ((n as f64 * width as f64 / widest as f64).round() as usize).max(1)
        }
    };
    let total = scale(p.total()).min(width);
    let main = scale(p.main).min(total);
    (main, total - main)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(main: u64, quiescence: u64) -> PlyNodes {
        PlyNodes { main, quiescence }
    }

    #[test]
    fn bars_are_to_scale_and_stack_quiescence_on_main() {
        assert_eq!(cells(&ply(50, 50), 100, 10), (5, 5));
        assert_eq!(cells(&ply(100, 0), 100, 10), (10, 0));
        assert_eq!(
            cells(&ply(1, 0), 1000, 10),
            (1, 0),
            "a non-zero count shows"
        );
        assert_eq!(cells(&ply(0, 0), 100, 10), (0, 0));
    }

    #[test]
    fn plies_that_do_not_fit_are_summed_on_the_last_row() {
        let plies = [ply(1, 0), ply(2, 0), ply(3, 4), ply(5, 6)];
        let all = rows(&plies, 4);
        assert_eq!(all.len(), 4);
        let folded = rows(&plies, 3);
        assert_eq!(folded.len(), 3);
        assert_eq!(folded[2], ("2+".to_string(), ply(8, 10)));
        let sum = |r: &[(String, PlyNodes)]| r.iter().map(|(_, p)| p.total()).sum::<u64>();
        assert_eq!(sum(&folded), sum(&all));
    }
}
