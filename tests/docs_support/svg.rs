//! A ratatui buffer as an SVG picture: the screen the snapshot tests read, drawn as a terminal
//! would show it — a dark background, each cell's colours and bold / dim / reversed styles, a
//! monospace font. Runs of cells of one style become one `<text>` stretched to the cells'
//! width (`textLength`), so a font whose glyphs are a little wider or narrower than the cell
//! still lines the columns up.

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};

/// A cell's width and height in the picture, in pixels.
const CELL_W: f64 = 8.4;
const CELL_H: f64 = 17.0;
/// The terminal's own colours, for `Color::Reset`.
const DEFAULT_FG: &str = "#d4d4d4";
const DEFAULT_BG: &str = "#1e1e1e";

/// One of the 16 ANSI colours as a typical dark terminal theme draws it.
fn ansi(index: u8) -> &'static str {
    const PALETTE: [&str; 16] = [
        "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
        "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
    ];
    PALETTE[usize::from(index % 16)]
}

/// `color` as an SVG colour; `None` for the terminal's default.
fn colour(color: Color) -> Option<String> {
    let named = |i| Some(ansi(i).to_string());
    match color {
        Color::Reset => None,
        Color::Black => named(0),
        Color::Red => named(1),
        Color::Green => named(2),
        Color::Yellow => named(3),
        Color::Blue => named(4),
        Color::Magenta => named(5),
        Color::Cyan => named(6),
        Color::Gray => named(7),
        Color::DarkGray => named(8),
        Color::LightRed => named(9),
        Color::LightGreen => named(10),
        Color::LightYellow => named(11),
        Color::LightBlue => named(12),
        Color::LightMagenta => named(13),
        Color::LightCyan => named(14),
        Color::White => named(15),
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(i) => Some(indexed(i)),
    }
}

/// An xterm 256-colour index as RGB.
fn indexed(i: u8) -> String {
    match i {
        0..=15 => ansi(i).to_string(),
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            let n = i - 16;
            format!(
                "#{:02x}{:02x}{:02x}",
                level(n / 36),
                level((n / 6) % 6),
                level(n % 6)
            )
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}

/// What a cell looks like: foreground, background, bold, dim, underlined.
#[derive(Clone, PartialEq, Eq)]
struct Look {
    fg: String,
    bg: String,
    bold: bool,
    dim: bool,
    underline: bool,
}

fn look(cell: &Cell) -> Look {
    let mut fg = colour(cell.fg).unwrap_or_else(|| DEFAULT_FG.to_string());
    let mut bg = colour(cell.bg).unwrap_or_else(|| DEFAULT_BG.to_string());
    if cell.modifier.contains(Modifier::REVERSED) {
        std::mem::swap(&mut fg, &mut bg);
    }
    Look {
        fg,
        bg,
        bold: cell.modifier.contains(Modifier::BOLD),
        dim: cell.modifier.contains(Modifier::DIM),
        underline: cell.modifier.contains(Modifier::UNDERLINED),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The buffer as a standalone SVG document, with `title` as its accessible name.
pub fn render(buffer: &Buffer, title: &str) -> String {
    let area = buffer.area;
    let (width, height) = (
        f64::from(area.width) * CELL_W,
        f64::from(area.height) * CELL_H,
    );
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.1} {height:.1}\" role=\"img\" aria-label=\"{}\">\n<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"{DEFAULT_BG}\"/>\n<g font-family=\"'DejaVu Sans Mono', 'Cascadia Mono', Menlo, Consolas, monospace\" font-size=\"14\" xml:space=\"preserve\">\n",
        escape(title),
        escape(title)
    );
    for y in 0..area.height {
        let row: Vec<&Cell> = (0..area.width)
            .map(|x| &buffer[(area.x + x, area.y + y)])
            .collect();
        let mut x = 0;
        while x < row.len() {
            let first = look(row[x]);
            let mut end = x + 1;
            while end < row.len() && look(row[end]) == first {
                end += 1;
            }
            draw_run(&mut svg, &row[x..end], &first, x, y);
            x = end;
        }
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// One run of cells of one look: its background, then its text stretched to its cells.
fn draw_run(svg: &mut String, cells: &[&Cell], look: &Look, x: usize, y: u16) {
    let (px, py) = (x as f64 * CELL_W, f64::from(y) * CELL_H);
    let w = cells.len() as f64 * CELL_W;
    if look.bg != DEFAULT_BG {
        svg.push_str(&format!(
            "<rect x=\"{px:.1}\" y=\"{py:.1}\" width=\"{w:.1}\" height=\"{CELL_H:.1}\" fill=\"{}\"/>\n",
            look.bg
        ));
    }
    let text: String = cells.iter().map(|c| c.symbol()).collect();
    if text.trim().is_empty() {
        return;
    }
    let mut attrs = format!("fill=\"{}\"", look.fg);
    if look.bold {
        attrs.push_str(" font-weight=\"bold\"");
    }
    if look.dim {
        attrs.push_str(" opacity=\"0.6\"");
    }
    if look.underline {
        attrs.push_str(" text-decoration=\"underline\"");
    }
    svg.push_str(&format!(
        "<text x=\"{px:.1}\" y=\"{:.1}\" textLength=\"{w:.1}\" lengthAdjust=\"spacingAndGlyphs\" {attrs}>{}</text>\n",
        py + CELL_H * 0.78,
        escape(&text)
    ));
}
