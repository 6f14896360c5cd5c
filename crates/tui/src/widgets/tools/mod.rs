//! The tool on screen (`explorer::tools`), drawn in the stats panel's place: a bordered panel
//! titled with the tool's name, its inside drawn by the view that knows the tool's type.
//! Adding a tool's drawing is its file here and its line in [`VIEWS`].

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Paragraph};

use crate::ctx::Ctx;
use crate::widgets::Panel;
use killerscope_explorer::Tool;

mod ply_table;

/// How one tool is drawn.
trait ToolView: Sync {
    /// Draws `tool` inside `area` if it is this view's tool; returns whether it was.
    fn draw(&self, tool: &dyn Tool, frame: &mut Frame, area: Rect, app: &Ctx) -> bool;
}

/// Every tool's drawing: one line each.
const VIEWS: &[&dyn ToolView] = &[&ply_table::PlyTableView];

/// The panel of the tool on screen (nothing when none is).
pub struct ToolPanel;

impl Panel for ToolPanel {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Some(tool) = app.tools().open() else {
            return;
        };
        let title = if app.tools().behind() {
            format!(" {} · counting… ", tool.name())
        } else {
            format!(" {} ", tool.name())
        };
        let block = Block::bordered()
            .title(Span::styled(title, app.theme.title))
            .border_style(app.theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if !VIEWS.iter().any(|v| v.draw(tool, frame, inner, app)) {
            let missing = format!("no drawing for the tool {:?}", tool.name());
            frame.render_widget(Paragraph::new(missing).style(app.theme.error), inner);
        }
    }
}
