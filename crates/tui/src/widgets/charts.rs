//! The charts panel (`v`): one chart at a time in place of the lower panels, titled with its
//! place in the cycle. Every chart shows the search up to the timeline cursor: the model moved
//! the session's chart fold there before the frame (`Explorer::prepare_frame`), and the panel
//! draws the chart from it, the scan's statistics and the tree index.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Block;

use crate::ctx::Ctx;
use crate::widgets::Panel;
use killerscope_explorer::charts::ChartKind;
use killerscope_explorer::charts::IcicleMove;
use killerscope_explorer::keys::Action;
use killerscope_explorer::views::ViewAction as V;
use killerscope_explorer::views::{charts::ChartsAction as C, timeline::TimelineAction as T};

mod bars;
mod ebf;
mod icicle;
pub mod paired;
mod plies;

/// The actions the hint line names while the charts are open, with a word each; their keys
/// come from the key table.
pub const HINTS: [(Action, &str); 8] = [
    (Action::View(V::Charts(C::Next)), "chart"),
    (Action::Leave, "close"),
    (
        Action::View(V::Charts(C::Icicle(IcicleMove::Left))),
        "icicle",
    ),
    (Action::View(V::Charts(C::Colours)), "colours"),
    (Action::View(V::Timeline(T::StepBack)), "step"),
    (Action::View(V::Timeline(T::PrevCutoff)), "cutoff"),
    (Action::View(V::Timeline(T::PlayPause)), "play"),
    (Action::View(V::Charts(C::Prev)), "back"),
];

/// The charts panel.
pub struct ChartsPanel;

/// Where the icicle's bands go in a charts panel drawn at `panel`: inside the border, below the
/// line about the selected block and above the legend. The model lays the icicle out for this
/// area, so its arrow keys move along the blocks as drawn.
pub fn bands_area(panel: Rect) -> Rect {
    let inner = Block::bordered().inner(panel);
    let [_, bands, _] = icicle::rows(inner);
    bands
}

impl Panel for ChartsPanel {
    /// Draws the chart on screen.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let kind = app.views().charts.kind;
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
