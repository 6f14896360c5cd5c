//! The recursive search: negamax alpha-beta (fail-soft, principal variation search) with a check
//! extension, and a quiescence search over captures. One `Context` lives for one `search` call.
//!
//! A main node runs in stages, one file each of free functions over the `Context` (the layout
//! of Rustic's search; the `impl Context` here is the recursion itself): `transposition`
//! (probe the table, store the result), `prune` (mate distance, reverse futility, null move —
//! the node-level decisions before any move), `moves` (the move loop: futility, principal
//! variation search, late move reductions, cutoffs and what the tables learn from them), and
//! `quiescence`. What the search keeps per ply lives in `plies`; the selective margins in
//! `super::margins`; the orders beyond the heuristics (`order=`) in `super::order`.
//!
//! Every call of `negamax` or `quiescence::search` is one node: it is counted once and brackets
//! its work with exactly one `node_enter` and one `node_exit`, even when the search is being
//! stopped, so a recorded tree always matches the reported node count.

mod moves;
mod plies;
mod prune;
mod quiescence;
mod transposition;

use super::config::{OrderingConfig, SearchConfig};
use super::countermove::CounterKey;
use super::eval::{EvalKind, EvalState};
use super::limits::Clock;
use super::oracle::Oracle;
use super::pv::PvTable;
use super::score::{DRAW, INFINITY, MATE};
use super::selective::SelectiveConfig;
use super::tables::OrderingTables;
use super::tt::TranspositionTable;
use killerscope_chess::{Move, MoveList, Position};
use killerscope_log::MAX_PLY;
use killerscope_log::SearchObserver;
use killerscope_log::{Bound, NodeKind};
use killerscope_log::{Event, StaticKind};
use plies::PlyStack;
use std::sync::atomic::{AtomicBool, Ordering};

/// How often (in nodes) the stop flag and the clock are checked: about a millisecond of search.
const CHECK_INTERVAL: u64 = 1024;

/// The state of one running search.
pub(super) struct Context<'a, O: SearchObserver> {
    pub pos: Position,
    pub ordering: OrderingConfig,
    pub tt: Option<&'a mut TranspositionTable>,
    pub tables: &'a mut OrderingTables,
    pub observer: &'a mut O,
    pub stop: &'a AtomicBool,
    pub clock: Clock,
    pub game_keys: &'a [u64],
    pub nodes: u64,
    pub qnodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    pub pv: PvTable,
    /// The root moves to search (`Limits::searchmoves`); empty means all.
    pub root_moves: &'a [Move],
    /// Which selective-search techniques are on (all off: full width).
    pub selective: SelectiveConfig,
    /// The oracle this search learns into or is guided by (`order=oracle|worst`).
    pub oracle: Oracle<'a>,
    /// Which evaluation scores the leaves; fixed for one search (set it through `new`).
    eval: EvalKind,
    /// The key, evaluation and move buffer of each ply of the current line.
    plies: PlyStack,
}

/// Where a node stands in the tree: the same for every search of it (a reduced probe, its
/// re-search at full depth, the full-window search) while the depth and window change.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    /// Distance from the root.
    pub ply: usize,
    /// The move that led here (null at the root and after a null move).
    pub led_by: Move,
    /// Whether the side to move is in check.
    pub in_check: bool,
}

impl Place {
    /// The child of this node that `mv` reaches (null for a pass), `check` whether it gives
    /// check.
    #[inline(always)]
    fn child(self, mv: Move, check: bool) -> Place {
        Place {
            ply: self.ply + 1,
            led_by: mv,
            in_check: check,
        }
    }
}

/// What a main node knows once it is past the table and the node-level pruning: the frame
/// every stage of its move loop reads.
#[derive(Clone, Copy, Debug)]
struct MainNode {
    /// Where it stands.
    at: Place,
    /// Remaining depth (capped to what an event can carry).
    depth: i32,
    /// Whether the window is open (a principal-variation node).
    is_pv: bool,
    /// The static evaluation, or `-INFINITY` when no pruning rule needs it.
    eval: i32,
    /// The window the node was entered with (after mate distance pruning).
    alpha: i32,
    beta: i32,
}

