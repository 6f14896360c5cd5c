//! `compare --svg`: the lab's comparison as one picture for a slide.
//!
//! - One position: nodes per ply under each configuration, side by side per ply — the tree
//!   shrinking ply by ply, as the explorer's compare view shows it — each bar with its count and
//!   each configuration's total and ratio in the legend.
//! - Several positions: each configuration's nodes relative to the first column's, per position,
//!   with the geometric mean last. Raw counts would show only the biggest tree (positions differ
//!   by orders of magnitude); relative to the base, every position reads on one scale, the
//!   base is the dashed line at 1, and the last group is the lab's summary figure.
//! - A single configuration has nothing to be relative to: its nodes per position.

use super::lab::ratio;
use super::output::Lab;
use crate::plot::heading::Heading;
use crate::{plot::PlotError, plot::canvas, plot::palette};
use crate::{plot::bars::Arrange, plot::bars::Bars, plot::bars::Series, plot::bars::count_axis};
use killerscope_engine::fmt;

/// The SVG document of the comparison, under `title` when given (else one the picture's kind
/// names).
pub fn svg(lab: &Lab, title: Option<&str>) -> Result<String, PlotError> {
    let (generated, bars) = match (lab.positions.len(), lab.columns.len()) {
        (1, _) => per_ply(lab),
        (_, 1) => per_position(lab),
        _ => relative(lab),
    };
    let title = title.map_or(generated, str::to_string);
    let positions = match lab.positions {
        [one] => one.name.clone(),
        many => format!("{} positions", many.len()),
    };
    let mut parts = vec![
        positions,
        format!("depth {}", lab.depth),
        format!("{} MiB hash", lab.hash_mib),
    ];
    parts.extend(lab.columns.iter().map(|c| match c.label == c.switches {
        true => c.label.clone(),
        false => format!("{} ({})", c.label, c.switches),
    }));
    parts.push("killerscope compare".into());
    let heading = Heading::new(title, parts);
    canvas::page(|root| bars.draw(&heading.draw(root)?))
}

/// One position: nodes per ply, a bar per configuration in each ply.
fn per_ply(lab: &Lab) -> (String, Bars) {
    let row = &lab.costs[0];
    let plies = row.iter().map(|c| c.plies.len()).max().unwrap_or(0);
    let base = row.first().map_or(0, |c| c.nodes);
    let series = lab
        .columns
        .iter()
        .zip(row)
        .enumerate()
        .map(|(k, (column, cost))| {
            let at = |p: usize| cost.plies.get(p).map_or(0, |n| n.total());
            let share = match (k, ratio(cost.nodes, base)) {
                (0, _) | (_, None) => String::new(),
                (_, Some(r)) => format!(" (×{r:.2})"),
            };
            let name = format!(
                "{}: {} nodes{share}",
                column.label,
                fmt::grouped(cost.nodes)
            );
            let counts: Vec<u64> = (0..plies).map(at).collect();
            Series::counts(name, palette::series(k), &counts, fmt::count)
        })
        .collect();
    let title = format!("Nodes per ply of {}", lab.positions[0].name);
    let bars = Bars {
        categories: (0..plies).map(|p| p.to_string()).collect(),
        series,
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "ply (main search and quiescence)".into(),
        y_desc: "nodes entered".into(),
        y_format: count_axis,
        reference: None,
        marked: Vec::new(),
    };
    (title, bars)
}

/// Several positions, one configuration: its nodes per position.
fn per_position(lab: &Lab) -> (String, Bars) {
    let nodes: Vec<u64> = lab.costs.iter().map(|row| row[0].nodes).collect();
    let bars = Bars {
        categories: lab.positions.iter().map(|p| p.name.clone()).collect(),
        series: vec![Series::counts(
            String::new(),
            palette::series(1),
            &nodes,
            fmt::count,
        )],
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "position".into(),
        y_desc: "nodes".into(),
        y_format: count_axis,
        reference: None,
        marked: Vec::new(),
    };
    let title = format!("Nodes per position under {}", lab.columns[0].label);
    (title, bars)
}

/// Several positions and configurations: each configuration's nodes over the first's.
fn relative(lab: &Lab) -> (String, Bars) {
    let base = &lab.columns[0].label;
    let series = (1..lab.columns.len())
        .map(|k| {
            let mut ratios: Vec<Option<f64>> = lab
                .costs
                .iter()
                .map(|row| ratio(row[k].nodes, row[0].nodes))
                .collect();
            ratios.push(lab.summary[k].geomean_ratio);
            Series {
                name: lab.columns[k].label.clone(),
                colour: palette::series(k),
                colours: Vec::new(),
                values: ratios.iter().map(|r| r.unwrap_or(0.0)).collect(),
                labels: ratios
                    .iter()
                    .map(|r| r.map_or_else(|| "–".into(), |r| format!("{r:.2}")))
                    .collect(),
            }
        })
        .collect();
    let mut categories: Vec<String> = lab.positions.iter().map(|p| p.name.clone()).collect();
    categories.push("geometric mean".into());
    let bars = Bars {
        categories,
        series,
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "position".into(),
        y_desc: format!("nodes relative to {base} (dashed line: 1)"),
        y_format: |v| format!("{v:.1}"),
        reference: Some(1.0),
        marked: Vec::new(),
    };
    let title = format!("Tree size relative to {base}, per position");
    (title, bars)
}
