//! `OrderingTables`: everything the search learns for move ordering while it runs — killers,
//! mate killers, countermoves, follow-up moves, history and the butterfly board of relative history — behind one
//! type, so the search loop, the picker and the `Searcher` each name "the ordering tables" once.
//! Adding a heuristic with a table of its own adds a field here, its update in
//! `learn_from_cutoff`, a row in `SOURCES`, a switch in `OrderingConfig` and a stage in the picker
//! (see docs/extending.md).

use super::config::{HistoryMode, KillerIndex, OrderingConfig};
use super::countermove::{CounterKey, CounterMoveTable};
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::score::MATE_BOUND;
use killerscope_chess::{Color, Move};
use killerscope_log::MAX_PLY;
use killerscope_log::SearchObserver;
use killerscope_log::{Event, KillerSlots};

/// The tables move ordering learns into during a search.
#[derive(Clone, Debug)]
pub struct OrderingTables {
    /// Quiet moves that cut off, per ply (or per remaining depth with `killerindex=depth`).
    pub killers: KillerTable,
    /// Quiet moves that found a mate, one per ply (`matekillers=on`).
    pub mate_killers: KillerTable,
    /// The quiet reply that last refuted each opponent move (`countermove=on`).
    pub countermoves: CounterMoveTable,
    /// The quiet move that last cut off after each of the side's own moves (`followup=on`):
    /// a countermove table keyed by the move two plies up instead of the last.
    pub followups: CounterMoveTable,
    /// Quiet cutoffs weighted by depth², per side and from/to squares.
    pub history: HistoryTable,
    /// Quiet moves searched without a cutoff, weighted the same way: the denominator of
    /// relative history (`history=relative`).
    pub butterfly: HistoryTable,
}

/// The moves that led to a node, the root's first, each keyed as the tables that answer an
/// earlier move index it (its piece and to-square); `None` for a null move and for the moves
/// above a node searched on its own. The search records a key as each main node starts, while
/// the piece still stands on its square, so a heuristic that answers a move further back than
/// the last needs only to look it up here.
#[derive(Clone, Copy, Debug, Default)]
pub struct Line<'a>(&'a [Option<CounterKey>]);

impl<'a> Line<'a> {
    /// The line whose moves have these keys, the root's first (the root itself, reached by no
    /// move, may be a leading `None`).
    pub fn new(keys: &'a [Option<CounterKey>]) -> Line<'a> {
        Line(keys)
    }

    /// The opponent move that reached the node, which a countermove answers; `None` at the
    /// root and after a null move.
    #[inline]
    pub fn answered(self) -> Option<CounterKey> {
        self.0.last().copied().flatten()
    }

    /// The side to move's own move before that, which a follow-up move answers; `None` at
    /// the first two plies (the root's side moved before the search), after a null move and
    /// below a pass of its own.
    #[inline]
    pub fn own_previous(self) -> Option<CounterKey> {
        let at = self.0.len().checked_sub(2)?;
        self.0[at]
    }
}

/// A quiet move that failed high, and where: what every table learns from.
#[derive(Clone, Copy, Debug)]
pub struct QuietCutoff<'a> {
    /// Distance from the root.
    pub ply: usize,
    /// Remaining depth of the node.
    pub depth: i32,
    /// The side that played `mv`.
    pub side: Color,
    /// The refuting quiet move.
    pub mv: Move,
    /// The score it returned (a mate score sends it to the mate-killer slot).
    pub score: i32,
    /// The moves that led to the node, for the tables that answer one of them.
    pub line: Line<'a>,
}

/// The killer-table row of a node at `ply` with remaining `depth` under `config`.
#[inline]
pub fn killer_row(config: &OrderingConfig, ply: usize, depth: i32) -> usize {
    match config.killer_index {
        KillerIndex::Ply => ply,
        KillerIndex::Depth => depth.clamp(0, MAX_PLY as i32 - 1) as usize,
    }
}

