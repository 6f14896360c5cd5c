//! How a search's end reaches the explorer: a live search ends in two steps (its result, then,
//! once the runtime has indexed the rest of its spool, its whole tree); a search run elsewhere
//! (a test, a synchronous lesson run) hands over its complete log at once. Either way the
//! status line says what was found, and a lesson waiting for the tree gets its node.

use crate::search::SearchReport;
use crate::trace::EventLog;
use crate::trace::SpoolEnd;
use crate::tui::app::App;
use crate::tui::session::Session;
use crate::tui::setup::selective_label;

impl App {
    /// Takes the end of a search run outside the runtime with its complete log: the session
    /// becomes that log, indexed now, and a lesson step's node and event are shown.
    pub fn finish_search(&mut self, log: EventLog, report: SearchReport) {
        self.session = Session::from_log(self.root.clone(), log);
        self.conclude_search(report, None);
        self.lesson_search_done();
    }

    /// Takes the end of the live search: its PVs and whether recording stopped early. Its
    /// last events may still be indexing; `live_search_indexed` follows when they are.
    pub fn end_live_search(&mut self, end: SpoolEnd, report: SearchReport) {
        self.session.finish_live(end.pvs, end.truncated);
        self.indexing_live = true;
        self.conclude_search(report, end.write_error.map(|e| e.to_string()));
    }

    /// Every event of the ended live search is indexed: a lesson step waiting for its tree
    /// selects its node and event now.
    pub fn live_search_indexed(&mut self) {
        self.indexing_live = false;
        self.lesson_search_done();
    }

    /// The result and the status line, with the reason if recording stopped early.
    fn conclude_search(&mut self, report: SearchReport, write_error: Option<String>) {
        self.searching = false;
        self.elapsed = report.elapsed.as_secs_f64();
        let best = self.notation.format(&self.root, report.best_move);
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
        self.report = Some(report);
    }
}
