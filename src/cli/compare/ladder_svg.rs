//! `compare --ladder --svg`: the ladder of one position as one slide — a bar per rung, worst
//! to oracle, its leaves on a logarithmic axis (the rungs span several orders of magnitude)
//! with the exact count over it, and two named dashed lines every ordering is read against:
//! the Knuth–Moore count of the minimal tree, and b^d, the whole tree without a cutoff. The
//! extremes have colours of their own: the worst order vermillion, the oracle bluish green.

use crate::plot::heading::Heading;
use crate::{plot::PlotError, plot::canvas, plot::palette};
use crate::{plot::bars::Arrange, plot::bars::Bars, plot::bars::Series, plot::bars::count_axis};
use killerscope_engine::fmt;
use killerscope_engine::ladder::Ladder;

/// The SVG document of `ladder`, the ladder of the position called `name`, under `title` when
/// given (else one naming the position).
pub fn svg(name: &str, ladder: &Ladder, title: Option<&str>) -> Result<String, PlotError> {
    let leaves: Vec<u64> = ladder.rungs.iter().map(|(_, size)| size.leaves).collect();
    let bars = Bars {
        categories: ladder
            .rungs
            .iter()
            .map(|(rung, _)| rung.name.to_string())
            .collect(),
        series: vec![Series {
            name: String::new(),
            colour: palette::MAIN,
            colours: ladder
                .rungs
                .iter()
                .map(|(rung, _)| palette::rung(rung.ordering.order))
                .collect(),
            values: leaves.iter().map(|&n| log_height(n)).collect(),
            labels: leaves.iter().map(|&n| fmt::count(n)).collect(),
        }],
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "move ordering".into(),
        y_desc: format!("leaves at depth {} (log scale)", ladder.depth),
        y_format: |v| count_axis(10f64.powf(v)),
        reference: None,
        marked: marks(ladder),
    };
    let title = title.map_or_else(
        || format!("From the worst move order to the oracle's: {name}"),
        str::to_string,
    );
    let parts = [
        format!("depth {}", ladder.depth),
        format!("mean branching factor {:.1}", ladder.branching),
        format!(
            "Knuth–Moore b^{} + b^{} − 1",
            ladder.depth.div_ceil(2),
            ladder.depth / 2
        ),
        "killerscope compare --ladder".into(),
    ];
    let heading = Heading::new(title, parts);
    canvas::page(|root| bars.draw(&heading.draw(root)?))
}

/// The two lines every rung is read against, named where they end: b^d, the leaves of the
/// whole tree with no cutoff at all (so "worst" is not read as full minimax: even the worst
/// order cuts), and Knuth and Moore's minimal tree, the best any order can do.
fn marks(ladder: &Ladder) -> Vec<(f64, String, plotters::style::RGBColor)> {
    let full = ladder.branching.powi(i32::from(ladder.depth)).max(1.0);
    let minimal = ladder.knuth_moore.max(1.0);
    vec![
        (
            full.log10(),
            format!(
                "b^{} = {}: every line, no cutoff",
                ladder.depth,
                fmt::count(full.round() as u64)
            ),
            palette::GREY,
        ),
        (
            minimal.log10(),
            format!(
                "Knuth–Moore {}: the minimal tree",
                fmt::count(minimal.round() as u64)
            ),
            plotters::style::colors::BLACK,
        ),
    ]
}

/// A bar's height on the log axis: log10 of the count (a count of 0 or 1 sits on the axis).
fn log_height(n: u64) -> f64 {
    (n.max(1) as f64).log10()
}
