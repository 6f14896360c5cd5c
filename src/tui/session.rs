//! One search as the explorer sees it: the root position, the event log (growing while the
//! search streams, complete once it is done or loaded from a file), its node index and the
//! timeline cursor. Everything the panels show is read from here.

use std::time::Instant;

use crate::chess::{Move, Position};
use crate::trace::{
    Event, EventLog, EventSource, Events, LogHeader, Marks, Node, Replay, SearchTree, Unchecked,
};

use super::charts::data::Cursor as ChartCursor;
use super::indexer::{Built, IndexState, Indexing, Polled};
use super::positions::PositionCache;
use super::scan::Cursor;

pub use crate::trace::NodeId;

/// Events indexed per step while following a live search's spool, between two looks at the
/// clock.
const FOLLOW_STEP: usize = 1 << 14;

/// A search being watched or browsed.
#[derive(Debug)]
pub struct Session {
    /// The searched position.
    pub root: Position,
    /// The log so far: header, events (in memory, or mapped from a file or a live search's
    /// spool), iteration PVs and the truncation mark. Saving writes it as it is.
    pub log: EventLog<Events>,
    /// Event index of every `Iteration` event, in order (the k-th owns `pvs[k]`).
    pub iterations: Vec<usize>,
    /// The node index, extended as events arrive; it holds the same events as `log`.
    pub tree: SearchTree,
    /// Killer rows at any event index, extended as events arrive.
    pub replay: Replay,
    /// The timeline's fold over the events.
    pub cursor: Cursor,
    /// The charts' fold over the events, moved to the timeline position only while the charts
    /// are drawn (it belongs to this log, so a new search starts it afresh).
    pub charts: ChartCursor,
    /// Timeline position: the number of events shown as "happened". `None` follows the end.
    pub at: Option<usize>,
    /// Positions of recently shown nodes, so deep lines are not replayed every frame.
    positions: PositionCache,
    /// A mapped log's indexes being built in the background: until they are, the tree, the
    /// replay and the folds are empty.
    indexing: Option<Indexing>,
}

impl Session {
    /// An empty session for a search of `root` that is about to start.
    pub fn new(root: Position, header: LogHeader) -> Session {
        let replay = Replay::for_header(&header);
        let cursor = Cursor::new(replay.killer_rows_by_depth());
        Session {
            root,
            log: EventLog::new(header).into(),
            iterations: Vec::new(),
            tree: SearchTree::default(),
            replay,
            cursor,
            charts: ChartCursor::default(),
            at: None,
            positions: PositionCache::default(),
            indexing: None,
        }
    }

    /// A session over a complete log (a finished search, a trace, a checked `.kslog`),
    /// indexed now.
    pub fn from_log(root: Position, log: impl Into<EventLog<Events>>) -> Session {
        let log = log.into();
        let mut session = Session::new(root, log.header().clone());
        let mut builder = super::indexer::Builder::new(&log);
        log.events()
            .for_each_chunk(0..log.len(), &mut |c| builder.feed(c));
        session.log = log;
        session.install(builder.finish());
        session
    }

    /// A session over a mapped `.kslog` whose events are checked and indexed on a background
    /// thread (`unchecked` is what its opening left to check): it shows the header and the
    /// root position at once, and the rest once `poll_index` installs the indexes.
    pub fn from_mapped(root: Position, log: EventLog<Events>, unchecked: Unchecked) -> Session {
        let indexing = Indexing::spawn(&log, unchecked);
        let mut session = Session::new(root, log.header().clone());
        session.tree = SearchTree::over(log.events());
        session.log = log;
        session.indexing = Some(indexing);
        session
    }

    /// Installs indexes built over this session's events.
    fn install(&mut self, built: Built) {
        self.tree = built.tree;
        self.replay = built.replay;
        self.iterations = built.iterations;
        self.cursor = built.cursor;
        self.charts = built.charts;
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

    /// Appends a batch of events received in memory (a followed trace) and indexes it.
    pub fn extend(&mut self, batch: &[Event]) {
        self.note_iterations(batch, self.log.len());
        // The log lets go of the events while the tree appends, so the shared vector grows in
        // place instead of being copied; then both hold it again.
        self.log.set_events(Events::default());
        self.tree.extend(batch);
        self.log.set_events(self.tree.events().clone());
        self.replay.extend(batch);
        self.sync_cursor();
    }

    /// Indexes what a live search's spool has published (`spool`, a view of all of it) until
    /// `deadline`; the session shows the events indexed so far. Returns whether it caught up.
    pub fn follow(&mut self, spool: &Events, deadline: Instant) -> bool {
        let mut buf = Vec::new();
        let start = self.tree.events_seen();
        while self.tree.events_seen() < spool.len() && Instant::now() < deadline {
            let from = self.tree.events_seen();
            spool.decode_into(from..spool.len().min(from + FOLLOW_STEP), &mut buf);
            if buf.is_empty() {
                break;
            }
            self.note_iterations(&buf, from);
            self.tree.index_chunk(&buf);
            self.replay.extend(&buf);
            // Following the end, the timeline's fold takes the decoded events too, inside
            // the budget, instead of decoding them again afterwards.
            if self.at.is_none() && self.cursor.scan().applied() == from {
                self.cursor.advance(&buf, &self.log.header().sources);
            }
        }
        let seen = self.tree.events_seen();
        if seen != start {
            let shown = spool.with_len(seen);
            self.tree.set_events(shown.clone());
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
            pvs.resize(self.iterations.len(), Vec::new());
            log.set_pvs(pvs);
        }
        if self.tree.open_nodes().next().is_some() {
            log.mark_truncated();
        }
        log
    }

    fn note_iterations(&mut self, batch: &[Event], base: usize) {
        let found = batch.iter().enumerate();
        self.iterations.extend(
            found
                .filter(|(_, e)| matches!(e, Event::Iteration { .. }))
                .map(|(i, _)| base + i),
        );
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
        self.cursor.seek(self.log.events(), sources, target);
    }

    /// The node the event at `index` belongs to (the innermost node open at that event).
    pub fn node_at_event(&self, index: usize) -> Option<NodeId> {
        self.tree.node_at_event(index)
    }

    /// The node record; `None` only for an id from another session.
    pub fn node(&self, id: NodeId) -> Option<Node<'_>> {
        self.tree.node(id)
    }

