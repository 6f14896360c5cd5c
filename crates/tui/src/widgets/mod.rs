//! One file per panel. Every panel and overlay is a unit struct implementing [`Panel`], so
//! `ui::draw` lays them out and draws them in one loop, and adding one never means a new call
//! shape. Panels draw from the explorer's model, read-only (`Ctx` derefs to `&Explorer`).

use ratatui::Frame;
use ratatui::layout::Rect;

use ratatui::text::Span;
use ratatui::widgets::{Block, Clear};

use crate::ctx::Ctx;
use crate::theme::Theme;

pub mod board;
pub mod charts;
pub mod compare;
pub mod compare_icicle;
pub mod compare_ladder;
pub mod config_picker;
pub mod countermoves;
pub mod diff;
pub mod explain;
pub mod help;
pub mod icicle_bands;
pub mod indexing;
pub mod killers;
pub mod lesson;
pub mod lesson_picker;
pub mod line_field;
pub mod list_popup;
pub mod lists;
pub mod panels;
pub mod picker;
pub mod stats;
pub mod timeline;
pub mod tree;

/// Draws an overlay's frame over `area` — cleared, bordered in the colour of the panel that
/// has the keyboard, titled — and returns its inside, for the overlay's content.
pub fn overlay_frame(frame: &mut Frame, area: Rect, title: String, theme: &Theme) -> Rect {
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .title(Span::styled(title, theme.title))
        .border_style(theme.border_focus);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    inner
}

/// The one shape of a panel: draw yourself into `area` from the explorer's state.
pub trait Panel {
    /// Draws the panel from `app` (the model, read-only, and the theme). Only the tree panel
    /// writes anything: its own widget state (`Ctx::tree`).
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx);
}
