//! The FEN prompt: what has been typed, and if the last attempt was refused, the chess core's
//! error (which names the field and the offending text) on the line below. The current position
//! stays on screen until a FEN parses.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::tui::app::{App, Mode};
use crate::tui::keys::{self, Action, Context};
use crate::tui::theme::Theme;
use crate::tui::widgets::Panel;

/// The prompt's lines.
pub fn lines(text: &str, error: Option<&str>, theme: &Theme) -> Vec<Line<'static>> {
    let mut out = vec![Line::from(vec![
        Span::styled("FEN> ", theme.key),
        Span::styled(text.to_string(), theme.text),
        Span::styled("▏", theme.key),
    ])];
    match error {
        Some(e) => out.push(Line::styled(format!("✗ {e}"), theme.error)),
        None => {
            let key = |action| keys::label(Context::Fen, action);
            let hint = format!(
                "{}: load and search · {}: cancel · {}: clear",
                key(Action::FenSubmit),
                key(Action::Leave),
                key(Action::FenClear)
            );
            out.push(Line::styled(hint, theme.dim));
        }
    }
    out
}

/// The FEN prompt, drawn over the bottom of the screen while `Mode::Fen` is on.
pub struct FenOverlay;

impl Panel for FenOverlay {
    /// Draws the prompt across the bottom of `area`.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let Mode::Fen { text, error } = &app.mode else {
            return;
        };
        let (error, theme) = (error.as_deref(), &app.theme);
        let height = 4.min(area.height);
        let popup = Rect {
            x: area.x,
            y: area.y + area.height - height,
            width: area.width,
            height,
        };
        frame.render_widget(Clear, popup);
        let block = Block::bordered()
            .title(Span::styled(" Load a position (FEN) ", theme.title))
            .border_style(theme.border_focus);
        frame.render_widget(
            Paragraph::new(lines(text, error, theme))
                .block(block)
                .wrap(Wrap { trim: false }),
            popup,
        );
    }
}
