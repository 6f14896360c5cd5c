//! One file per panel. Every panel and overlay is a unit struct implementing [`Panel`], so
//! `ui::draw` lays them out and draws them in one loop, and adding one never means a new call
//! shape. Panels hold no state of their own: everything comes from the `App`.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::tui::app::App;

pub mod board;
pub mod charts;
pub mod compare;
pub mod compare_icicle;
pub mod config_picker;
pub mod countermoves;
pub mod explain;
pub mod fen_input;
pub mod help;
pub mod icicle_bands;
pub mod killers;
pub mod lesson;
pub mod lesson_picker;
pub mod list_popup;
pub mod picker;
pub mod stats;
pub mod timeline;
pub mod tree;

/// The one shape of a panel: draw yourself into `area` from the explorer's state.
pub trait Panel {
    /// Draws the panel. The `App` is mutable because ratatui's stateful widgets write back
    /// what they drew — the tree records its scroll offset and page height for the next key
    /// press — while every other panel only reads it.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App);
}
