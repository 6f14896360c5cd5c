//! The explorer: a router over the views (`views`, each a component with its own state, keys and
//! update) and what they all share — what to search next (`SearchSetup`), the search on screen
//! (`Session`), the tree's selection, the overlay or view that has the keyboard (`Mode`), how
//! moves are shown (`Prefs`), the status line. `router.rs` turns an `Action` into state changes
//! and the `Effect`s the runtime must carry out; `search.rs` starts searches and takes in what
//! the search and follow workers report; this file builds the explorer and answers the panels'
//! questions. The terminal draws it from `&`.

use killerscope_chess::Position;
use killerscope_log::LogHeader;

use super::action::Action;
use super::keys::Context;
use super::library::Entry;
use super::library::PositionSettings;
use super::mode::Mode;
use super::presentation::Prefs;
use super::session::Session;
use super::setup::{Fixed, SearchSetup, Settings};
use super::status::{Message, Status};
use super::tree_view::TreeView;
use super::viewport::Viewport;
use super::views::{Cx, ViewId, Views};

/// Everything the explorer shows and remembers.
#[derive(Debug)]
pub struct Explorer {
    pub(crate) setup: SearchSetup,
    pub(crate) session: Session,
    pub(crate) view: TreeView,
    pub(crate) mode: Mode,
    pub(crate) views: Views,
    pub(crate) prefs: Prefs,
    pub(crate) status: Status,
    /// The view whose panel is in the stats panel's place.
    pub(crate) panel: Option<ViewId>,
    /// The finished search shown before the session (`D` diffs against it).
    pub(crate) previous: Option<Session>,
    /// Actions views asked for, applied once the action that asked returns.
    pub(crate) then: Vec<Action>,
}

impl Explorer {
    /// An explorer on `root` with nothing searched yet.
    pub fn new(root: Position, settings: Settings, library: Vec<Entry>) -> Explorer {
        let setup = SearchSetup::new(root.clone(), settings, library);
        let header = setup.idle_header(&LogHeader::default());
        Explorer {
            setup,
            session: Session::new(root, header),
            view: TreeView::default(),
            mode: Mode::Normal,
            views: Views::default(),
            prefs: Prefs::default(),
            status: Status::default(),
            panel: None,
            previous: None,
            then: Vec::new(),
        }
    }

    /// How moves and the classroom modes are shown (`--ascii`, `--projector`).
    pub fn with_prefs(mut self, prefs: Prefs) -> Explorer {
        self.prefs = prefs;
        self
    }

    /// Queries logs of more than `nodes` nodes on the runtime's thread behind a gauge (the
    /// default is `views::query::BACKGROUND_NODES`; a test lowers it to drive the background
    /// path on a small log).
    pub fn with_background_query(mut self, nodes: usize) -> Explorer {
        self.views.query = super::views::query::QueryState::with_threshold(nodes);
        self
    }

    /// What the command line fixed, with its own ordering (`--ordering`, `--killers`).
    pub fn with_fixed(
        mut self,
        fixed: Fixed,
        ordering: Option<killerscope_engine::OrderingConfig>,
    ) -> Explorer {
        self.setup.fix(fixed, ordering);
        self
    }

    /// Applies the search settings the starting position asks for (its EPD opcodes).
    pub fn with_position_settings(mut self, asked: PositionSettings) -> Explorer {
        let root = self.setup.root.clone();
        self.setup.load(root, None, asked, self.session.header());
        self
    }

    /// Opens a recorded search for browsing (a `.kslog`, a trace): it replaces the session,
    /// and the next search takes over its settings except what the command line fixed.
    pub fn open_session(&mut self, session: Session) {
        self.setup.adopt(session.shown());
        self.setup.root = session.root().clone();
        self.install(session);
    }

    /// Puts `session` on screen: the tree view starts afresh and every view forgets what named
    /// the old one's nodes. The old session, if it is a finished search, is kept for `D` to
    /// diff the new one against.
    pub(crate) fn install(&mut self, session: Session) {
        let old = std::mem::replace(&mut self.session, session);
        if !old.run().is_live() && !old.tree().is_empty() {
            self.previous = Some(old);
        }
        for view in self.views.all_mut() {
            view.forget();
        }
        self.view = TreeView::default();
    }

