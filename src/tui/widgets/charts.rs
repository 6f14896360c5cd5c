//! The charts panel (`v`): one chart at a time in place of the lower panels, titled with its
//! place in the cycle. Every chart shows the search up to the timeline cursor: the panel first
//! moves the session's chart fold there (only the events since the last frame are folded in),
//! then draws the chart from it, the scan's statistics and the tree index.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Block;

use crate::tui::app::App;
use crate::tui::charts::ChartKind;
use crate::tui::keys::Action;
use crate::tui::widgets::Panel;

mod bars;
mod ebf;
mod icicle;
pub mod paired;
mod plies;

/// The actions the hint line names while the charts are open, with a word each; their keys
/// come from the key table.
pub const HINTS: [(Action, &str); 8] = [
    (Action::NextChart, "chart"),
    (Action::Leave, "close"),
    (
        Action::Icicle(crate::tui::charts::IcicleMove::Left),
        "icicle",
    ),
    (Action::ChartColours, "colours"),
    (Action::StepBack, "step"),
    (Action::PrevCutoff, "cutoff"),
    (Action::PlayPause, "play"),
    (Action::PrevChart, "back"),
];

/// The charts panel.
pub struct ChartsPanel;

impl Panel for ChartsPanel {
    /// Moves the chart fold to the timeline cursor and draws the chart on screen.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        app.charts.area = area;
        let at = app.session.position();
        let session = &mut app.session;
        session.charts.seek(session.log.events(), at);
        let kind = app.charts.kind;
        let place = ChartKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) + 1;
        let title = format!(
            " Charts {place}/{} · {} ",
            ChartKind::ALL.len(),
            kind.title()
        );
        let block = Block::bordered()
            .title(Span::styled(title, app.theme.title))
            .border_style(app.theme.border_focus);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if inner.is_empty() {
            return;
        }
        match kind {
            ChartKind::Plies => plies::render(frame, inner, app),
            ChartKind::Ranks => bars::ranks(frame, inner, app),
            ChartKind::Sources => bars::sources(frame, inner, app),
            ChartKind::Ebf => ebf::render(frame, inner, app),
            ChartKind::Icicle => icicle::render(frame, inner, app),
        }
    }
}
