//! One search as the explorer sees it: the root position, the event log (growing while the
//! search streams, complete once it is done or loaded from a file), its node index and the
//! timeline cursor. Everything the panels show is read from here.

use crate::chess::{Move, Position};
use crate::trace::{Event, EventLog, LogHeader, Marks, Node, Replay, SearchTree};

use super::charts::data::Cursor as ChartCursor;
use super::positions::PositionCache;
use super::scan::Cursor;

pub use crate::trace::NodeId;

/// A search being watched or browsed.
#[derive(Debug)]
pub struct Session {
    /// The searched position.
    pub root: Position,
    /// The log so far: header, events, iteration PVs and the truncation mark. Saving writes
    /// it as it is.
    pub log: EventLog,
    /// Event index of every `Iteration` event, in order (the k-th owns `pvs[k]`).
    pub iterations: Vec<usize>,
    /// The node index, extended as events arrive.
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
}

impl Session {
    /// An empty session for a search of `root` that is about to start.
    pub fn new(root: Position, header: LogHeader) -> Session {
        let replay = Replay::for_header(&header);
        let cursor = Cursor::new(replay.killer_rows_by_depth());
        Session {
            root,
            log: EventLog::new(header),
            iterations: Vec::new(),
            tree: SearchTree::default(),
            replay,
            cursor,
            charts: ChartCursor::default(),
            at: None,
            positions: PositionCache::default(),
        }
    }

    /// A session over a complete log (a finished search, or a `.kslog` file).
    pub fn from_log(root: Position, log: EventLog) -> Session {
        let mut session = Session::new(root, log.header().clone());
        session.replace_log(log);
        session
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        self.log.events()
    }

    /// What was searched and how.
    pub fn header(&self) -> &LogHeader {
        self.log.header()
    }

    /// Appends a streamed batch of events.
    pub fn extend(&mut self, batch: &[Event]) {
        self.note_iterations(batch);
        self.log.append(batch);
        self.tree.extend(batch);
        self.replay.extend(batch);
        self.sync_cursor();
    }

    /// Takes the final log of a finished search: its events are the streamed ones (plus any the
    /// last batch had not delivered yet) and it carries the PVs. The streamed copy is dropped,
    /// not merged.
    pub fn replace_log(&mut self, log: EventLog) {
        let fresh = log.events().get(self.log.len()..).unwrap_or(&[]);
        self.tree.extend(fresh);
        self.replay.extend(fresh);
        self.note_iterations(fresh);
        self.log = log;
        self.sync_cursor();
    }

    fn note_iterations(&mut self, batch: &[Event]) {
        let base = self.log.len();
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

    fn sync_cursor(&mut self) {
        let target = self.position();
        let sources = &self.log.header().sources;
        self.cursor.seek(self.log.events(), sources, target);
    }

    /// The node the event at `index` belongs to (the innermost node open at that event).
    pub fn node_at_event(&self, index: usize) -> Option<NodeId> {
        self.tree.node_at_event(index)
    }

    /// The node record; `None` only for an id from another session.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
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