fn bound_of(score: i32, alpha: i32, beta: i32) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score <= alpha {
        Bound::Upper
    } else {
        Bound::Exact
    }
}

impl<'a, O: SearchObserver> Context<'a, O> {
    /// A context searching `pos` under `config` (its ordering, selective switches and
    /// evaluation) with the `Searcher`'s tables, readied for a new search
    /// (`Searcher::tables_for_search`); the transposition table is lent only when the ordering
    /// tries its move. What only some searches have — the game before `pos`, the root moves,
    /// the oracle — starts empty (none, all, off) for the caller to set.
    pub fn new(
        pos: Position,
        config: SearchConfig,
        tables: (&'a mut TranspositionTable, &'a mut OrderingTables),
        observer: &'a mut O,
        stop: &'a AtomicBool,
        clock: Clock,
    ) -> Self {
        let SearchConfig {
            ordering,
            eval,
            selective,
            ..
        } = config;
        let (tt, tables) = tables;
        let root_eval = EvalState::of(&pos, eval);
        Context {
            pos,
            ordering,
            tt: ordering.tt_move.then_some(tt),
            tables,
            observer,
            stop,
            clock,
            game_keys: &[],
            nodes: 0,
            qnodes: 0,
            seldepth: 0,
            stopped: false,
            pv: PvTable::new(),
            root_moves: &[],
            selective,
            oracle: Oracle::Off,
            eval,
            plies: PlyStack::new(root_eval),
        }
    }

    /// Starts the search below a line of positions with these Zobrist keys (the root first),
    /// so a node searched on its own sees repetitions along its line.
    pub fn enter_line(&mut self, keys: &[u64]) {
        let len = keys.len().min(MAX_PLY);
        self.plies.keys[..len].copy_from_slice(&keys[..len]);
    }

    /// The static evaluation of the position at `ply` for the side to move.
    #[inline]
    fn static_eval(&self, ply: usize) -> i32 {
        debug_assert_eq!(self.plies.evals[ply], EvalState::of(&self.pos, self.eval));
        match self.eval {
            EvalKind::Simple => self.plies.evals[ply].score(self.pos.side_to_move()),
            EvalKind::Full => self.plies.evals[ply].score_full(&self.pos),
        }
    }

