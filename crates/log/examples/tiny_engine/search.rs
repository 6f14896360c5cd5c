//! The search: iterative deepening over a fail-soft alpha-beta with principal variation
//! search, a check extension and quiescence, and a transposition table. Each `trace!` line is
//! what recording adds.

use super::order::{evaluate, mvv_lva, ordered, pick};
use killerscope_chess::{MoveList, Position};
use killerscope_log::{Bound, LogWriter, Move, NodeKind, StaticKind, WriterStore};
use killerscope_log::{INFINITY, MATE, mate_score};

/// The source codes the events carry, declared in the header (`header`).
pub const SRC_TT: u8 = 0;
pub const SRC_CAPTURE: u8 = 1;
pub const SRC_KILLER: [u8; 2] = [2, 3];
pub const SRC_QUIET: u8 = 4;

/// Deepest ply searched; the PV table and killer rows have one row per ply.
const MAX_PLY: usize = 64;
/// Transposition table entries (a power of two).
const TT_ENTRIES: usize = 1 << 18;
/// Scores this far from zero are mates.
const MATE_BOUND: i32 = MATE - 1000;

/// Records `$method(args…)` when the search is traced: one line per thing the search does.
macro_rules! trace {
    ($engine:ident . $method:ident ( $($arg:expr),* $(,)? )) => {
        if let Some(log) = &mut $engine.trace {
            log.$method($($arg),*);
        }
    };
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    mv: Move,
    depth: i32,
    score: i32,
    bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: Move::NULL,
    depth: -1,
    score: 0,
    bound: Bound::Exact,
};

/// The engine: a position, its tables, and the log when the search is traced.
pub struct Engine<S: WriterStore> {
    pos: Position,
    tt: Vec<Entry>,
    killers: [[Move; 2]; MAX_PLY],
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Nodes searched (every call of the main search and of quiescence), and how many of
    /// them were quiescence nodes.
    pub nodes: u64,
    pub qnodes: u64,
    pub trace: Option<LogWriter<S>>,
}

/// One finished iteration, as the engine reports it.
pub struct Iteration {
    pub depth: i32,
    pub score: i32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// What a node's fail-soft score says given its window.
fn bound_of(score: i32, alpha: i32, beta: i32) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score <= alpha {
        Bound::Upper
    } else {
        Bound::Exact
    }
}

