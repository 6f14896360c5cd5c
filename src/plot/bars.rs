//! One bar chart for every bar picture: categories along the x axis (plies, ranks, sources,
//! positions), one or more series per category — side by side (configurations compared) or
//! stacked (main search under quiescence) — and the exact figure written over every bar, so a
//! slide can be read without the axis and a test can check the figures against the log.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::PlotError;
use super::canvas::{self, Area, MIN_TEXT, fail};

/// How the series of a category share its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrange {
    /// Side by side, each with its own label.
    Grouped,
    /// On top of each other, one label over the stack.
    Stacked,
}

/// One series: a value per category.
#[derive(Clone, Debug)]
pub struct Series {
    /// Its name in the legend (none drawn when every series is unnamed).
    pub name: String,
    /// Its colour.
    pub colour: RGBColor,
    /// A colour per category instead of `colour` (sources each in their own), or empty.
    pub colours: Vec<RGBColor>,
    /// A value per category.
    pub values: Vec<f64>,
    /// The text over each bar (grouped only), one per category.
    pub labels: Vec<String>,
}

impl Series {
    /// A series of counts, each bar labelled with its count as `label` writes it; `name` empty
    /// for a chart of one series, which needs no legend.
    pub fn counts(
        name: String,
        colour: RGBColor,
        counts: &[u64],
        label: fn(u64) -> String,
    ) -> Series {
        Series {
            name,
            colour,
            colours: Vec::new(),
            values: counts.iter().map(|&n| n as f64).collect(),
            labels: counts.iter().map(|&n| label(n)).collect(),
        }
    }
}

/// A bar chart.
#[derive(Clone, Debug)]
pub struct Bars {
    /// Categories, left to right.
    pub categories: Vec<String>,
    /// The series, in legend order (bottom to top when stacked).
    pub series: Vec<Series>,
    /// Side by side or stacked.
    pub arrange: Arrange,
    /// The text over each stack (stacked only), one per category.
    pub totals: Vec<String>,
    /// What the x axis counts.
    pub x_desc: String,
    /// What the y axis counts.
    pub y_desc: String,
    /// How the y axis writes its values.
    pub y_format: fn(f64) -> String,
    /// A dashed line across the chart at this value (the lab's base configuration at ratio 1;
    /// the y axis's name says what it is).
    pub reference: Option<f64>,
    /// Dashed lines across the chart in their colours, each named in the legend (the ladder's
    /// Knuth–Moore count and b^d): `(value, name, colour)`.
    pub marked: Vec<(f64, String, RGBColor)>,
}

/// Y-axis values as short counts: `800`, `5k`, `12.5k`, `1.2M`.
pub fn count_axis(v: f64) -> String {
    let v = v.max(0.0);
    let (value, unit) = match v {
        v if v >= 1e6 => (v / 1e6, "M"),
        v if v >= 1e3 => (v / 1e3, "k"),
        v => return format!("{v:.0}"),
    };
    let text = format!("{value:.1}");
    format!("{}{unit}", text.strip_suffix(".0").unwrap_or(&text))
}

