//! Tools: panels of their own that plug into the explorer without touching the router. A tool
//! owns its state, declares its keys (they join the key table's normal-view rows, listed in
//! the help overlay's General section, where the key-table tests refuse a key bound twice) and
//! carries out its commands on the search on screen; `Tools` holds one of each, in `registry`
//! order, and remembers which one is on screen. The terminal draws the open tool in the stats
//! panel's place (`tui::widgets::tools`), from `&`.
//!
//! Adding a tool is its file here and its line in `registry`, its drawing in
//! `src/tui/widgets/tools/` and its line in that folder's list: four files
//! (docs/extending.md). Nothing else names it: `Action::Tool` carries its index and command.

use std::any::Any;
use std::fmt::Debug;

use super::session::Session;
use super::tree_view::TreeView;

mod ply_table;

pub use ply_table::{PlyOrdering, PlyTable};

/// Every tool, in the order their keys are listed: one line each.
fn registry() -> Vec<Box<dyn Tool>> {
    vec![Box::new(PlyTable::default())]
}

/// What a tool's key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Show the tool in the stats panel's place, or hide it again.
    Toggle,
    /// The tool's own command with this number (its `ToolKey` rows say which is which).
    Own(u8),
}

/// One key row of a tool, in the normal view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolKey {
    /// The key (a character: the free letters of the key table; a test refuses a key bound
    /// twice).
    pub key: char,
    /// What it does.
    pub command: Command,
    /// Its line in the help overlay.
    pub help: &'static str,
}

/// What a tool's command may read and change: the search on screen and the tree's selection.
pub struct Scene<'a> {
    /// The search on screen.
    pub session: &'a Session,
    /// The tree view, whose selection a command may move (opening the path to it).
    pub view: &'a mut TreeView,
}

/// A panel of its own, with its keys and state (see the module documentation).
pub trait Tool: Any + Debug + Send {
    /// What its panel's title calls it.
    fn name(&self) -> &'static str;
    /// Its keys in the normal view; one of them should be `Command::Toggle`.
    fn keys(&self) -> &'static [ToolKey];
    /// Carries out its command `n` (`Command::Own(n)`); returns what the status line says.
    fn command(&mut self, n: u8, scene: Scene<'_>) -> Option<String>;
    /// Brings what it shows up to date with the search on screen (the timeline cursor moved,
    /// the log grew) before a frame, while it is on screen, within a frame's budget of work;
    /// returns whether it is still behind (the explorer then keeps redrawing).
    fn prepare(&mut self, session: &Session) -> bool;
    /// A new search is on screen: forget what was folded from the old one.
    fn forget(&mut self);
    /// Itself, for the terminal's drawing to find its concrete type.
    fn as_any(&self) -> &dyn Any;
}

/// Which tool and which of its commands (`Action::Tool`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolCall {
    /// Index in the registry.
    pub tool: usize,
    /// What the key asks of it.
    pub command: Command,
}

/// One of each tool, and which is on screen.
#[derive(Debug)]
pub struct Tools {
    all: Vec<Box<dyn Tool>>,
    open: Option<usize>,
    behind: bool,
}

impl Default for Tools {
    fn default() -> Tools {
        Tools {
            all: registry(),
            open: None,
            behind: false,
        }
    }
}

impl Tools {
    /// Every tool's keys, with the call each key makes, in registry order (the key table's
    /// rows).
    pub fn key_rows() -> Vec<(ToolKey, ToolCall)> {
        let mut rows = Vec::new();
        for (tool, state) in registry().iter().enumerate() {
            for key in state.keys() {
                let call = ToolCall {
                    tool,
                    command: key.command,
                };
                rows.push((*key, call));
            }
        }
        rows
    }

    /// The tool on screen, if one is.
    pub fn open(&self) -> Option<&dyn Tool> {
        self.open.and_then(|i| self.all.get(i)).map(|t| &**t)
    }

    /// Carries out `call`: shows or hides the tool, or runs its own command (on the search on
    /// screen; the tool is shown first, so what the command found is in view). Returns what
    /// the status line says.
    pub fn call(&mut self, call: ToolCall, scene: Scene<'_>) -> Option<String> {
        let tool = self.all.get_mut(call.tool)?;
        match call.command {
            Command::Toggle if self.open == Some(call.tool) => {
                self.open = None;
                self.behind = false;
                None
            }
            Command::Toggle => {
                self.behind = tool.prepare(scene.session);
                self.open = Some(call.tool);
                None
            }
            Command::Own(n) => {
                self.behind = tool.prepare(scene.session);
                self.open = Some(call.tool);
                tool.command(n, scene)
            }
        }
    }

    /// Brings the tool on screen up to date before a frame.
    pub fn prepare(&mut self, session: &Session) {
        if let Some(tool) = self.open.and_then(|i| self.all.get_mut(i)) {
            self.behind = tool.prepare(session);
        }
    }

    /// Whether the tool on screen has not caught up with the search yet (a big log is folded
    /// a frame's budget at a time, so the keys keep working).
    pub fn behind(&self) -> bool {
        self.behind
    }

    /// A new search is on screen: every tool forgets the old one (the one on screen stays
    /// open, and folds the new search as it is drawn).
    pub fn forget(&mut self) {
        for tool in &mut self.all {
            tool.forget();
        }
    }
}
