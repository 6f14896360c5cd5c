//! A small engine of our own with its ordering bugs on switches, to hold the doctor against:
//! fail-soft alpha-beta with iterative deepening, a transposition table, a capture-only
//! quiescence, two killer slots per ply, captures by MVV-LVA and quiet moves in generation
//! order — over killerscope's chess module, but with its own search, move ordering and killer
//! table, printing its search as a JSON Lines trace (docs/trace-schema.md) the way any engine
//! would. Each [`Bug`] seeds one of the ordering bugs public engines have shipped.
#![allow(dead_code)] // each test binary uses a different subset of these helpers

pub mod emit;
mod order;
pub mod pseudo;

use emit::Trace;
use killerscope_chess::{Color, Move, MoveList, PieceKind, Position};
use std::collections::HashMap;

/// The bug seeded in the engine (`None`: the clean engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    None,
    /// A quiet move searched twice at some nodes.
    TriedTwice,
    /// Captures that cut off are stored as killers too (the picker skips them).
    NoisyKiller,
    /// The store shifts the row even when the move is already in slot 1.
    DuplicateSlot,
    /// A quiet move that raises alpha is stored, cutoff or not.
    StoreWithoutCutoff,
    /// Killers are stored one row down (ply + 1) and read from the node's own row.
    RowMismatch,
    /// Killers are stored in the node's row and read from the row two plies down.
    RowMismatchRead,
    /// The killer stage is off by one: slot 1's move is labelled K2, slot 2's K3.
    SlotLabel,
    /// Killers are tried in move-generation order, not slot order.
    SlotOrder,
    /// The killers are tried after the first quiet move.
    KillerAfterQuiet,
    /// The last move of a long list is never searched.
    MoveNeverTried,
    /// The TT move comes after the captures.
    TtMoveNotFirst,
    /// The TT move is not taken out of the later stages.
    TtMoveTwice,
    /// Killers are tried when pseudo-legal, illegal ones refuted without a search.
    IllegalKiller,
}

impl Bug {
    /// Every seeded bug, one per doctor code.
    pub const SEEDED: [Bug; 13] = [
        Bug::TriedTwice,
        Bug::NoisyKiller,
        Bug::DuplicateSlot,
        Bug::StoreWithoutCutoff,
        Bug::RowMismatch,
        Bug::RowMismatchRead,
        Bug::SlotLabel,
        Bug::SlotOrder,
        Bug::KillerAfterQuiet,
        Bug::MoveNeverTried,
        Bug::TtMoveNotFirst,
        Bug::TtMoveTwice,
        Bug::IllegalKiller,
    ];

    /// The doctor code this bug should be named by.
    pub fn code(self) -> Option<&'static str> {
        Some(match self {
            Bug::None => return None,
            Bug::TriedTwice => "tried-twice",
            Bug::NoisyKiller => "noisy-killer",
            Bug::DuplicateSlot => "duplicate-slot",
            Bug::StoreWithoutCutoff => "store-without-cutoff",
            Bug::RowMismatch | Bug::RowMismatchRead => "row-mismatch",
            Bug::SlotLabel => "slot-label",
            Bug::SlotOrder => "slot-order",
            Bug::KillerAfterQuiet => "killer-after-quiet",
            Bug::MoveNeverTried => "move-never-tried",
            Bug::TtMoveNotFirst => "tt-move-not-first",
            Bug::TtMoveTwice => "tt-move-twice",
            Bug::IllegalKiller => "illegal-killer",
        })
    }
}

const INF: i32 = 32001;
const MATE: i32 = 32000;
const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry {
    mv: Move,
    depth: i32,
    score: i32,
    bound: Bound,
}

/// One move in the engine's order: the move, its source label, and whether it is illegal.
#[derive(Clone, Copy)]
struct Pick {
    mv: Move,
    source: &'static str,
    illegal: bool,
}

struct Engine {
    bug: Bug,
    out: Trace,
    tt: HashMap<u64, Entry>,
    killers: Vec<[Move; 2]>,
}

/// The seeded engine's trace of a search of `fen` to `depth` with `bug`.
pub fn trace(fen: &str, depth: u8, bug: Bug) -> String {
    let mut pos = Position::from_fen(fen).expect("test FEN is valid");
    let mut engine = Engine {
        bug,
        out: Trace::default(),
        tt: HashMap::new(),
        killers: vec![[Move::NULL; 2]; 128],
    };
    engine
        .out
        .header(&format!("seeded-engine ({bug:?})"), fen, depth);
    for d in 1..=depth {
        let score = engine.negamax(&mut pos, i32::from(d), (-INF, INF), 0, None);
        engine.out.iteration(d, score);
    }
    engine.out.text
}

