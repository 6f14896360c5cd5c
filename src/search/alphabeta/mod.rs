//! The recursive search: negamax alpha-beta (fail-soft, principal variation search) with a check
//! extension, and a quiescence search over captures. One `Context` lives for one `search` call.
//!
//! Every call of `negamax` or `quiescence` is one node: it is counted once and brackets its work
//! with exactly one `node_enter` and one `node_exit`, even when the search is being stopped, so a
//! recorded tree always matches the reported node count.

use super::MAX_PLY;
use super::config::OrderingConfig;
use super::countermove::CounterKey;
use super::eval::{EvalKind, EvalState};
use super::event::Event;
use super::event::{PruneRule, ReSearchReason};
use super::limits::Clock;
use super::observer::{Bound, NodeKind, SearchObserver};
use super::picker::{MoveBuffer, MovePicker};
use super::pv::PvTable;
use super::score::{DRAW, INFINITY, MATE, from_tt, is_mate, to_tt};
use super::selective::SelectiveConfig;
use super::source::MoveSource;
use super::tables::{OrderingTables, QuietCutoff};
use super::tt::TranspositionTable;
use crate::chess::{Move, MoveList, PieceKind, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// How often (in nodes) the stop flag and the clock are checked: about a millisecond of search.
const CHECK_INTERVAL: u64 = 1024;

/// Deepest remaining depth at which (reverse) futility pruning applies.
const FUTILITY_DEPTH: i32 = 3;
/// Reverse futility margin per ply of remaining depth, in centipawns.
const REVERSE_FUTILITY_MARGIN: i32 = 120;
/// Shallowest remaining depth at which a null move is tried.
const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// How far below alpha a quiet move's static evaluation may be and still be searched at
/// remaining `depth`: a pawn and a half at depth 1, more for deeper nodes.
fn futility_margin(depth: i32) -> i32 {
    100 + 100 * depth
}

/// Plies a late quiet move is reduced by: the classic log formula
/// `0.75 + ln(depth) · ln(move number) / 2.25`, for the fourth and later moves at depth ≥ 3,
/// never for moves a heuristic singled out (TT, killers, mate killer, countermove) and never
/// below depth 1.
fn late_move_reduction(depth: i32, index: usize, mv: Move, source: MoveSource) -> i32 {
    let plain = matches!(
        source,
        MoveSource::HISTORY | MoveSource::RELATIVE_HISTORY | MoveSource::QUIET
    );
    if depth < 3 || index < 3 || !mv.is_quiet() || !plain {
        return 0;
    }
    let r = 0.75 + f64::from(depth).ln() * (index as f64 + 1.0).ln() / 2.25;
    (r as i32).clamp(0, depth - 2)
}

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
    /// Which evaluation scores the leaves; fixed for one search (set it through `new`).
    eval: EvalKind,
    keys: [u64; MAX_PLY + 1],
    evals: [EvalState; MAX_PLY + 1],
    buffers: Vec<MoveBuffer>,
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
    /// A context searching `pos`; the tables are borrowed from the `Searcher`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        pos: Position,
        ordering: OrderingConfig,
        tt: Option<&'a mut TranspositionTable>,
        tables: &'a mut OrderingTables,
        observer: &'a mut O,
        stop: &'a AtomicBool,
        clock: Clock,
        game_keys: &'a [u64],
        eval: EvalKind,
    ) -> Self {
        let root_eval = EvalState::of(&pos, eval);
        Context {
            pos,
            ordering,
            tt,
            tables,
            observer,
            stop,
            clock,
            game_keys,
            nodes: 0,
            qnodes: 0,
            seldepth: 0,
            stopped: false,
            pv: PvTable::new(),
            root_moves: &[],
            selective: SelectiveConfig::default(),
            eval,
            keys: [0; MAX_PLY + 1],
            evals: [root_eval; MAX_PLY + 1],
            buffers: (0..MAX_PLY).map(|_| MoveBuffer::new()).collect(),
        }
    }

    /// The static evaluation of the position at `ply` for the side to move.
    #[inline]
    fn static_eval(&self, ply: usize) -> i32 {
        debug_assert_eq!(self.evals[ply], EvalState::of(&self.pos, self.eval));
        match self.eval {
            EvalKind::Simple => self.evals[ply].score(self.pos.side_to_move()),
            EvalKind::Full => self.evals[ply].score_full(&self.pos),
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

    /// Searches the current position to `depth` plies (quiescence below 1) within (`alpha`,
    /// `beta`); `led_by` is the move that led here and `in_check` whether it gave check.
    /// Returns a fail-soft score.
    pub fn negamax(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        led_by: Move,
        in_check: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.quiescence(alpha, beta, ply, led_by, in_check);
        }
        self.count_node();
        let depth8 = depth.min(i32::from(i8::MAX)) as i8;
        self.observer.observe(Event::NodeEnter {
            ply: ply as u8,
            depth: depth8,
            kind: NodeKind::Main,
            mv: led_by,
            alpha,
            beta,
        });
        let (score, bound) = self.main_node(depth, alpha, beta, ply, led_by, in_check);
        self.observer.observe(Event::NodeExit { score, bound });
        score
    }

    /// Whether the position at `ply` repeats one earlier in the search or the game (within the
    /// reversible stretch the halfmove clock allows), or is drawn by rule or material.
    fn is_draw(&self, ply: usize, in_check: bool) -> bool {
        if self.pos.is_insufficient_material() {
            return true;
        }
        let key = self.keys[ply];
        let reversible = self.pos.halfmove_clock() as usize;
        let mut back = 2;
        while back <= reversible {
            let earlier = if back <= ply {
                Some(self.keys[ply - back])
            } else {
                self.game_keys
                    .len()
                    .checked_sub(back - ply)
                    .map(|i| self.game_keys[i])
            };
            match earlier {
                Some(k) if k == key => return true,
                Some(_) => back += 2,
                None => break,
            }
        }
        if self.pos.halfmove_clock() >= 100 {
            if !in_check {
                return true;
            }
            let mut moves = MoveList::new();
            self.pos.legal_moves(&mut moves);
            return !moves.is_empty();
        }
        false
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

    /// The countermove key of `led_by`, the opponent move that reached this node, when the
    /// countermove heuristic is on.
    #[inline]
    fn counter_key(&self, led_by: Move) -> Option<CounterKey> {
        if !self.ordering.countermove || led_by.is_null() {
            return None;
        }
        let piece = self.pos.piece_on(led_by.to())?;
        Some(CounterKey::new(piece, led_by))
    }

    #[allow(clippy::too_many_lines)]
    fn main_node(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        led_by: Move,
        in_check: bool,
    ) -> (i32, Bound) {
        if !self.start_node(ply) {
            return (DRAW, Bound::Exact);
        }
        self.keys[ply] = self.pos.key();
        if ply > 0 {
            if self.is_draw(ply, in_check) {
                return (DRAW, Bound::Exact);
            }
            if ply >= MAX_PLY - 1 {
                return (self.static_eval(ply), Bound::Exact);
            }
        }
        depth = depth.min(i32::from(i8::MAX));
        if self.selective.mate_distance && ply > 0 {
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                self.observer.observe(Event::Pruned {
                    mv: Move::NULL,
                    rule: PruneRule::MateDistance,
                    score: alpha,
                });
                return (alpha, Bound::Exact);
            }
        }
        let is_pv = beta - alpha > 1;
        let mut tt_move = Move::NULL;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(self.keys[ply])) {
            tt_move = entry.mv();
            let score = from_tt(entry.score(), ply);
            let cut = ply > 0
                && !is_pv
                && i32::from(entry.depth()) >= depth
                && match entry.bound() {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
            self.observer.observe(Event::TtHit {
                mv: tt_move,
                depth: entry.depth(),
                score,
                bound: entry.bound(),
                cutoff: cut,
            });
            if cut {
                return (score, bound_of(score, alpha, beta));
            }
        }

        // Only the pruning rules read the static evaluation: full width never computes it.
        let eval = if in_check || !self.selective.any() {
            -INFINITY
        } else {
            self.static_eval(ply)
        };
        if let Some(result) = self.prune_node(depth, beta, ply, led_by, in_check, is_pv, eval) {
            return result;
        }
        let futile = self.selective.futility
            && !is_pv
            && !in_check
            && depth <= FUTILITY_DEPTH
            && !is_mate(alpha)
            && eval + futility_margin(depth) <= alpha;

        let alpha_orig = alpha;
        let side = self.pos.side_to_move();
        let answers = self.counter_key(led_by);
        let mut picker =
            MovePicker::main(&self.ordering, tt_move, self.tables, ply, depth, answers);
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut index: usize = 0;
        while let Some((mv, source)) = picker.next(&self.pos, self.tables, &mut self.buffers[ply]) {
            if ply == 0 && !self.root_moves.is_empty() && !self.root_moves.contains(&mv) {
                continue;
            }
            let order = index.min(usize::from(u8::MAX)) as u8;
            self.evals[ply + 1] = self.evals[ply].after(&self.pos, mv, self.eval);
            let undo = self.pos.make_move(mv);
            let check = self.pos.in_check();
            if futile && index > 0 && mv.is_quiet() && !check {
                self.pos.unmake_move(mv, undo);
                self.observer.observe(Event::Pruned {
                    mv,
                    rule: PruneRule::Futility,
                    score: eval + futility_margin(depth),
                });
                continue;
            }
            self.observer.observe(Event::MoveTried {
                mv,
                index: order,
                source,
            });
            if depth > 1
                && let Some(tt) = self.tt.as_ref()
            {
                tt.prefetch(self.pos.key());
            }
            let child_depth = depth - 1 + i32::from(check);
            let score = if index == 0 {
                -self.negamax(child_depth, -beta, -alpha, ply + 1, mv, check)
            } else {
                let reduction = if self.selective.lmr && !in_check && !check {
                    late_move_reduction(depth, index, mv, source)
                } else {
                    0
                };
                let mut probe;
                if reduction > 0 {
                    self.observer.observe(Event::Reduction {
                        mv,
                        by: reduction as u8,
                    });
                    let reduced = child_depth - reduction;
                    probe = -self.negamax(reduced, -alpha - 1, -alpha, ply + 1, mv, check);
                    if probe > alpha && !self.stopped {
                        self.observer.observe(Event::ReSearch {
                            mv,
                            reason: ReSearchReason::Reduction,
                        });
                        probe = -self.negamax(child_depth, -alpha - 1, -alpha, ply + 1, mv, check);
                    }
                } else {
                    probe = -self.negamax(child_depth, -alpha - 1, -alpha, ply + 1, mv, check);
                }
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(child_depth, -beta, -alpha, ply + 1, mv, check)
                } else {
                    probe
                }
            };
            self.pos.unmake_move(mv, undo);
            index += 1;
            if self.stopped {
                return (best.max(DRAW), Bound::Exact);
            }
            if score < beta && mv.is_quiet() {
                self.tables.learn_from_miss(&self.ordering, side, mv, depth);
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if score >= beta {
                        self.observer.observe(Event::Cutoff {
                            mv,
                            index: order,
                            source,
                            score,
                            beta,
                        });
                        if mv.is_quiet() {
                            let cut = QuietCutoff {
                                ply,
                                depth,
                                side,
                                mv,
                                score,
                                answers,
                            };
                            self.tables
                                .learn_from_cutoff(&self.ordering, cut, self.observer);
                        }
                        break;
                    }
                }
            }
        }

        if index == 0 {
            let score = if in_check { -(MATE - ply as i32) } else { DRAW };
            return (score, Bound::Exact);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched over some moves only must not pass for the whole position.
        let restricted = ply == 0 && !self.root_moves.is_empty();
        if let Some(tt) = self.tt.as_mut().filter(|_| !restricted) {
            let stored_move = if bound == Bound::Upper {
                Move::NULL
            } else {
                best_move
            };
            tt.store(self.keys[ply], stored_move, to_tt(best, ply), depth, bound);
        }
        (best, bound)
    }

    /// Node-level pruning before any move is searched: reverse futility (the static evaluation
    /// minus a margin already beats beta at shallow depth) and null-move pruning (even passing
    /// the turn fails high). Returns the node's result when it is pruned.
    #[allow(clippy::too_many_arguments)]
    fn prune_node(
        &mut self,
        depth: i32,
        beta: i32,
        ply: usize,
        led_by: Move,
        in_check: bool,
        is_pv: bool,
        eval: i32,
    ) -> Option<(i32, Bound)> {
        if !self.selective.any() || is_pv || in_check || ply == 0 || is_mate(beta) {
            return None;
        }
        if self.selective.futility && depth <= FUTILITY_DEPTH {
            let margin = REVERSE_FUTILITY_MARGIN * depth;
            if eval - margin >= beta {
                self.observer.observe(Event::Pruned {
                    mv: Move::NULL,
                    rule: PruneRule::ReverseFutility,
                    score: eval - margin,
                });
                return Some((eval - margin, Bound::Lower));
            }
        }
        if !self.selective.null_move
            || depth < NULL_MOVE_MIN_DEPTH
            || led_by.is_null()
            || eval < beta
        {
            return None;
        }
        // Not in pawn endings, where passing can be the only good move (zugzwang).
        let side = self.pos.side_to_move();
        let pieces = self.pos.color_bb(side)
            & !self.pos.pieces(side, PieceKind::Pawn)
            & !self.pos.pieces(side, PieceKind::King);
        if pieces.is_empty() {
            return None;
        }
        let reduction = if depth >= 7 { 3 } else { 2 };
        let null_depth = depth - 1 - reduction;
        self.evals[ply + 1] = self.evals[ply];
        let undo = self.pos.make_null_move();
        let score = -self.negamax(null_depth, -beta, -beta + 1, ply + 1, Move::NULL, false);
        self.pos.unmake_null_move(undo);
        if self.stopped {
            return Some((DRAW, Bound::Exact));
        }
        let cutoff = score >= beta;
        self.observer.observe(Event::NullMove {
            depth: null_depth.clamp(0, i32::from(i8::MAX)) as i8,
            reduction: reduction as u8,
            score,
            cutoff,
        });
        // A mate found after passing proves nothing about the real moves: return beta.
        cutoff.then(|| (if is_mate(score) { beta } else { score }, Bound::Lower))
    }

    /// Quiescence search: stand pat on the static evaluation, then try captures (all evasions
    /// when in check) until the position is quiet.
    pub fn quiescence(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
        led_by: Move,
        in_check: bool,
    ) -> i32 {
        self.count_node();
        self.qnodes += 1;
        self.observer.observe(Event::NodeEnter {
            ply: ply as u8,
            depth: 0,
            kind: NodeKind::Quiescence,
            mv: led_by,
            alpha,
            beta,
        });
        let (score, bound) = self.quiescence_node(alpha, beta, ply, in_check);
        self.observer.observe(Event::NodeExit { score, bound });
        score
    }

    fn quiescence_node(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> (i32, Bound) {
        if !self.start_node(ply) {
            return (DRAW, Bound::Exact);
        }
        if ply >= MAX_PLY - 1 {
            return (self.static_eval(ply), Bound::Exact);
        }
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        if !in_check {
            best = self.static_eval(ply);
            if best >= beta {
                return (best, Bound::Lower);
            }
            alpha = alpha.max(best);
        }
        let mut picker = MovePicker::quiescence(&self.ordering, in_check);
        let mut index: usize = 0;
        while let Some((mv, source)) = picker.next(&self.pos, self.tables, &mut self.buffers[ply]) {
            let order = index.min(usize::from(u8::MAX)) as u8;
            self.observer.observe(Event::MoveTried {
                mv,
                index: order,
                source,
            });
            self.evals[ply + 1] = self.evals[ply].after(&self.pos, mv, self.eval);
            let undo = self.pos.make_move(mv);
            let check = self.pos.in_check();
            let score = -self.quiescence(-beta, -alpha, ply + 1, mv, check);
            self.pos.unmake_move(mv, undo);
            index += 1;
            if self.stopped {
                return (best.max(DRAW), Bound::Exact);
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.observer.observe(Event::Cutoff {
                            mv,
                            index: order,
                            source,
                            score,
                            beta,
                        });
                        break;
                    }
                }
            }
        }
        if in_check && index == 0 {
            return (-(MATE - ply as i32), Bound::Exact);
        }
        (best, bound_of(best, alpha_orig, beta))
    }
}
