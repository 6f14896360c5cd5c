//! The query line (`/`): the filter language of `killerscope log query`
//! (`killerscope_analysis`'s `node_query`, one parser and one evaluator for both) run over the session's
//! nodes. The matches are kept as a bit per node id (`MatchSet`) so the tree marks its rows in
//! one load each and `.` / `,` step to the next / previous match in tree order (node ids are
//! entry order). A log of more than `BACKGROUND_NODES` nodes is queried on the runtime's thread
//! (a job, `Effect::Job`), its progress reported every frame for the gauge, and cancelled by
//! `Effect::Stop` (Esc / s); a smaller one is queried at once.

use std::sync::atomic::AtomicBool;

use crate::action::Effect;
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows, field};
use crate::mode::Mode;
use crate::session::{NodeId, Session};
use crate::tree_view::TreeView;
use killerscope_analysis::{MatchSet, NodeQuery, QueryResult};
use killerscope_engine::fmt::grouped;
use killerscope_log::{Events, LogHeader};
use killerscope_trace::{FoldControl, FoldProgress, RecordStream};

use super::{Control, Cx, Hooks, Job, JobEvent, Stops, View};

/// What the query's keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryAction {
    /// Open the query line (the filter language of `killerscope log query`).
    Open,
    /// Run the query typed in the line (or show why it was refused).
    Submit,
    /// Select the next (+1) or previous (-1) node the last query matched, in tree order.
    Step(isize),
}

impl View for QueryState {
    type Action = QueryAction;
    /// A background query's matches, or why it did not finish ("cancelled").
    type Notice = Result<QueryResult, String>;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        let mut rows = Rows::with(Context::Normal, Group::Tree, [
            (&[Char('/')], "/",   QueryAction::Open.into(),     "query the nodes (as log query): marks matches"),
            (&[Char('.')], ". ,", QueryAction::Step(1).into(),  "next / previous query match"),
            (&[Char(',')], "",    QueryAction::Step(-1).into(), ""),
        ]).done();
        let run = "run the query: mark its matches in the tree";
        rows.extend(field(Context::Query, Group::QueryEntry, QueryAction::Submit.into(), run));
        rows
    }

    fn update(&mut self, action: QueryAction, cx: &mut Cx) -> Vec<Effect> {
        match action {
            QueryAction::Open => *cx.mode = Mode::query_line(&self.last),
            QueryAction::Submit => {
                if let Mode::Query { input, .. } = &*cx.mode {
                    let text = input.text().trim().to_string();
                    return self.run_line(&text, cx);
                }
            }
            QueryAction::Step(dir) => {
                let said = self.step_in(cx.tree, cx.session, dir);
                cx.info(said);
            }
        }
        Vec::new()
    }

    fn job(&mut self, event: JobEvent<Self::Notice>, cx: &mut Cx) -> Vec<Effect> {
        let result = match event {
            JobEvent::Progress(done, total) => {
                self.progress(FoldProgress { done, total });
                return Vec::new();
            }
            JobEvent::Done(result) => result,
            JobEvent::Stopped => Err("cancelled".into()),
            JobEvent::Lost => Err("the query's thread ended without a result".into()),
        };
        if let Some((said, first)) = self.ended(result) {
            if let Some(id) = first {
                cx.select(id);
            }
            cx.info(said);
        }
        Vec::new()
    }
}

impl Hooks for QueryState {
    /// Forgets the matches (the session on screen changed: its ids name other nodes); a
    /// result still coming from the runtime is dropped when it arrives.
    fn forget(&mut self) {
        self.found = None;
        self.running = None;
    }

    fn moving(&self) -> bool {
        self.running.is_some()
    }

    fn busy(&self) -> bool {
        self.running.is_some()
    }
}

/// Above this many nodes a query runs on the runtime's thread behind a gauge.
pub const BACKGROUND_NODES: usize = 1_000_000;

