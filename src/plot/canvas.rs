//! What every picture shares: the page size, the SVG surface, the title lines, the legend and
//! the one way text is written, so nothing from a log's header reaches the XML unescaped. The
//! colours are `palette`'s.
//!
//! plotters is used with its SVG backend only and without a font library: text is written as
//! `<text>` elements that the viewer's sans-serif draws, so building needs no fontconfig or
//! FreeType.

use std::fmt::Display;
use std::ops::Range;

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::SizeDesc;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::PlotError;
use killerscope_text::printable;

/// Page size in pixels: 16:9, the shape of a slide.
pub const SIZE: (u32, u32) = (1280, 720);
/// Font family of every text.
pub const FONT: &str = "sans-serif";
/// The smallest text size on a slide: what the back of a lecture hall reads. plotters writes a
/// size `s` as `font-size` `s / 1.24` pixels, so 23 is 18.5 pixels on the 1280×720 page.
pub const MIN_TEXT: u32 = 23;

/// A drawing area of the SVG page.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Wraps a plotters failure (writing into a `String` does not fail, but the types say it may).
pub fn fail(e: impl Display) -> PlotError {
    PlotError::new(format!("drawing the SVG failed: {e}"))
}

/// Draws a page with `draw` and returns the SVG document.
pub fn page(draw: impl FnOnce(&Area) -> Result<(), PlotError>) -> Result<String, PlotError> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        draw(&root)?;
        root.present().map_err(fail)?;
    }
    Ok(out)
}

/// `text` as it may appear in the SVG: control and invisible formatting characters escaped
/// like on a terminal ([`printable`]) and the two non-characters XML forbids replaced, so a
/// crafted log header cannot make the document ill-formed.
pub fn safe(text: &str) -> String {
    printable(text)
        .chars()
        .map(|c| match c {
            '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// A text style of `size` pixels in `colour`, anchored at `h` / `v`.
pub fn style(size: u32, colour: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    (FONT, size).into_font().color(&colour).pos(Pos::new(h, v))
}

/// An x axis over `range` with a tick (and a label) at each of `points` only: bar charts tick
/// their categories' centres, the branching factor its depths.
pub struct Ticks {
    /// The values the axis spans.
    pub range: Range<f64>,
    /// Where the ticks go.
    pub points: Vec<f64>,
}

impl Ranged for Ticks {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = (self.range.end - self.range.start).max(f64::EPSILON);
        let share = (value - self.range.start) / span;
        limit.0 + (share * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.max_num_points() == 0 {
            return Vec::new();
        }
        self.points.clone()
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}

/// A chart over `Ticks` across and a count or ratio from 0 up.
pub type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<Ticks, RangedCoordf64>>;

/// The frame the bar charts and the branching-factor line share: `x` across, `0..top` up,
/// room `below` and `left` for the axis labels, and on the right.
pub fn chart<'a, 'b>(
    area: &'a Area<'b>,
    (below, left): (impl SizeDesc, impl SizeDesc),
    x: Ticks,
    top: f64,
) -> Result<Chart<'a, 'b>, PlotError> {
    ChartBuilder::on(area)
        .margin_right(16)
        .x_label_area_size(below)
        .y_label_area_size(left)
        .build_cartesian_2d(x, 0.0..top)
        .map_err(fail)
}

/// The mesh every chart draws: no vertical lines, one light line between y labels, the page's
/// label and description fonts; the caller adds its labels and draws it.
pub fn mesh<'a, 'm, 'b>(
    chart: &'m mut Chart<'a, 'b>,
) -> MeshStyle<'a, 'm, Ticks, RangedCoordf64, SVGBackend<'b>> {
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .y_max_light_lines(1)
        .y_label_style((FONT, MIN_TEXT))
        .axis_desc_style((FONT, MIN_TEXT + 2));
    mesh
}

/// Writes `text` (made [`safe`]) at pixel `at` of `area`.
pub fn text(area: &Area, text: &str, at: (i32, i32), style: &TextStyle) -> Result<(), PlotError> {
    area.draw(&Text::new(safe(text), at, style.clone()))
        .map_err(fail)
}

/// Height of one legend row.
pub const LEGEND_ROW: i32 = 34;

/// Size of a legend entry's name.
const LEGEND_SIZE: u32 = MIN_TEXT;

/// A legend entry's name as written in a legend `width` pixels wide: safe, and cut in its
/// middle when even a row of its own could not hold it.
fn entry_name(name: &str, width: i32) -> String {
    super::measure::middle_cut(&safe(name), LEGEND_SIZE, f64::from(width - 36))
}

/// Width of a legend entry: its swatch, its name (as [`entry_name`] writes it) and the gap
/// after it.
fn entry_width(name: &str) -> i32 {
    let name = super::measure::width(name, LEGEND_SIZE).ceil();
    36 + i32::try_from(name as i64).unwrap_or(i32::MAX / 2)
}

/// The rows a legend of `entries` takes in `width` pixels (none for no entries).
pub fn legend_rows(entries: &[(RGBColor, String)], width: i32) -> i32 {
    let mut rows = 0;
    let mut x = width;
    for (_, name) in entries {
        let w = entry_width(&entry_name(name, width));
        if x + w > width {
            rows += 1;
            x = 0;
        }
        x += w;
    }
    rows
}

/// Draws a legend of `entries` starting at `at` (the first row's left end and middle): a
/// swatch and a name each, left to right, wrapping into rows of `width` pixels.
pub fn legend(
    area: &Area,
    entries: &[(RGBColor, String)],
    at: (i32, i32),
    width: i32,
) -> Result<(), PlotError> {
    let label = style(LEGEND_SIZE, BLACK, HPos::Left, VPos::Center);
    let (mut x, mut y) = (0, at.1);
    for (colour, name) in entries {
        let name = entry_name(name, width);
        let w = entry_width(&name);
        if x > 0 && x + w > width {
            x = 0;
            y += LEGEND_ROW;
        }
        let left = at.0 + x;
        area.draw(&Rectangle::new(
            [(left, y - 7), (left + 14, y + 7)],
            colour.filled(),
        ))
        .map_err(fail)?;
        text(area, &name, (left + 20, y), &label)?;
        x += w;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legend_entry_too_long_for_a_row_is_cut_to_one() {
        let switches = (0..40)
            .map(|i| format!("s{i}=on"))
            .collect::<Vec<_>>()
            .join(",");
        let name = entry_name(&switches, 1000);
        assert!(entry_width(&name) <= 1000, "{name}");
        assert!(name.starts_with("s0=on") && name.ends_with("s39=on") && name.contains('…'));
        assert_eq!(entry_name("killers only", 1000), "killers only");
        let entries = vec![(BLACK, switches.clone()), (BLACK, switches)];
        assert_eq!(legend_rows(&entries, 1000), 2);
    }
}
