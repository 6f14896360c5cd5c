//! The four charts of numbers over a whole log, as the explorer's charts view draws them at the
//! end of the timeline: nodes per ply (main search and quiescence stacked), main-search cutoffs
//! by rank and by source, and nodes per iteration with the effective branching factor.

use killerscope_engine::HeaderSettings;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::bars::{Arrange, Bars, Series, count_axis};
use super::canvas::{self, Area, fail};
use super::heading::Heading;
use super::{Options, PlotError, palette, position};
use killerscope_engine::CutoffStats;
use killerscope_engine::EvalKind;
use killerscope_engine::fmt;
use killerscope_engine::{display_name, switches};
use killerscope_explorer::{charts::data::Counts, charts::data::RANKS, charts::data::rank_label};
use killerscope_log::EventLog;
use killerscope_log::MoveSource;

/// The heading of every page of `log`: `title` over what was searched — the position by name,
/// the limits, the configuration by name — and whether the log is whole.
pub fn heading(log: &EventLog, title: String) -> Heading {
    let h = log.header();
    let mut parts = vec![position::name(&h.fen), h.limits_text()];
    let own = h.engine.starts_with("killerscope");
    match h.ordering_config().zip(h.selective_config()) {
        Some((ordering, selective)) if own => {
            let (name, switches) = (
                display_name(&ordering, &selective),
                switches(&ordering, &selective),
            );
            parts.push(if name == switches {
                name
            } else {
                format!("{name} ({switches})")
            });
            if h.eval_kind() != EvalKind::default() {
                parts.push(format!("{} evaluation", h.eval_kind().name()));
            }
        }
        _ => parts.extend([h.engine.clone(), h.ordering_text()]),
    }
    if log.is_truncated() {
        parts.push("truncated log: counts cover the recorded events".into());
    }
    Heading::new(title, parts)
}

fn folded(log: &EventLog) -> Counts {
    let mut counts = Counts::default();
    log.replay_into(&mut counts);
    counts
}

/// Nodes entered at each ply, main search under quiescence, the total over each stack.
pub fn plies(log: &EventLog, options: &Options) -> Result<String, PlotError> {
    let counts = folded(log);
    let plies = counts.plies();
    let main: u64 = plies.iter().map(|p| p.main).sum();
    let title = options.title(format!(
        "Nodes per ply: {} nodes ({} main search, {} quiescence)",
        fmt::grouped(main + plies.iter().map(|p| p.quiescence).sum::<u64>()),
        fmt::grouped(main),
        fmt::grouped(counts.nodes() - main)
    ));
    let series =
        |name: &str, colour, value: fn(&killerscope_explorer::charts::data::PlyNodes) -> u64| {
            Series {
                name: name.into(),
                colour,
                colours: Vec::new(),
                values: plies.iter().map(|p| value(p) as f64).collect(),
                labels: Vec::new(),
            }
        };
    let bars = Bars {
        categories: (0..plies.len()).map(|p| p.to_string()).collect(),
        series: vec![
            series("main search", palette::MAIN, |p| p.main),
            series("quiescence", palette::QUIESCENCE, |p| p.quiescence),
        ],
        arrange: Arrange::Stacked,
        totals: plies.iter().map(|p| fmt::grouped(p.total())).collect(),
        x_desc: "ply".into(),
        y_desc: "nodes entered".into(),
        y_format: count_axis,
        reference: None,
        marked: Vec::new(),
    };
    canvas::page(|root| bars.draw(&heading(log, title).draw(root)?))
}

/// Main-search cutoffs by the cutting move's rank in the ordered list.
pub fn ranks(log: &EventLog, options: &Options) -> Result<String, PlotError> {
    let counts = folded(log);
    let total = counts.cutoffs();
    let ranks = counts.ranks();
    let title = options.title(format!(
        "Cutoffs by rank: {} main-search cutoffs, {} by the 1st move",
        fmt::grouped(total),
        fmt::percent(ranks[0], total)
    ));
    let bars = Bars {
        categories: (0..RANKS)
            .map(|i| format!("{} ({})", rank_label(i), fmt::percent(ranks[i], total)))
            .collect(),
        series: vec![Series::counts(
            String::new(),
            palette::PLAIN,
            ranks,
            fmt::grouped,
        )],
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "rank of the cutting move in the ordered list (share of the cutoffs)".into(),
        y_desc: "cutoffs".into(),
        y_format: count_axis,
        reference: None,
        marked: Vec::new(),
    };
    canvas::page(|root| bars.draw(&heading(log, title).draw(root)?))
}

