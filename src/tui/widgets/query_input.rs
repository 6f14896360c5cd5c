//! The query line (`/`): the FEN box's field (`fen_input::field_lines`) after `query> `, with
//! the query language's error — which names the column — under it when Enter was refused.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::explorer::Mode;
use crate::explorer::keys::{self, Action, Context};
use crate::tui::ctx::Ctx;
use crate::tui::widgets::Panel;
use crate::tui::widgets::fen_input::{draw_field, field_lines};

/// The prompt before the text.
const PROMPT: &str = "query> ";

/// The query line, drawn over the bottom of the screen while `Mode::Query` is on.
pub struct QueryOverlay;

impl Panel for QueryOverlay {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Mode::Query { input, error } = &app.mode() else {
            return;
        };
        let (error, theme) = (error.as_deref(), &app.theme);
        let key = |action: Action| keys::label(Context::Query, &action);
        let hint = format!(
            "{}: mark the matches · {}: cancel · e.g. type=CUT and cut.rank>1 and not tt_cut",
            key(Action::QuerySubmit),
            key(Action::Leave),
        );
        draw_field(
            frame,
            area,
            " Query the nodes (log query) ",
            theme,
            |width| field_lines(PROMPT, input, error, hint.clone(), theme, width),
        );
    }
}