impl OrderingTables {
    /// Empty tables shaped for `config` (its number of killer slots).
    pub fn new(config: &OrderingConfig) -> OrderingTables {
        OrderingTables {
            killers: KillerTable::new(config.killer_slots),
            mate_killers: KillerTable::new(1),
            countermoves: CounterMoveTable::new(),
            followups: CounterMoveTable::new(),
            history: HistoryTable::new(),
            butterfly: HistoryTable::new(),
        }
    }

    /// Adopts a new configuration: tables whose shape changes are rebuilt empty.
    pub fn reshape(&mut self, old: &OrderingConfig, new: &OrderingConfig) {
        if old.killer_slots != new.killer_slots {
            self.killers = KillerTable::new(new.killer_slots);
        }
    }

    /// Forgets everything (a new search or a new game).
    pub fn clear(&mut self) {
        self.killers.clear();
        self.mate_killers.clear();
        self.countermoves.clear();
        self.followups.clear();
        self.history.clear();
        self.butterfly.clear();
    }

    /// An iteration starts: older knowledge counts for less (history and butterfly halve).
    pub fn start_iteration(&mut self) {
        self.history.age();
        self.butterfly.age();
    }

    /// The ordering score of quiet move `mv` by `side` under `mode`: its history, or its
    /// history relative to how often it was searched without cutting off (scaled by 1024 so
    /// integer division keeps the order), or 0.
    #[inline]
    pub fn quiet_score(&self, mode: HistoryMode, side: Color, mv: Move) -> i32 {
        match mode {
            HistoryMode::Off => 0,
            HistoryMode::Plain => self.history.get(side, mv) as i32,
            HistoryMode::Relative => {
                let hits = u64::from(self.history.get(side, mv));
                let tries = u64::from(self.butterfly.get(side, mv)).max(1);
                (hits * 1024 / tries).min(i32::MAX as u64) as i32
            }
        }
    }

    /// Quiet move `mv` by `side` was searched at remaining `depth` and did not fail high: the
    /// butterfly board of relative history counts it.
    #[inline]
    pub fn learn_from_miss(&mut self, config: &OrderingConfig, side: Color, mv: Move, depth: i32) {
        if config.history == HistoryMode::Relative {
            self.butterfly.reward(side, mv, depth);
        }
    }

    /// Learns from a quiet move that failed high and reports every table change to `observer`
    /// as an event. With mate killers on, a mate-finding move goes to the mate slot instead of
    /// the ordinary killers, so they keep the positional refutations.
    #[inline]
    pub fn learn_from_cutoff<O: SearchObserver>(
        &mut self,
        config: &OrderingConfig,
        cut: QuietCutoff<'_>,
        observer: &mut O,
    ) {
        let QuietCutoff {
            ply,
            depth,
            side,
            mv,
            score,
            line,
        } = cut;
        if config.mate_killers && score >= MATE_BOUND {
            if self.mate_killers.store(ply, mv) {
                observer.observe(Event::MateKillerStore { ply: ply as u8, mv });
            }
        } else {
            let row = killer_row(config, ply, depth);
            if self.killers.store(row, mv) {
                observer.observe(Event::KillerStore {
                    ply: row as u8,
                    mv,
                    slots: KillerSlots::new(self.killers.at(row)),
                });
            }
        }
        if config.countermove
            && let Some(key) = line.answered()
            && self.countermoves.store(key, mv)
        {
            observer.observe(Event::CounterStore {
                key: key.index() as u16,
                mv,
            });
        }
        // No event: the trace has none for this table yet (an event kind is a recipe of its
        // own); the picker's `FU` tries and cutoffs are recorded like any source's.
        if config.followup
            && let Some(key) = line.own_previous()
        {
            self.followups.store(key, mv);
        }
        if config.history.is_on() {
            self.history.reward(side, mv, depth);
        }
    }
}
