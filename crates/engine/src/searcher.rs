//! `Searcher`: owns the tables that outlive one search (transposition table, killers, history)
//! and runs iterative deepening (`deepening`) over the alpha-beta search in `alphabeta`.
//!
//! Made to be driven from another thread: the caller passes an `AtomicBool` that it may set at
//! any time, and the search returns within a millisecond or two with the last completed
//! iteration's result. With only a depth limit the search is deterministic: the same position,
//! configuration and depth give the same tree, node for node (killers and history start empty at
//! every search; a fresh `Searcher` or `clear()` also empties the transposition table).

use super::alphabeta::Context;
use super::config::MoveOrder;
use super::config::{OrderingConfig, SearchConfig};
use super::deepening::deepen;
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::limits::{Clock, Limits};
use super::oracle::{Oracle, OracleTable};
use super::tables::OrderingTables;
use super::tt::TranspositionTable;
use killerscope_chess::{Move, Position};
use killerscope_log::{NullObserver, SearchObserver};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// One finished iteration of iterative deepening: what a UCI `info` line reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationReport {
    /// Nominal depth of the iteration.
    pub depth: u8,
    /// Deepest ply reached (quiescence and extensions included).
    pub seldepth: u8,
    /// Score for the side to move at the root.
    pub score: i32,
    /// Nodes searched so far in this search (main + quiescence).
    pub nodes: u64,
    /// Quiescence nodes among `nodes`.
    pub qnodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, best move first.
    pub pv: Vec<Move>,
}

/// Nodes per second over `elapsed`, 0 when no time was measured: one definition for the UCI
/// `info` lines, the `search` summary and its JSON, so they never disagree.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    }
}

/// The result of a whole search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// Move to play; `Move::NULL` only when the root has no legal move (mate or stalemate).
    pub best_move: Move,
    /// Score of the last completed iteration (0 if none completed).
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u8,
    /// Every node searched, completed iterations or not (main + quiescence).
    pub nodes: u64,
    /// Quiescence nodes among `nodes`.
    pub qnodes: u64,
    /// Principal variation of the last completed iteration.
    pub pv: Vec<Move>,
    /// Wall time of the whole search.
    pub elapsed: Duration,
}

/// The engine: configuration plus the tables it learns into.
pub struct Searcher {
    config: SearchConfig,
    tt: TranspositionTable,
    tables: OrderingTables,
}

impl Searcher {
    /// A searcher with empty tables.
    pub fn new(config: SearchConfig) -> Searcher {
        Searcher {
            config,
            tt: TranspositionTable::new(config.hash_mib),
            tables: OrderingTables::new(&config.ordering),
        }
    }

    /// The configuration in force.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the configuration (UCI `setoption`); tables are rebuilt empty where their shape
    /// changes.
    pub fn set_config(&mut self, config: SearchConfig) {
        if config.hash_mib != self.config.hash_mib {
            // The old table goes first, so that two big tables never live at once.
            self.tt = TranspositionTable::new(0);
            self.tt = TranspositionTable::new(config.hash_mib);
        }
        self.tables.reshape(&self.config.ordering, &config.ordering);
        self.config = config;
    }

    /// Forgets everything learned (a new game): TT, killers and history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.tables.clear();
    }

    /// The killer table as the last search left it.
    pub fn killers(&self) -> &KillerTable {
        &self.tables.killers
    }

    /// The history table as the last search left it.
    pub fn history(&self) -> &HistoryTable {
        &self.tables.history
    }

    /// Every ordering table as the last search left it (mate killers and countermoves too):
    /// what a replay of its log must reproduce.
    pub fn tables(&self) -> &OrderingTables {
        &self.tables
    }

    /// Permille of the transposition table in use by the last search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `root` by iterative deepening until `limits` or `stop` end it. `game_keys` are
    /// the Zobrist keys of the positions before `root` in the game, oldest first, for repetition
    /// draws. `on_iteration` hears each completed iteration; `observer` sees every node.
    ///
    /// Under `order=oracle` or `order=worst` the position is searched twice, each time from an
    /// empty transposition table: first silently in the normal order, learning every node's
    /// best or cutting move, then in the asked order guided by what it learned, to the depth
    /// the first one finished. Only the second search is observed, reported and counted; each
    /// gets the limits whole, so these orders are for depth-limited searches (the classroom's).
    pub fn search<O: SearchObserver>(
        &mut self,
        root: &Position,
        game_keys: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        observer: &mut O,
        on_iteration: &mut dyn FnMut(&IterationReport),
    ) -> SearchReport {
        let job = Job {
            root,
            game_keys,
            limits,
            stop,
        };
        let ordering = self.config.ordering;
        if !ordering.order.needs_oracle() {
            return self.run(&job, ordering, Oracle::Off, observer, on_iteration);
        }
        let mut table = OracleTable::new();
        let normal = OrderingConfig {
            order: MoveOrder::Normal,
            ..ordering
        };
        self.tt.clear();
        let learn = Oracle::Learn(&mut table);
        let learned = self.run(&job, normal, learn, &mut NullObserver, &mut |_| {});
        self.tt.clear();
        // The oracle knows the depths the first search finished, no deeper.
        let limits = Limits {
            depth: Some(learned.depth.max(1)),
            ..limits.clone()
        };
        let job = Job {
            limits: &limits,
            ..job
        };
        let guide = Oracle::Guide(&table);
        self.run(&job, ordering, guide, observer, on_iteration)
    }

    /// The transposition table and ordering tables, readied for a new search: the ordering
    /// tables emptied, the table's generation advanced.
    pub(super) fn tables_for_search(&mut self) -> (&mut TranspositionTable, &mut OrderingTables) {
        self.tables.clear();
        self.tt.new_search();
        (&mut self.tt, &mut self.tables)
    }

    /// One search of `job` under `ordering`, with `oracle` learning or guiding.
    fn run<O: SearchObserver>(
        &mut self,
        job: &Job<'_>,
        ordering: OrderingConfig,
        oracle: Oracle<'_>,
        observer: &mut O,
        on_iteration: &mut dyn FnMut(&IterationReport),
    ) -> SearchReport {
        let Job {
            root,
            game_keys,
            limits,
            stop,
        } = *job;
        let clock = Clock::start(limits, root.side_to_move());
        let config = SearchConfig {
            ordering,
            ..self.config
        };
        let tables = self.tables_for_search();
        let mut ctx = Context::new(root.clone(), config, tables, observer, stop, clock);
        ctx.game_keys = game_keys;
        ctx.root_moves = &limits.searchmoves;
        ctx.oracle = oracle;
        deepen(&mut ctx, root, limits, on_iteration)
    }
}

/// What one search is asked: the root, the game before it, the limits and the stop flag.
#[derive(Clone, Copy)]
struct Job<'j> {
    root: &'j Position,
    game_keys: &'j [u64],
    limits: &'j Limits,
    stop: &'j AtomicBool,
}
