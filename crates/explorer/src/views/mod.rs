//! The explorer's views, each a component in a folder of its own: it owns its state, its action
//! enum, its key rows (`View::keys`) and its `update`, which returns the effects the runtime must
//! carry out. The router (`Explorer`) knows them only through the registry below and the two
//! traits: `View` (the typed part: actions, job reports, keys, update) and `Hooks` (what the
//! router asks every view: forget a search, prepare a frame, whether anything moves, the
//! lesson's watch over the learner). What every view shares — the search on screen, the tree's
//! selection, the next search's settings, the mode, the status line — is the router's, lent to a
//! view for one call as its context (`Cx`), with every other view read-only.
//!
//! Adding a view: its folder here, its line in `registry!` below (the `ViewAction`, `ViewId`,
//! `ViewNotice` variants and the `Views` field come from that line), and its drawing in the
//! terminal crate (docs/extending.md). A view that lists something over the screen sets
//! `View::LIST` and opens `Mode::List`: no mode, key context or help group of its own.

use std::fmt::Debug;

use super::action::{Action, Effect};
use super::app::Explorer;
use super::keys::{Binding, Context};
use super::mode::Mode;
use super::presentation::Prefs;
use super::session::{NodeId, Session};
use super::setup::SearchSetup;
use super::status::{Message, Status};
use super::viewport::Viewport;

#[macro_use]
mod registry;
pub mod job;

pub mod audit;
pub mod best;
pub mod bookmarks;
pub mod charts;
pub mod compare;
pub mod diff;
pub mod doctor;
pub mod explain;
pub mod killers;
pub mod ladder;
pub mod lessons;
pub mod plies;
pub mod query;
pub mod timeline;
pub mod tree;
pub mod why;

pub use job::{Control, Job, JobEvent, Stops};

registry! {
    /// The search tree: moving the selection, opening, zooming.
    tree: Tree(tree::Tree),
    /// The query line (`/`) and its matches.
    query: Query(query::QueryState),
    /// The score's chain (`y`, `Y`).
    why: Why(why::WhyState),
    /// Bookmarks with notes (`b`, `B`).
    bookmarks: Bookmarks(bookmarks::Bookmarks),
    /// The timeline and the replay clock.
    timeline: Timeline(timeline::Timeline),
    /// The comparison of ordering configurations (`c`).
    compare: Compare(compare::Comparison),
    /// The audit of a node's selective decisions (`a`).
    audit: Audit(audit::Audit),
    /// The best reply at a cut node (`E`).
    best: Best(best::BestReplies),
    /// The ordering ladder (`O`), shown on the compare view's last page.
    ladder: Ladder(ladder::LadderState),
    /// The charts view (`v`).
    charts: Charts(charts::Charts),
    /// The killer panel's table (Tab).
    killers: Killers(killers::Killers),
    /// The lesson open, and the lesson picker (`L`).
    lessons: Lessons(lessons::Lessons),
    /// Two searches as one tree (`D`, `tui --diff A B`).
    diff: Diff(diff::Diffing),
    /// The ordering-by-ply table (`T`), in the stats panel's place.
    plies: Plies(plies::PlyTable),
    /// The move-ordering doctor's findings (`X`).
    doctor: Doctor(doctor::Findings),
    /// How far the Explain panel is scrolled (`(` `)`).
    explain: Explain(explain::ExplainScroll),
}

/// A view's typed part: its actions, what its jobs report, its key rows and its update.
pub trait View: Hooks + Default + 'static {
    /// What its keys (and lesson steps, and other views) ask of it.
    type Action: Clone + Debug + PartialEq + Eq;
    /// What its jobs report back (`JobEvent::Done`); `NoJob` for a view without jobs.
    type Notice: Debug + Send + 'static;
    /// For a view that shows a list over the screen (`Mode::List`, opened with
    /// `Mode::list(Self::ID)`), the heading of its list's keys in the help overlay
    /// (`Group::List`): its rows are `list(Context::List(Self::ID), Group::List(Self::ID), …)`,
    /// its length is `Hooks::list_len` and its keys read the highlighted line with
    /// `Mode::list_index`. `None`: it has no list.
    const LIST: Option<&'static str> = None;

    /// Its key rows: the normal view's keys that reach it and the keys of its own modes.
    fn keys() -> Vec<Binding>;

    /// Applies one of its actions; returns what the runtime must do.
    fn update(&mut self, action: Self::Action, cx: &mut Cx) -> Vec<Effect>;

    /// Takes in what the runtime says about its job.
    fn job(&mut self, event: JobEvent<Self::Notice>, cx: &mut Cx) -> Vec<Effect> {
        let _ = (event, cx);
        Vec::new()
    }
}

/// What the router asks of every view, whatever its types; each has a default that does
/// nothing, so a view writes only the hooks it needs.
pub trait Hooks: Debug + Send {
    /// Another search is on screen: forget what named the old one's nodes.
    fn forget(&mut self) {}

    /// Brings what it shows up to date before a frame: the screen's geometry, the timeline
    /// cursor, the log grown.
    fn prepare(&mut self, viewport: &Viewport, cx: &mut Cx) {
        let _ = (viewport, cx);
    }

    /// Whether what it shows moves without the user (the terminal then redraws at frame rate).
    fn moving(&self) -> bool {
        false
    }

    /// Whether it runs work that `s` / Esc stops.
    fn busy(&self) -> bool {
        false
    }

    /// Advances its clock by `millis`; whether the screen changed.
    fn tick(&mut self, millis: u64, cx: &mut Cx) -> bool {
        let _ = (millis, cx);
        false
    }

