//! The explorer: a small router over sub-states that each own their data — what to search
//! (`SearchSetup`), the search on screen (`Session`), the tree view, the replay clock, the
//! overlay or view that has the keyboard (`Mode`), the comparison, the charts, the lesson, how
//! moves are shown (`Prefs`) and the status line. `update.rs` turns an `Action` into state
//! changes and the `Effect`s the runtime must carry out; this file builds the explorer, answers
//! the panels' questions and takes in what the workers report. The terminal draws it from `&`.

use crate::chess::Position;
use crate::search::SearchReport;
use crate::trace::{EventLog, LogHeader, SpoolEnd};

use super::action::{Action, Effect};
use super::audit::Audit;
use super::charts::Charts;
use super::compare::{Compared, Comparison};
use super::diff::{DiffState, Ranking};
use super::keys::Context;
use super::lesson::{self, Lesson, LessonState, SearchCheck};
use super::library::Entry;
use super::library::PositionSettings;
use super::mode::Mode;
use super::presentation::Prefs;
use super::session::{NodeId, Session};
use super::setup::{Fixed, SearchRequest, SearchSetup, Settings, selective_label};
use super::status::{Message, Playback, Status};
use super::tree_view::TreeView;
use super::viewport::Viewport;
use crate::chess::Move;

/// Everything the explorer shows and remembers.
#[derive(Debug)]
pub struct Explorer {
    pub(super) setup: SearchSetup,
    pub(super) session: Session,
    pub(super) view: TreeView,
    pub(super) playback: Playback,
    pub(super) mode: Mode,
    pub(super) comparison: Comparison,
    pub(super) charts: Charts,
    /// Two searches shown as one tree (`tui --diff A B`): A is `session`, B is here.
    pub(super) diff: Option<DiffState>,
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
            comparison: Comparison::default(),
            charts: Charts::default(),
            diff: None,
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

    /// What the command line fixed, with its own ordering (`--ordering`, `--killers`).
    pub fn with_fixed(
        mut self,
        fixed: Fixed,
        ordering: Option<crate::search::OrderingConfig>,
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
        self.session = session;
        // A diff's A side is the session: another session ends it.
        self.diff = None;
        self.view = TreeView::default();
        self.charts.forget_nodes();
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
        &self.comparison
    }

    /// The diff view's two searches, if one was opened.
    pub fn diff(&self) -> Option<&DiffState> {
        self.diff.as_ref()
    }

    /// Shows `b` beside the session on screen (A) as one aligned tree, named `names`, and
    /// starts ranking their divergences; refused, saying what differs, when the two are not
    /// searches of the same position recorded alike.
    pub fn open_diff(&mut self, b: Session, names: [String; 2]) -> Result<Vec<Effect>, String> {
        let state = DiffState::new(&self.session, b, names)?;
        self.diff = Some(state);
        self.mode = Mode::Diff;
        self.info("diff: n / N go to the next / previous divergence by size, Esc to A's tree");
        Ok(vec![Effect::RankDiff])
    }

    /// What ranking the diff's divergences needs (both trees and headers), if a diff is open.
    pub fn diff_job(
        &self,
    ) -> Option<(
        crate::trace::SearchTree,
        LogHeader,
        crate::trace::SearchTree,
        LogHeader,
    )> {
        self.diff.as_ref().map(|d| d.job(&self.session))
    }

    /// How far ranking the diff's divergences has got, or its result.
    pub fn diff_ranking(&mut self, ranking: Ranking) {
        if let Some(diff) = self.diff.as_mut() {
            if let Ranking::Done(d) = &ranking {
                let said = if d.total == 0 {
                    "diff: no divergences — the two searches are the same tree".to_string()
                } else {
                    format!(
                        "diff: {} divergences ranked: n goes to the biggest",
                        crate::fmt::grouped(d.total)
                    )
                };
                self.status.message = Some(Message {
                    text: said,
                    error: false,
                });
            }
            diff.set_ranking(ranking);
        }
    }

    /// What the charts view shows.
    pub fn charts(&self) -> &Charts {
        &self.charts
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
            || self.comparison.running
            || self
                .diff
                .as_ref()
                .is_some_and(|d| matches!(d.ranking(), Ranking::Running(..)))
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
        self.charts.area = viewport.icicle;
        if let Some(diff) = self.diff.as_mut() {
            diff.rows.set_page(usize::from(viewport.diff.height));
        }
        if self.mode.shows_charts() {
            self.session.seek_charts();
        }
    }

    /// Shows an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    /// Shows an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }

    /// Clears the status line (a new step, a screenshot for the docs).
    pub fn clear_message(&mut self) {
        self.status.message = None;
    }

