//! The explorer's own searches and followed traces: starting one (`r`, `S`, a FEN typed, a
//! library position, a lesson step), saving its log, and taking in what the runtime's search and
//! follow workers report (`Notice`). A view's job reports go to the view (`Notice::View`).

use killerscope_chess::Position;
use killerscope_engine::SearchReport;
use killerscope_log::{EventLog, LogHeader};

use super::action::Effect;
use super::app::Explorer;
use super::library::PositionSettings;
use super::mode::Mode;
use super::notice::Notice;
use super::replace::Rerun;
use super::session::{Session, live};
use super::setup::SearchRequest;
use super::views::Views;

impl Explorer {
    /// Starts the search the setup describes: the session becomes an empty live one under the
    /// header built for it, which the runtime's worker records into.
    pub(crate) fn begin_search(&mut self) -> SearchRequest {
        let request = self.setup.request(self.session.header());
        self.setup.replacement.forget();
        self.install(Session::live(request.root.clone(), request.header.clone()));
        let loaded = self
            .setup
            .take_loaded()
            .map_or_else(String::new, |l| l + " · ");
        self.info(format!(
            "{loaded}searching to depth {} with {} (s or Esc stops)",
            self.session.shown().depth.unwrap_or_default(),
            self.setup.describe(&request.config)
        ));
        request
    }

    /// Takes the end of a search run outside the runtime with its complete log: the session
    /// becomes that log, indexed now, and a lesson step's node and event are shown.
    pub fn finish_search(&mut self, log: EventLog, report: SearchReport) {
        self.install(Session::from_log(self.setup.root.clone(), log));
        self.conclude_search(report, None);
        self.search_done();
    }

    /// Every view hears that the explorer's search has ended and is indexed.
    fn search_done(&mut self) -> Vec<Effect> {
        Views::each(self, &mut |view, cx| view.search_done(cx));
        self.follow_ups()
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

    /// Takes in what a worker of the runtime reports; returns what the runtime must do next
    /// (a lesson its check opened starts its first step's search).
    pub fn notice(&mut self, notice: Notice) -> Vec<Effect> {
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
                return self.search_done();
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
            Notice::View(notice) => {
                let mut effects = Views::job(self, notice);
                effects.extend(self.follow_ups());
                return effects;
            }
        }
        Vec::new()
    }

    /// The followed trace's header arrived: a session for it.
    fn follow_header(&mut self, header: LogHeader, root: Position) {
        let following = self.session.run_mut().following.take();
        self.setup.root = root.clone();
        self.install(Session::new(root, header));
        self.setup.adopt_depth(self.session.shown());
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

    /// The search on screen was written to `log` (`w`), `events` events: the status line says
    /// so, with what the views add (bookmarks kept in memory go beside it), and the files they
    /// must write are returned.
    pub fn log_saved(&mut self, log: &std::path::Path, events: usize) -> Vec<Effect> {
        let name = killerscope_text::printable(&log.display().to_string()).into_owned();
        let mut said = vec![format!("saved {events} events to {name}")];
        let mut effects = Vec::new();
        for view in self.views.all_mut() {
            let (added, more) = view.log_saved(log);
            said.extend(added);
            effects.extend(more);
        }
        self.info(said.join("; "));
        effects
    }

    /// `r`: search again, asking first when the tree shows another engine's trace.
    pub(crate) fn rerun(&mut self) -> Vec<Effect> {
        let in_lesson = self.lesson().is_some();
        match self.setup.replacement.rerun(&self.session, in_lesson) {
            Rerun::Ask(question) => {
                self.info(question);
                Vec::new()
            }
            Rerun::Search(replacing) => {
                let request = self.begin_search();
                let said = self.setup.replacement.replaced(replacing);
                self.say(said);
                vec![Effect::Search(Box::new(request))]
            }
        }
    }

    /// `w`: the log on screen, to a file, once the search has finished.
    pub(crate) fn save(&mut self) -> Vec<Effect> {
        if self.session.events().is_empty() {
            self.error("nothing to save: no search recorded yet");
        } else if self.is_live() {
            self.error("the search is still running: stop it (s) or wait, then save");
        } else {
            return vec![Effect::Save(std::path::PathBuf::from("killerscope.kslog"))];
        }
        Vec::new()
    }

    /// A position a lesson step loads without searching it: an empty tree over it, any running
    /// search dropped.
    pub(crate) fn show_position(&mut self) -> Vec<Effect> {
        let header = self.setup.idle_header(self.session.header());
        self.install(Session::new(self.setup.root.clone(), header));
        vec![Effect::Discard]
    }

    /// Loads the typed FEN and searches it, or says in the box why it was refused.
    pub(crate) fn submit_fen(&mut self, text: &str) -> Vec<Effect> {
        match Position::from_fen(text) {
            Ok(position) => {
                self.mode = Mode::Normal;
                let on_screen = self.session.header().clone();
                self.setup
                    .load(position, None, PositionSettings::default(), &on_screen);
                vec![Effect::Search(Box::new(self.begin_search()))]
            }
            Err(e) => {
                self.mode.refuse_fen(e.to_string());
                Vec::new()
            }
        }
    }

    /// Loads library position `index` and searches it.
    pub(crate) fn pick(&mut self, index: usize) -> Vec<Effect> {
        let Some(entry) = self.setup.library.get(index).cloned() else {
            return Vec::new();
        };
        match Position::from_fen(&entry.fen) {
            Ok(position) => {
                let on_screen = self.session.header().clone();
                self.setup
                    .load(position, Some(&entry.id), entry.settings, &on_screen);
                vec![Effect::Search(Box::new(self.begin_search()))]
            }
            Err(e) => {
                self.error(format!("library position {}: {e}", entry.id));
                Vec::new()
            }
        }
    }
}