impl Bars {
    /// Draws the chart in `area`: the legend (when the series are named) in a strip at the top,
    /// then the axes, the bars, the figures over them and the category names under them.
    pub fn draw(&self, area: &Area) -> Result<(), PlotError> {
        let entries: Vec<(RGBColor, String)> = self
            .series
            .iter()
            .filter(|s| !s.name.is_empty())
            .map(|s| (s.colour, s.name.clone()))
            .chain(
                self.marked
                    .iter()
                    .map(|(_, name, colour)| (*colour, format!("- - {name}"))),
            )
            .collect();
        let (width, _) = area.dim_in_pixel();
        let across = i32::try_from(width).unwrap_or(i32::MAX) - PLOT_LEFT;
        let rows = canvas::legend_rows(&entries, across);
        let (strip, area) = area.split_vertically(rows * canvas::LEGEND_ROW);
        canvas::legend(
            &strip,
            &entries,
            (PLOT_LEFT, canvas::LEGEND_ROW / 2),
            across,
        )?;
        let n = self.categories.len().max(1);
        let slot = f64::from(across - 16) / n as f64;
        let names = Names::fit(&self.categories, slot);
        let labels = self.labels();
        let bar = match self.arrange {
            Arrange::Grouped => 0.76 / self.series.len().max(1) as f64,
            Arrange::Stacked => 0.76,
        };
        let widest = labels.iter().map(|l| l.2.chars().count()).max();
        let figure_size = fitting(slot * bar, widest.unwrap_or(0), MIN_TEXT..=26);
        let headroom = if figure_size.is_some() { 1.12 } else { 1.3 };
        let line = self
            .marked
            .iter()
            .map(|m| m.0)
            .fold(self.reference.unwrap_or(0.0), f64::max);
        let top = self.highest().max(line).max(f64::MIN_POSITIVE) * headroom;
        let ticks = canvas::Ticks {
            range: 0.0..n as f64,
            points: Vec::new(),
        };
        let axes = (names.height(), PLOT_LEFT - 8);
        let mut chart = canvas::chart(&area, axes, ticks, top)?;
        canvas::mesh(&mut chart)
            .y_label_formatter(&|v: &f64| (self.y_format)(*v))
            .x_desc(canvas::safe(&self.x_desc))
            .y_desc(canvas::safe(&self.y_desc))
            .draw()
            .map_err(fail)?;
        for k in 0..self.series.len() {
            chart.draw_series(self.rects(k)).map_err(fail)?;
        }
        if let Some(value) = self.reference {
            let ends = [(0.0, value), (n as f64, value)];
            let dashed = DashedLineSeries::new(ends, 10, 6, BLACK.stroke_width(2));
            chart.draw_series(dashed).map_err(fail)?;
        }
        for (value, _, colour) in &self.marked {
            let ends = [(0.0, *value), (n as f64, *value)];
            let dashed = DashedLineSeries::new(ends, 10, 6, colour.stroke_width(3));
            chart.draw_series(dashed).map_err(fail)?;
        }
        let label = match figure_size {
            Some(size) => canvas::style(size, BLACK, HPos::Center, VPos::Bottom),
            None => canvas::style(MIN_TEXT, BLACK, HPos::Left, VPos::Center)
                .transform(FontTransform::Rotate270),
        };
        let lift = if figure_size.is_some() { 0 } else { -4 };
        for (x, y, text) in labels {
            let figure =
                EmptyElement::at((x, y)) + Text::new(canvas::safe(&text), (0, lift), label.clone());
            chart.draw_series(std::iter::once(figure)).map_err(fail)?;
        }
        let style = canvas::style(names.size, BLACK, HPos::Center, VPos::Top);
        for (i, name) in self.categories.iter().enumerate() {
            let row = if names.staggered { (i % 2) as i32 } else { 0 };
            let text = Text::new(names.shown(name), (0, 8 + row * 24), style.clone());
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((i as f64 + 0.5, 0.0)) + text,
                ))
                .map_err(fail)?;
        }
        Ok(())
    }

    /// The tallest bar or stack.
    fn highest(&self) -> f64 {
        let at = |i: usize| {
            self.series
                .iter()
                .map(move |s| s.values.get(i).copied().unwrap_or(0.0))
        };
        (0..self.categories.len())
            .map(|i| match self.arrange {
                Arrange::Grouped => at(i).fold(0.0, f64::max),
                Arrange::Stacked => at(i).sum(),
            })
            .fold(0.0, f64::max)
    }

    /// Where series `k`'s bar of category `i` spans on the x axis, and its bottom.
    fn span(&self, k: usize, i: usize) -> (f64, f64, f64) {
        let (left, right) = (i as f64 + 0.12, i as f64 + 0.88);
        match self.arrange {
            Arrange::Stacked => {
                let below = self.series[..k]
                    .iter()
                    .map(|s| s.values.get(i).copied().unwrap_or(0.0));
                (left, right, below.sum())
            }
            Arrange::Grouped => {
                let w = (right - left) / self.series.len().max(1) as f64;
                let x = left + w * k as f64;
                (x + w * 0.06, x + w * 0.94, 0.0)
            }
        }
    }

    /// Series `k`'s bars.
    fn rects(&self, k: usize) -> Vec<Rectangle<(f64, f64)>> {
        let series = &self.series[k];
        series
            .values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let (from, to, bottom) = self.span(k, i);
                let colour = series.colours.get(i).copied().unwrap_or(series.colour);
                Rectangle::new([(from, bottom), (to, bottom + v)], colour.filled())
            })
            .collect()
    }

    /// Every figure written over a bar (grouped) or a stack, with where its bottom centre goes.
    fn labels(&self) -> Vec<(f64, f64, String)> {
        match self.arrange {
            Arrange::Grouped => (0..self.series.len())
                .flat_map(|k| {
                    let series = &self.series[k];
                    series.labels.iter().enumerate().map(move |(i, text)| {
                        let (from, to, _) = self.span(k, i);
                        let v = series.values.get(i).copied().unwrap_or(0.0);
                        ((from + to) / 2.0, v, text.clone())
                    })
                })
                .collect(),
            Arrange::Stacked => self
                .totals
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    let total = self
                        .series
                        .iter()
                        .map(|s| s.values.get(i).copied().unwrap_or(0.0));
                    (i as f64 + 0.5, total.sum(), text.clone())
                })
                .collect(),
        }
    }
}