    /// Children of `parent` in the order searched; `None` lists the search roots (one per
    /// iteration).
    pub fn children(&self, parent: Option<NodeId>) -> Box<dyn Iterator<Item = NodeId> + '_> {
        match parent {
            Some(p) => Box::new(self.tree.children(p)),
            None => Box::new(self.tree.roots().iter().copied()),
        }
    }

    /// Number of children of `parent` (`None` = number of roots).
    pub fn child_count(&self, parent: Option<NodeId>) -> usize {
        match parent {
            Some(p) => self.node(p).map_or(0, |n| n.child_count() as usize),
            None => self.tree.roots().len(),
        }
    }

    /// The first child of `parent` (`None` = the first search root).
    pub fn first_child(&self, parent: Option<NodeId>) -> Option<NodeId> {
        match parent {
            Some(p) => self.node(p).and_then(Node::first_child),
            None => self.tree.roots().first().copied(),
        }
    }

    /// The last child of `parent` so far (`None` = the last search root).
    pub fn last_child(&self, parent: Option<NodeId>) -> Option<NodeId> {
        match parent {
            Some(p) => self.node(p).and_then(Node::last_child),
            None => self.tree.roots().last().copied(),
        }
    }

    /// The sibling searched after `id` (for a root, the next root).
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(Node::next_sibling)
    }

    /// The sibling searched before `id` (for a root, the previous root).
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(Node::prev_sibling)
    }

    /// What selective search did at `id` (reduced, searched again, null move, pruned,
    /// aspiration window), read from the events next to it.
    pub fn marks(&self, id: NodeId) -> Marks {
        Marks::of(&self.tree, self.events(), id)
    }

    /// Whether `id` searches the move of its previous sibling again: a principal variation
    /// search re-search (the null-window search failed high; full window now) or, with late
    /// move reductions, the full-depth search after a reduced one failed high (`marks` says
    /// which). Without this the searches look like identical sibling rows.
    pub fn is_research(&self, id: NodeId) -> bool {
        let Some(node) = self.node(id) else {
            return false;
        };
        !node.mv().is_null()
            && node
                .prev_sibling()
                .and_then(|p| self.node(p))
                .is_some_and(|p| p.mv() == node.mv())
    }

    /// Whether the node has children.
    pub fn has_children(&self, id: NodeId) -> bool {
        self.node(id).is_some_and(|n| n.child_count() > 0)
    }

    /// The node's parent (`None` for a root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(Node::parent)
    }

    /// Whether `ancestor` is `id` or above it: pre-order ids make this a range test.
    pub fn is_ancestor(&self, ancestor: NodeId, id: NodeId) -> bool {
        self.tree.is_ancestor(ancestor, id)
    }

    /// The position at `id` (the root position for `None` or an unplayable line). Reached from
    /// the nearest recently shown ancestor, so a deep selection costs its new moves only.
    pub fn position_at(&self, id: Option<NodeId>) -> Position {
        id.and_then(|id| self.positions.at(&self.tree, &self.root, id))
            .unwrap_or_else(|| self.root.clone())
    }

    /// The principal variation of the iteration `id` belongs to and how many of its moves the
    /// line to `id` has played, if that line follows it (a null move leaves it). The tree panel extends this from a
    /// row to its children a move at a time instead of asking for every row; the walk up stops
    /// once the line is longer than the PV.
    pub fn pv_prefix(&self, id: NodeId) -> Option<(&[Move], usize)> {
        let top = self.tree.root_of(id)?;
        let enter = self.node(top).map_or(0, Node::enter_event);
        let pv = self
            .log
            .pvs()
            .get(self.iterations.partition_point(|&i| i < enter))?;
        let mut line = Vec::new();
        for n in std::iter::once(id).chain(self.tree.ancestors(id)) {
            let node = self.node(n)?;
            if node.is_null_move() {
                return None;
            }
            let mv = node.mv();
            if !mv.is_null() {
                if line.len() == pv.len() {
                    return None;
                }
                line.push(mv);
            }
        }
        let played = line.len();
        line.iter()
            .rev()
            .eq(&pv[..played])
            .then_some((pv.as_slice(), played))
    }

    /// Whether `id` lies on the principal variation of its iteration (as far as that PV goes).
    pub fn on_pv(&self, id: NodeId) -> bool {
        self.pv_prefix(id).is_some()
    }
}
