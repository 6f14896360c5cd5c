//! `Replay`: the search's killer, mate-killer, countermove and history tables as they were after
//! any number of events, answered by binary search over per-key indexes (and, for history, from
//! the nearest snapshot) instead of rescanning the log or re-running the search. (The path from
//! the root at any event is the tree index's: `SearchTree::path_at`.) What it keeps grows with
//! the stores and cutoffs, not with the nodes.
//!
//! History is updated by the search's own `HistoryTable` (`reward` for a quiet cutoff in a
//! main-search node, `age` before every iteration after the first), so the rule lives in one
//! place. The side to move at a node follows from the root's side and the node's ply: every ply
//! is one half-move, a null move included. Killer rows, mate killers and countermoves need no
//! rule: each store event carries the new value. With `killerindex=depth` a killer row is a
//! remaining depth, not a ply. A filtered log replays exactly only what it recorded.

use crate::stores::StoreHistory;
use killerscope_chess::{Color, Move};
use killerscope_engine::HISTORY_MAX;
use killerscope_engine::HistoryTable;
use killerscope_engine::{COUNTER_KEYS, CounterKey};
use killerscope_log::EventLog;
use killerscope_log::EventSource;
use killerscope_log::LogHeader;
use killerscope_log::SourceTable;
use killerscope_log::{Event, KillerSlots, MoveSource, NodeKind};

pub use killerscope_engine::HistoryScores;

/// Where a killer cut off: the ply, slot, move and event index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerCutoff {
    /// Index of the `Cutoff` event.
    pub event: usize,
    /// The killer slot (0-based) the move was taken from.
    pub slot: u8,
    /// The killer move.
    pub mv: Move,
}

/// One history update, applied through `HistoryTable`'s own methods.
#[derive(Clone, Copy, Debug)]
enum HistoryOp {
    /// `HistoryTable::reward(side, mv, depth)`.
    Reward { side: Color, mv: Move, depth: i8 },
    /// `HistoryTable::age()`.
    Age,
}

/// Quiet cutoffs (and halvings) between history snapshots: bounds the work of one query.
const SNAPSHOT_EVERY: usize = 4096;

/// An open node as the replay tracks it: ply, depth, kind.
#[derive(Clone, Copy, Debug)]
struct Open {
    ply: u8,
    depth: i8,
    kind: NodeKind,
}

/// Killer and history state at any event index of one search log; grows with `extend`.
#[derive(Clone, Debug)]
pub struct Replay {
    root_side: Color,
    /// Whether the search used history (else the table stays empty).
    history_on: bool,
    /// Which source codes are killer slots.
    sources: SourceTable,
    /// Whether killer rows are remaining depths (`killerindex=depth`) rather than plies.
    rows_by_depth: bool,
    events_seen: usize,
    /// Per killer row: the row after each store.
    stores: StoreHistory<KillerSlots>,
    /// Per ply: the mate killer after each store.
    mate_killers: StoreHistory<Move>,
    /// Per countermove key: the reply after each store.
    countermoves: StoreHistory<Move>,
    /// Per killer row: cutoffs by killer moves.
    killer_cuts: Vec<Vec<(u32, u8, Move)>>,
    stack: Vec<Open>,
    /// An iteration finished: the next top-level node starts a new one, which ages history.
    iteration_done: bool,
    ops: Vec<(u32, HistoryOp)>,
    history: HistoryTable,
    /// (ops applied, table) every `SNAPSHOT_EVERY` ops, starting with the empty table.
    snapshots: Vec<(usize, HistoryTable)>,
}

impl Replay {
    /// An empty replay of a search whose root has `root_side` to move; `history_cap` is the
    /// search's history saturation bound (`HISTORY_MAX` for this engine).
    pub fn new(root_side: Color, history_cap: u32) -> Replay {
        let history = HistoryTable::with_cap(history_cap);
        Replay {
            root_side,
            history_on: true,
            sources: SourceTable::builtin(),
            rows_by_depth: false,
            events_seen: 0,
            stores: StoreHistory::default(),
            mate_killers: StoreHistory::default(),
            countermoves: StoreHistory::default(),
            killer_cuts: Vec::new(),
            stack: Vec::new(),
            iteration_done: false,
            ops: Vec::new(),
            snapshots: vec![(0, history.clone())],
            history,
        }
    }

    /// An empty replay set up for the search `header` describes: root side from its FEN,
    /// this engine's history cap, its source table, and history off when its ordering says
    /// `history=off`. Feed it with `extend` (e.g. as a live search streams).
    pub fn for_header(header: &LogHeader) -> Replay {
        let side = match header.fen.split_whitespace().nth(1) {
            Some("b") => Color::Black,
            _ => Color::White,
        };
        let mut replay = Replay::new(side, HISTORY_MAX);
        replay.sources = header.sources.clone();
        replay.history_on = header.history_on();
        replay.rows_by_depth = header.ordering_setting("killerindex") == Some("depth");
        replay
    }

    /// The replay of a whole log, its events in memory or mapped.
    pub fn from_log<E: EventSource>(log: &EventLog<E>) -> Replay {
        let mut replay = Replay::for_header(log.header());
        log.source()
            .for_each_chunk(0..log.len(), &mut |chunk| replay.extend(chunk));
        replay
    }

    /// Number of events replayed so far.
    pub fn events_seen(&self) -> usize {
        self.events_seen
    }

