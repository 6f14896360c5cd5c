//! The explorer: a small router over sub-states that each own their data — what to search
//! (`SearchSetup`), the search on screen (`Session`), the tree view, the replay clock, the
//! overlay or view that has the keyboard (`Mode`), the comparison, the charts, the lesson, how
//! moves are shown (`Prefs`) and the status line. `update.rs` turns an `Action` into state
//! changes and the `Effect`s the runtime must carry out; this file builds the explorer, answers
//! the panels' questions and takes in what the workers report. The terminal draws it from `&`.

use killerscope_chess::Position;
use killerscope_engine::SearchReport;
use killerscope_log::{EventLog, LogHeader};

use super::action::Effect;
use super::audit::{Audit, AuditView};
use super::best::{BestReplies, BestView};
use super::bookmarks::Bookmarks;
use super::charts::Charts;
use super::compare::Comparison;
use super::diff::{DiffState, Diffing};
use super::keys::Context;
use super::lesson::{self, LessonState, SearchCheck};
use super::library::Entry;
use super::library::PositionSettings;
use super::mode::Mode;
use super::notice::Notice;
use super::presentation::Prefs;
use super::query::QueryState;
use super::session::{NodeId, Session, live};
use super::setup::{Fixed, SearchRequest, SearchSetup, Settings};
use super::status::{Message, Playback, Status};
use super::tools::Tools;
use super::tree_view::TreeView;
use super::viewport::Viewport;
use super::why::WhyState;

/// The views beside the tree, each the content of the mode that shows it (`Mode::Charts`,
/// `Mode::Compare`, `Mode::Diff`), and the query's matches the tree marks.
#[derive(Debug, Default)]
pub(super) struct Views {
    /// The charts and the icicle.
    pub charts: Charts,
    /// The compare view's searches.
    pub comparison: Comparison,
    /// Two searches shown as one tree (`tui --diff A B`, `D`): A is the session, B is here.
    pub diff: Diffing,
    /// The query line's matches, marked in the tree.
    pub query: QueryState,
    /// The score chain the Explain panel shows (`y`) and `Y` walks.
    pub why: WhyState,
    /// The bookmarks on the session's nodes and their sidecar.
    pub bookmarks: Bookmarks,
    /// The best replies at cut nodes (`E`), for the Explain panel.
    pub best: BestReplies,
    /// The tools (`explorer::tools`), one of which may be shown in the stats panel's place.
    pub tools: Tools,
}

impl Views {
    /// Whether a job `s` / Esc stops is running here: the comparison, the ladder, a query, a best reply.
    pub fn busy(&self) -> bool {
        self.comparison.busy()
            || self.query.running().is_some()
            || self.best.slot.running().is_some()
    }
}