    /// Waits for a mapped log's background indexing and installs its indexes (tests and
    /// benchmarks; the explorer polls); the indexing's failure, if it failed.
    pub fn wait_index(&mut self) -> Result<(), String> {
        self.session.wait_index()
    }

    /// The position and settings of the next search.
    pub fn setup(&self) -> &SearchSetup {
        &self.setup
    }

    /// The search on screen.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The tree panel's view: selection, opened nodes, zoom.
    pub fn view(&self) -> &TreeView {
        &self.view
    }

    /// Every view's state (`views::Views`, one field per view).
    pub fn views(&self) -> &Views {
        &self.views
    }

    /// The view whose panel is shown in the stats panel's place, if one is.
    pub fn panel_view(&self) -> Option<ViewId> {
        self.panel
    }

    /// The overlay or view that has the keyboard.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// How moves and the classroom modes are shown.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The status line's message.
    pub fn message(&self) -> Option<&Message> {
        self.status.message.as_ref()
    }

    /// Whether the user asked to leave.
    pub fn quit_requested(&self) -> bool {
        self.status.quit
    }

    /// Why the explorer ended, when it ended on an error (a lesson that does not hold).
    pub fn exit_error(&self) -> Option<&str> {
        self.status.exit_error.as_deref()
    }

    /// Whether the log is still growing: a search running or a trace being followed.
    pub fn is_live(&self) -> bool {
        self.session.run().is_live()
    }

    /// Whether anything moves without the user: the log growing, or a view's picture (the
    /// replay playing, a comparison or query running, a panel catching up); the terminal then
    /// redraws at frame rate.
    pub fn is_moving(&self) -> bool {
        self.is_live() || self.views.all().iter().any(|v| v.moving())
    }

    /// Whether a worker runs that `s` / Esc stops: the search (or trace followed), or a view's
    /// job (a comparison, the ladder, an audit, a best reply, a background query).
    pub fn has_work(&self) -> bool {
        self.is_live() || self.views.all().iter().any(|v| v.busy())
    }

    /// The key-table contexts a key is looked up in, first match first: the views' own laid
    /// over the mode's (a lesson's keys while it is on screen), then the mode's.
    pub fn contexts(&self) -> Vec<Context> {
        let mut out = Vec::with_capacity(3);
        for view in self.views.all() {
            view.contexts(&self.mode, &mut out);
        }
        out.push(self.mode.context());
        out
    }

    /// Brings what depends on the screen's geometry up to date before a frame is drawn: the
    /// tree's levels and page to its panel (selecting the first row if none is), then every
    /// view's (the icicle's area, the diff's page, the charts' fold, a panel's table).
    pub fn prepare_frame(&mut self, viewport: Viewport) {
        if !viewport.tree.is_empty() {
            self.view.fit(&self.session, viewport.tree);
        }
        Views::each(self, &mut |view, cx| view.prepare(&viewport, cx));
    }

    /// What every view is lent for one call: the state they share.
    pub(crate) fn cx(&mut self) -> Cx<'_> {
        Cx {
            views: &self.views,
            session: &mut self.session,
            tree: &mut self.view,
            setup: &mut self.setup,
            mode: &mut self.mode,
            prefs: &mut self.prefs,
            panel: &mut self.panel,
            previous: &mut self.previous,
            status: &mut self.status,
            then: &mut self.then,
        }
    }

    /// Shows an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::info(text));
    }

    /// Shows what an action had to say, if anything.
    pub(crate) fn say(&mut self, said: Option<String>) {
        if let Some(text) = said {
            self.info(text);
        }
    }

    /// Shows an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::error(text));
    }

    /// Clears the status line (a new step, a screenshot for the docs).
    pub fn clear_message(&mut self) {
        self.status.message = None;
    }

    /// Whose search the tree shows, for its title, when it is not plainly killerscope's own.
    pub fn shown_engine(&self) -> Option<String> {
        self.setup.replacement.shown_engine(&self.session)
    }

    /// The ordering the next search uses (`SearchSetup::ordering` over the search on screen).
    pub fn next_ordering(&self) -> killerscope_engine::OrderingConfig {
        self.setup.ordering(self.session.header())
    }
}
