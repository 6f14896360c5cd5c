//! How wide a text is on a slide, without a font library: the advance widths of DejaVu Sans,
//! the sans-serif Linux viewers draw with and wider than Arial or Helvetica (Windows' and
//! macOS'), so a line measured to fit here fits in all three. What does not fit is shortened
//! with an ellipsis at its end or in its middle, and measured again.

/// How many pixels a character of a plotters font size takes per unit of size: the SVG backend
/// writes `font-size` as the size divided by 1.24.
const PX_PER_SIZE: f64 = 1.0 / 1.24;

/// A safety margin over the table for viewers whose sans-serif is wider still.
const MARGIN: f64 = 1.03;

/// DejaVu Sans advance widths of the printable ASCII characters (space to `~`), in thousandths
/// of the font size.
const ASCII: [u16; 95] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];

/// The width of `c` in thousandths of the font size: the table's for ASCII and the few
/// symbols the pictures write themselves, a full em for anything else (no letter of the
/// scripts a class uses is wider).
fn advance(c: char) -> u16 {
    match c {
        ' '..='~' => ASCII[c as usize - ' ' as usize],
        '·' => 318,
        '–' => 500,
        '×' | '−' | '÷' | '✂' | '→' | '←' | '≥' | '≤' => 838,
        _ => 1000,
    }
}

/// The width in pixels of `text` written at plotters font size `size`.
pub fn width(text: &str, size: u32) -> f64 {
    let thousandths: u64 = text.chars().map(|c| u64::from(advance(c))).sum();
    thousandths as f64 / 1000.0 * f64::from(size) * PX_PER_SIZE * MARGIN
}

/// Whether `text` at `size` fits across `room` pixels.
pub fn fits(text: &str, size: u32, room: f64) -> bool {
    width(text, size) <= room
}

/// The width in pixels of one character at `size`.
fn char_width(c: char, size: u32) -> f64 {
    f64::from(advance(c)) / 1000.0 * f64::from(size) * PX_PER_SIZE * MARGIN
}

/// `text` as it fits across `room` pixels at `size`: whole, or its beginning and `…`.
pub fn end_cut(text: &str, size: u32, room: f64) -> String {
    if fits(text, size, room) {
        return text.to_string();
    }
    let mut left = room - char_width('…', size);
    let kept: String = text
        .chars()
        .take_while(|&c| {
            left -= char_width(c, size);
            left >= 0.0
        })
        .collect();
    format!("{}…", kept.trim_end())
}

/// `text` as it fits across `room` pixels at `size`: whole, or its beginning and its end around
/// `…` — for a FEN the first ranks and the side to move, for a list of switches the first and
/// the last — taking a character from each end in turn while they fit.
pub fn middle_cut(text: &str, size: u32, room: f64) -> String {
    if fits(text, size, room) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut left = room - char_width('…', size);
    let (mut head, mut tail) = (0, 0);
    while head + tail < chars.len() {
        let next = if head <= tail {
            chars[head]
        } else {
            chars[chars.len() - 1 - tail]
        };
        left -= char_width(next, size);
        if left < 0.0 {
            break;
        }
        if head <= tail {
            head += 1;
        } else {
            tail += 1;
        }
    }
    let start: String = chars[..head].iter().collect();
    let end: String = chars[chars.len() - tail..].iter().collect();
    format!("{start}…{end}")
}

/// `text` broken at spaces into at most `max_lines` lines of at most `room` pixels at `size`
/// (a word wider than a line alone is broken where it must be); what the last line cannot
/// hold is cut with `…`.
pub fn wrap(text: &str, size: u32, room: f64, max_lines: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if lines.len() + 1 >= max_lines || fits(rest, size, room) {
            lines.push(end_cut(rest, size, room));
            break;
        }
        let (line, after) = first_line(rest, size, room);
        lines.push(line.trim_end().to_string());
        rest = after.trim_start();
    }
    lines
}

/// The longest beginning of `text` (which does not fit whole) that fits, ended after a word
/// where one ends in it, and what follows; at least one character.
fn first_line(text: &str, size: u32, room: f64) -> (&str, &str) {
    let (mut used, mut end, mut space) = (0.0, 0, None);
    for (i, c) in text.char_indices() {
        used += char_width(c, size);
        if used > room {
            break;
        }
        if c == ' ' {
            space = Some(i);
        }
        end = i + c.len_utf8();
    }
    if text[end..].starts_with(' ') {
        return text.split_at(end);
    }
    match space {
        Some(at) if at > 0 => text.split_at(at),
        _ => {
            let one = text.chars().next().map_or(0, char::len_utf8);
            text.split_at(end.max(one))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_add_up_from_the_font_table() {
        // "W" is 989 thousandths, "i" 278: at size 31 (25 px) with the margin.
        let px = 31.0 / 1.24 * MARGIN;
        assert!((width("W", 31) - 0.989 * px).abs() < 1e-9);
        assert!((width("Wi", 31) - 1.267 * px).abs() < 1e-9);
        assert!(width("mmmm", 16) > width("iiii", 16) * 3.0);
        assert_eq!(width("", 16), 0.0);
        assert!(
            (width("漢", 31) - px).abs() < 1e-9,
            "an em for what the table lacks"
        );
    }

    #[test]
    fn cuts_fit_and_keep_the_ends_they_promise() {
        let fen = "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq -";
        let room = width(fen, 16) * 0.6;
        let middle = middle_cut(fen, 16, room);
        assert!(fits(&middle, 16, room) && middle.contains('…'), "{middle}");
        assert!(
            middle.starts_with("r1b1k2r/") && middle.ends_with("w KQkq -"),
            "{middle}"
        );
        let end = end_cut(fen, 16, room);
        assert!(fits(&end, 16, room) && end.ends_with('…') && end.starts_with("r1b1k2r/"));
        assert_eq!(middle_cut(fen, 16, 10_000.0), fen);
        assert_eq!(end_cut("abc", 16, 1.0), "…");
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_every_line_fits() {
        let text =
            "Killers save most of the tree when history is off, and almost nothing when it is on";
        let room = width(text, 32) / 2.5;
        let lines = wrap(text, 32, room, 9);
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(lines.iter().all(|l| fits(l, 32, room)), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        let two = wrap(text, 32, room, 2);
        assert_eq!(two.len(), 2);
        assert_eq!(two[0], lines[0]);
        assert!(two[1].ends_with('…') && fits(&two[1], 32, room), "{two:?}");
        let word = "x".repeat(200);
        let lines = wrap(&word, 16, 300.0, 9);
        assert!(lines.len() > 1 && lines.iter().all(|l| fits(l, 16, 300.0)));
        assert_eq!(lines.concat(), word);
        let huge = "y".repeat(1 << 20);
        assert_eq!(
            wrap(&huge, 16, 300.0, 3).len(),
            3,
            "a megabyte is cut, not laid out"
        );
    }
}