    /// Starts the search the setup describes: the session becomes an empty live one under the
    /// header built for it, which the runtime's worker records into.
    pub(super) fn begin_search(&mut self) -> SearchRequest {
        let request = self.setup.request(self.session.header());
        self.setup.replaced = None;
        self.session = Session::live(request.root.clone(), request.header.clone());
        // A diff's A side is the session: another session ends it.
        self.diff = None;
        self.view = TreeView::default();
        self.charts.forget_nodes();
        self.playback.playing = false;
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

    /// The runtime could not start the search (no temporary file for its events).
    pub fn search_failed(&mut self, why: &str) {
        self.session.run_mut().searching = false;
        self.error(format!(
            "cannot search: no temporary file for its events ({why}); set TMPDIR to a \
             writable directory"
        ));
    }

    /// An iteration of the live search finished: its PV and node count.
    pub fn iteration_done(&mut self, depth: u8, nodes: u64, pv: Vec<Move>) {
        self.session.run_mut().progress = Some((depth, nodes));
        self.session.push_pv(pv);
    }

    /// Wall-clock seconds the live search or the followed trace has run.
    pub fn set_elapsed(&mut self, seconds: f64) {
        if self.is_live() {
            self.session.run_mut().elapsed = seconds;
        }
    }

    /// Takes the end of a search run outside the runtime with its complete log: the session
    /// becomes that log, indexed now, and a lesson step's node and event are shown.
    pub fn finish_search(&mut self, log: EventLog, report: SearchReport) {
        self.session = Session::from_log(self.setup.root.clone(), log);
        // A diff's A side is the session: another session ends it.
        self.diff = None;
        self.conclude_search(report, None);
        self.lesson_search_done();
    }

    /// Takes the end of the live search: its PVs and whether recording stopped early. Its
    /// last events may still be indexing; `live_search_indexed` follows when they are.
    pub fn end_live_search(&mut self, end: SpoolEnd, report: SearchReport) {
        self.session.finish_live(end.pvs, end.truncated);
        self.session.run_mut().indexing_live = true;
        self.conclude_search(report, end.write_error.map(|e| e.to_string()));
    }

    /// Every event of the ended live search is indexed: a lesson step waiting for its tree
    /// selects its node and event now.
    pub fn live_search_indexed(&mut self) {
        self.session.run_mut().indexing_live = false;
        self.lesson_search_done();
    }

    /// The result and the status line, with the reason if recording stopped early.
    fn conclude_search(&mut self, report: SearchReport, write_error: Option<String>) {
        let best = self
            .prefs
            .notation
            .format(&self.setup.root, report.best_move);
        let how = match self.session.header().selective_config() {
            Some(config) if config.any() => format!(" ({} search)", selective_label(&config)),
            _ => String::new(),
        };
        let done = format!(
            "search done: depth {}, best {best}, {} nodes{how}",
            report.depth, report.nodes
        );
        match write_error {
            Some(e) => self.error(format!("{done}; recording stopped early: {e}")),
            None => self.info(done),
        }
        let run = self.session.run_mut();
        run.searching = false;
        run.elapsed = report.elapsed.as_secs_f64();
        run.report = Some(report);
    }

    /// Indexes what the live search's spool has published, until `deadline`; returns whether
    /// it caught up.
    pub fn follow_spool(
        &mut self,
        spool: &crate::trace::Events,
        deadline: std::time::Instant,
    ) -> bool {
        self.session.follow(spool, deadline)
    }

    /// The explorer starts following a trace another engine is writing.
    pub fn follow_started(&mut self, name: String) {
        self.info(format!(
            "following {name}: waiting for its header line… (s stops)"
        ));
        self.session.run_mut().following = Some(name);
    }

    /// The followed trace's header arrived: a session for it.
    pub fn follow_header(&mut self, header: LogHeader, root: Position) {
        let following = self.session.run_mut().following.take();
        if let Some(depth) = header.depth_limit() {
            self.setup.settings.depth = depth.clamp(1, super::setup::MAX_DEPTH);
        }
        self.setup.root = root.clone();
        self.session = Session::new(root, header);
        // A diff's A side is the session: another session ends it.
        self.diff = None;
        self.session.run_mut().following = following;
        self.view = TreeView::default();
        self.charts.forget_nodes();
        self.playback.playing = false;
    }

    /// Lines of the followed trace, read since the last batch.
    pub fn follow_batch(&mut self, batch: crate::trace::jsonl::Batch) {
        if let Some(sources) = batch.sources {
            self.session.set_sources(sources);
        }
        self.session.extend(&batch.events);
        for pv in batch.pvs {
            self.session.push_pv(pv);
        }
        if let Some(name) = &self.session.run().following {
            let message = format!(
                "following {name}: {} events, {} nodes (s stops)",
                self.session.log().len(),
                self.session.tree().len()
            );
            self.info(message);
        }
    }

    /// Following ended: the trace's writer closed it (`how` = "ended"), the user stopped it
    /// ("stopped following"), or `error` stopped it. Nodes left open mark the log cut short.
    pub fn follow_ended(&mut self, error: Option<String>, how: &str) {
        let name = self.session.run_mut().following.take().unwrap_or_default();
        let open = self.session.close_open_nodes();
        let events = self.session.log().len();
        let done = if how == "ended" {
            format!("{name} ended: {events} events, {open} open nodes left unfinished")
        } else {
            format!("{how} {name}: {events} events, {open} open nodes left unfinished")
        };
        match error {
            Some(e) => self.error(format!("{done}; {e}")),
            None => self.info(done),
        }
    }

    /// The comparison's searches, as the worker reports them.
    pub fn comparison_done(&mut self, rows: Vec<Compared>) {
        self.comparison.finish(rows);
    }

    /// The comparison worker ended (finished, stopped, or gave up).
    pub fn comparison_ended(&mut self) {
        self.comparison.running = false;
    }

    /// The background indexing of a mapped log ended: the status line says so.
    pub fn poll_index(&mut self) {
        match self.session.poll_index() {
            Some(Ok(())) => {
                let events = crate::fmt::grouped(self.session.log().len() as u64);
                let nodes = crate::fmt::grouped(self.session.tree().len() as u64);
                self.info(format!(
                    "indexed {events} events, {nodes} nodes: [ ] {{ }} K p to step through them"
                ));
            }
            Some(Err(message)) => self.error(format!("the log cannot be shown: {message}")),
            None => {}
        }
    }

    /// A checked lesson, opened at its first step (replacing any lesson open); returns what
    /// the runtime must do for that step.
    pub fn open_lesson(&mut self, lesson: Lesson) -> Vec<Effect> {
        let title = lesson.title.clone();
        let mut effects = self.update(Action::CloseView);
        self.lesson = Some(LessonState::new(lesson));
        self.mode = Mode::Normal;
        effects.extend(self.enter_step(true));
        self.info(format!("lesson: {title}"));
        effects
    }

    /// The lesson the runtime checked does not hold: why, in the status line — or, for an
    /// explorer opened for that lesson alone (`leave`), as the error it ends with.
    pub fn lesson_refused(&mut self, why: String, leave: bool) {
        if leave {
            self.status.quit = true;
            self.status.exit_error = Some(why);
        } else {
            self.error(why);
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
    fn stage(&self) -> Option<lesson::Stage<'_>> {
        Some(lesson::Stage {
            root: &self.setup.root,
            session: &self.session,
            comparison: &self.comparison,
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
    pub fn next_ordering(&self) -> crate::search::OrderingConfig {
        self.setup.ordering(self.session.header())
    }

    /// The comparison the lesson's step shows, each configuration with the count the lesson
    /// pinned and the count measured on screen (`None` while it runs or when it is another).
    pub fn lesson_compare(&self) -> Option<Vec<(String, u64, Option<u64>)>> {
        lesson::compare(&self.stage()?)
    }

    /// Applies a lesson key: next, back, an answer, close.
    pub(super) fn lesson_action(&mut self, action: &Action) -> Vec<Effect> {
        if *action == Action::CloseLesson {
            let effects = self.update(Action::CloseView);
            self.lesson = None;
            self.info("lesson closed: L opens one");
            return effects;
        }
        let Some(state) = self.lesson.as_mut() else {
            return Vec::new();
        };
        let (said, enter) = state.step(action);
        if enter.is_some() {
            self.clear_message();
        }
        if let Some(text) = said {
            self.info(text);
        }
        enter.map_or_else(Vec::new, |restore| self.enter_step(restore))
    }

    /// What the learner just did (a key typed, a node selected) ends a step's wait; a step
    /// without a question then goes on by itself.
    pub(super) fn observe_learner(&mut self, typed: Option<char>) -> Vec<Effect> {
        let selected = self.view.selected_node().filter(|_| self.lesson_holds());
        let Some(state) = self.lesson.as_mut() else {
            return Vec::new();
        };
        let (said, next) = state.observe(typed, selected);
        if let Some(text) = said {
            self.info(text);
        }
        if next {
            return self.enter_step(false);
        }
        Vec::new()
    }

    /// Makes the screen show the current step, by the actions the lesson plans for it.
    pub(super) fn enter_step(&mut self, restore: bool) -> Vec<Effect> {
        let Some(stage) = self.stage() else {
            return Vec::new();
        };
        let plan = lesson::drive::enter_step(&stage, restore);
        if let (Some(on), Some(state)) = (plan.awaiting, self.lesson.as_mut()) {
            state.set_awaiting(on);
        }
        let effects = plan
            .actions
            .into_iter()
            .flat_map(|action| self.update(action))
            .collect();
        self.tick_selected();
        effects
    }

    /// A step waiting for a node the screen already has selected (`K` or the learner got
    /// there first) has had its wait.
    fn tick_selected(&mut self) {
        let selected = self.view.selected_node().filter(|_| self.lesson_holds());
        if let (Some(id), Some(state)) = (selected, self.lesson.as_mut()) {
            state.player.node_selected(id);
        }
    }

    /// The lesson's search ended: select the step's node and show its event, if the search is
    /// the one the lesson was checked against.
    fn lesson_search_done(&mut self) {
        let Some(state) = self.lesson.as_mut() else {
            return;
        };
        if !state.awaiting() {
            return;
        }
        state.set_awaiting(false);
        let actions = self.stage().map(|s| lesson::drive::search_done(&s));
        for action in actions.unwrap_or_default() {
            self.update(action);
        }
        self.tick_selected();
    }

    /// The view just opened is the lesson step's (leaving the step closes it).
    pub(super) fn lesson_opened_view(&mut self) {
        if let Some(state) = self.lesson.as_mut() {
            state.opened_view();
        }
    }
}
