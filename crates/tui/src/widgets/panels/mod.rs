//! The panel of the view shown in the stats panel's place (`Explorer::panel_view`): a bordered panel
//! titled with the view's name ("· counting…" while the view catches up with the search), its
//! inside drawn by the view's own drawing. A view that shows a panel there adds its file here
//! and its line in `PANELS`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Paragraph};

use crate::ctx::Ctx;
use crate::widgets::Panel;
use killerscope_explorer::views::ViewId;

mod plies;

/// How one view's panel is drawn.
trait SlotPanel: Sync {
    /// The view it draws.
    fn view(&self) -> ViewId;
    /// What the panel's title calls it.
    fn name(&self) -> &'static str;
    /// Draws the view's panel inside `area`.
    fn draw(&self, frame: &mut Frame, area: Rect, app: &Ctx);
}

/// Every view's panel: one line each.
const PANELS: &[&dyn SlotPanel] = &[&plies::PliesPanel];

/// The panel of the view shown (nothing when none is).
pub struct ViewPanel;

impl Panel for ViewPanel {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Some(id) = app.panel_view() else {
            return;
        };
        let drawing = PANELS.iter().find(|p| p.view() == id);
        let name = drawing.map_or("", |p| p.name());
        let title = if app.views().get(id).moving() {
            format!(" {name} · counting… ")
        } else {
            format!(" {name} ")
        };
        let block = Block::bordered()
            .title(Span::styled(title, app.theme.title))
            .border_style(app.theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        match drawing {
            Some(drawing) => drawing.draw(frame, inner, app),
            None => {
                let missing = format!("no drawing for the panel of {id:?}");
                frame.render_widget(Paragraph::new(missing).style(app.theme.error), inner);
            }
        }
    }
}