/// Everything the explorer shows and remembers.
#[derive(Debug)]
pub struct Explorer {
    pub(super) setup: SearchSetup,
    pub(super) session: Session,
    pub(super) view: TreeView,
    pub(super) playback: Playback,
    pub(super) mode: Mode,
    pub(super) views: Views,
    pub(super) lesson: Option<LessonState>,
    pub(super) audit: Audit,
    pub(super) prefs: Prefs,
    pub(super) status: Status,
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
            playback: Playback::default(),
            mode: Mode::Normal,
            views: Views::default(),
            lesson: None,
            audit: Audit::default(),
            prefs: Prefs::default(),
            status: Status::default(),
        }
    }

    /// How moves and the classroom modes are shown (`--ascii`, `--projector`).
    pub fn with_prefs(mut self, prefs: Prefs) -> Explorer {
        self.prefs = prefs;
        self
    }

    /// Queries logs of more than `nodes` nodes on the runtime's thread behind a gauge (the
    /// default is `query::BACKGROUND_NODES`; a test lowers it to drive the background path on
    /// a small log).
    pub fn with_background_query(mut self, nodes: usize) -> Explorer {
        self.views.query = QueryState::with_threshold(nodes);
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
        self.setup.adopt(session.header());
        self.setup.root = session.root().clone();
        self.install(session);
    }

    /// Puts `session` on screen: the tree view starts afresh, the charts forget the old
    /// nodes, the replay stops, and a diff ends (its A side was the old session). The old
    /// session, if it is a finished search, is kept for `D` to diff the new one against.
    pub(super) fn install(&mut self, session: Session) {
        let old = std::mem::replace(&mut self.session, session);
        self.views.diff.replaced(old);
        self.views.query.forget();
        self.views.why.forget();
        self.views.bookmarks.forget();
        self.views.tools.forget();
        self.view = TreeView::default();
        self.views.charts.forget_nodes();
        self.playback.playing = false;
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

    /// The replay clock.
    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    /// The overlay or view that has the keyboard.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The compare view's content.
    pub fn comparison(&self) -> &Comparison {
        &self.views.comparison
    }

    /// The diff view's two searches, if one was opened.
    pub fn diff(&self) -> Option<&DiffState> {
        self.views.diff.open()
    }

    /// Shows `b` beside the session on screen (A) as one aligned tree, named `names`, and
    /// starts ranking their divergences; refused, saying what differs, when the two are not
    /// searches of the same position recorded alike.
    pub fn open_diff(&mut self, b: Session, names: [String; 2]) -> Result<Vec<Effect>, String> {
        let state = DiffState::new(&self.session, b, names)?;
        self.views.diff.show(state);
        self.mode = Mode::Diff;
        self.info("diff: n / N go to the next / previous divergence by size, Esc to A's tree");
        Ok(vec![Effect::RankDiff])
    }

    /// The query line's matches and the query running.
    pub fn query(&self) -> &QueryState {
        &self.views.query
    }

    /// The score chain `y` traced, which the Explain panel shows.
    pub fn why(&self) -> &WhyState {
        &self.views.why
    }

    /// The bookmarks on the session's nodes.
    pub fn bookmarks(&self) -> &Bookmarks {
        &self.views.bookmarks
    }

    /// Keeps the session's bookmarks in the sidecar `path` (`trace::bookmarks::sidecar_path`
    /// of the log opened), whose bytes the caller read (`trace::bookmarks::load`; `None`: no
    /// sidecar yet); a sidecar that does not fit the log is reported line by line, keeping the
    /// bookmarks that fit and, for the next save, the lines that do not.
    pub fn open_bookmarks(
        &mut self,
        path: std::path::PathBuf,
        bytes: Result<Option<Vec<u8>>, String>,
    ) {
        let said = self.views.bookmarks.attach(&self.session, path, bytes);
        self.say(said);
    }

    /// The search on screen was written to `log` (`w`), `events` events: the status line says
    /// so, and bookmarks kept in memory go beside it (the sidecar to write is returned).
    pub fn log_saved(&mut self, log: &std::path::Path, events: usize) -> Vec<Effect> {
        let (said, effects) = self.views.bookmarks.log_saved(log);
        let name = killerscope_text::printable(&log.display().to_string()).into_owned();
        let saved = format!("saved {events} events to {name}");
        self.info(match said {
            Some(marks) => format!("{saved}; {marks}"),
            None => saved,
        });
        effects
    }

    /// The tools, and which one is on screen.
    pub fn tools(&self) -> &Tools {
        &self.views.tools
    }

    /// What the charts view shows.
    pub fn charts(&self) -> &Charts {
        &self.views.charts
    }

    /// The lesson being followed, if one is open.
    pub fn lesson(&self) -> Option<&LessonState> {
        self.lesson.as_ref()
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

    /// Whether the log is still growing: a search running or a trace being followed.
    pub fn is_live(&self) -> bool {
        self.session.run().is_live()
    }

    /// Whether anything moves without the user: the log growing, the replay playing, a
    /// comparison running (the terminal then redraws at frame rate).
    pub fn is_moving(&self) -> bool {
        self.is_live()
            || self.playback.playing
            || self.views.comparison.running
            || self.views.query.running().is_some()
            || self.views.tools.behind()
            || self.views.diff.ranking_runs()
    }

    /// Whether a worker runs that `s` / Esc stops: the search (or trace followed), a
    /// comparison or ladder, an audit, a best reply or a background query.
    pub fn has_work(&self) -> bool {
        self.is_live() || self.views.busy() || self.audit.slot.running().is_some()
    }

    /// The key-table contexts a key is looked up in, first match first: while a lesson is on
    /// screen its keys (and, while its question waits, the answer digits) come before the
    /// mode's own.
    pub fn contexts(&self) -> Vec<Context> {
        let mut out = Vec::with_capacity(3);
        if let Some(lesson) = self.lesson.as_ref().filter(|_| self.mode.shows_lesson()) {
            if lesson.asking() {
                out.push(Context::Question);
            }
            out.push(Context::Lesson);
        }
        out.push(self.mode.context());
        out
    }

    /// Brings what depends on the screen's geometry up to date before a frame is drawn: the
    /// tree's levels and page to its panel (selecting the first row if none is), the icicle's
    /// area, and the charts' fold to the timeline cursor while the charts are shown.
    pub fn prepare_frame(&mut self, viewport: Viewport) {
        if !viewport.tree.is_empty() {
            self.view.fit(&self.session, viewport.tree);
        }
        self.views.charts.area = viewport.icicle;
        if let Some(diff) = self.views.diff.open_mut() {
            diff.rows.set_page(usize::from(viewport.diff.height));
        }
        if self.mode.shows_charts() {
            self.session.seek_charts();
        }
        self.views.tools.prepare(&self.session);
    }

    /// Shows an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::info(text));
    }

    /// Shows what an action had to say, if anything.
    pub(super) fn say(&mut self, said: Option<String>) {
        if let Some(text) = said {
            self.info(text);
        }
    }

    /// Shows an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message::error(text));
    }

    /// Whose search the tree shows, for its title, when it is not plainly killerscope's own.
    pub fn shown_engine(&self) -> Option<String> {
        self.setup.replacement.shown_engine(&self.session)
    }

    /// What the audit says about `node` of the search on screen.
    pub fn audit_of(&self, node: NodeId) -> AuditView<'_> {
        self.audit.of(self.session.header(), node)
    }

    /// What the best-reply key (`E`) found at `node` of the search on screen.
    pub fn best_reply_of(&self, node: NodeId) -> BestView {
        self.views.best.of(self.session.header(), node)
    }

    /// Clears the status line (a new step, a screenshot for the docs).
    pub fn clear_message(&mut self) {
        self.status.message = None;
    }

    /// Starts the search the setup describes: the session becomes an empty live one under the
    /// header built for it, which the runtime's worker records into.
    pub(super) fn begin_search(&mut self) -> SearchRequest {
        let request = self.setup.request(self.session.header());
        self.setup.replacement.forget();
        self.install(Session::live(request.root.clone(), request.header.clone()));
        let loaded = self
            .setup
            .take_loaded()
            .map_or_else(String::new, |l| l + " · ");
        self.info(format!(
            "{loaded}searching to depth {} with {} (s or Esc stops)",
            request.depth,
            self.setup.describe(&request.config)
        ));
        request
    }

    /// Takes the end of a search run outside the runtime with its complete log: the session
    /// becomes that log, indexed now, and a lesson step's node and event are shown.
    pub fn finish_search(&mut self, log: EventLog, report: SearchReport) {
        self.install(Session::from_log(self.setup.root.clone(), log));
        self.conclude_search(report, None);
        self.lesson_search_done();
    }

    /// The result and the status line, with the reason if recording stopped early.
    fn conclude_search(&mut self, report: SearchReport, write_error: Option<String>) {
        let best = self
            .prefs
            .notation
            .format(&self.setup.root, report.best_move);
        let said = live::search_ended(&mut self.session, report, &best, write_error);
        self.status.message = Some(said);
    }

    /// Takes in what a worker of the runtime reports.
    pub fn notice(&mut self, notice: Notice) {
        match notice {
            Notice::SearchFailed(why) => {
                self.session.run_mut().searching = false;
                self.error(format!(
                    "cannot search: no temporary file for its events ({why}); set TMPDIR to a \
                     writable directory"
                ));
            }
            Notice::Iteration { depth, nodes, pv } => {
                self.session.run_mut().progress = Some((depth, nodes));
                self.session.push_pv(pv);
            }
            Notice::Elapsed(seconds) if self.is_live() => self.session.run_mut().elapsed = seconds,
            Notice::Elapsed(_) => {}
            Notice::SearchEnded(ended) => {
                let (end, report) = *ended;
                self.session.finish_live(end.pvs, end.truncated);
                self.session.run_mut().indexing_live = true;
                self.conclude_search(report, end.write_error.map(|e| e.to_string()));
            }
            Notice::SearchIndexed => {
                self.session.run_mut().indexing_live = false;
                self.lesson_search_done();
            }
            Notice::FollowStarted(name) => {
                self.info(format!(
                    "following {name}: waiting for its header line… (s stops)"
                ));
                self.session.run_mut().following = Some(name);
            }
            Notice::FollowHeader(header) => self.follow_header(header.0, header.1),
            Notice::FollowBatch(batch) => {
                let said = live::follow_batch(&mut self.session, batch);
                self.say(said);
            }
            Notice::FollowEnded { error, how } => {
                self.status.message = Some(live::follow_ended(&mut self.session, error, how));
            }
            Notice::Compared(rows) => self.views.comparison.finish(rows),
            Notice::ComparisonEnded => self.views.comparison.running = false,
            Notice::Audited(key, judged) => {
                let said = self.audit.finish(key, judged);
                self.info(said);
            }
            Notice::AuditStopped => {
                self.audit.slot.stop();
            }
            Notice::BestFound(key, best) => {
                let said = self.views.best.finish(key, best, &self.session);
                self.say(said);
            }
            Notice::BestStopped => {
                let said = self.views.best.stopped();
                self.say(said);
            }
            Notice::LadderClimbing(started) => {
                let said = self.views.comparison.ladder.climbing(started);
                self.say(said);
            }
            Notice::LadderClimbed(climbed) => {
                let said = self.views.comparison.ladder.finish(climbed.0, climbed.1);
                self.info(said);
            }
            Notice::LadderStopped => {
                let said = self.views.comparison.ladder.stopped();
                self.say(said);
            }
            Notice::DiffRanking(ranking) => {
                let said = self
                    .views
                    .diff
                    .open_mut()
                    .and_then(|d| d.set_ranking(ranking));
                self.say(said);
            }
            Notice::Querying(progress) => self.views.query.progress(progress),
            Notice::Queried(result) => {
                if let Some((said, first)) = self.views.query.ended(result) {
                    self.select_match(first);
                    self.info(said);
                }
            }
            Notice::LessonRefused { .. } | Notice::ResultsSaved { .. } => {
                self.lesson_notice(notice);
            }
        }
    }

    /// A lesson the runtime checked was refused, or its results were written (or not).
    fn lesson_notice(&mut self, notice: Notice) {
        match notice {
            Notice::LessonRefused { why, leave: true } => {
                self.status.quit = true;
                self.status.exit_error = Some(why);
            }
            Notice::LessonRefused { why, leave: false } => self.error(why),
            Notice::ResultsSaved { path, error: None } => {
                self.info(format!("lesson results written to {path}"));
            }
            Notice::ResultsSaved {
                path,
                error: Some(e),
            } => {
                let why = format!("could not write the lesson results to {path}: {e}");
                if self.status.quit {
                    self.status.exit_error = Some(why);
                } else {
                    self.error(why);
                }
            }
            _ => {}
        }
    }

    /// The followed trace's header arrived: a session for it.
    fn follow_header(&mut self, header: LogHeader, root: Position) {
        let following = self.session.run_mut().following.take();
        if let Some(depth) = header.depth_limit() {
            self.setup.settings.depth = depth.clamp(1, super::setup::MAX_DEPTH);
        }
        self.setup.root = root.clone();
        self.install(Session::new(root, header));
        self.session.run_mut().following = following;
    }

    /// Indexes what the live search's spool has published, until `deadline`; returns whether
    /// it caught up.
    pub fn follow_spool(
        &mut self,
        spool: &killerscope_log::Events,
        deadline: std::time::Instant,
    ) -> bool {
        self.session.follow(spool, deadline)
    }

    /// The background indexing of a mapped log ended: the status line says so.
    pub fn poll_index(&mut self) {
        if let Some(said) = live::poll_index(&mut self.session) {
            self.status.message = Some(said);
        }
    }

    /// Why the explorer ended, when it ended on an error (a lesson that does not hold).
    pub fn exit_error(&self) -> Option<&str> {
        self.status.exit_error.as_deref()
    }

    /// The check of the search on screen against the open lesson's current step (`None`
    /// without a lesson).
    pub fn lesson_check(&self) -> Option<SearchCheck> {
        lesson::check(&self.stage()?)
    }

    /// What the open lesson reads of the explorer (`None` without a lesson).
    pub(super) fn stage(&self) -> Option<lesson::Stage<'_>> {
        Some(lesson::Stage {
            root: &self.setup.root,
            session: &self.session,
            comparison: &self.views.comparison,
            lesson: self.lesson.as_ref()?,
        })
    }

    /// Whether the search on screen is the open lesson step's, finished and whole: only then do
    /// the lesson's node ids name nodes on screen.
    pub fn lesson_holds(&self) -> bool {
        self.stage().is_some_and(|stage| lesson::holds(&stage))
    }

    /// The node the open lesson's question asks about while it waits for its answer, on the
    /// lesson's own search: the tree hides its cutoff move and the board its killer squares.
    pub fn asked_node(&self) -> Option<NodeId> {
        let node = self.lesson.as_ref()?.asked_node()?;
        self.lesson_holds().then_some(node)
    }

    /// The ordering the next search uses (`SearchSetup::ordering` over the search on screen).
    pub fn next_ordering(&self) -> killerscope_engine::OrderingConfig {
        self.setup.ordering(self.session.header())
    }

    /// The comparison the lesson's step shows, each configuration with the count the lesson
    /// pinned and the count measured on screen (`None` while it runs or when it is another).
    pub fn lesson_compare(&self) -> Option<Vec<(String, u64, Option<u64>)>> {
        lesson::compare(&self.stage()?)
    }
}