/// The query line's state: the last query's matches, the one running, the text last typed.
#[derive(Debug)]
pub struct QueryState {
    /// The last query run to its end and what it matched.
    found: Option<(String, MatchSet)>,
    /// The query running on the runtime's thread, and how far it has got (events).
    running: Option<(String, FoldProgress)>,
    /// The text the line last ran (it opens with it, to be edited).
    last: String,
    /// Above this many nodes a query runs on the runtime's thread (`BACKGROUND_NODES` unless
    /// the explorer was built with another: `Explorer::with_background_query`).
    background_nodes: usize,
}

impl Default for QueryState {
    fn default() -> QueryState {
        QueryState::with_threshold(BACKGROUND_NODES)
    }
}

/// A query for the runtime to run on its thread.
#[derive(Debug, PartialEq)]
pub struct QueryJob {
    /// The compiled query.
    pub query: NodeQuery,
    /// The log's header and events (shared, not copied) and whether it was cut short.
    pub log: (LogHeader, Events, bool),
}

impl QueryJob {
    /// Runs the query over the whole log under `cancel`, reporting the events done to
    /// `progress`; `Err` says why it did not finish ("cancelled" when stopped).
    pub fn run(
        &self,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(FoldProgress),
    ) -> Result<QueryResult, String> {
        let (header, events, truncated) = self.log.clone();
        let record = RecordStream::from_events(header, events, truncated);
        let mut control = FoldControl::default()
            .cancel_on(cancel)
            .on_progress(progress);
        self.query
            .run_marked(record, &mut control)
            .map_err(|e| e.to_string())
    }
}

/// Works a background query out (on the runtime's thread), publishing the events done.
fn work(job: QueryJob, control: &Control) -> Result<QueryResult, String> {
    job.run(control.stop_flag(), &mut |p| {
        control.progress(p.done, p.total)
    })
}

/// What submitting the line led to.
#[derive(Debug)]
pub enum Submitted {
    /// The query does not read: the line stays open with this error (it names the column).
    Refused(String),
    /// It ran at once: what the status line says, and the first match to select.
    Done(String, Option<NodeId>),
    /// It runs on the runtime's thread.
    Background(Box<QueryJob>, String),
}

impl QueryState {
    /// No query yet; logs of more than `background_nodes` nodes are queried in the background.
    pub fn with_threshold(background_nodes: usize) -> QueryState {
        QueryState {
            found: None,
            running: None,
            last: String::new(),
            background_nodes,
        }
    }

    /// The text the line opens with: the last query run.
    pub fn last_text(&self) -> &str {
        &self.last
    }

    /// The last query's text and matches.
    pub fn found(&self) -> Option<(&str, &MatchSet)> {
        self.found.as_ref().map(|(t, s)| (t.as_str(), s))
    }

    /// Whether the tree marks node `id` as a match.
    pub fn marks(&self, id: NodeId) -> bool {
        self.found
            .as_ref()
            .is_some_and(|(_, s)| s.contains(u64::from(id)))
    }

    /// The query running on the runtime's thread and its progress (events done, of total).
    pub fn running(&self) -> Option<(&str, FoldProgress)> {
        self.running.as_ref().map(|(t, p)| (t.as_str(), *p))
    }

    /// Runs the query typed in the query line: at once (selecting its first match), on the
    /// runtime's thread for a big log, or refused with the line left open to fix it.
    fn run_line(&mut self, text: &str, cx: &mut Cx) -> Vec<Effect> {
        match self.submit(cx.session, text) {
            Submitted::Refused(why) => cx.mode.refuse_fen(why),
            Submitted::Done(said, first) => {
                *cx.mode = Mode::Normal;
                if let Some(id) = first {
                    cx.select(id);
                }
                cx.info(said);
            }
            Submitted::Background(job, said) => {
                *cx.mode = Mode::Normal;
                cx.info(said);
                let stops = Stops {
                    on_stop_key: true,
                    on_new_search: false,
                };
                return vec![Effect::Job(Job::new::<QueryState, QueryJob>(
                    *job, stops, work,
                ))];
            }
        }
        Vec::new()
    }