    /// `s` / Esc with no work running: stops what moves on its own (the replay).
    fn halt(&mut self) {}

    /// Key contexts looked up before the mode's own (a lesson's, over the views it drives).
    fn contexts(&self, mode: &Mode, out: &mut Vec<Context>) {
        let _ = (mode, out);
    }

    /// Whether the learner's `action` (a key, a click; `None`: a key bound to nothing) may go
    /// ahead; `Err` says why not, and the action is dropped.
    fn gate(&mut self, action: Option<&Action>, mode: &Mode) -> Result<(), String> {
        let _ = (action, mode);
        Ok(())
    }

    /// After the learner's `action` (`typed`: the character of its key) was applied (`None`:
    /// a key bound to nothing, or one `gate` dropped).
    fn observe(&mut self, action: Option<&Action>, typed: Option<char>, cx: &mut Cx) {
        let _ = (action, typed, cx);
    }

    /// The explorer's own search has ended, every event indexed.
    fn search_done(&mut self, cx: &mut Cx) {
        let _ = cx;
    }

    /// The overlay of `mode` was left (Esc and the like): what leaving it asks for.
    fn left(&mut self, mode: &Mode) -> Vec<Effect> {
        let _ = mode;
        Vec::new()
    }

    /// The explorer quits: what must be written first.
    fn leaving(&mut self) -> Vec<Effect> {
        Vec::new()
    }

    /// The search on screen was saved to `log`: what to add to the status line, and what the
    /// runtime must write beside it.
    fn log_saved(&mut self, log: &std::path::Path) -> (Option<String>, Vec<Effect>) {
        let _ = log;
        (None, Vec::new())
    }

    /// How many lines the list `mode` shows, when the list is this view's (its
    /// `Mode::List`, or a picker it holds).
    fn list_len(&self, mode: &Mode) -> Option<usize> {
        let _ = mode;
        None
    }
}

/// What the registry adds to a view: its id and how its actions and reports are wrapped.
pub trait Registered: View {
    /// Its id.
    const ID: ViewId;
    /// One of its actions, as the router takes it.
    fn action(action: Self::Action) -> Action;
    /// What the runtime says about its job, as the router takes it.
    fn notice(event: JobEvent<Self::Notice>) -> ViewNotice;
}

/// The report of a view that has no jobs: it cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoJob {}

/// What the router lends a view for one call: every other view read-only, and what all views
/// share. The view's own slot in `views` holds a stand-in while it is lent out.
pub struct Cx<'a> {
    /// The other views.
    pub views: &'a Views,
    /// The search on screen.
    pub session: &'a mut Session,
    /// The tree's selection, opened nodes and zoom, which every view may read and move.
    pub tree: &'a mut crate::TreeView,
    /// The next search's position and settings.
    pub setup: &'a mut SearchSetup,
    /// The overlay or view that has the keyboard.
    pub mode: &'a mut Mode,
    /// How moves and the classroom modes are shown.
    pub prefs: &'a mut Prefs,
    /// The view whose panel is shown in the stats panel's place, if one is.
    pub panel: &'a mut Option<ViewId>,
    /// The finished search shown before the one on screen (`D` diffs against it).
    pub previous: &'a mut Option<Session>,
    pub(crate) status: &'a mut Status,
    pub(crate) then: &'a mut Vec<Action>,
}

impl Cx<'_> {
    /// Shows an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::info(text));
    }

    /// Shows an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::error(text));
    }

    /// Shows what an action had to say, if anything.
    pub fn say(&mut self, said: Option<String>) {
        if let Some(text) = said {
            self.info(text);
        }
    }

    /// Shows `message`.
    pub fn show(&mut self, message: Message) {
        self.status.message = Some(message);
    }

    /// Clears the status line.
    pub fn clear_message(&mut self) {
        self.status.message = None;
    }

    /// Whether the user asked to leave.
    pub fn quitting(&self) -> bool {
        self.status.quit
    }

    /// Leaves the explorer, with `why` as its error.
    pub fn quit_with(&mut self, why: String) {
        self.status.quit = true;
        self.status.exit_error = Some(why);
    }

    /// Sets the error the explorer leaves with (it is leaving already).
    pub fn exit_error(&mut self, why: String) {
        self.status.exit_error = Some(why);
    }

    /// Selects node `id` in the tree, opening the path to it.
    pub fn select(&mut self, id: NodeId) {
        self.tree.select_node(self.session, id);
    }

    /// The selected node.
    pub fn selected(&self) -> Option<NodeId> {
        self.tree.selected_node()
    }

    /// Whether the log is still growing: a search running or a trace being followed.
    pub fn is_live(&self) -> bool {
        self.session.run().is_live()
    }

    /// Applies `action` once this call returns, as if a key asked for it: how a view asks
    /// another for something (a lesson step, the ladder showing its page).
    pub fn then(&mut self, action: impl Into<Action>) {
        self.then.push(action.into());
    }

    /// Shows view `id`'s panel in the stats panel's place, or hides it if it is shown;
    /// whether it is shown now.
    pub fn toggle_panel(&mut self, id: ViewId) -> bool {
        let shown = *self.panel != Some(id);
        *self.panel = shown.then_some(id);
        shown
    }
}

/// Lends the view `slot` picks to `f`, with its context; puts it back after.
fn lend<V: Default, T>(
    app: &mut Explorer,
    slot: fn(&mut Views) -> &mut V,
    f: impl FnOnce(&mut V, &mut Cx) -> T,
) -> T {
    let mut view = std::mem::take(slot(&mut app.views));
    let out = f(&mut view, &mut app.cx());
    *slot(&mut app.views) = view;
    out
}