    /// Counts a node and, every `CHECK_INTERVAL` nodes, polls the stop flag and the clock.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.clock.nodes_exhausted(self.nodes)
            || (self.nodes.is_multiple_of(CHECK_INTERVAL)
                && (self.stop.load(Ordering::Relaxed) || self.clock.hard_expired()))
        {
            self.stopped = true;
        }
    }

    /// Searches the current position, the node `at`, to `depth` plies (quiescence below 1)
    /// within (`alpha`, `beta`). Returns a fail-soft score.
    pub fn negamax(&mut self, depth: i32, alpha: i32, beta: i32, at: Place) -> i32 {
        if depth <= 0 {
            return quiescence::search(self, alpha, beta, at);
        }
        self.count_node();
        let depth8 = depth.min(i32::from(i8::MAX)) as i8;
        self.observer.observe(Event::NodeEnter {
            ply: at.ply as u8,
            depth: depth8,
            kind: NodeKind::Main,
            mv: at.led_by,
            alpha,
            beta,
        });
        let (score, bound) = self.main_node(depth, alpha, beta, at);
        self.observer.observe(Event::NodeExit { score, bound });
        score
    }

    /// The draw the position at `ply` is, if any: a repetition of a position earlier in the
    /// search or the game (within the reversible stretch the halfmove clock allows), the
    /// fifty-move rule, or insufficient material.
    fn draw(&self, ply: usize, in_check: bool) -> Option<StaticKind> {
        if self.pos.is_insufficient_material() {
            return Some(StaticKind::InsufficientMaterial);
        }
        let key = self.plies.keys[ply];
        let reversible = self.pos.halfmove_clock() as usize;
        let mut back = 2;
        while back <= reversible {
            let earlier = if back <= ply {
                Some(self.plies.keys[ply - back])
            } else {
                self.game_keys
                    .len()
                    .checked_sub(back - ply)
                    .map(|i| self.game_keys[i])
            };
            match earlier {
                Some(k) if k == key => return Some(StaticKind::Repetition),
                Some(_) => back += 2,
                None => break,
            }
        }
        if self.pos.halfmove_clock() >= 100 {
            if !in_check {
                return Some(StaticKind::FiftyMoves);
            }
            let mut moves = MoveList::new();
            self.pos.legal_moves(&mut moves);
            return (!moves.is_empty()).then_some(StaticKind::FiftyMoves);
        }
        None
    }

    /// Reports a score settled without a move (a draw, a mate, the ply limit, a stand pat).
    #[inline(always)]
    fn settled(&mut self, kind: StaticKind, score: i32) -> i32 {
        self.observer.observe(Event::StaticScore { kind, score });
        score
    }

    /// The start every node shares, main or quiescence: an empty PV slot at this ply and the
    /// selective depth; `false` once the search has been stopped (the node then returns at once).
    #[inline(always)]
    fn start_node(&mut self, ply: usize) -> bool {
        self.pv.clear(ply);
        if self.stopped {
            return false;
        }
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// The key of `led_by`, the move that reached this node (the piece now on its to-square),
    /// as the tables that answer a move index it; `None` for a null move.
    #[inline]
    fn move_key(&self, led_by: Move) -> Option<CounterKey> {
        if led_by.is_null() {
            return None;
        }
        let piece = self.pos.piece_on(led_by.to())?;
        Some(CounterKey::new(piece, led_by))
    }

    /// A main node's result before any stage: drawn (repetition, rule, material) or at the
    /// deepest ply the stack holds; `None` when it must be searched.
    fn settled_before_search(&mut self, ply: usize, in_check: bool) -> Option<(i32, Bound)> {
        if !self.start_node(ply) {
            return Some((DRAW, Bound::Exact));
        }
        self.plies.keys[ply] = self.pos.key();
        if ply == 0 {
            return None;
        }
        if let Some(kind) = self.draw(ply, in_check) {
            return Some((self.settled(kind, DRAW), Bound::Exact));
        }
        if ply >= MAX_PLY - 1 {
            let eval = self.static_eval(ply);
            return Some((self.settled(StaticKind::PlyLimit, eval), Bound::Exact));
        }
        None
    }

    /// A main node, stage by stage: settled at once, mate distance, the table, node-level
    /// pruning, then the moves and the table store.
    fn main_node(&mut self, depth: i32, alpha: i32, beta: i32, at: Place) -> (i32, Bound) {
        let Place { ply, in_check, .. } = at;
        if let Some(result) = self.settled_before_search(ply, in_check) {
            return result;
        }
        self.plies.played[ply] = self.move_key(at.led_by);
        let depth = depth.min(i32::from(i8::MAX));
        let (alpha, beta) = match prune::mate_distance(self, alpha, beta, ply) {
            Ok(window) => window,
            Err(result) => return result,
        };
        let is_pv = beta - alpha > 1;
        let tt_move = match transposition::probe(self, depth, alpha, beta, ply, is_pv) {
            Ok(mv) => mv,
            Err(result) => return result,
        };
        // Only the pruning rules read the static evaluation: full width never computes it.
        let eval = if in_check || !self.selective.any() {
            -INFINITY
        } else {
            self.static_eval(ply)
        };
        let node = MainNode {
            at,
            depth,
            is_pv,
            eval,
            alpha,
            beta,
        };
        if let Some(result) = prune::prune_node(self, &node) {
            return result;
        }
        let searched = moves::search_moves(self, &node, tt_move);
        if self.stopped {
            return (searched.best.max(DRAW), Bound::Exact);
        }
        if searched.tried == 0 {
            let (kind, score) = if in_check {
                (StaticKind::Checkmate, -(MATE - ply as i32))
            } else {
                (StaticKind::Stalemate, DRAW)
            };
            return (self.settled(kind, score), Bound::Exact);
        }
        let bound = bound_of(searched.best, alpha, beta);
        transposition::store(self, &node, searched.best, searched.best_move, bound);
        let key = self.plies.keys[ply];
        self.oracle.learn(key, depth, bound, searched.best_move);
        (searched.best, bound)
    }
}
