//! The charts view's keys and clicks: cycling the charts, the icicle's colouring, and moving the
//! icicle's selection — which is the tree panel's selection, so the board, the explanation and
//! the tree follow a block as it is picked.

use super::{ChartKind, Colouring, IcicleMove};
use crate::tui::app::{App, Mode};
use crate::tui::keys::Action;

impl App {
    /// Applies an action of the charts view (`Action::Charts` opens it).
    pub(in crate::tui) fn update_charts(&mut self, action: Action) {
        let charts = &mut self.charts;
        match action {
            Action::Charts => self.mode = Mode::Charts,
            Action::NextChart => charts.kind = charts.kind.cycle(1),
            Action::PrevChart => charts.kind = charts.kind.cycle(-1),
            Action::ChartColours => {
                charts.colouring = match charts.colouring {
                    Colouring::NodeType => Colouring::Source,
                    Colouring::Source => Colouring::NodeType,
                }
            }
            Action::Icicle(step) => self.move_in_icicle(step),
            _ => {}
        }
    }

    /// Moves the icicle's selection (and so the tree's) or its root, on the icicle as last
    /// drawn.
    fn move_in_icicle(&mut self, step: IcicleMove) {
        if self.charts.kind != ChartKind::Icicle {
            self.info("the arrow keys and z / Z work in the icicle chart (Tab to it)");
            return;
        }
        let Some(drawn) = &self.charts.drawn else {
            return;
        };
        let session = &self.session;
        let selected = self.view.selected_node();
        match step {
            IcicleMove::Zoom => {
                let inside = selected
                    .filter(|&id| id < drawn.known && session.tree.is_ancestor(drawn.root, id));
                match inside.filter(|&id| super::icicle::size(&session.tree, id, drawn.known) > 1) {
                    Some(id) => self.charts.root = Some(id),
                    None => self.info("select a block with children to make it the root"),
                }
            }
            IcicleMove::ZoomOut => self.charts.root = session.parent(drawn.root),
            _ => {
                if let Some(id) = drawn.step(&session.tree, selected, step) {
                    self.view.select_node(session, id);
                }
            }
        }
    }

    /// A click at (`column`, `row`) while the charts view is open: on an icicle block it
    /// selects the block's node (a second click on it makes it the root). Returns whether the
    /// click fell on the charts panel, so the caller does not pass it to the tree.
    pub(in crate::tui) fn click_chart(&mut self, column: u16, row: u16) -> bool {
        let area = self.charts.area;
        if !area.contains(ratatui::layout::Position::new(column, row)) {
            return false;
        }
        let node = (self.charts.kind == ChartKind::Icicle)
            .then_some(self.charts.drawn.as_ref())
            .flatten()
            .and_then(|drawn| drawn.node_at(column, row));
        if let Some(id) = node {
            if self.view.selected_node() == Some(id) {
                self.move_in_icicle(IcicleMove::Zoom);
            } else {
                self.view.select_node(&self.session, id);
            }
        }
        true
    }
}
