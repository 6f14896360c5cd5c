//! The effective branching factor: each finished iteration's own node count (from the
//! cumulative counts its `Iteration` event carries) over the previous one's, drawn as a line
//! over the depths with every value written in a table under it — how many times bigger one
//! more ply made the tree, which good move ordering keeps near the square root of the moves.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Paragraph};

use crate::ctx::Ctx;
use crate::theme::Theme;
use killerscope_engine::fmt;
use killerscope_explorer::charts::data::IterationNodes;

/// Width of the table's row names.
const NAME: usize = 6;
/// Width of one iteration's column.
const COLUMN: usize = 7;

/// Draws the chart of the iterations finished by the cursor.
pub fn render(frame: &mut Frame, area: Rect, app: &Ctx) {
    let counts = app.session().chart_counts();
    let iterations = counts.iterations();
    let theme = &app.theme;
    let [top, chart, table] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Fill(1),
        Constraint::Length(3),
    ])
    .areas(area);
    let mut head = vec![Line::styled(summary(&iterations), theme.text)];
    let running = counts.running();
    if running > 0 {
        let text = format!("iteration running: {} nodes so far", fmt::count(running));
        head.push(Line::styled(text, theme.dim));
    }
    frame.render_widget(Paragraph::new(head), top);
    frame.render_widget(
        Paragraph::new(table_lines(theme, &iterations, area.width)),
        table,
    );
    let points: Vec<(f64, f64)> = iterations
        .iter()
        .filter_map(|it| it.ebf.map(|e| (f64::from(it.depth), e)))
        .collect();
    if points.len() < 2 || chart.height < 3 {
        return;
    }
    let (first, last) = (points[0].0, points[points.len() - 1].0);
    let top_value = points.iter().map(|p| p.1).fold(1.0, f64::max).ceil();
    let dataset = Dataset::default()
        .marker(Marker::Braille)
        .graph_type(GraphType::Line)
        .style(theme.chart)
        .data(&points);
    // Depths are whole and evenly spaced, so a label per depth sits under its point; when
    // they would crowd the axis, the first and last do.
    let depths: Vec<f64> = if (last - first) * 4.0 < f64::from(chart.width) {
        (0..=(last - first) as u32)
            .map(|i| first + f64::from(i))
            .collect()
    } else {
        vec![first, last]
    };
    let x_labels = depths
        .iter()
        .map(|d| Span::styled(format!("d{d}"), theme.dim));
    let y_labels =
        [0.0, top_value / 2.0, top_value].map(|v| Span::styled(format!("{v:.1}"), theme.dim));
    let widget = Chart::new(vec![dataset])
        .x_axis(
            Axis::default()
                .bounds([first, last])
                .labels(x_labels)
                .style(theme.border),
        )
        .y_axis(
            Axis::default()
                .bounds([0.0, top_value])
                .labels(y_labels)
                .style(theme.border),
        );
    frame.render_widget(widget, chart);
}

/// One line about the whole run: the iterations finished and their mean branching factor
/// (geometric, so it is the factor that grows the first iteration into the last).
fn summary(iterations: &[IterationNodes]) -> String {
    let (Some(first), Some(last)) = (iterations.first(), iterations.last()) else {
        return "no iteration finished yet".to_string();
    };
    let steps = iterations.len() - 1;
    if steps == 0 || first.nodes == 0 {
        return format!("depth {}: {} nodes", last.depth, fmt::count(last.nodes));
    }
    let mean = (last.nodes as f64 / first.nodes as f64).powf(1.0 / steps as f64);
    format!(
        "EBF = nodes(d)/nodes(d-1), mean {mean:.2} over d{}-d{}",
        first.depth, last.depth
    )
}

/// The table under the chart: depth, nodes and EBF per iteration, the latest ones that fit.
fn table_lines(theme: &Theme, iterations: &[IterationNodes], width: u16) -> Vec<Line<'static>> {
    let fit = usize::from(width).saturating_sub(NAME) / COLUMN;
    let shown = &iterations[iterations.len().saturating_sub(fit)..];
    let row = |name: &str, cell: &dyn Fn(&IterationNodes) -> String| {
        let cells: String = shown
            .iter()
            .map(|it| format!("{:>COLUMN$}", cell(it)))
            .collect();
        Line::from(vec![
            Span::styled(format!("{name:<NAME$}"), theme.dim),
            Span::styled(cells, theme.text),
        ])
    };
    vec![
        row("depth", &|it| it.depth.to_string()),
        row("nodes", &|it| fmt::count(it.nodes)),
        row("EBF", &|it| {
            it.ebf.map_or("–".to_string(), |e| format!("{e:.2}"))
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn it(depth: u8, nodes: u64, ebf: Option<f64>) -> IterationNodes {
        IterationNodes { depth, nodes, ebf }
    }

    #[test]
    fn the_mean_is_geometric_and_the_table_keeps_the_latest_columns() {
        let its = [it(1, 10, None), it(2, 40, Some(4.0)), it(3, 90, Some(2.25))];
        assert_eq!(
            summary(&its),
            "EBF = nodes(d)/nodes(d-1), mean 3.00 over d1-d3"
        );
        let text = |l: &Line| {
            l.spans
                .iter()
                .map(|s| s.content.to_string())
                .collect::<String>()
        };
        let lines = table_lines(&Theme::mono(), &its, (NAME + 2 * COLUMN) as u16);
        assert_eq!(text(&lines[0]), "depth       2      3");
        assert_eq!(text(&lines[2]), "EBF      4.00   2.25");
        assert_eq!(summary(&[]), "no iteration finished yet");
    }
}
