//! Scrolling the Explain panel (`(` `)`): on a small screen the panel keeps its key sentences
//! and leaves out the rest (`… more`); scrolling shows the whole text, a line at a time. The
//! offset belongs to the node it was scrolled on: selecting another starts at the top again.

use crate::action::Effect;
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows};
use crate::session::NodeId;
use crate::viewport::Viewport;

use super::{Cx, Hooks, NoJob, View};

/// What the Explain panel's keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplainAction {
    /// Scroll the panel's text by this many lines (negative: up).
    Scroll(i16),
}

/// How far the Explain panel is scrolled, and on which node.
#[derive(Debug, Default)]
pub struct ExplainScroll {
    lines: u16,
    node: Option<NodeId>,
}

impl ExplainScroll {
    /// Lines scrolled past at the top of the selected node's explanation (0: the panel keeps
    /// its key sentences in view and leaves the rest out).
    pub fn lines(&self) -> u16 {
        self.lines
    }
}

impl View for ExplainScroll {
    type Action = ExplainAction;
    type Notice = NoJob;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        Rows::with(Context::Normal, Group::Tree, [
            (&[Char(')')], "( )", ExplainAction::Scroll(1).into(),  "scroll the Explain panel down / up"),
            (&[Char('(')], "",    ExplainAction::Scroll(-1).into(), ""),
        ]).done()
    }

    fn update(&mut self, action: ExplainAction, cx: &mut Cx) -> Vec<Effect> {
        let ExplainAction::Scroll(by) = action;
        let selected = cx.selected();
        if self.node != selected {
            *self = ExplainScroll {
                lines: 0,
                node: selected,
            };
        }
        // The panel stops at the text's end when it draws; this only keeps the count sane.
        self.lines = self.lines.saturating_add_signed(by).min(999);
        Vec::new()
    }
}

impl Hooks for ExplainScroll {
    fn forget(&mut self) {
        *self = ExplainScroll::default();
    }

    /// Another node selected: its explanation starts at the top.
    fn prepare(&mut self, _: &Viewport, cx: &mut Cx) {
        if self.node != cx.selected() {
            *self = ExplainScroll::default();
        }
    }
}
