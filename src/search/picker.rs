//! The staged move picker: hands out a node's moves best-first, generating lazily so that a
//! cutoff by the TT move or a capture saves generating the quiet moves, and tags each move with
//! the heuristic that placed it (the `MoveSource` the trace records).
//!
//! Order (each stage switchable in `OrderingConfig`):
//! 1. the TT move, if legal;
//! 2. captures and promotions, by MVV-LVA (`placement=between`: only those with SEE ≥ 0);
//! 3. killers of this ply (then of ply − 2 with `grandparent=on`), each only if quiet, not the TT
//!    move and legal here;
//! 4. (`placement=between`) the losing captures;
//! 5. the other quiet moves, highest history score first, then in generation order.

use super::config::{KillerPlacement, OrderingConfig};
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::see::{loses_material, mvv_lva, see};
use super::source::{KILLER_SOURCES, MoveSource};
use crate::chess::{MAX_MOVES, Move, MoveList, Position};

/// Most killer candidates one node tries: one per killer row of the source table.
const MAX_KILLER_CANDIDATES: usize = KILLER_SOURCES;

/// Offset that sorts every winning capture above every losing one in `placement=between` mode.
const WINNING: i32 = 1 << 24;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Tt,
    GenerateCaptures,
    Captures,
    Killers,
    LosingCaptures,
    GenerateQuiets,
    Quiets,
    Done,
}

/// The move list and ordering scores a picker works in. The search keeps one per ply for the
/// whole search, so starting a node costs no 1.5 KB of zeroing or copying.
pub struct MoveBuffer {
    list: MoveList,
    scores: [i32; MAX_MOVES],
}

impl Default for MoveBuffer {
    fn default() -> Self {
        MoveBuffer::new()
    }
}

impl MoveBuffer {
    /// An empty buffer.
    pub fn new() -> MoveBuffer {
        MoveBuffer {
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
        }
    }
}

/// Yields a node's legal moves in search order, each with its `MoveSource`; the moves live in
/// a `MoveBuffer` passed to every call of `next`.
pub struct MovePicker {
    stage: Stage,
    config: OrderingConfig,
    with_quiets: bool,
    skip_losing: bool,
    tt_move: Move,
    killers: [Move; MAX_KILLER_CANDIDATES],
    killer_count: usize,
    killer_cursor: usize,
    len: usize,
    cursor: usize,
}

impl MovePicker {
    /// Picker for a full-width node at `ply`: TT move, captures, killers, quiets.
    pub fn main(config: &OrderingConfig, tt_move: Move, killers: &KillerTable, ply: usize) -> Self {
        let mut picker = MovePicker::empty(config, true, tt_move);
        let own = killers.at(ply).iter();
        let grandparent = ply
            .checked_sub(2)
            .filter(|_| config.killers_from_grandparent)
            .map_or(&[][..], |p| killers.at(p))
            .iter();
        for &mv in own.chain(grandparent) {
            if picker.killer_count == MAX_KILLER_CANDIDATES {
                break;
            }
            if mv.is_null() || picker.killers[..picker.killer_count].contains(&mv) {
                continue;
            }
            picker.killers[picker.killer_count] = mv;
            picker.killer_count += 1;
        }
        picker
    }

    /// Picker for a quiescence node: captures and promotions that do not lose material (SEE ≥ 0),
    /// or — when `in_check` — every evasion (captures first), since stand-pat is no option in
    /// check.
    pub fn quiescence(config: &OrderingConfig, in_check: bool) -> Self {
        let mut picker = MovePicker::empty(config, in_check, Move::NULL);
        picker.skip_losing = !in_check;
        picker
    }

    fn empty(config: &OrderingConfig, with_quiets: bool, tt_move: Move) -> Self {
        MovePicker {
            stage: Stage::Tt,
            config: *config,
            with_quiets,
            skip_losing: false,
            tt_move: if config.tt_move { tt_move } else { Move::NULL },
            killers: [Move::NULL; MAX_KILLER_CANDIDATES],
            killer_count: 0,
            killer_cursor: 0,
            len: 0,
            cursor: 0,
        }
    }

    fn between(&self) -> bool {
        self.config.killer_placement == KillerPlacement::BetweenCaptures && self.with_quiets
    }

