//! The staged move picker: hands out a node's moves best-first, generating lazily so that a
//! cutoff by the TT move or a capture saves generating the quiet moves, and tags each move with
//! the heuristic that placed it (the `MoveSource` the trace records).
//!
//! Order (each stage switchable in `OrderingConfig`):
//! 0. (`order=oracle` only) the oracle's move, if legal here;
//! 1. the TT move, if legal;
//! 2. captures and promotions, by MVV-LVA (`placement=between`: only those with SEE ≥ 0;
//!    `placement=before`: this stage comes after stage 3);
//! 3. the refutation candidates, each only if quiet, not tried already and legal here: the mate
//!    killer of this ply (`matekillers=on`), the killers of this row (then of the row two plies
//!    up with `grandparent=on`), the countermove of the opponent's last move (`countermove=on`),
//!    the follow-up move of the side's own move before it (`followup=on`);
//! 4. (`placement=between`) the losing captures;
//! 5. the other quiet moves, highest (relative) history score first, then in generation order.

use super::config::{HistoryMode, KillerIndex, KillerPlacement, OrderingConfig};
use super::see::{loses_material, mvv_lva, see};
use super::tables::{Line, OrderingTables, killer_row};
use killerscope_chess::{MAX_MOVES, Move, MoveList, Position};
use killerscope_log::{KILLER_SOURCES, MoveSource};

/// Most refutation candidates one node tries: the mate killer, one per killer row of the
/// source table, the countermove and the follow-up move.
const MAX_CANDIDATES: usize = KILLER_SOURCES + 3;

/// Offset that sorts every winning capture above every losing one in `placement=between` mode.
const WINNING: i32 = 1 << 24;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Oracle,
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
    captures_generated: bool,
    /// The oracle's move (`order=oracle`), tried before everything; null otherwise.
    oracle: Move,
    tt_move: Move,
    candidates: [(Move, MoveSource); MAX_CANDIDATES],
    candidate_count: usize,
    candidate_cursor: usize,
    len: usize,
    cursor: usize,
}

impl MovePicker {
    /// Picker for a full-width node at `ply` with remaining `depth`, reached by the moves of
    /// `line`: TT move, captures, refutation candidates, quiets.
    pub fn main(
        config: &OrderingConfig,
        tt_move: Move,
        tables: &OrderingTables,
        ply: usize,
        depth: i32,
        line: Line<'_>,
    ) -> Self {
        let mut picker = MovePicker::empty(config, true, tt_move);
        if config.mate_killers {
            for &mv in tables.mate_killers.at(ply) {
                picker.add_candidate(mv, MoveSource::MATE_KILLER);
            }
        }
        let row = killer_row(config, ply, depth);
        let grandparent_row = match config.killer_index {
            KillerIndex::Ply => ply.checked_sub(2),
            KillerIndex::Depth => Some(row + 2),
        };
        let own = tables.killers.at(row).iter();
        let grandparent = grandparent_row
            .filter(|_| config.killers_from_grandparent)
            .map_or(&[][..], |r| tables.killers.at(r))
            .iter();
        let mut slot = 0;
        for &mv in own.chain(grandparent) {
            if slot == KILLER_SOURCES {
                break;
            }
            if picker.add_candidate(mv, MoveSource::killer(slot)) {
                slot += 1;
            }
        }
        if config.countermove
            && let Some(key) = line.answered()
        {
            picker.add_candidate(tables.countermoves.get(key), MoveSource::COUNTERMOVE);
        }
        if config.followup
            && let Some(key) = line.own_previous()
        {
            picker.add_candidate(tables.followups.get(key), MoveSource::FOLLOW_UP);
        }
        picker
    }

