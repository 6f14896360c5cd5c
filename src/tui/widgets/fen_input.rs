//! The FEN prompt: a one-line field (`line_edit::LineEdit`) with its cursor drawn where it is,
//! scrolled sideways to keep the cursor in view, and, if the last attempt was refused, the
//! chess core's error (which names the field and the offending text) on the line below. The
//! current position stays on screen until a FEN parses. A frame draws at most a screen width
//! of the text, however long it is.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::explorer::Mode;
use crate::explorer::keys::{self, Action, Context};
use crate::explorer::line_edit::Edit;
use crate::explorer::line_edit::LineEdit;
use crate::tui::ctx::Ctx;
use crate::tui::theme::Theme;
use crate::tui::widgets::Panel;

/// The prompt before the text.
const PROMPT: &str = "FEN> ";

/// The characters of `text` shown in a field `width` cells wide with the cursor at character
/// `cursor`: `(start, end)`, every character when they fit with the cursor after them, else
/// `width - 2` around the cursor, leaving a cell on each side for a `…` marker.
fn shown(len: usize, cursor: usize, width: usize) -> (usize, usize) {
    if len < width {
        return (0, len);
    }
    let room = width.saturating_sub(2).max(1);
    let start = cursor.saturating_sub(room - 1);
    (start, (start + room).min(len))
}

/// The prompt's lines for a field `width` cells wide (prompt included), and the column of the
/// cursor in the first one.
pub fn lines(
    input: &LineEdit,
    error: Option<&str>,
    theme: &Theme,
    width: usize,
) -> (Vec<Line<'static>>, usize) {
    let key = |action: Action| keys::label(Context::Fen, &action);
    let hint = format!(
        "{}: load and search · {}: cancel · {}: delete to the start",
        key(Action::FenSubmit),
        key(Action::Leave),
        key(Action::FenEdit(Edit::KillToStart))
    );
    field_lines(PROMPT, input, error, hint, theme, width)
}

/// The lines of a one-line field after `prompt` (the FEN box, the query line): the text with
/// its cursor, then the error if the last Enter was refused, else `hint`; and the cursor's
/// column in the first line.
pub fn field_lines(
    prompt: &'static str,
    input: &LineEdit,
    error: Option<&str>,
    hint: String,
    theme: &Theme,
    width: usize,
) -> (Vec<Line<'static>>, usize) {
    let chars: Vec<char> = input.text().chars().collect();
    let cursor = input.cursor_chars();
    let (start, end) = shown(chars.len(), cursor, width.saturating_sub(prompt.len()));
    let text = |range: std::ops::Range<usize>| chars[range].iter().collect::<String>();
    let mut spans = vec![Span::styled(prompt, theme.key)];
    if start > 0 {
        spans.push(Span::styled("…", theme.dim));
    }
    let column = spans.iter().map(Span::width).sum::<usize>() + cursor - start;
    spans.push(Span::styled(text(start..cursor), theme.text));
    let under = chars.get(cursor).map_or(' ', |&c| c);
    spans.push(Span::styled(under.to_string(), theme.selected));
    spans.push(Span::styled(text((cursor + 1).min(end)..end), theme.text));
    if end < chars.len() {
        spans.push(Span::styled("…", theme.dim));
    }
    let mut out = vec![Line::from(spans)];
    match error {
        Some(e) => out.push(Line::styled(format!("✗ {e}"), theme.error)),
        None => out.push(Line::styled(hint, theme.dim)),
    }
    (out, column)
}

/// The FEN prompt, drawn over the bottom of the screen while `Mode::Fen` is on.
pub struct FenOverlay;

impl Panel for FenOverlay {
    /// Draws the prompt across the bottom of `area` and puts the terminal's cursor on it.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::Fen { input, error } = &app.mode() else {
            return;
        };
        let (error, theme) = (error.as_deref(), &app.theme);
        draw_field(frame, area, " Load a position (FEN) ", theme, |width| {
            lines(input, error, theme, width)
        });
    }
}

/// Draws a one-line field in a box across the bottom of `area`, titled `title`, its lines
/// built by `lines` for the box's inner width, and puts the terminal's cursor on it.
pub fn draw_field(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    theme: &Theme,
    lines: impl FnOnce(usize) -> (Vec<Line<'static>>, usize),
) {
    let height = 4.min(area.height);
    let popup = Rect {
        x: area.x,
        y: area.y + area.height - height,
        width: area.width,
        height,
    };
    frame.render_widget(Clear, popup);
    let block = Block::bordered()
        .title(Span::styled(title.to_string(), theme.title))
        .border_style(theme.border_focus);
    let inner = block.inner(popup);
    let (lines, column) = lines(usize::from(inner.width));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        popup,
    );
    if let Ok(column) = u16::try_from(column)
        && column < inner.width
        && inner.height > 0
    {
        frame.set_cursor_position(Position::new(inner.x + column, inner.y));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_line(input: &LineEdit, width: usize) -> (String, usize) {
        let (lines, column) = lines(input, None, &Theme::mono(), width);
        let text = lines[0].spans.iter().map(|s| s.content.as_ref()).collect();
        (text, column)
    }

    #[test]
    fn the_cursor_is_drawn_where_it_is_and_long_text_scrolls_to_it() {
        let mut input = LineEdit::with_text("8/8/8 w");
        assert_eq!(first_line(&input, 40), ("FEN> 8/8/8 w ".into(), 12));
        input.apply(Edit::Start);
        assert_eq!(first_line(&input, 40), ("FEN> 8/8/8 w".into(), 5));
        let long = LineEdit::with_text(&"abcdefghij".repeat(10));
        let (text, column) = first_line(&long, 25);
        assert_eq!(text, "FEN> …defghijabcdefghij ", "the end, cursor after it");
        assert_eq!(column, 23);
        let mut start = long.clone();
        start.apply(Edit::Start);
        assert_eq!(
            first_line(&start, 25),
            ("FEN> abcdefghijabcdefgh…".into(), 5)
        );
    }
}
