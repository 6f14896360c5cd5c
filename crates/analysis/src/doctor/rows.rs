//! The killer table as the log's stores left it: every `killer_store` carries its whole row, so
//! the mirror is exact from a row's first store on — and a row never stored is *unknown* (an
//! engine may start a search with the killers of the last one), never taken for empty.
//!
//! Moves are compared by squares and promotion only ([`same`]): a killer stored at one node is
//! tried at another, where the same squares may carry other flags.

use killerscope_chess::Move;
use killerscope_log::{KILLER_SOURCES, KillerSlots};

/// Whether `a` and `b` are the same move by squares and promotion (never the null move).
pub fn same(a: Move, b: Move) -> bool {
    !a.is_null() && a.from() == b.from() && a.to() == b.to() && a.promotion() == b.promotion()
}

/// What a node reads: its own row, its grandparent's (when declared) and its mate killer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The node's own row (`None`: never stored).
    pub own: Option<KillerSlots>,
    /// The row two plies up, when the header declares it tried.
    pub grandparent: Option<KillerSlots>,
    /// The mate killer of the node's ply (`Move::NULL`: none).
    pub mate_killer: Move,
}

impl Reading {
    /// Whether the read rows are known at all.
    pub fn known(&self) -> bool {
        self.own.is_some() || self.grandparent.is_some()
    }

    /// Whether a try of `mv` labelled with 0-based `slot` fits what was read: the move sits in
    /// that slot of the own row, or is the `slot`-th candidate as killerscope's picker numbers
    /// them (the own row, then the grandparent's, each move once, the mate killer left out).
    pub fn fits(&self, slot: u8, mv: Move) -> bool {
        let slot = usize::from(slot);
        if let Some(row) = self.own
            && row.as_slice().get(slot).is_some_and(|&k| same(k, mv))
        {
            return true;
        }
        self.candidate(slot).is_some_and(|k| same(k, mv))
    }

    /// Whether `mv` is anywhere in what was read.
    pub fn holds(&self, mv: Move) -> bool {
        [self.own, self.grandparent]
            .iter()
            .flatten()
            .any(|row| row.as_slice().iter().any(|&k| same(k, mv)))
    }

    /// The `slot`-th killer candidate, as killerscope's picker queues them: the mate killer
    /// first (not numbered), then each move of the own and grandparent rows not queued yet.
    fn candidate(&self, slot: usize) -> Option<Move> {
        const ROOM: usize = 2 * killerscope_log::MAX_KILLER_SLOTS + 1;
        let mut queued = [Move::NULL; ROOM];
        let mut len = 0;
        if !self.mate_killer.is_null() {
            queued[0] = self.mate_killer;
            len = 1;
        }
        let first = len;
        let rows = [self.own, self.grandparent];
        for &mv in rows.iter().flatten().flat_map(|r| r.as_slice()) {
            if len - first == KILLER_SOURCES.min(slot + 1) {
                break;
            }
            if !mv.is_null() && !queued[..len].iter().any(|&q| same(q, mv)) {
                queued[len] = mv;
                len += 1;
            }
        }
        (len - first > slot).then(|| queued[first + slot])
    }
}

/// The mirror of the killer rows and mate killers.
#[derive(Clone, Debug)]
pub struct Rows {
    rows: Vec<Option<KillerSlots>>,
    mate_killers: Vec<Move>,
}

impl Default for Rows {
    fn default() -> Self {
        Rows {
            rows: vec![None; 256],
            mate_killers: vec![Move::NULL; 256],
        }
    }
}

impl Rows {
    /// A store: row `row` is now `slots`.
    pub fn store(&mut self, row: u8, slots: KillerSlots) {
        self.rows[usize::from(row)] = Some(slots);
    }

    /// A mate-killer store at `ply`.
    pub fn store_mate(&mut self, ply: u8, mv: Move) {
        self.mate_killers[usize::from(ply)] = mv;
    }

    /// Row `row` (`None`: never stored).
    pub fn row(&self, row: u8) -> Option<KillerSlots> {
        self.rows[usize::from(row)]
    }

    /// What a node at `ply` reading row `own` (and `grandparent`) reads now.
    pub fn reading(&self, ply: u8, own: u8, grandparent: Option<u8>, mate: bool) -> Reading {
        Reading {
            own: self.row(own),
            grandparent: grandparent.and_then(|g| self.row(g)),
            mate_killer: if mate {
                self.mate_killers[usize::from(ply)]
            } else {
                Move::NULL
            },
        }
    }

    /// The known rows other than `except`, with their index.
    fn others(&self, except: [Option<u8>; 2]) -> impl Iterator<Item = (u8, KillerSlots)> + '_ {
        self.rows.iter().enumerate().filter_map(move |(k, r)| {
            let k = k as u8;
            let row = (*r)?;
            (!except.contains(&Some(k))).then_some((k, row))
        })
    }

    /// The first known row other than `except` that holds `mv` in slot `slot`: the row a try
    /// labelled with that slot may have been read from.
    pub fn at_slot(&self, mv: Move, slot: u8, except: [Option<u8>; 2]) -> Option<u8> {
        self.others(except)
            .find(|(_, row)| {
                row.as_slice()
                    .get(usize::from(slot))
                    .is_some_and(|&m| same(m, mv))
            })
            .map(|(k, _)| k)
    }

    /// The first known row other than `except` that holds `mv` in any slot.
    pub fn holding(&self, mv: Move, except: [Option<u8>; 2]) -> Option<u8> {
        self.others(except)
            .find(|(_, row)| row.as_slice().iter().any(|&m| same(m, mv)))
            .map(|(k, _)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_try_fits_its_slot_positionally_or_as_the_picker_numbers_it() {
        let (a, b, c, mk) = (
            Move::quiet(1, 18),
            Move::quiet(6, 21),
            Move::quiet(12, 28),
            Move::quiet(11, 27),
        );
        let reading = Reading {
            own: Some(KillerSlots::new(&[mk, a])),
            grandparent: Some(KillerSlots::new(&[a, b, c])),
            mate_killer: mk,
        };
        // The mate killer is left out, so `a` is the first candidate, `b` the second.
        assert!(
            reading.fits(0, a) && reading.fits(1, a),
            "slot 1 by position"
        );
        assert!(reading.fits(1, b) && reading.fits(2, c));
        assert!(!reading.fits(0, b) && !reading.fits(3, c));
        assert!(reading.holds(c) && !reading.holds(Move::quiet(2, 3)));
        assert!(reading.known() && !Reading::default().known());
    }

    #[test]
    fn the_mirror_finds_a_move_in_another_row_at_a_slot_or_anywhere() {
        let (a, b) = (Move::quiet(1, 18), Move::quiet(6, 21));
        let mut rows = Rows::default();
        rows.store(2, KillerSlots::new(&[a, b]));
        rows.store(4, KillerSlots::new(&[b, a]));
        assert_eq!(rows.at_slot(a, 1, [Some(3), None]), Some(4));
        assert_eq!(rows.at_slot(a, 0, [Some(3), None]), Some(2));
        assert_eq!(rows.at_slot(a, 0, [Some(2), None]), None);
        assert_eq!(rows.holding(a, [Some(2), None]), Some(4));
        assert_eq!(rows.holding(a, [Some(2), Some(4)]), None);
        assert_eq!(rows.row(3), None, "never stored: unknown");
        rows.store_mate(3, a);
        assert_eq!(rows.reading(3, 3, None, true).mate_killer, a);
        assert_eq!(rows.reading(3, 3, None, false).mate_killer, Move::NULL);
    }
}
