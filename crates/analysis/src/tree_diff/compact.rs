//! `CompactTree`: the diff's own index of a search, 16 bytes a node and nothing else — no
//! event kept, no page of the log left mapped. The explorer's [`SearchTree`] keeps links
//! (21 bytes a node) and reads each node's move, result and cutoff back from the log's events,
//! so diffing two mapped logs held both files' pages as well as both indexes (22 bytes an
//! event in all). Here each node's facts are copied out as the events stream by once, a chunk
//! at a time, and the log is never needed again: memory is the two indexes, about 5 bytes an
//! event.
//!
//! Nodes are numbered as `SearchTree` numbers them (in the order they were entered), so a
//! subtree is the id range `id..end`: a node's first child is `id + 1` when `id + 1 < end`, the
//! next sibling of a child is its `end`, and its line from the root is found by descending from
//! its top-level node. Every answer equals `SearchTree`'s for the same events, stray events and
//! nodes left open by a truncated log included (`tests/diff_compact.rs` checks each).
//!
//! [`SearchTree`]: killerscope_trace::SearchTree

use super::shape::{DiffTree, Outcome};
use killerscope_chess::Move;
use killerscope_log::{Bound, Event, EventSource, MoveSource, NodeEntry, NodeKind};
use killerscope_trace::line::Step;
use killerscope_trace::{CutoffInfo, NodeId};

const QUIESCENCE: u8 = 1;
const CLOSED: u8 = 2;
const LOWER: u8 = 4;
const UPPER: u8 = 8;
const CUTOFF: u8 = 16;
const TT_CUTOFF: u8 = 32;
const SAME_POSITION: u8 = 64;
const PASS: u8 = 128;

/// Filler for the cutoff of a node that has none (its `CUTOFF` flag is clear).
const NO_CUT: CutoffInfo = CutoffInfo {
    mv: Move::NULL,
    index: 0,
    source: MoveSource::QUIET,
};

/// One node: where its subtree ends, the move that led to it, how it ended.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The first id past its subtree.
    end: u32,
    /// The score it returned (with `CLOSED`).
    score: i32,
    mv: Move,
    /// The last move that failed high here (with `CUTOFF`).
    cut: CutoffInfo,
    flags: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16, "a node stays 16 bytes");

/// A search's nodes as the diff reads them (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct CompactTree {
    entries: Vec<Entry>,
    roots: Vec<NodeId>,
    /// The remaining depth each top-level node was entered with: its iteration's.
    root_depths: Vec<i8>,
}

/// Builds a [`CompactTree`] from a log's events fed in order, a chunk at a time.
#[derive(Debug, Default)]
pub struct CompactTreeBuilder {
    tree: CompactTree,
    /// Open nodes and their plies, innermost last.
    open: Vec<(NodeId, u8)>,
    /// A node past the last id a `u32` numbers was entered.
    full: bool,
}

impl CompactTreeBuilder {
    /// An empty index.
    pub fn new() -> CompactTreeBuilder {
        CompactTreeBuilder::default()
    }

    /// Indexes the next events of the log, read as `SearchTree` reads them: an exit closes the
    /// innermost open node, a cutoff or a transposition-table cutoff belongs to it, an event
    /// with no open node is stray and ignored.
    pub fn feed(&mut self, chunk: &[Event]) {
        for event in chunk {
            if let Some(entry) = NodeEntry::of(event) {
                self.enter(entry);
                continue;
            }
            let Some(&(id, _)) = self.open.last() else {
                continue;
            };
            let len = self.tree.entries.len() as u32;
            let Some(node) = self.tree.entries.get_mut(id as usize) else {
                continue;
            };
            match *event {
                Event::NodeExit { score, bound } => {
                    node.end = len;
                    node.score = score;
                    node.flags |= CLOSED
                        | match bound {
                            Bound::Exact => 0,
                            Bound::Lower => LOWER,
                            Bound::Upper => UPPER,
                        };
                    self.open.pop();
                }
                Event::Cutoff { .. } => {
                    node.cut = CutoffInfo::of(event).unwrap_or(NO_CUT);
                    node.flags |= CUTOFF;
                }
                Event::TtHit { cutoff: true, .. } => node.flags |= TT_CUTOFF,
                _ => {}
            }
        }
    }

