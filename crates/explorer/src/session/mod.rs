//! One search as the explorer sees it: the root position, the event log (growing while the
//! search streams, complete once it is done or loaded from a file), its node index and the
//! timeline cursor. Everything the panels show is read from here.

use std::time::Instant;

use killerscope_chess::{Move, Position};
use killerscope_log::{Event, EventLog, Events, LogHeader, Unchecked};
use killerscope_trace::{Replay, SearchTree};

pub mod fold;
pub mod indexer;
pub mod live;
pub mod positions;
mod query;
pub mod scan;
pub mod shown;

use indexer::{IndexState, Indexes, Indexing, Polled};
pub use live::RunState;
use positions::PositionCache;
use scan::Scan;
use shown::Shown;

pub use killerscope_trace::NodeId;

/// Events indexed per step while following a live search's spool, between two looks at the
/// clock.
const FOLLOW_STEP: usize = 1 << 14;

/// A search being watched or browsed.
#[derive(Debug)]
pub struct Session {
    root: Position,
    /// Header, events (in memory, or mapped from a file or a live search's spool), iteration
    /// PVs and the truncation mark: saving writes it as it is.
    log: EventLog<Events>,
    /// What the events index into; it holds the same events as `log`.
    ix: Indexes,
    /// Timeline position: the number of events shown as "happened". `None` follows the end.
    at: Option<usize>,
    /// Positions of recently shown nodes, so deep lines are not replayed every frame.
    positions: PositionCache,
    /// A mapped log's indexes being built in the background: until they are, the tree, the
    /// replay and the folds are empty.
    indexing: Option<Indexing>,
    /// Whether it is still growing.
    run: RunState,
    /// How it was set (depth, limits, switches), read once from its header.
    shown: Shown,
}

impl Session {
    /// An empty session for a search of `root` under `header` (one about to start, or a
    /// position shown before it is searched).
    pub fn new(root: Position, header: LogHeader) -> Session {
        let ix = Indexes::new(&header, Events::default());
        Session {
            shown: Shown::of(&header),
            root,
            log: EventLog::new(header).into(),
            ix,
            at: None,
            positions: PositionCache::default(),
            indexing: None,
            run: RunState::default(),
        }
    }

    /// A session for a search that is starting now.
    pub fn live(root: Position, header: LogHeader) -> Session {
        let mut session = Session::new(root, header);
        session.run.searching = true;
        session
    }

    /// A session over a complete log (a finished search, a trace, a checked `.kslog`),
    /// indexed now.
    pub fn from_log(root: Position, log: impl Into<EventLog<Events>>) -> Session {
        let log = log.into();
        let mut ix = Indexes::new(log.header(), log.events().clone());
        ix.feed_all(log.events(), &log.header().sources);
        ix.shrink_to_fit();
        let mut session = Session::new(root, log.header().clone());
        session.log = log;
        session.install(ix);
        session
    }

    /// A session over a mapped `.kslog` whose events are checked and indexed on a background
    /// thread (`unchecked` is what its opening left to check): it shows the header and the
    /// root position at once, and the rest once `poll_index` installs the indexes.
    pub fn from_mapped(root: Position, log: EventLog<Events>, unchecked: Unchecked) -> Session {
        let indexing = Indexing::spawn(&log, unchecked);
        let mut session = Session::new(root, log.header().clone());
        session.ix.tree = SearchTree::over(log.events());
        session.log = log;
        session.indexing = Some(indexing);
        session
    }

    /// Installs indexes built over this session's events.
    fn install(&mut self, ix: Indexes) {
        self.ix = ix;
        self.indexing = None;
        self.sync_cursor();
    }

    /// Installs the background indexes if they are ready. Returns `Some(Ok)` when it just
    /// did, `Some(Err)` with the reason the first time the indexing is seen to have failed.
    pub fn poll_index(&mut self) -> Option<Result<(), String>> {
        match self.indexing.as_mut()?.poll() {
            Polled::Waiting => None,
            Polled::Ready(built) => {
                self.install(*built);
                Some(Ok(()))
            }
            Polled::Failed(message) => Some(Err(message)),
        }
    }

    /// Waits for the background indexes and installs them (tests and benchmarks); the
    /// indexing's failure, if it failed.
    pub fn wait_index(&mut self) -> Result<(), String> {
        let Some(indexing) = self.indexing.as_mut() else {
            return Ok(());
        };
        match indexing.wait() {
            Some(built) => {
                self.install(built);
                Ok(())
            }
            None => match indexing.state() {
                IndexState::Failed(message) => Err(message),
                IndexState::Running { .. } => Err("the indexer stopped".into()),
            },
        }
    }

    /// Where the background indexing stands; `None` once the indexes are in (or for a
    /// session that never needed them built apart).
    pub fn index_state(&self) -> Option<IndexState> {
        self.indexing.as_ref().map(Indexing::state)
    }

    /// Every event so far.
    pub fn events(&self) -> &Events {
        self.log.events()
    }

    /// What was searched and how.
    pub fn header(&self) -> &LogHeader {
        self.log.header()
    }

    /// How the search on screen was set: its depth, limits and switches, from its header.
    pub fn shown(&self) -> &Shown {
        &self.shown
    }

