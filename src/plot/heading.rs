//! The top of every page: the title, as large as fits, on up to two lines, and under it in grey
//! the subtitle — what was searched and how — packed part by part (`depth 6`, `killer-puzzle`,
//! …) into up to three lines. Every line is measured against the page (`measure`), so nothing
//! runs off the slide's edge: a title wraps or shrinks, a subtitle wraps between its parts,
//! and a part too long for a whole line (a foreign engine's settings, a FEN on a narrow page)
//! keeps its beginning and end around `…`.

use plotters::style::colors::BLACK;
use plotters::style::text_anchor::{HPos, VPos};

use super::PlotError;
use super::canvas::{Area, safe, style, text};
use super::measure::{end_cut, fits, middle_cut, wrap};
use super::palette::GREY;

/// Left and right margin of the heading's lines, pixels.
pub const SIDE: i32 = 24;
/// Where the first title line's top is.
const TOP: i32 = 14;
/// Title sizes tried on one line, largest first; then two lines from `TWO_LINE_SIZES` (two
/// lines at 28 read better on a projector than one at 22).
const ONE_LINE_SIZES: [u32; 4] = [32, 30, 28, 26];
/// Title sizes tried on two lines, largest first (the last cuts what still does not fit).
const TWO_LINE_SIZES: [u32; 4] = [28, 26, 24, super::canvas::MIN_TEXT];
/// Subtitle sizes tried, largest first (the last cuts what still does not fit).
const SUBTITLE_SIZES: [u32; 2] = [25, super::canvas::MIN_TEXT];
/// Most subtitle lines.
const SUBTITLE_LINES: usize = 3;
/// Between two parts of a subtitle line.
const SEPARATOR: &str = " · ";

/// A page's title and the parts of its subtitle, most important first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// The title.
    pub title: String,
    /// The subtitle's parts, joined with ` · ` where they share a line.
    pub parts: Vec<String>,
}

/// The heading's lines as they are written, and their sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    /// The title's lines (one or two).
    pub title: Vec<String>,
    /// Their font size.
    pub title_size: u32,
    /// The subtitle's lines (none for no parts).
    pub subtitle: Vec<String>,
    /// Their font size.
    pub subtitle_size: u32,
}

impl Lines {
    /// Pixels from the page's top to the end of the subtitle, and a gap.
    pub fn height(&self) -> i32 {
        subtitle_top(self) + count(&self.subtitle) * line_height(self.subtitle_size) + 8
    }
}

fn count(lines: &[String]) -> i32 {
    i32::try_from(lines.len()).unwrap_or(i32::MAX)
}

fn line_height(size: u32) -> i32 {
    i32::try_from(size).unwrap_or(32) + if size > 20 { 4 } else { 2 }
}

fn subtitle_top(lines: &Lines) -> i32 {
    TOP + count(&lines.title) * line_height(lines.title_size)
}

impl Heading {
    /// A heading of `title` over `parts` (empty parts are left out).
    pub fn new(title: impl Into<String>, parts: impl IntoIterator<Item = String>) -> Heading {
        Heading {
            title: title.into(),
            parts: parts.into_iter().filter(|p| !p.trim().is_empty()).collect(),
        }
    }

    /// The lines for a page `width` pixels wide, every one fitting between the margins.
    pub fn lines(&self, width: u32) -> Lines {
        let room = f64::from(width) - 2.0 * f64::from(SIDE);
        let (title, title_size) = title_lines(&safe(&self.title), room);
        let parts: Vec<String> = self.parts.iter().map(|p| safe(p)).collect();
        let (subtitle, subtitle_size) = subtitle_lines(&parts, room);
        Lines {
            title,
            title_size,
            subtitle,
            subtitle_size,
        }
    }

    /// Writes the heading at the top of `root`; returns the area below it.
    pub fn draw<'a>(&self, root: &Area<'a>) -> Result<Area<'a>, PlotError> {
        let lines = self.lines(root.dim_in_pixel().0);
        let title = style(lines.title_size, BLACK, HPos::Left, VPos::Top);
        let mut y = TOP;
        for line in &lines.title {
            text(root, line, (SIDE, y), &title)?;
            y += line_height(lines.title_size);
        }
        let subtitle = style(lines.subtitle_size, GREY, HPos::Left, VPos::Top);
        for line in &lines.subtitle {
            text(root, line, (SIDE, y), &subtitle)?;
            y += line_height(lines.subtitle_size);
        }
        Ok(root.margin(lines.height(), 8, 8, 16))
    }
}

