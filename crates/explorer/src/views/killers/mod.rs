//! The killer panel's choice of table (Tab): the killer rows (with the mate killers when the
//! search kept them) or the countermove table — the tables a quiet cutoff writes to. The
//! terminal's killer panel draws the one chosen.

use crate::action::Effect;
use crate::keys::KeyCode::Tab;
use crate::keys::{Binding, Context, Group, Rows};

use super::{Cx, Hooks, NoJob, View};

/// Which table the killer panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KillerTab {
    /// One row per ply (or depth) and slot.
    #[default]
    Killers,
    /// Answered move → stored reply, most recent first.
    Countermoves,
}

/// What the killer panel's key asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KillersAction {
    /// Show the other table.
    Tab,
}

/// The killer panel's state.
#[derive(Debug, Default)]
pub struct Killers {
    /// The table shown.
    pub tab: KillerTab,
}

impl View for Killers {
    type Action = KillersAction;
    type Notice = NoJob;

    fn keys() -> Vec<Binding> {
        let mut rows = Rows::new(Context::Normal, Group::General);
        let help = "killer panel: killers / countermoves";
        rows.row(&[Tab], "Tab", KillersAction::Tab.into(), help);
        rows.done()
    }

    fn update(&mut self, action: KillersAction, _: &mut Cx) -> Vec<Effect> {
        match action {
            KillersAction::Tab => {
                self.tab = match self.tab {
                    KillerTab::Killers => KillerTab::Countermoves,
                    KillerTab::Countermoves => KillerTab::Killers,
                };
            }
        }
        Vec::new()
    }
}

impl Hooks for Killers {}
