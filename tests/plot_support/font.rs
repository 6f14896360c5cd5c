//! The real advance widths of a TrueType font, read from the file (its `cmap` format 4 and
//! `hmtx` tables): the independent measure of how wide a slide's text is drawn, against which
//! the plot module's own width table is checked. Only what the tests need; no shaping.

use std::collections::HashMap;

/// Where the sans-serif most Linux viewers draw with usually lives.
pub const DEJAVU_SANS: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// A font's advance widths by character, in em.
pub struct Font {
    widths: HashMap<char, f64>,
    missing: f64,
}

fn u16_at(d: &[u8], at: usize) -> usize {
    usize::from(u16::from_be_bytes([d[at], d[at + 1]]))
}

fn u32_at(d: &[u8], at: usize) -> usize {
    u32::from_be_bytes([d[at], d[at + 1], d[at + 2], d[at + 3]]) as usize
}

impl Font {
    /// The font at `path`, or `None` when there is none (the test then says so and skips).
    pub fn open(path: &str) -> Option<Font> {
        let d = std::fs::read(path).ok()?;
        let tables: HashMap<&[u8], usize> = (0..u16_at(&d, 4))
            .map(|i| (&d[12 + 16 * i..16 + 16 * i], u32_at(&d, 20 + 16 * i)))
            .collect();
        let (head, hhea, hmtx, cmap) = (
            tables[&b"head"[..]],
            tables[&b"hhea"[..]],
            tables[&b"hmtx"[..]],
            tables[&b"cmap"[..]],
        );
        let em = u16_at(&d, head + 18) as f64;
        let metrics = u16_at(&d, hhea + 34);
        let advance = |glyph: usize| u16_at(&d, hmtx + 4 * glyph.min(metrics - 1)) as f64 / em;
        let mut widths = HashMap::new();
        for i in 0..u16_at(&d, cmap + 2) {
            let at = cmap + u32_at(&d, cmap + 8 + 8 * i);
            let (platform, format) = (u16_at(&d, cmap + 4 + 8 * i), u16_at(&d, at));
            if format != 4 || !(platform == 0 || platform == 3) {
                continue;
            }
            let segments = u16_at(&d, at + 6) / 2;
            let ends = at + 14;
            let starts = ends + 2 * segments + 2;
            let deltas = starts + 2 * segments;
            let offsets = deltas + 2 * segments;
            for k in 0..segments {
                let (start, end) = (u16_at(&d, starts + 2 * k), u16_at(&d, ends + 2 * k));
                let (delta, offset) = (u16_at(&d, deltas + 2 * k), u16_at(&d, offsets + 2 * k));
                for code in start..=end.min(0xfffd) {
                    let glyph = if offset == 0 {
                        (code + delta) & 0xffff
                    } else {
                        let g = u16_at(&d, offsets + 2 * k + offset + 2 * (code - start));
                        if g == 0 { 0 } else { (g + delta) & 0xffff }
                    };
                    if let Some(c) = char::from_u32(code as u32) {
                        widths.insert(c, advance(glyph));
                    }
                }
            }
            break;
        }
        Some(Font {
            widths,
            missing: advance(0),
        })
    }

    /// The width of `text` in pixels at a font size of `px` pixels (SVG's `font-size`).
    pub fn width(&self, text: &str, px: f64) -> f64 {
        text.chars()
            .map(|c| self.widths.get(&c).copied().unwrap_or(self.missing))
            .sum::<f64>()
            * px
    }
}
