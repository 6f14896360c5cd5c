//! What every picture shares: the page size, the SVG surface, the title lines, the palette (the
//! explorer's colour roles and source colour hints, as colours that read on a white slide) and
//! the one way text is written, so nothing from a log's header reaches the XML unescaped.
//!
//! plotters is used with its SVG backend only and without a font library: text is written as
//! `<text>` elements that the viewer's sans-serif draws, so building needs no fontconfig or
//! FreeType.

use std::fmt::Display;
use std::ops::Range;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::PlotError;
use crate::explorer::charts::Shade;
use crate::search::SourceColour;
use crate::text::printable;
use crate::trace::SourceTable;

/// Page size in pixels: 16:9, the shape of a slide.
pub const SIZE: (u32, u32) = (1280, 720);
/// Font family of every text.
pub const FONT: &str = "sans-serif";
/// Height taken by the title and subtitle at the top of a page.
pub const HEADER: i32 = 76;

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

/// Writes `text` (made [`safe`]) at pixel `at` of `area`.
pub fn text(area: &Area, text: &str, at: (i32, i32), style: &TextStyle) -> Result<(), PlotError> {
    area.draw(&Text::new(safe(text), at, style.clone()))
        .map_err(fail)
}

/// Writes the page's title and, under it in grey, the subtitle; returns the area below them.
pub fn titled<'a>(root: &Area<'a>, title: &str, subtitle: &str) -> Result<Area<'a>, PlotError> {
    text(
        root,
        title,
        (24, 14),
        &style(32, BLACK, HPos::Left, VPos::Top),
    )?;
    text(
        root,
        subtitle,
        (24, 50),
        &style(16, GREY, HPos::Left, VPos::Top),
    )?;
    Ok(root.margin(HEADER, 8, 8, 16))
}

/// Secondary text.
pub const GREY: RGBColor = RGBColor(110, 110, 110);
/// Blocks narrower than a pixel, merged.
pub const NARROW: RGBColor = RGBColor(215, 204, 200);
/// Main-search nodes.
pub const MAIN: RGBColor = RGBColor(21, 101, 192);
/// Quiescence nodes.
pub const QUIESCENCE: RGBColor = RGBColor(144, 164, 174);
/// Bars and lines with no other meaning.
pub const PLAIN: RGBColor = RGBColor(38, 50, 56);

/// Colours of the configurations of a comparison, in column order: the first (the base of
/// every ratio) grey, the others apart from each other.
pub const SERIES: [RGBColor; 8] = [
    RGBColor(120, 144, 156),
    RGBColor(21, 101, 192),
    RGBColor(230, 120, 0),
    RGBColor(46, 125, 50),
    RGBColor(142, 36, 170),
    RGBColor(198, 40, 40),
    RGBColor(0, 131, 143),
    RGBColor(121, 85, 72),
];

/// The colour of configuration `k` of a comparison (the palette repeats after eight).
pub fn series(k: usize) -> RGBColor {
    SERIES[k % SERIES.len()]
}

/// The colour of a source colour hint, darkened where a terminal colour would not read on white.
pub fn hint(colour: SourceColour) -> RGBColor {
    match colour {
        SourceColour::Plain => RGBColor(117, 117, 117),
        SourceColour::Cyan => RGBColor(0, 131, 143),
        SourceColour::Red => RGBColor(198, 40, 40),
        SourceColour::Yellow => RGBColor(230, 145, 0),
        SourceColour::Magenta => RGBColor(142, 36, 170),
        SourceColour::Green => RGBColor(46, 125, 50),
        SourceColour::Blue => RGBColor(21, 101, 192),
    }
}

/// The colour of `source` on a slide: its colour hint, and for the killer slots after the
/// first a lighter shade of it each, so `killer 1` and `killer 2` — one hint in the explorer,
/// told apart there by their labels — differ on a slide where a block has no room for one.
pub fn source_colour(sources: &SourceTable, source: crate::search::MoveSource) -> RGBColor {
    let RGBColor(r, g, b) = hint(sources.colour(source));
    let slot = sources.killer_slot(source).map_or(0, usize::from).min(4);
    let lighter = |c: u8| {
        let c = f64::from(c);
        (c + (255.0 - c) * 0.22 * slot as f64).round() as u8
    };
    RGBColor(lighter(r), lighter(g), lighter(b))
}

/// The colour of an icicle block and the legend's word for it (a source's long name when it
/// cut the node off).
pub fn shade(shade: Shade, sources: &SourceTable) -> (RGBColor, String) {
    match shade {
        Shade::Open => (RGBColor(236, 236, 236), "open".into()),
        Shade::Pv => (RGBColor(46, 125, 50), "PV".into()),
        Shade::Cut => (RGBColor(198, 40, 40), "CUT".into()),
        Shade::All => (RGBColor(21, 101, 192), "ALL".into()),
        Shade::Quiescence => (QUIESCENCE, "quiescence".into()),
        Shade::CutBy(source) => (
            source_colour(sources, source),
            format!("cut by {}", sources.name(source)),
        ),
        Shade::NoCutoff => (RGBColor(224, 224, 224), "no cutoff".into()),
    }
}

/// Black or white, whichever reads on `fill`.
pub fn ink(fill: RGBColor) -> RGBColor {
    let RGBColor(r, g, b) = fill;
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma > 150.0 { BLACK } else { WHITE }
}

/// Height of one legend row.
pub const LEGEND_ROW: i32 = 28;

/// Width of a legend entry: its swatch, its name and the gap after it.
fn entry_width(name: &str) -> i32 {
    36 + 9 * i32::try_from(name.chars().count()).unwrap_or(200)
}

/// The rows a legend of `entries` takes in `width` pixels (none for no entries).
pub fn legend_rows(entries: &[(RGBColor, String)], width: i32) -> i32 {
    let mut rows = 0;
    let mut x = width;
    for (_, name) in entries {
        let w = entry_width(name);
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
    let label = style(17, BLACK, HPos::Left, VPos::Center);
    let (mut x, mut y) = (0, at.1);
    for (colour, name) in entries {
        let w = entry_width(name);
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
        text(area, name, (left + 20, y), &label)?;
        x += w;
    }
    Ok(())
}