    /// The searched position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The log: header, events, PVs, truncation mark.
    pub fn log(&self) -> &EventLog<Events> {
        &self.log
    }

    /// The node index.
    pub fn tree(&self) -> &SearchTree {
        &self.ix.tree
    }

    /// Killer, history and countermove tables at any event.
    pub fn replay(&self) -> &Replay {
        &self.ix.replay
    }

    /// The timeline's fold at the timeline position: killer marks and counts, statistics.
    pub fn scan(&self) -> &Scan {
        self.ix.cursor.fold()
    }

    /// The charts' fold, where `seek_charts` last moved it.
    pub fn chart_counts(&self) -> &crate::charts::data::Counts {
        self.ix.charts.fold()
    }

    /// Event index of every `Iteration` event, in order (the k-th owns the k-th PV).
    pub fn iterations(&self) -> &[usize] {
        &self.ix.iterations
    }

    /// The timeline position set by the user (`None`: following the end).
    pub fn at(&self) -> Option<usize> {
        self.at
    }

    /// Whether the search is still growing, and what it reported.
    pub fn run(&self) -> &RunState {
        &self.run
    }

    /// The run state, for the explorer to record what its workers report.
    pub(crate) fn run_mut(&mut self) -> &mut RunState {
        &mut self.run
    }

    /// Appends the PV of an iteration that just finished (a live search's report).
    pub fn push_pv(&mut self, pv: Vec<Move>) {
        self.log.push_pv(pv);
    }

    /// Replaces the source table (a followed trace named its sources after its header).
    pub fn set_sources(&mut self, sources: killerscope_log::SourceTable) {
        self.log.set_sources(sources);
    }

    /// Marks the log cut short (a followed trace that ended mid-node); returns the open nodes.
    pub fn close_open_nodes(&mut self) -> usize {
        let open = self.ix.tree.open_nodes().count();
        if open > 0 {
            self.log.mark_truncated();
        }
        open
    }

    /// Moves the charts' fold to the timeline position (only while the charts are shown: the
    /// fold costs a pass over the events it has not seen).
    pub fn seek_charts(&mut self) {
        if self.indexing.is_some() {
            return;
        }
        let target = self.position();
        let sources = &self.log.header().sources;
        self.ix.charts.seek(self.log.events(), sources, target);
    }

    /// Appends a batch of events received in memory (a followed trace) and indexes it.
    pub fn extend(&mut self, batch: &[Event]) {
        // The log and the tree let go of the events while they grow, so the shared vector grows
        // in place instead of being copied; then both hold it again.
        self.ix.tree.set_events(Events::default());
        self.log.append(batch);
        self.ix.tree.set_events(self.log.events().clone());
        self.ix.feed(batch, &self.log.header().sources);
        self.sync_cursor();
    }

    /// Indexes what a live search's spool has published (`spool`, a view of all of it) until
    /// `deadline`; the session shows the events indexed so far. Returns whether it caught up.
    pub fn follow(&mut self, spool: &Events, deadline: Instant) -> bool {
        let mut buf = Vec::new();
        let start = self.ix.tree.events_seen();
        while self.ix.tree.events_seen() < spool.len() && Instant::now() < deadline {
            let from = self.ix.tree.events_seen();
            spool.decode_into(from..spool.len().min(from + FOLLOW_STEP), &mut buf);
            if buf.is_empty() {
                break;
            }
            self.ix.feed(&buf, &self.log.header().sources);
        }
        let seen = self.ix.tree.events_seen();
        if seen != start {
            let shown = spool.with_len(seen);
            self.ix.tree.set_events(shown.clone());
            self.log.set_events(shown);
            self.sync_cursor();
        }
        seen >= spool.len()
    }

    /// The search ended: its final PVs and whether its log was cut short.
    pub fn finish_live(&mut self, pvs: Vec<Vec<Move>>, truncated: bool) {
        self.log.set_pvs(pvs);
        if truncated {
            self.log.mark_truncated();
        }
    }

    /// The log as `Save` writes it: one PV per iteration event shown (a live search's last
    /// PV may come before its event is indexed), and marked truncated while nodes are open.
    pub fn log_to_save(&self) -> EventLog<Events> {
        let mut log = self.log.clone();
        if self.indexing.is_none() {
            let mut pvs = log.pvs().to_vec();
            pvs.resize(self.ix.iterations.len(), Vec::new());
            log.set_pvs(pvs);
        }
        if self.ix.tree.open_nodes().next().is_some() {
            log.mark_truncated();
        }
        log
    }

    /// The timeline position (events counted as happened).
    pub fn position(&self) -> usize {
        self.at.unwrap_or(self.log.len())
    }

    /// Moves the timeline to `index` events; at or past the end it follows the end again.
    pub fn seek(&mut self, index: usize) {
        self.at = (index < self.log.len()).then_some(index);
        self.sync_cursor();
    }

    /// Moves the timeline's fold to the position (not while the background indexer builds
    /// it).
    fn sync_cursor(&mut self) {
        if self.indexing.is_some() {
            return;
        }
        let target = self.position();
        let sources = &self.log.header().sources;
        self.ix.cursor.seek(self.log.events(), sources, target);
    }
}