    /// Queues `mv` as a refutation candidate unless it is null or already queued; returns
    /// whether it was queued.
    fn add_candidate(&mut self, mv: Move, source: MoveSource) -> bool {
        let queued = &self.candidates[..self.candidate_count];
        if mv.is_null()
            || self.candidate_count == MAX_CANDIDATES
            || queued.iter().any(|&(m, _)| m == mv)
        {
            return false;
        }
        self.candidates[self.candidate_count] = (mv, source);
        self.candidate_count += 1;
        true
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
            captures_generated: false,
            oracle: Move::NULL,
            tt_move: if config.tt_move { tt_move } else { Move::NULL },
            candidates: [(Move::NULL, MoveSource::QUIET); MAX_CANDIDATES],
            candidate_count: 0,
            candidate_cursor: 0,
            len: 0,
            cursor: 0,
        }
    }

    /// The same picker, trying `oracle` first (if it is a move this node searches) with the
    /// source `ORACLE`, and never again in a later stage.
    pub fn with_oracle(mut self, oracle: Move) -> Self {
        if !oracle.is_null() {
            self.oracle = oracle;
            self.stage = Stage::Oracle;
        }
        self
    }

    /// Whether `mv` was handed out before the generated stages (oracle or TT move).
    #[inline]
    fn handed_out_first(&self, mv: Move) -> bool {
        mv == self.tt_move || mv == self.oracle
    }

    /// Whether this node searches `mv` at all: legal, and in quiescence a capture or promotion
    /// that does not lose material (or any evasion when in check).
    fn searches(&self, pos: &Position, mv: Move) -> bool {
        pos.is_legal(mv)
            && (self.with_quiets || !mv.is_quiet())
            && !(self.skip_losing && loses_material(pos, mv))
    }

    fn between(&self) -> bool {
        self.config.killer_placement == KillerPlacement::BetweenCaptures && self.with_quiets
    }

    fn before(&self) -> bool {
        self.config.killer_placement == KillerPlacement::BeforeCaptures && self.with_quiets
    }

    /// The next move and why it is here; `None` when every legal move has been handed out.
    /// `buf` must be the same buffer on every call for one node.
    pub fn next(
        &mut self,
        pos: &Position,
        tables: &OrderingTables,
        buf: &mut MoveBuffer,
    ) -> Option<(Move, MoveSource)> {
        loop {
            match self.stage {
                Stage::Oracle => {
                    self.stage = Stage::Tt;
                    if self.searches(pos, self.oracle) {
                        return Some((self.oracle, MoveSource::ORACLE));
                    }
                    self.oracle = Move::NULL;
                }
                Stage::Tt => {
                    self.stage = if self.before() {
                        Stage::Killers
                    } else {
                        Stage::GenerateCaptures
                    };
                    if !self.tt_move.is_null()
                        && self.tt_move != self.oracle
                        && pos.is_legal(self.tt_move)
                    {
                        return Some((self.tt_move, MoveSource::TT));
                    }
                    self.tt_move = Move::NULL;
                }
                Stage::GenerateCaptures => {
                    self.generate_captures(pos, buf);
                    self.captures_generated = true;
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
                    while self.candidate_cursor < self.candidate_count {
                        let (mv, source) = self.candidates[self.candidate_cursor];
                        self.candidate_cursor += 1;
                        if mv.is_quiet() && !self.handed_out_first(mv) && pos.is_legal(mv) {
                            return Some((mv, source));
                        }
                    }
                    self.stage = if self.captures_generated {
                        Stage::LosingCaptures
                    } else {
                        Stage::GenerateCaptures
                    };
                }
                Stage::LosingCaptures => {
                    if let Some((mv, _)) = self.pick_best(buf) {
                        self.cursor += 1;
                        return Some((mv, MoveSource::CAPTURE));
                    }
                    self.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => {
                    self.generate_quiets(pos, tables, buf);
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    let Some((mv, score)) = self.pick_best(buf) else {
                        self.stage = Stage::Done;
                        continue;
                    };
                    self.cursor += 1;
                    let source = match self.config.history {
                        _ if score <= 0 => MoveSource::QUIET,
                        HistoryMode::Relative => MoveSource::RELATIVE_HISTORY,
                        _ => MoveSource::HISTORY,
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
        let (tt_move, oracle) = (self.tt_move, self.oracle);
        let skip_losing = self.skip_losing;
        self.retain(buf, |mv| {
            mv != tt_move && mv != oracle && !(skip_losing && loses_material(pos, mv))
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

    fn generate_quiets(&mut self, pos: &Position, tables: &OrderingTables, buf: &mut MoveBuffer) {
        buf.list.clear();
        pos.legal_moves(&mut buf.list);
        let candidates = self.candidates;
        let queued = &candidates[..self.candidate_count];
        let (tt_move, oracle) = (self.tt_move, self.oracle);
        self.retain(buf, |mv| {
            mv.is_quiet() && mv != tt_move && mv != oracle && !queued.iter().any(|&(m, _)| m == mv)
        });
        let side = pos.side_to_move();
        let mode = self.config.history;
        for i in 0..self.len {
            buf.scores[i] = tables.quiet_score(mode, side, buf.list[i]);
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