    /// Indexes events that follow the ones seen so far.
    pub fn extend(&mut self, events: &[Event]) {
        for (k, event) in events.iter().enumerate() {
            let i = (self.events_seen + k) as u32;
            match *event {
                Event::NodeEnter {
                    ply, depth, kind, ..
                } => {
                    if self.stack.is_empty() && std::mem::take(&mut self.iteration_done) {
                        self.apply(i, HistoryOp::Age);
                    }
                    self.stack.push(Open { ply, depth, kind });
                }
                Event::NodeExit { .. } => {
                    self.stack.pop();
                }
                Event::KillerStore { ply, slots, .. } => {
                    self.stores.push(usize::from(ply), i, slots);
                }
                Event::MateKillerStore { ply, mv } => {
                    self.mate_killers.push(usize::from(ply), i, mv);
                }
                Event::CounterStore { key, mv } => {
                    self.countermoves.push(usize::from(key), i, mv);
                }
                Event::Cutoff { mv, source, .. } => self.cutoff(i, mv, source),
                Event::Iteration { .. } => self.iteration_done = true,
                // Kinds that change no table or path: new kinds start here too.
                _ => {}
            }
        }
        self.events_seen += events.len();
    }

    fn cutoff(&mut self, i: u32, mv: Move, source: MoveSource) {
        let Some(&node) = self.stack.last() else {
            return;
        };
        if let Some(slot) = self.sources.killer_slot(source) {
            let row = if self.rows_by_depth {
                node.depth.max(0) as u8
            } else {
                node.ply
            };
            grow(&mut self.killer_cuts, row)[row as usize].push((i, slot, mv));
        }
        if node.kind == NodeKind::Main && mv.is_quiet() && self.history_on {
            let side = if node.ply.is_multiple_of(2) {
                self.root_side
            } else {
                self.root_side.flip()
            };
            let op = HistoryOp::Reward {
                side,
                mv,
                depth: node.depth,
            };
            self.apply(i, op);
        }
    }

    fn apply(&mut self, i: u32, op: HistoryOp) {
        op.apply_to(&mut self.history);
        self.ops.push((i, op));
        if self.ops.len().is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push((self.ops.len(), self.history.clone()));
        }
    }

    /// Whether killer rows are remaining depths (`killerindex=depth`) rather than plies.
    pub fn killer_rows_by_depth(&self) -> bool {
        self.rows_by_depth
    }

    /// The killer row of a node at `ply` with remaining `depth`: its ply, or its depth when the
    /// search indexed killers by depth.
    pub fn killer_row_of(&self, ply: u8, depth: i8) -> u8 {
        if self.rows_by_depth {
            depth.max(0) as u8
        } else {
            ply
        }
    }

    /// Killer row `row` (a ply, or a depth with `killerindex=depth`) after the first `n` events
    /// (empty before its first store).
    pub fn killer_row(&self, row: u8, n: usize) -> KillerSlots {
        self.stores
            .at(usize::from(row), n)
            .map_or(KillerSlots::default(), |(_, slots)| slots)
    }

    /// The killer table (every row that ever had a store) after the first `n` events.
    pub fn killers_at(&self, n: usize) -> Vec<KillerSlots> {
        (0..self.stores.key_count())
            .map(|row| self.killer_row(row as u8, n))
            .collect()
    }

    /// The mate killer of `ply` after the first `n` events (`Move::NULL` before any store).
    pub fn mate_killer(&self, ply: u8, n: usize) -> Move {
        self.mate_killers
            .at(usize::from(ply), n)
            .map_or(Move::NULL, |(_, mv)| mv)
    }

    /// Every ply that ever had a mate killer: the rows worth showing.
    pub fn mate_killer_plies(&self) -> usize {
        self.mate_killers.key_count()
    }

    /// The countermove table after the first `n` events: every answered move with a reply, with
    /// the index of the event that stored it, most recent store first.
    pub fn countermoves_at(&self, n: usize) -> Vec<(CounterKey, Move, usize)> {
        let mut entries: Vec<(CounterKey, Move, usize)> =
            (0..self.countermoves.key_count().min(COUNTER_KEYS))
                .filter_map(|index| {
                    let key = CounterKey::from_index(index)?;
                    let (event, mv) = self.countermoves.at(index, n)?;
                    Some((key, mv, event))
                })
                .collect();
        entries.sort_by_key(|e| std::cmp::Reverse(e.2));
        entries
    }

    /// The last cutoff by a killer move in killer row `row` within the first `n` events: which
    /// slot cut.
    pub fn last_killer_cutoff(&self, row: u8, n: usize) -> Option<KillerCutoff> {
        let cuts = self.killer_cuts.get(row as usize)?;
        let k = cuts.partition_point(|&(i, _, _)| (i as usize) < n);
        let (event, slot, mv) = cuts[k.checked_sub(1)?];
        Some(KillerCutoff {
            event: event as usize,
            slot,
            mv,
        })
    }

    /// The history table after the first `n` events: the nearest snapshot plus at most
    /// `SNAPSHOT_EVERY` replayed updates.
    pub fn history_at(&self, n: usize) -> HistoryTable {
        let applied = self.ops.partition_point(|&(i, _)| (i as usize) < n);
        let s = self.snapshots.partition_point(|&(k, _)| k <= applied) - 1;
        let (from, snapshot) = &self.snapshots[s];
        let mut table = snapshot.clone();
        for &(_, op) in &self.ops[*from..applied] {
            op.apply_to(&mut table);
        }
        table
    }
}

fn grow<T>(per_ply: &mut Vec<Vec<T>>, ply: u8) -> &mut Vec<Vec<T>> {
    if per_ply.len() <= ply as usize {
        per_ply.resize_with(ply as usize + 1, Vec::new);
    }
    per_ply
}

impl HistoryOp {
    fn apply_to(self, table: &mut HistoryTable) {
        match self {
            HistoryOp::Reward { side, mv, depth } => table.reward(side, mv, i32::from(depth)),
            HistoryOp::Age => table.age(),
        }
    }
}