/// Material and pawn advance, from the side to move's view.
fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == pos.side_to_move() { 1 } else { -1 };
        for kind in PieceKind::ALL {
            for sq in pos.pieces(color, kind) {
                let advance = match color {
                    Color::White => i32::from(sq.rank()),
                    Color::Black => 7 - i32::from(sq.rank()),
                };
                let bonus = if kind == PieceKind::Pawn {
                    4 * advance
                } else {
                    0
                };
                score += sign * (VALUES[kind.index()] + bonus);
            }
        }
    }
    score
}

/// Captures and promotions first by victim, then by the cheaper attacker.
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos
        .piece_on(mv.to())
        .map_or(VALUES[0], |p| VALUES[p.kind.index()]);
    let attacker = pos
        .piece_on(mv.from())
        .map_or(0, |p| VALUES[p.kind.index()]);
    victim * 16 - attacker / 100
}

impl Engine {
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        window: (i32, i32),
        ply: usize,
        led_by: Option<Move>,
    ) -> i32 {
        if depth <= 0 {
            return self.quiesce(pos, window, led_by);
        }
        self.out.enter(depth, window, led_by, false);
        let score = self.node(pos, depth, window, ply);
        self.out.exit(score);
        score
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        (mut alpha, beta): (i32, i32),
        led_by: Option<Move>,
    ) -> i32 {
        self.out.enter(0, (alpha, beta), led_by, true);
        let mut best = evaluate(pos);
        if best < beta {
            alpha = alpha.max(best);
            let mut list = MoveList::new();
            pos.legal_captures(&mut list);
            let mut captures: Vec<Move> = list.iter().collect();
            captures.sort_by_key(|&m| -mvv_lva(pos, m));
            for mv in captures {
                self.out.tried(mv, "capture", false);
                let undo = pos.make_move(mv);
                let score = -self.quiesce(pos, (-beta, -alpha), Some(mv));
                pos.unmake_move(mv, undo);
                best = best.max(score);
                alpha = alpha.max(score);
                if score >= beta {
                    self.out.cutoff(mv, score, beta);
                    break;
                }
            }
        }
        self.out.exit(best);
        best
    }

    /// A main node's work between its enter and its exit.
    fn node(&mut self, pos: &mut Position, depth: i32, window: (i32, i32), ply: usize) -> i32 {
        let (mut alpha, beta) = window;
        let tt_move = match self.probe(pos.key(), depth, window, ply) {
            Ok(mv) => mv,
            Err(score) => return score,
        };
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            return if pos.in_check() {
                let score = -(MATE - ply as i32);
                self.out.settled("checkmate", score);
                score
            } else {
                self.out.settled("stalemate", 0);
                0
            };
        }
        let order = self.order(pos, &legal, tt_move, ply);
        let (mut best, mut best_move) = (-INF, Move::NULL);
        for pick in order {
            self.out.tried(pick.mv, pick.source, pick.illegal);
            if pick.illegal {
                continue;
            }
            let undo = pos.make_move(pick.mv);
            let score = -self.negamax(pos, depth - 1, (-beta, -alpha), ply + 1, Some(pick.mv));
            pos.unmake_move(pick.mv, undo);
            if score > best {
                (best, best_move) = (score, pick.mv);
            }
            let raised = score > alpha && score < beta && pick.mv.is_quiet();
            if raised && self.bug == Bug::StoreWithoutCutoff {
                self.store(ply, pick.mv);
            }
            alpha = alpha.max(score);
            if score >= beta {
                self.out.cutoff(pick.mv, score, beta);
                if pick.mv.is_quiet() || self.bug == Bug::NoisyKiller {
                    self.store(ply, pick.mv);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= window.0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        if best.abs() < MATE - 1000 {
            let mv = if matches!(bound, Bound::Upper) {
                Move::NULL
            } else {
                best_move
            };
            let entry = Entry {
                mv,
                depth,
                score: best,
                bound,
            };
            self.tt.insert(pos.key(), entry);
        }
        best
    }

    /// The table's move to try first (`Ok`), or the score that ends the node (`Err`).
    fn probe(
        &mut self,
        key: u64,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> Result<Move, i32> {
        let Some(e) = self.tt.get(&key) else {
            return Ok(Move::NULL);
        };
        let fits = match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.score >= beta,
            Bound::Upper => e.score <= alpha,
        };
        let cut = ply > 0 && e.depth >= depth && fits;
        let bound = match e.bound {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        };
        let (mv, score) = (e.mv, e.score);
        self.out.tt_hit(mv, e.depth, score, bound, cut);
        if cut { Err(score) } else { Ok(mv) }
    }

    /// Stores quiet cutoff `mv` as the newest killer of `ply` (with the seeded store bugs).
    fn store(&mut self, ply: usize, mv: Move) {
        let row = if self.bug == Bug::RowMismatch {
            ply + 1
        } else {
            ply
        };
        let slots = &mut self.killers[row];
        if slots[0] == mv && self.bug != Bug::DuplicateSlot {
            return;
        }
        if slots[0] == mv && slots[1] == mv {
            return;
        }
        slots[1] = slots[0];
        slots[0] = mv;
        let slots = *slots;
        self.out.killer_store(row, mv, &slots);
    }
}
