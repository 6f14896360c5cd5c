//! One bar chart for every bar picture: categories along the x axis (plies, ranks, sources,
//! positions), one or more series per category — side by side (configurations compared) or
//! stacked (main search under quiescence) — and the exact figure written over every bar, so a
//! slide can be read without the axis and a test can check the figures against the log.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::PlotError;
use super::canvas::{self, Area, fail};

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
    /// Draws the chart in `area`.
    pub fn draw(&self, area: &Area) -> Result<(), PlotError> {
        let n = self.categories.len().max(1);
        let top = self.highest().max(1.0) * 1.12;
        let centres: Vec<f64> = (0..n).map(|i| i as f64 + 0.5).collect();
        let (width, _) = area.dim_in_pixel();
        let slot = f64::from(width.saturating_sub(100)) / n as f64;
        let longest = self.categories.iter().map(|c| c.chars().count()).max();
        let size = label_size(slot, longest.unwrap_or(1));
        let mut chart = ChartBuilder::on(area)
            .margin_right(16)
            .x_label_area_size(if size.is_none() { 110 } else { 48 })
            .y_label_area_size(80)
            .build_cartesian_2d(
                canvas::Ticks {
                    range: 0.0..n as f64,
                    points: centres,
                },
                0.0..top,
            )
            .map_err(fail)?;
        let category = |x: &f64| {
            let i = x.floor().max(0.0) as usize;
            self.categories
                .get(i)
                .map(|c| canvas::safe(c))
                .unwrap_or_default()
        };
        let x_style = match size {
            Some(size) => canvas::style(size, BLACK, HPos::Center, VPos::Top),
            None => canvas::style(15, BLACK, HPos::Left, VPos::Center)
                .transform(FontTransform::Rotate90),
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_max_light_lines(1)
            .x_label_formatter(&category)
            .x_label_style(x_style)
            .y_label_formatter(&|v: &f64| (self.y_format)(*v))
            .y_label_style((canvas::FONT, 17))
            .x_desc(canvas::safe(&self.x_desc))
            .y_desc(canvas::safe(&self.y_desc))
            .axis_desc_style((canvas::FONT, 19))
            .draw()
            .map_err(fail)?;
        let named = self.series.iter().any(|s| !s.name.is_empty());
        for (k, series) in self.series.iter().enumerate() {
            let rects = self.rects(k);
            let drawn = chart.draw_series(rects).map_err(fail)?;
            if named {
                let colour = series.colour;
                drawn
                    .label(canvas::safe(&series.name))
                    .legend(move |(x, y)| {
                        Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled())
                    });
            }
        }
        let label = canvas::style(
            size.unwrap_or(13).min(17),
            BLACK,
            HPos::Center,
            VPos::Bottom,
        );
        for (x, y, text) in self.labels() {
            chart
                .draw_series(std::iter::once(Text::new(
                    canvas::safe(&text),
                    (x, y),
                    label.clone(),
                )))
                .map_err(fail)?;
        }
        if named {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .label_font((canvas::FONT, 18))
                .background_style(WHITE.mix(0.85))
                .border_style(canvas::GREY)
                .draw()
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

/// The font size of category names in a slot `slot` pixels wide for names of up to `chars`
/// characters: 19 when they fit, smaller down to 13; `None` when even 13 does not fit, and the
/// names are written downwards instead.
fn label_size(slot: f64, chars: usize) -> Option<u32> {
    (13..=19)
        .rev()
        .find(|&size| chars as f64 * f64::from(size) * 0.6 <= slot)
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
    fn category_names_shrink_then_turn() {
        assert_eq!(label_size(200.0, 5), Some(19));
        assert_eq!(label_size(100.0, 12), Some(13));
        assert_eq!(label_size(60.0, 12), None);
    }
}
