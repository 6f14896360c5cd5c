//! The one-line fields: the FEN box (`f`), the query line (`/`) and the bookmark note (`b`).
//! Each is a `line_edit::LineEdit` after its prompt, with its cursor drawn where it is,
//! scrolled sideways to keep the cursor in view, and under it either the keys or, if the last
//! Enter was refused, the error, which names where the text is wrong (the FEN's field, the
//! query's column). A FEN box leaves the current position on screen until a FEN parses. A
//! frame draws at most a screen width of the text, however long it is.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::ctx::Ctx;
use crate::theme::Theme;
use crate::widgets::Panel;
use killerscope_explorer::Edit;
use killerscope_explorer::LineEdit;
use killerscope_explorer::Mode;
use killerscope_explorer::views::{bookmarks::BookmarksAction, query::QueryAction};
use killerscope_explorer::{keys, keys::Action};
use killerscope_text::printable;

/// The FEN box's prompt.
const FEN_PROMPT: &str = "FEN> ";

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

/// A one-line field as the mode on screen has it.
struct Field<'a> {
    /// The box's title.
    title: String,
    /// Before the text.
    prompt: &'static str,
    input: &'a LineEdit,
    /// Why the last Enter was refused.
    error: Option<&'a str>,
    /// The keys, shown while there is no error.
    hint: String,
}

impl<'a> Field<'a> {
    /// The field of the mode on screen, if it has one.
    fn of(app: &'a Ctx) -> Option<Field<'a>> {
        let (input, error) = app.mode().field()?;
        let context = app.mode().context();
        let key = |action: Action| keys::label(context, &action);
        let (title, prompt, hint) = match app.mode() {
            Mode::Fen { .. } => {
                let submit = key(Action::FenSubmit);
                let (leave, kill) = (key(Action::Leave), key(Action::FenEdit(Edit::KillToStart)));
                let hint = format!(
                    "{submit}: load and search · {leave}: cancel · {kill}: delete to the start"
                );
                (" Load a position (FEN) ".to_string(), FEN_PROMPT, hint)
            }
            Mode::Query { .. } => {
                let example = "e.g. type=CUT and cut.rank>1 and not tt_cut";
                let (submit, leave) = (key(QueryAction::Submit.into()), key(Action::Leave));
                let hint = format!("{submit}: mark the matches · {leave}: cancel · {example}");
                (" Query the nodes (log query) ".to_string(), "query> ", hint)
            }
            Mode::Note { node, .. } => {
                let saved = match app.views().bookmarks.file() {
                    Some(path) => format!("saved in {}", printable(&path.display().to_string())),
                    None => "kept in memory: this search has no log file".to_string(),
                };
                let (submit, leave) = (key(BookmarksAction::Save.into()), key(Action::Leave));
                let hint = format!("{submit}: bookmark node {node} ({saved}) · {leave}: cancel");
                (format!(" Bookmark node {node} "), "note> ", hint)
            }
            _ => return None,
        };
        Some(Field {
            title,
            prompt,
            input,
            error,
            hint,
        })
    }

    /// The field's lines for a box `width` cells wide (prompt included): the text with its
    /// cursor, then the error if the last Enter was refused, else the hint; and the cursor's
    /// column in the first line.
    fn lines(&self, theme: &Theme, width: usize) -> (Vec<Line<'static>>, usize) {
        field_lines(
            self.prompt,
            self.input,
            self.error,
            self.hint.clone(),
            theme,
            width,
        )
    }
}

/// The lines of a one-line field after `prompt`, and the cursor's column in the first line.
fn field_lines(
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

/// The one-line field of the mode on screen (FEN, query, note), drawn over the bottom of the
/// screen.
pub struct FieldOverlay;

impl Panel for FieldOverlay {
    /// Draws the field in a box across the bottom of `area` and puts the terminal's cursor on
    /// it.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        if let Some(field) = Field::of(app) {
            draw_field(frame, area, &field, &app.theme);
        }
    }
}

/// Draws `field` in a box across the bottom of `area` and puts the terminal's cursor on it.
fn draw_field(frame: &mut Frame, area: Rect, field: &Field, theme: &Theme) {
    let height = 4.min(area.height);
    let popup = Rect {
        x: area.x,
        y: area.y + area.height - height,
        width: area.width,
        height,
    };
    frame.render_widget(Clear, popup);
    let block = Block::bordered()
        .title(Span::styled(field.title.clone(), theme.title))
        .border_style(theme.border_focus);
    let inner = block.inner(popup);
    let (lines, column) = field.lines(theme, usize::from(inner.width));
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
        let (lines, column) = field_lines(
            FEN_PROMPT,
            input,
            None,
            String::new(),
            &Theme::mono(),
            width,
        );
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