    /// The next move and why it is here; `None` when every legal move has been handed out.
    /// `buf` must be the same buffer on every call for one node.
    pub fn next(
        &mut self,
        pos: &Position,
        history: &HistoryTable,
        buf: &mut MoveBuffer,
    ) -> Option<(Move, MoveSource)> {
        loop {
            match self.stage {
                Stage::Tt => {
                    self.stage = Stage::GenerateCaptures;
                    if !self.tt_move.is_null() && pos.is_legal(self.tt_move) {
                        return Some((self.tt_move, MoveSource::TT));
                    }
                    self.tt_move = Move::NULL;
                }
                Stage::GenerateCaptures => {
                    self.generate_captures(pos, buf);
                    self.stage = Stage::Captures;
                }
                Stage::Captures => match self.pick_best(buf) {
                    Some((mv, score)) if !self.between() || score >= WINNING => {
                        self.cursor += 1;
                        return Some((mv, MoveSource::CAPTURE));
                    }
                    _ => {
                        self.stage = if self.with_quiets {
                            Stage::Killers
                        } else {
                            Stage::Done
                        };
                    }
                },
                Stage::Killers => {
                    while self.killer_cursor < self.killer_count {
                        let slot = self.killer_cursor;
                        let mv = self.killers[slot];
                        self.killer_cursor += 1;
                        if mv.is_quiet() && mv != self.tt_move && pos.is_legal(mv) {
                            return Some((mv, MoveSource::killer(slot)));
                        }
                    }
                    self.stage = Stage::LosingCaptures;
                }
                Stage::LosingCaptures => {
                    if let Some((mv, _)) = self.pick_best(buf) {
                        self.cursor += 1;
                        return Some((mv, MoveSource::CAPTURE));
                    }
                    self.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => {
                    self.generate_quiets(pos, history, buf);
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    let Some((mv, score)) = self.pick_best(buf) else {
                        self.stage = Stage::Done;
                        continue;
                    };
                    self.cursor += 1;
                    let source = if score > 0 {
                        MoveSource::HISTORY
                    } else {
                        MoveSource::QUIET
                    };
                    return Some((mv, source));
                }
                Stage::Done => return None,
            }
        }
    }

    fn generate_captures(&mut self, pos: &Position, buf: &mut MoveBuffer) {
        buf.list.clear();
        pos.legal_captures(&mut buf.list);
        let tt_move = self.tt_move;
        let skip_losing = self.skip_losing;
        self.retain(buf, |mv| {
            mv != tt_move && !(skip_losing && loses_material(pos, mv))
        });
        let between = self.between();
        for i in 0..self.len {
            let mv = buf.list[i];
            let order = if self.config.mvv_lva {
                mvv_lva(pos, mv)
            } else {
                0
            };
            buf.scores[i] = if between {
                order + if see(pos, mv) >= 0 { WINNING } else { -WINNING }
            } else {
                order
            };
        }
        self.cursor = 0;
    }

    fn generate_quiets(&mut self, pos: &Position, history: &HistoryTable, buf: &mut MoveBuffer) {
        buf.list.clear();
        pos.legal_moves(&mut buf.list);
        let killers = self.killers;
        let killer_count = self.killer_count;
        let tt_move = self.tt_move;
        self.retain(buf, |mv| {
            mv.is_quiet() && mv != tt_move && !killers[..killer_count].contains(&mv)
        });
        let side = pos.side_to_move();
        for i in 0..self.len {
            buf.scores[i] = if self.config.history {
                history.get(side, buf.list[i]) as i32
            } else {
                0
            };
        }
        self.cursor = 0;
    }

    /// Keeps the moves `keep` accepts, in their order, in the first `self.len` slots.
    fn retain(&mut self, buf: &mut MoveBuffer, keep: impl Fn(Move) -> bool) {
        let moves = buf.list.as_mut_slice();
        let mut kept = 0;
        for i in 0..moves.len() {
            if keep(moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Brings the highest-scored remaining move to the cursor without disturbing the order of
    /// the others (ties keep generation order), and returns it with its score.
    fn pick_best(&mut self, buf: &mut MoveBuffer) -> Option<(Move, i32)> {
        let len = self.len;
        if self.cursor >= len {
            return None;
        }
        let mut best = self.cursor;
        for i in self.cursor + 1..len {
            if buf.scores[i] > buf.scores[best] {
                best = i;
            }
        }
        if best != self.cursor {
            buf.list.as_mut_slice()[self.cursor..=best].rotate_right(1);
            buf.scores[self.cursor..=best].rotate_right(1);
        }
        Some((buf.list[self.cursor], buf.scores[self.cursor]))
    }
}