/// Main-search cutoffs by the heuristic that ordered the cutting move: every source the search
/// tried or cut off with, in the log's table order, coloured like the explorer's markers.
pub fn sources(log: &EventLog, options: &Options) -> Result<String, PlotError> {
    let mut stats = CutoffStats::new();
    log.replay_into(&mut stats);
    let table = &log.header().sources;
    let named = table.rows().iter().map(|r| MoveSource::from_code(r.code));
    let unnamed = stats.by_source.non_zero().map(|(s, _)| s);
    let shown: Vec<MoveSource> = named
        .chain(unnamed.filter(|&s| table.row(s).is_none()))
        .filter(|&s| stats.tries.get(s) > 0 || stats.cutoffs_by(s) > 0)
        .collect();
    let cut = |s: &MoveSource| stats.cutoffs_by(*s);
    let title = options.title(format!(
        "Cutoffs by source: {} main-search cutoffs",
        fmt::grouped(stats.cutoffs)
    ));
    let bars = Bars {
        categories: shown
            .iter()
            .map(|s| {
                format!(
                    "{} ({})",
                    table.name(*s),
                    fmt::percent(cut(s), stats.cutoffs)
                )
            })
            .collect(),
        series: vec![Series {
            name: String::new(),
            colour: palette::PLAIN,
            colours: shown
                .iter()
                .map(|&s| palette::source_colour(table, s))
                .collect(),
            values: shown.iter().map(|s| cut(s) as f64).collect(),
            labels: shown.iter().map(|s| fmt::grouped(cut(s))).collect(),
        }],
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "heuristic that ordered the cutting move (share of the cutoffs)".into(),
        y_desc: "cutoffs".into(),
        y_format: count_axis,
        reference: None,
        marked: Vec::new(),
    };
    canvas::page(|root| bars.draw(&heading(log, title).draw(root)?))
}

/// Nodes each finished iteration searched (bars) and the effective branching factor, each
/// iteration's nodes over the previous one's (a line under them).
pub fn ebf(log: &EventLog, options: &Options) -> Result<String, PlotError> {
    let iterations = folded(log).iterations();
    let factors: Vec<(f64, f64)> = iterations
        .iter()
        .filter_map(|it| it.ebf.map(|e| (f64::from(it.depth), e)))
        .collect();
    let last = factors
        .last()
        .map_or("–".into(), |&(_, e)| format!("{e:.2}"));
    let title = options.title(format!(
        "Effective branching factor: {} iterations, the last ×{last}",
        iterations.len()
    ));
    let bars = Bars {
        categories: iterations
            .iter()
            .map(|it| format!("depth {}", it.depth))
            .collect(),
        series: vec![Series::counts(
            String::new(),
            palette::MAIN,
            &iterations.iter().map(|it| it.nodes).collect::<Vec<_>>(),
            fmt::grouped,
        )],
        arrange: Arrange::Grouped,
        totals: Vec::new(),
        x_desc: "iteration".into(),
        y_desc: "nodes".into(),
        y_format: count_axis,
        reference: None,
        marked: Vec::new(),
    };
    canvas::page(|root| {
        let body = heading(log, title).draw(root)?;
        let (top, bottom) = body.split_vertically(body.dim_in_pixel().1 / 2);
        bars.draw(&top)?;
        line(&bottom, &factors)
    })
}

/// The branching factor per depth as a line with every value written over its point.
fn line(area: &Area, factors: &[(f64, f64)]) -> Result<(), PlotError> {
    let (Some(&(first, _)), Some(&(last, _))) = (factors.first(), factors.last()) else {
        let note = canvas::style(canvas::MIN_TEXT, palette::GREY, HPos::Center, VPos::Center);
        let (w, h) = area.dim_in_pixel();
        let centre = (
            i32::try_from(w / 2).unwrap_or(0),
            i32::try_from(h / 2).unwrap_or(0),
        );
        return canvas::text(
            area,
            "fewer than two iterations: no branching factor",
            centre,
            &note,
        );
    };
    let top = factors.iter().map(|f| f.1).fold(1.0, f64::max) * 1.25;
    let depths: Vec<f64> = factors.iter().map(|f| f.0).collect();
    let ticks = canvas::Ticks {
        range: (first - 0.5)..(last + 0.5),
        points: depths,
    };
    let mut chart = canvas::chart(area, (48, 80), ticks, top)?;
    canvas::mesh(&mut chart)
        .x_label_formatter(&|d: &f64| format!("depth {d:.0}"))
        .y_label_formatter(&|v: &f64| format!("{v:.1}"))
        .x_label_style((canvas::FONT, canvas::MIN_TEXT))
        .y_desc("nodes(d) / nodes(d−1)")
        .draw()
        .map_err(fail)?;
    let stroke = palette::PLAIN.stroke_width(3);
    chart
        .draw_series(LineSeries::new(factors.iter().copied(), stroke))
        .map_err(fail)?;
    let label = canvas::style(canvas::MIN_TEXT, BLACK, HPos::Center, VPos::Bottom);
    let points = factors.iter().map(|&(d, e)| {
        EmptyElement::at((d, e))
            + Circle::new((0, 0), 5, palette::PLAIN.filled())
            + Text::new(format!("×{e:.2}"), (0, -9), label.clone())
    });
    chart.draw_series(points).map_err(fail)?;
    Ok(())
}