    /// Compiles `text` against the session's header and runs it, at once or on the runtime's
    /// thread for a big log.
    pub fn submit(&mut self, session: &Session, text: &str) -> Submitted {
        if session.run().is_live() {
            return Submitted::Refused(
                "the search is still running: query it once it has finished (s stops it)".into(),
            );
        }
        let query = match NodeQuery::compile(text, session.header()) {
            Ok(q) => q,
            Err(e) => return Submitted::Refused(e.to_string()),
        };
        self.last = text.to_string();
        let log = session.log();
        let job = QueryJob {
            query,
            log: (
                log.header().clone(),
                log.events().clone(),
                log.is_truncated(),
            ),
        };
        let nodes = session.tree().len();
        if nodes > self.background_nodes {
            let total = log.events().len() as u64;
            self.running = Some((text.to_string(), FoldProgress { done: 0, total }));
            let said = format!(
                "querying {} nodes in the background… (Esc or s stops)",
                grouped(nodes as u64)
            );
            return Submitted::Background(Box::new(job), said);
        }
        let (said, first) = self.finish(text, job.run(&AtomicBool::new(false), &mut |_| {}));
        Submitted::Done(said, first)
    }

    /// The runtime's query has got this far.
    pub fn progress(&mut self, progress: FoldProgress) {
        if let Some((_, p)) = self.running.as_mut() {
            *p = progress;
        }
    }

    /// The runtime's query ended: what the status line says and the first match to select
    /// (`None` to say nothing: a query for a session no longer on screen).
    pub fn ended(
        &mut self,
        result: Result<QueryResult, String>,
    ) -> Option<(String, Option<NodeId>)> {
        let (text, _) = self.running.take()?;
        Some(self.finish(&text, result))
    }

    fn finish(
        &mut self,
        text: &str,
        result: Result<QueryResult, String>,
    ) -> (String, Option<NodeId>) {
        let result = match result {
            Ok(r) => r,
            Err(why) => return (format!("query stopped: {why}"), None),
        };
        let set = result.marked.unwrap_or_default();
        let first = set
            .next_after(None)
            .and_then(|id| NodeId::try_from(id).ok());
        let said = match set.count() {
            0 => format!("query: no node of {} matches", grouped(result.nodes)),
            n => format!(
                "query: {} of {} nodes match · . / , next / previous match",
                grouped(n),
                grouped(result.nodes)
            ),
        };
        self.found = Some((text.to_string(), set));
        (said, first)
    }

    /// `.` / `,`: selects the next (`dir` > 0) or previous match in `view`, opening its path;
    /// what the status line says.
    pub fn step_in(&self, view: &mut TreeView, session: &Session, dir: isize) -> String {
        match self.step(view.selected_node(), dir) {
            Ok((id, said)) => {
                view.select_node(session, id);
                said
            }
            Err(said) => said,
        }
    }

    /// The next (`dir` > 0) or previous match from `selected`, wrapping around, and the status
    /// line's "match 3 of 1,204"; or what to say when there is none.
    pub fn step(&self, selected: Option<NodeId>, dir: isize) -> Result<(NodeId, String), String> {
        let Some((_, set)) = &self.found else {
            return Err("no query yet: / opens the query line".into());
        };
        let from = selected.map(u64::from);
        let id = if dir >= 0 {
            set.next_after(from).or_else(|| set.next_after(None))
        } else {
            set.prev_before(from).or_else(|| set.prev_before(None))
        };
        let Some(id) = id else {
            return Err("the query matched no node".into());
        };
        let node = NodeId::try_from(id).map_err(|_| format!("node {id} is beyond the tree"))?;
        Ok((
            node,
            format!(
                "match {} of {}",
                grouped(set.rank(id)),
                grouped(set.count())
            ),
        ))
    }
}