    /// Opens the node `entry` enters, under the innermost open node (or as a top-level node).
    fn enter(&mut self, entry: NodeEntry) {
        let tree = &mut self.tree;
        // Ids stay below `u32::MAX`, so every end fits a `u32`.
        let Some(id) = NodeId::try_from(tree.entries.len())
            .ok()
            .filter(|&id| id < u32::MAX)
        else {
            self.full = true;
            return;
        };
        let parent_ply = self.open.last().map(|&(_, ply)| ply);
        if parent_ply.is_none() {
            tree.roots.push(id);
            tree.root_depths.push(entry.depth);
        }
        let mut flags = match entry.kind {
            NodeKind::Quiescence => QUIESCENCE,
            NodeKind::Main => 0,
        };
        // As `Node::same_position` and `Step::of` tell them apart.
        if entry.mv.is_null() && entry.ply > 0 {
            flags |= if parent_ply == Some(entry.ply) {
                SAME_POSITION
            } else {
                PASS
            };
        }
        tree.entries.push(Entry {
            end: 0,
            score: 0,
            mv: entry.mv,
            cut: NO_CUT,
            flags,
        });
        self.open.push((id, entry.ply));
    }

    /// The index of every event fed; nodes still open (a truncated log) run to the last node.
    /// `None` when the log had more nodes than a `u32` numbers.
    pub fn finish(mut self) -> Option<CompactTree> {
        if self.full {
            return None;
        }
        let len = self.tree.entries.len() as u32;
        for (id, _) in self.open.drain(..) {
            self.tree.entries[id as usize].end = len;
        }
        self.tree.entries.shrink_to_fit();
        self.tree.roots.shrink_to_fit();
        self.tree.root_depths.shrink_to_fit();
        Some(self.tree)
    }
}

impl CompactTree {
    /// The index of `events` (at most `u32::MAX` nodes).
    pub fn build<S: EventSource + ?Sized>(events: &S) -> Option<CompactTree> {
        let mut builder = CompactTreeBuilder::new();
        events.for_each_chunk(0..events.event_count(), &mut |chunk| builder.feed(chunk));
        builder.finish()
    }

    /// Heap bytes it holds.
    pub fn index_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.roots.capacity() * 4
            + self.root_depths.capacity()
    }

    fn entry(&self, id: NodeId) -> Option<&Entry> {
        self.entries.get(id as usize)
    }

    fn end(&self, id: NodeId) -> NodeId {
        self.entry(id).map_or(id, |e| e.end)
    }
}

impl DiffTree for CompactTree {
    fn node_count(&self) -> usize {
        self.entries.len()
    }

    fn top_level(&self) -> &[NodeId] {
        &self.roots
    }

    fn root_depth(&self, root: NodeId) -> i8 {
        match self.roots.binary_search(&root) {
            Ok(k) => self.root_depths[k],
            Err(_) => 0,
        }
    }

    fn nodes_under(&self, id: NodeId) -> u64 {
        u64::from(self.end(id).saturating_sub(id))
    }

    fn child_ids(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let end = self.end(id);
        let first = id.checked_add(1).filter(|&c| c < end);
        // Each node's end is past its id, so the walk moves on and stops at `end`.
        std::iter::successors(first, move |&c| {
            Some(self.end(c)).filter(|&n| n > c && n < end)
        })
    }

    fn entered_by(&self, id: NodeId) -> (Move, bool) {
        self.entry(id).map_or((Move::NULL, false), |e| {
            (e.mv, e.flags & SAME_POSITION != 0)
        })
    }

    fn outcome(&self, id: NodeId) -> Outcome {
        let Some(e) = self.entry(id) else {
            return Outcome {
                kind: NodeKind::Main,
                result: None,
                cutoff: None,
                tt_cutoff: false,
            };
        };
        let bound = if e.flags & LOWER != 0 {
            Bound::Lower
        } else if e.flags & UPPER != 0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        Outcome {
            kind: if e.flags & QUIESCENCE != 0 {
                NodeKind::Quiescence
            } else {
                NodeKind::Main
            },
            result: (e.flags & CLOSED != 0).then_some((e.score, bound)),
            cutoff: (e.flags & CUTOFF != 0).then_some(e.cut),
            tt_cutoff: e.flags & TT_CUTOFF != 0,
        }
    }

    fn top_of(&self, id: NodeId) -> Option<NodeId> {
        let after = self.roots.partition_point(|&r| r <= id);
        let root = *self.roots.get(after.checked_sub(1)?)?;
        (id < self.end(root)).then_some(root)
    }

    fn steps_to(&self, id: NodeId) -> Vec<Step> {
        let Some(mut at) = self.top_of(id) else {
            return Vec::new();
        };
        let mut line = vec![at];
        while at < id {
            // The child of `at` whose subtree holds `id`.
            let Some(child) = self.child_ids(at).find(|&c| id < self.end(c)) else {
                break;
            };
            line.push(child);
            at = child;
        }
        line.into_iter()
            .filter_map(|n| {
                let e = self.entry(n)?;
                if e.flags & SAME_POSITION != 0 {
                    None
                } else if e.flags & PASS != 0 {
                    Some(Step::Pass)
                } else if e.mv.is_null() {
                    None
                } else {
                    Some(Step::Move(e.mv))
                }
            })
            .collect()
    }
}