impl<S: WriterStore> Engine<S> {
    pub fn new(pos: Position, trace: Option<LogWriter<S>>) -> Engine<S> {
        Engine {
            pos,
            tt: vec![EMPTY; TT_ENTRIES],
            killers: [[Move::NULL; 2]; MAX_PLY],
            pv: vec![[Move::NULL; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            nodes: 0,
            qnodes: 0,
            trace,
        }
    }

    /// Searches depth 1, 2, … `depth`; each iteration is reported to `report` and recorded.
    pub fn iterate(&mut self, depth: i32, report: &mut dyn FnMut(&Iteration)) {
        for d in 1..=depth {
            let score = self.negamax(d, (-INFINITY, INFINITY), 0, Move::NULL);
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            trace!(self.iteration(d as usize, score, self.nodes, &pv));
            let (depth, nodes) = (d, self.nodes);
            report(&Iteration {
                depth,
                score,
                nodes,
                pv,
            });
        }
    }

    fn negamax(&mut self, depth: i32, (alpha, beta): (i32, i32), ply: usize, led_by: Move) -> i32 {
        let in_check = self.pos.in_check();
        let depth = depth + i32::from(in_check);
        if depth <= 0 {
            return self.quiesce((alpha, beta), ply, led_by);
        }
        self.nodes += 1;
        trace!(self.node_enter(ply, depth, NodeKind::Main, led_by, (alpha, beta)));
        let (score, bound) = self.main_node(depth, (alpha, beta), ply, in_check);
        trace!(self.node_exit(score, bound));
        score
    }

    /// A score settled without searching a move (a mate, a draw, the ply limit).
    fn settled(&mut self, kind: StaticKind, score: i32, window: (i32, i32)) -> (i32, Bound) {
        trace!(self.static_score(kind, score));
        (score, bound_of(score, window.0, window.1))
    }

    fn main_node(
        &mut self,
        depth: i32,
        window: (i32, i32),
        ply: usize,
        check: bool,
    ) -> (i32, Bound) {
        let (mut alpha, beta) = window;
        self.pv_len[ply] = ply;
        if ply >= MAX_PLY - 1 {
            return self.settled(StaticKind::PlyLimit, evaluate(&self.pos), window);
        }
        if self.pos.is_insufficient_material() {
            return self.settled(StaticKind::InsufficientMaterial, 0, window);
        }
        let key = self.pos.key();
        let slot = key as usize & (TT_ENTRIES - 1);
        let entry = self.tt[slot];
        let mut tt_move = Move::NULL;
        if entry.key == key {
            let score = from_tt(entry.score, ply);
            let cut = ply > 0
                && entry.depth >= depth
                && match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
            trace!(self.tt_hit(entry.mv, entry.depth, score, entry.bound, cut));
            if cut {
                return (score, bound_of(score, alpha, beta));
            }
            tt_move = entry.mv;
        }
        let mut moves = ordered(&self.pos, tt_move, self.killers[ply]);
        if moves.is_empty() {
            return match check {
                true => self.settled(StaticKind::Checkmate, -mate_score(ply as i32), window),
                false => self.settled(StaticKind::Stalemate, 0, window),
            };
        }
        let (mut best, mut best_move) = (-INFINITY, Move::NULL);
        for index in 0..moves.len() {
            let (mv, source) = pick(&mut moves, index);
            trace!(self.move_tried(mv, index, source));
            let undo = self.pos.make_move(mv);
            let score = if index == 0 {
                -self.negamax(depth - 1, (-beta, -alpha), ply + 1, mv)
            } else {
                // Principal variation search: a null window, then the full one if it beats alpha.
                let probe = -self.negamax(depth - 1, (-alpha - 1, -alpha), ply + 1, mv);
                if probe > alpha && probe < beta {
                    -self.negamax(depth - 1, (-beta, -alpha), ply + 1, mv)
                } else {
                    probe
                }
            };
            self.pos.unmake_move(mv, undo);
            if score > best {
                (best, best_move) = (score, mv);
            }
            if score > alpha {
                alpha = score;
                self.extend_pv(ply, mv);
            }
            if score >= beta {
                trace!(self.cutoff(mv, index, source, score, beta));
                self.store_killer(ply, mv);
                break;
            }
        }
        let bound = bound_of(best, window.0, beta);
        self.tt[slot] = Entry {
            key,
            mv: best_move,
            depth,
            score: to_tt(best, ply),
            bound,
        };
        (best, bound)
    }

    /// A quiet move that cut off becomes killer 1 of its ply, the old killer 1 killer 2.
    fn store_killer(&mut self, ply: usize, mv: Move) {
        if mv.is_capture() || mv.is_promotion() || self.killers[ply][0] == mv {
            return;
        }
        self.killers[ply] = [mv, self.killers[ply][0]];
        trace!(self.killer_store(ply, mv, &self.killers[ply]));
    }

    fn extend_pv(&mut self, ply: usize, mv: Move) {
        let (child, len) = (ply + 1, self.pv_len[ply + 1].max(ply + 1));
        let tail = self.pv[child];
        self.pv[ply][ply] = mv;
        self.pv[ply][child..len].copy_from_slice(&tail[child..len]);
        self.pv_len[ply] = len;
    }

    fn quiesce(&mut self, (alpha, beta): (i32, i32), ply: usize, led_by: Move) -> i32 {
        self.nodes += 1;
        self.qnodes += 1;
        self.pv_len[ply.min(MAX_PLY - 1)] = ply;
        trace!(self.node_enter(ply, 0, NodeKind::Quiescence, led_by, (alpha, beta)));
        let (score, bound) = self.quiet_node((alpha, beta), ply);
        trace!(self.node_exit(score, bound));
        score
    }

    fn quiet_node(&mut self, window: (i32, i32), ply: usize) -> (i32, Bound) {
        let (mut alpha, beta) = window;
        let stand = evaluate(&self.pos);
        if ply >= MAX_PLY - 1 {
            return self.settled(StaticKind::PlyLimit, stand, window);
        }
        if stand >= beta {
            return (stand, Bound::Lower);
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut list = MoveList::new();
        self.pos.legal_captures(&mut list);
        let mut moves: Vec<(i32, Move, u8)> = list
            .iter()
            .map(|mv| (mvv_lva(&self.pos, mv), mv, SRC_CAPTURE))
            .collect();
        for index in 0..moves.len() {
            let (mv, source) = pick(&mut moves, index);
            trace!(self.move_tried(mv, index, source));
            let undo = self.pos.make_move(mv);
            let score = -self.quiesce((-beta, -alpha), ply + 1, mv);
            self.pos.unmake_move(mv, undo);
            best = best.max(score);
            alpha = alpha.max(score);
            if score >= beta {
                trace!(self.cutoff(mv, index, source, score, beta));
                break;
            }
        }
        if !moves.is_empty() && best == stand {
            trace!(self.static_score(StaticKind::StandPat, stand));
        }
        (best, bound_of(best, window.0, beta))
    }
}

/// A score as the table stores it: mates counted from the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    match score {
        s if s >= MATE_BOUND => s + ply,
        s if s <= -MATE_BOUND => s - ply,
        s => s,
    }
}

/// A stored score as the node at `ply` uses it: mates counted from the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    match score {
        s if s >= MATE_BOUND => s - ply,
        s if s <= -MATE_BOUND => s + ply,
        s => s,
    }
}
