//! `OrderingTables`: everything the search learns for move ordering while it runs — killer
//! moves and the history table today — behind one type, so the search loop, the picker and the
//! `Searcher` each name "the ordering tables" once. Adding a heuristic with a table of its own
//! adds a field here, its update in `learn_from_cutoff`, a row in `SOURCES`, a switch in
//! `OrderingConfig` and a stage in the picker (see docs/extending.md).

use super::config::OrderingConfig;
use super::event::{Event, KillerSlots};
use super::history::HistoryTable;
use super::killers::KillerTable;
use super::observer::SearchObserver;
use crate::chess::{Color, Move};

/// The tables move ordering learns into during a search.
#[derive(Clone, Debug)]
pub struct OrderingTables {
    /// Quiet moves that cut off at each ply.
    pub killers: KillerTable,
    /// Quiet cutoffs weighted by depth², per side and from/to squares.
    pub history: HistoryTable,
}

impl OrderingTables {
    /// Empty tables shaped for `config` (its number of killer slots).
    pub fn new(config: &OrderingConfig) -> OrderingTables {
        OrderingTables {
            killers: KillerTable::new(config.killer_slots),
            history: HistoryTable::new(),
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
        self.history.clear();
    }

    /// An iteration starts: older knowledge counts for less (history halves).
    pub fn start_iteration(&mut self) {
        self.history.age();
    }

    /// Learns from `mv`, a quiet move by `side` that failed high at `ply` with remaining
    /// `depth`, and reports every table change to `observer` as an event.
    #[inline]
    pub fn learn_from_cutoff<O: SearchObserver>(
        &mut self,
        config: &OrderingConfig,
        ply: usize,
        side: Color,
        mv: Move,
        depth: i32,
        observer: &mut O,
    ) {
        if self.killers.store(ply, mv) {
            observer.observe(Event::KillerStore {
                ply: ply as u8,
                mv,
                slots: KillerSlots::new(self.killers.at(ply)),
            });
        }
        if config.history {
            self.history.reward(side, mv, depth);
        }
    }
}
