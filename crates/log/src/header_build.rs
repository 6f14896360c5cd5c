//! Building a header for another engine's log, call by call: its position and name, the
//! settings it searched with, its limits, and — what the killer views are built from — the
//! move-ordering sources its events name, each with its role and, for a killer slot, the slot.

use super::header::LogHeader;
use super::sources::{SourceRow, SourceTable};
use crate::{SourceColour, SourceRole};

impl LogHeader {
    /// The header of `engine`'s search of `fen` (the root position: every move of the log is
    /// replayed from it), with no settings, limits or sources yet: add them with the `with_…`
    /// methods. Unlike `LogHeader::default()`, whose source table is killerscope's own, the
    /// table starts empty: declare every source code your events carry.
    pub fn for_engine(fen: impl Into<String>, engine: impl Into<String>) -> LogHeader {
        LogHeader {
            fen: fen.into(),
            engine: engine.into(),
            sources: SourceTable::from_rows(Vec::new()),
            ..LogHeader::default()
        }
    }

    /// Adds an ordering (or other search) setting, `killers` = `2`; readers keep the keys they
    /// do not know, and act on the ones `docs/kslog-format.md` lists (`fail` = `hard`,
    /// `killerindex` = `depth`, `history` = `off`…).
    pub fn with_setting(mut self, key: impl Into<String>, value: impl Into<String>) -> LogHeader {
        self.ordering.push((key.into(), value.into()));
        self
    }

    /// Adds a search limit, `depth` = `6` (times in milliseconds); `depth` sets the explorer's
    /// depth gauge.
    pub fn with_limit(mut self, key: impl Into<String>, value: impl Into<String>) -> LogHeader {
        self.limits.push((key.into(), value.into()));
        self
    }

    /// Declares source `code`: what the byte in `move_tried` and `cutoff` events means — a short
    /// `label` for tree markers (`TT`), a `name` for sentences (`hash move`) and its `role`,
    /// which also picks its colour. A code already declared keeps its first meaning.
    pub fn with_source(
        self,
        code: u8,
        label: impl Into<String>,
        name: impl Into<String>,
        role: SourceRole,
    ) -> LogHeader {
        self.with_row(code, None, (label.into(), name.into()), role)
    }

    /// Declares source `code` as killer slot `slot` (0-based: the first slot of a ply's killer
    /// row is 0): the explorer's killer table has a column per slot, and killer hit rates count
    /// it.
    pub fn with_killer_slot(
        self,
        code: u8,
        slot: u8,
        label: impl Into<String>,
        name: impl Into<String>,
    ) -> LogHeader {
        let names = (label.into(), name.into());
        self.with_row(code, Some(slot), names, SourceRole::Killer)
    }

    fn with_row(
        mut self,
        code: u8,
        killer_slot: Option<u8>,
        (label, name): (String, String),
        role: SourceRole,
    ) -> LogHeader {
        let mut rows: Vec<(SourceRow, SourceRole)> = self
            .sources
            .rows()
            .iter()
            .map(|row| {
                let role = self.sources.role(crate::MoveSource::from_code(row.code));
                (row.clone(), role)
            })
            .collect();
        let row = SourceRow {
            code,
            label,
            name,
            colour: colour_of(role),
            killer_slot,
        };
        rows.push((row, role));
        self.sources = SourceTable::with_roles(rows);
        self
    }
}

/// The colour killerscope's own sources of the same role have.
fn colour_of(role: SourceRole) -> SourceColour {
    match role {
        SourceRole::Tt => SourceColour::Cyan,
        SourceRole::Capture => SourceColour::Red,
        SourceRole::Killer => SourceColour::Yellow,
        SourceRole::MateKiller => SourceColour::Blue,
        SourceRole::Countermove => SourceColour::Green,
        SourceRole::History => SourceColour::Magenta,
        SourceRole::Quiet | SourceRole::Other => SourceColour::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveSource, SOURCES};

    #[test]
    fn a_built_header_declares_only_its_own_sources() {
        let header = LogHeader::for_engine("8/8/8/8/8/8/8/K6k w - - 0 1", "tiny 1.0")
            .with_setting("killers", "2")
            .with_limit("depth", "4")
            .with_source(0, "TT", "hash move", SourceRole::Tt)
            .with_killer_slot(1, 0, "K1", "killer 1")
            .with_killer_slot(2, 1, "K2", "killer 2")
            .with_source(2, "dup", "ignored", SourceRole::Other);
        assert_eq!(header.engine, "tiny 1.0");
        assert_eq!(header.ordering_text(), "killers=2");
        assert_eq!(header.depth_limit(), Some(4));
        let table = &header.sources;
        assert_eq!(table.rows().len(), 3);
        let [tt, k1, k2] = [0, 1, 2].map(MoveSource::from_code);
        assert_eq!(table.role(tt), SourceRole::Tt);
        assert_eq!(table.colour(tt), SourceColour::Cyan);
        assert!(table.is_killer(k1) && table.is_killer(k2));
        assert_eq!(table.killer_slot(k2), Some(1));
        assert_eq!(table.label(k2), "K2", "the first meaning of code 2 is kept");
        assert!(SOURCES.len() > 3, "not killerscope's own table");
    }
}