/// Pixels left of the plot, for the y axis's values and name.
const PLOT_LEFT: i32 = 88;

/// How the category names under the bars are written: in one row at the largest size that
/// fits a slot, else in two staggered rows (every name gets two slots), cut with `…` when
/// even that is too narrow — never turned on their side, which a slide's reader cannot read.
struct Names {
    size: u32,
    staggered: bool,
    /// Most characters a name keeps.
    chars: usize,
}

impl Names {
    fn fit(names: &[String], slot: f64) -> Names {
        let longest = names.iter().map(|c| c.chars().count()).max().unwrap_or(1);
        if let Some(size) = fitting(slot, longest, MIN_TEXT..=28) {
            return Names {
                size,
                staggered: false,
                chars: longest,
            };
        }
        let size = fitting(2.0 * slot, longest, MIN_TEXT..=28);
        let chars = (2.0 * slot / (f64::from(MIN_TEXT) * 0.6)).floor().max(2.0) as usize;
        Names {
            size: size.unwrap_or(MIN_TEXT),
            staggered: names.len() > 1,
            chars: if size.is_some() { longest } else { chars },
        }
    }

    /// Pixels the names take under the axis, with the axis's own name.
    fn height(&self) -> u32 {
        if self.staggered { 80 } else { 56 }
    }

    /// `name` as written: safe, and cut to fit.
    fn shown(&self, name: &str) -> String {
        let safe = canvas::safe(name);
        if safe.chars().count() <= self.chars {
            return safe;
        }
        let kept: String = safe.chars().take(self.chars.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

/// The largest font size of `sizes` at which texts of up to `chars` characters fit across
/// `room` pixels; `None` when even the smallest does not, and the texts are turned upright.
fn fitting(room: f64, chars: usize, sizes: std::ops::RangeInclusive<u32>) -> Option<u32> {
    sizes
        .rev()
        .find(|&size| chars as f64 * f64::from(size) * 0.6 <= room)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_y_axis_writes_short_counts() {
        let written: Vec<String> = [0.0, 800.0, 5000.0, 12_500.0, 1_200_000.0]
            .into_iter()
            .map(count_axis)
            .collect();
        assert_eq!(written, ["0", "800", "5k", "12.5k", "1.2M"]);
    }

    #[test]
    fn category_names_shrink_then_stagger_never_below_the_halls_size() {
        assert_eq!(fitting(200.0, 5, MIN_TEXT..=28), Some(28));
        assert_eq!(fitting(170.0, 12, MIN_TEXT..=28), Some(23));
        assert_eq!(fitting(60.0, 12, MIN_TEXT..=28), None);
        let names = Names::fit(&vec!["a long rung name".to_string(); 9], 60.0);
        assert!(names.size >= MIN_TEXT && names.staggered);
    }
}