/// The title on one line at the largest size that fits, else on two, else two lines at the
/// smallest size with the end of the second cut.
fn title_lines(title: &str, room: f64) -> (Vec<String>, u32) {
    if let Some(&size) = ONE_LINE_SIZES.iter().find(|&&s| fits(title, s, room)) {
        return (vec![title.to_string()], size);
    }
    let smallest = TWO_LINE_SIZES[TWO_LINE_SIZES.len() - 1];
    let whole = |(lines, _): &(Vec<String>, u32)| !lines.iter().any(|l| l.ends_with('…'));
    TWO_LINE_SIZES
        .iter()
        .map(|&size| (wrap(title, size, room, 2), size))
        .find(whole)
        .unwrap_or_else(|| (wrap(title, smallest, room, 2), smallest))
}

/// The parts packed into lines at the largest size that needs at most three, else at the
/// smallest with whatever the third line cannot hold cut off its end.
fn subtitle_lines(parts: &[String], room: f64) -> (Vec<String>, u32) {
    let smallest = SUBTITLE_SIZES[SUBTITLE_SIZES.len() - 1];
    let packed = |size: u32| (pack(parts, size, room), size);
    if let Some(fitting) = SUBTITLE_SIZES
        .iter()
        .map(|&size| packed(size))
        .find(|(lines, _)| lines.len() <= SUBTITLE_LINES)
    {
        return fitting;
    }
    let (lines, size) = packed(smallest);
    let mut kept = lines[..SUBTITLE_LINES - 1].to_vec();
    kept.push(end_cut(
        &lines[SUBTITLE_LINES - 1..].join(SEPARATOR),
        size,
        room,
    ));
    (kept, size)
}

/// `parts` in order, as many to a line as fit, each first cut in its middle to one line.
fn pack(parts: &[String], size: u32, room: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in parts {
        let part = middle_cut(part, size, room);
        let joined = format!("{line}{SEPARATOR}{part}");
        if line.is_empty() {
            line = part;
        } else if fits(&joined, size, room) {
            line = joined;
        } else {
            lines.push(std::mem::replace(&mut line, part));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::canvas::SIZE;

    fn room() -> f64 {
        f64::from(SIZE.0) - 2.0 * f64::from(SIDE)
    }

    #[test]
    fn a_short_heading_is_one_title_line_and_one_subtitle_line() {
        let heading = Heading::new(
            "Cutoffs by rank",
            ["killer-puzzle".into(), "depth 6".into()],
        );
        let lines = heading.lines(SIZE.0);
        assert_eq!(lines.title, ["Cutoffs by rank"]);
        assert_eq!(lines.title_size, 32);
        assert_eq!(lines.subtitle, ["killer-puzzle · depth 6"]);
        // 14 above, the title at 32 (+4), the subtitle at the hall's 25 (+4), a gap of 8.
        assert_eq!(lines.subtitle_size, 25);
        assert_eq!(lines.height(), 87);
    }

    #[test]
    fn a_long_title_shrinks_then_wraps_and_never_leaves_the_page() {
        let long = "Tree size relative to r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1";
        let lines = Heading::new(long, []).lines(SIZE.0);
        assert_eq!(lines.title.len(), 1);
        assert!(lines.title_size < 32 && fits(&lines.title[0], lines.title_size, room()));
        let longer = "Why the killers of ply 1 cut off the whole subtree below every reply \
                      that Black tries in the killer puzzle, and why history does not";
        let lines = Heading::new(longer, []).lines(SIZE.0);
        assert_eq!(lines.title.len(), 2, "{lines:?}");
        assert_eq!(lines.title.join(" "), longer, "wrapped, nothing cut");
        let endless = "word ".repeat(200);
        let lines = Heading::new(endless, []).lines(SIZE.0);
        assert_eq!(lines.title.len(), 2);
        assert!(
            lines
                .title
                .iter()
                .all(|l| fits(l, lines.title_size, room()))
        );
        assert!(lines.title[1].ends_with('…'));
    }

    #[test]
    fn a_long_subtitle_wraps_between_parts_and_cuts_an_overlong_part_in_its_middle() {
        let fen = "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq -".to_string();
        let settings = (0..60)
            .map(|i| format!("switch{i}=on"))
            .collect::<Vec<_>>()
            .join(",");
        let parts = vec![
            fen.clone(),
            "depth 6".into(),
            settings.clone(),
            "truncated log".into(),
        ];
        let lines = Heading::new("t", parts).lines(SIZE.0);
        assert!(lines.subtitle.len() <= SUBTITLE_LINES, "{lines:?}");
        for line in &lines.subtitle {
            assert!(fits(line, lines.subtitle_size, room()), "{line}");
        }
        assert!(
            lines.subtitle[0].starts_with(&fen),
            "the position whole: {lines:?}"
        );
        let all = lines.subtitle.join(" ");
        assert!(
            all.contains("switch0=on") && all.contains("switch59=on"),
            "both ends: {all}"
        );
        assert!(
            all.contains("depth 6") && all.contains("truncated log"),
            "{all}"
        );
        assert!(
            lines.height() > 76,
            "the body starts below the longer heading"
        );
    }
}
