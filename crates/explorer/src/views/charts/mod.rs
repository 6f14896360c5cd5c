//! The charts view (`v`): pictures of how big the search tree is and why — nodes per ply, beta
//! cutoffs by rank in the move list and by ordering source, the effective branching factor per
//! iteration, and an icicle of the tree. The view remembers which chart, which colouring and the
//! icicle's root (`state`); the numbers are folded from the event log up to the timeline cursor
//! (`data`), the icicle's blocks are laid out from the tree index (`icicle`) for the area the
//! terminal gives it, and the terminal's panel draws them.

pub mod data;
pub mod icicle;
mod state;

pub use state::{ChartKind, Charts, Colouring, IcicleMove, IcicleStep, Shade};

use crate::action::{Action, Effect};
use crate::keys::KeyCode::{BackTab, Char, Down, Esc, Left, Right, Tab, Up};
use crate::keys::{Binding, Context, Group, Rows};
use crate::mode::Mode;
use crate::session::NodeId;
use crate::viewport::Viewport;

use super::timeline::{playing, stepping};
use super::{Cx, Hooks, NoJob, View};

/// What the charts view's keys, clicks and lesson steps ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartsAction {
    /// Open the charts view.
    Open,
    /// Show the next chart.
    Next,
    /// Show the previous chart.
    Prev,
    /// Colour the icicle by node type or by cutoff source.
    Colours,
    /// Move the icicle's selection (and the tree's) or its root.
    Icicle(IcicleMove),
    /// A click on the icicle's block of this node.
    ClickBlock(NodeId),
    /// A click on the charts panel outside any block: nothing happens, and the tree does not
    /// take it.
    ClickChart,
    /// Open the charts view on this chart (a lesson step).
    Show(ChartKind),
}

impl View for Charts {
    type Action = ChartsAction;
    type Notice = NoJob;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        use ChartsAction as C;
        use IcicleMove::{Down as Deeper, Left as Before, Right as After, Up as Parent, Zoom, ZoomOut};
        let mut normal = Rows::new(Context::Normal, Group::General);
        normal.row(&[Char('v')], "v", C::Open.into(), "charts: nodes per ply, cutoffs, EBF, icicle");
        let mut rows = Rows::with(Context::Charts, Group::ChartsView, [
            (&[Tab, Char('v')],     "Tab v",   C::Next.into(),              "next chart"),
            (&[BackTab, Char('V')], "S-Tab V", C::Prev.into(),              "previous chart"),
            (&[Left, Char('h')],    "← → h l", C::Icicle(Before).into(),  "icicle: block to the left / right in the band"),
            (&[Right, Char('l')],   "",        C::Icicle(After).into(),   ""),
            (&[Up, Char('k')],      "↑ ↓ k j", C::Icicle(Parent).into(),  "icicle: parent / first child block"),
            (&[Down, Char('j')],    "",        C::Icicle(Deeper).into(),  ""),
            (&[Char('z')],          "z Z",     C::Icicle(Zoom).into(),    "icicle: selected block becomes the root / back out"),
            (&[Char('Z')],          "",        C::Icicle(ZoomOut).into(), ""),
            (&[Char('m')],          "m",       C::Colours.into(),           "icicle: colour by node type / by cutoff source"),
        ]);
        rows.table(stepping());
        rows.table(playing());
        rows.row(&[Esc, Char('q')], "Esc q", Action::Leave, "close the charts");
        [normal.done(), rows.done()].concat()
    }

    fn update(&mut self, action: ChartsAction, cx: &mut Cx) -> Vec<Effect> {
        match action {
            ChartsAction::Open => *cx.mode = Mode::Charts,
            ChartsAction::Next => self.kind = self.kind.cycle(1),
            ChartsAction::Prev => self.kind = self.kind.cycle(-1),
            ChartsAction::Colours => self.switch_colouring(),
            ChartsAction::Icicle(step) => self.move_in_icicle(step, cx),
            ChartsAction::ClickBlock(id) if cx.selected() == Some(id) => {
                self.move_in_icicle(IcicleMove::Zoom, cx);
            }
            ChartsAction::ClickBlock(id) => cx.select(id),
            ChartsAction::ClickChart => {}
            ChartsAction::Show(kind) => {
                self.kind = kind;
                *cx.mode = Mode::Charts;
            }
        }
        Vec::new()
    }
}

impl Hooks for Charts {
    /// Drops what names nodes of the search on screen (the icicle's root); the chart and
    /// colouring stay.
    fn forget(&mut self) {
        self.forget_nodes();
    }

    /// The icicle's area, and the charts' fold at the timeline cursor while they are shown.
    fn prepare(&mut self, viewport: &Viewport, cx: &mut Cx) {
        self.area = viewport.icicle;
        if cx.mode.shows_charts() {
            cx.session.seek_charts();
        }
    }
}

impl Charts {
    /// Moves the icicle's selection (and so the tree's) or its root, on the icicle as laid
    /// out for the screen.
    fn move_in_icicle(&mut self, step: IcicleMove, cx: &mut Cx) {
        let selected = cx.selected();
        match self.step(cx.session, selected, step) {
            IcicleStep::Select(id) => cx.select(id),
            IcicleStep::Stay => {}
            IcicleStep::Refused(why) => cx.info(why),
        }
    }
}
