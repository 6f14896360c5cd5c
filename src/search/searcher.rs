//! `Searcher`: owns the tables that outlive one search (transposition table, killers, history)
//! and runs iterative deepening over the alpha-beta search in `alphabeta`.
//!
//! Made to be driven from another thread: the caller passes an `AtomicBool` that it may set at
//! any time, and the search returns within a millisecond or two with the last completed
//! iteration's result. With only a depth limit the search is deterministic: the same position,
//! configuration and depth give the same tree, node for node (killers and history start empty at
//! every search; a fresh `Searcher` or `clear()` also empties the transposition table).

use super::alphabeta::Context;
use super::config::SearchConfig;
use super::event::{Event, NodeCount, WindowOutcome};
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::limits::{Clock, Limits, MAX_DEPTH};
use super::margins::{ASPIRATION_DELTA, ASPIRATION_GIVE_UP, ASPIRATION_MIN_DEPTH};
use super::observer::SearchObserver;
use super::score::{INFINITY, MATE, MATE_BOUND, is_mate};
use super::tables::OrderingTables;
use super::tt::TranspositionTable;
use crate::chess::{Move, MoveList, Position};
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
    pub fn search<O: SearchObserver>(
        &mut self,
        root: &Position,
        game_keys: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        observer: &mut O,
        on_iteration: &mut dyn FnMut(&IterationReport),
    ) -> SearchReport {
        let clock = Clock::start(limits, root.side_to_move());
        self.tables.clear();
        self.tt.new_search();
        let ordering = self.config.ordering;
        let tt = ordering.tt_move.then_some(&mut self.tt);
        let mut ctx = Context::new(
            root.clone(),
            ordering,
            tt,
            &mut self.tables,
            observer,
            stop,
            clock,
            game_keys,
            self.config.eval,
        );

        ctx.root_moves = &limits.searchmoves;
        ctx.selective = self.config.selective;
        let mut legal = MoveList::new();
        root.legal_moves(&mut legal);
        let first_allowed = legal
            .iter()
            .find(|mv| limits.searchmoves.is_empty() || limits.searchmoves.contains(mv));
        let mut report = SearchReport {
            best_move: first_allowed.unwrap_or(Move::NULL),
            score: 0,
            depth: 0,
            nodes: 0,
            qnodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        };
        let mate_plies = mate_plies(limits);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .min(mate_plies.unwrap_or(MAX_DEPTH))
            .clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            ctx.tables.start_iteration();
            ctx.seldepth = 0;
            let score = search_root(&mut ctx, depth, report.score, root.in_check());
            if ctx.stopped {
                break;
            }
            let pv = ctx.pv.line(0).to_vec();
            if let Some(&first) = pv.first() {
                report.best_move = first;
            }
            report.score = score;
            report.depth = depth;
            ctx.observer.observe(Event::Iteration {
                depth,
                score,
                nodes: NodeCount::from(ctx.nodes),
            });
            ctx.observer.iteration_pv(&pv);
            on_iteration(&IterationReport {
                depth,
                seldepth: ctx.seldepth.min(usize::from(u8::MAX)) as u8,
                score,
                nodes: ctx.nodes,
                qnodes: ctx.qnodes,
                elapsed: ctx.clock.elapsed(),
                pv: pv.clone(),
            });
            report.pv = pv;
            if legal.is_empty()
                || ctx.clock.should_not_deepen(limits.movetime.is_some())
                || mate_settles(limits, score, depth)
            {
                break;
            }
        }
        report.nodes = ctx.nodes;
        report.qnodes = ctx.qnodes;
        report.elapsed = ctx.clock.elapsed();
        report
    }
}

/// The plies a `go mate n` search needs: a mate in n moves is at most 2n − 1 plies away, so
/// no deeper iteration can find one.
fn mate_plies(limits: &Limits) -> Option<u8> {
    limits.mate.map(|n| {
        n.saturating_mul(2)
            .saturating_sub(1)
            .min(u32::from(MAX_DEPTH)) as u8
    })
}

/// Whether an iteration to `depth` scoring `score` ends the search: a mate it has seen whole
/// (unless a depth was asked for, or the search is infinite), or the mate `go mate` asked for.
fn mate_settles(limits: &Limits, score: i32, depth: u8) -> bool {
    let mate_found = is_mate(score) && (MATE - score.abs()) <= i32::from(depth);
    if mate_found && limits.depth.is_none() && !limits.infinite {
        return true;
    }
    mate_plies(limits).is_some_and(|plies| score >= MATE_BOUND && MATE - score <= i32::from(plies))
}

/// Searches the root to `depth`: with the full window, or — aspiration windows on, from depth 4,
/// and `previous` not a mate — in a window around `previous` that widens (doubling on the side
/// that failed) until the score falls inside it; each try is reported as an `Aspiration` event.
fn search_root<O: SearchObserver>(
    ctx: &mut Context<'_, O>,
    depth: u8,
    previous: i32,
    in_check: bool,
) -> i32 {
    let full = |ctx: &mut Context<'_, O>| {
        ctx.negamax(
            i32::from(depth),
            -INFINITY,
            INFINITY,
            0,
            Move::NULL,
            in_check,
        )
    };
    if !ctx.selective.aspiration || depth < ASPIRATION_MIN_DEPTH || is_mate(previous) {
        return full(ctx);
    }
    let (mut below, mut above) = (ASPIRATION_DELTA, ASPIRATION_DELTA);
    loop {
        let alpha = (previous - below).max(-INFINITY);
        let beta = (previous + above).min(INFINITY);
        let score = ctx.negamax(i32::from(depth), alpha, beta, 0, Move::NULL, in_check);
        if ctx.stopped {
            return score;
        }
        let outcome = if score <= alpha {
            below = below.saturating_mul(2);
            WindowOutcome::FailLow
        } else if score >= beta {
            above = above.saturating_mul(2);
            WindowOutcome::FailHigh
        } else {
            WindowOutcome::Inside
        };
        ctx.observer.observe(Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        });
        if outcome == WindowOutcome::Inside {
            return score;
        }
        if below > ASPIRATION_GIVE_UP || above > ASPIRATION_GIVE_UP {
            return full(ctx);
        }
    }
}
