//! What a panel draws from (`Ctx`: the model, read-only, and the colours) and what the
//! terminal remembers between frames (`Ui`). Apart from `ui.rs`, which draws every panel, so a
//! panel names its context without importing the module that draws it.

use std::ops::Deref;

use ratatui::layout::Rect;
use tui_tree_widget::TreeState;

use crate::layout::Areas;
use crate::theme::Theme;
use killerscope_explorer::Row;
use killerscope_explorer::{Area, Explorer};

/// What the terminal remembers between frames: monochrome or not, the tree widget's own state
/// (its scroll offset and the rows it drew, for mouse clicks) and where the panels went.
#[derive(Debug, Default)]
pub struct Ui {
    /// No colours (`--no-color`, `NO_COLOR`).
    pub mono: bool,
    /// The tree widget's state.
    pub tree: TreeState<Row>,
    /// The panels' rectangles at the last frame.
    pub areas: Areas,
}

impl Ui {
    /// The terminal's state for a monochrome screen or not.
    pub fn new(mono: bool) -> Ui {
        Ui {
            mono,
            ..Ui::default()
        }
    }
}

/// What a panel draws from: the explorer (panels read it through `Deref`) and the colours.
pub struct Ctx<'a> {
    /// The model.
    pub app: &'a Explorer,
    /// The colours: the projector's or the usual, monochrome or not.
    pub theme: Theme,
    /// The tree widget's state, which only the tree panel writes.
    pub tree: &'a mut TreeState<Row>,
}

impl<'a> Ctx<'a> {
    /// What panels draw from, for the explorer `app` on the screen `ui`.
    pub fn new(app: &'a Explorer, ui: &'a mut Ui) -> Ctx<'a> {
        Ctx {
            app,
            theme: Theme::for_screen(app.prefs().projector, ui.mono),
            tree: &mut ui.tree,
        }
    }
}

impl Deref for Ctx<'_> {
    type Target = Explorer;

    fn deref(&self) -> &Explorer {
        self.app
    }
}

/// The model's name for a rectangle of cells.
pub fn area_of(rect: Rect) -> Area {
    Area {
        x: rect.x,
        y: rect.y,
        width: rect.width,
        height: rect.height,
    }
}
