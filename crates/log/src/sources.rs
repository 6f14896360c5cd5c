//! The source table a log carries in its header: what each move-source code in its events
//! means. Readers label, colour and group sources from here, never from this build's own
//! vocabulary, so a log from a build with other heuristics — or from another engine — reads
//! with its own names. Each source also has a role (`SourceRole`: killer, TT move, capture
//! order, history…), so a view that treats killers specially asks the table
//! ([`SourceTable::is_killer`]) instead of assuming per-ply slots.

use crate::{MoveSource, SOURCES, SourceColour, SourceRole};
use killerscope_text::printable;
use std::borrow::Cow;

/// What one source code means in a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceRow {
    /// The code events carry.
    pub code: u8,
    /// Short label for markers and narrow tables (`K1`).
    pub label: String,
    /// Name for sentences and reports (`killer 1`).
    pub name: String,
    /// How the explorer colours it.
    pub colour: SourceColour,
    /// For killer sources, the 0-based killer candidate index: the explorer's killer panel
    /// and hit markers follow these.
    pub killer_slot: Option<u8>,
}

/// Every source code a log uses, with its meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceTable {
    rows: Vec<SourceRow>,
    /// The role of each row (same order as `rows`).
    roles: Vec<SourceRole>,
}

/// The role a row has when its writer did not say: a killer when it has a killer slot.
pub fn default_role(row: &SourceRow) -> SourceRole {
    if row.killer_slot.is_some() {
        SourceRole::Killer
    } else {
        SourceRole::Other
    }
}

impl Default for SourceTable {
    fn default() -> Self {
        SourceTable::builtin()
    }
}

impl SourceTable {
    /// This build's vocabulary (`crate::SOURCES`), which the recorder writes.
    pub fn builtin() -> SourceTable {
        SourceTable::with_roles(
            SOURCES
                .iter()
                .map(|s| {
                    let row = SourceRow {
                        code: s.code,
                        label: s.label.to_string(),
                        name: s.name.to_string(),
                        colour: s.colour,
                        killer_slot: s.killer_slot,
                    };
                    (row, s.role)
                })
                .collect(),
        )
    }

    /// A table from rows read from a file or written by a tool, each with its
    /// [`default_role`]; later rows for a code already present are ignored, so every code has
    /// one meaning.
    pub fn from_rows(rows: Vec<SourceRow>) -> SourceTable {
        let rows = rows
            .into_iter()
            .map(|r| {
                let role = default_role(&r);
                (r, role)
            })
            .collect();
        SourceTable::with_roles(rows)
    }

    /// A table from rows with their roles; later rows for a code already present are ignored.
    pub fn with_roles(rows: Vec<(SourceRow, SourceRole)>) -> SourceTable {
        let mut table = SourceTable {
            rows: Vec::new(),
            roles: Vec::new(),
        };
        for (row, role) in rows {
            if table.row(MoveSource::from_code(row.code)).is_none() {
                table.rows.push(row);
                table.roles.push(role);
            }
        }
        table
    }

    /// What kind of heuristic `source` is (`Other` when the log does not name it).
    pub fn role(&self, source: MoveSource) -> SourceRole {
        let at = self.rows.iter().position(|r| r.code == source.code());
        at.and_then(|k| self.roles.get(k).copied())
            .unwrap_or(SourceRole::Other)
    }

    /// Whether `source` is a killer: a per-ply slot or any other move the writer calls a killer
    /// (another engine's best move stored per position, say). Every view that treats killers
    /// specially asks this.
    pub fn is_killer(&self, source: MoveSource) -> bool {
        self.role(source) == SourceRole::Killer
    }

    /// Every killer source: the slotted ones in slot order, then the others in report order.
    pub fn killer_sources(&self) -> impl Iterator<Item = &SourceRow> {
        let unslotted = self
            .rows
            .iter()
            .zip(&self.roles)
            .filter(|(r, role)| r.killer_slot.is_none() && **role == SourceRole::Killer)
            .map(|(r, _)| r);
        self.killers().chain(unslotted)
    }

    /// The rows, in the order the log's writer listed them (report order).
    pub fn rows(&self) -> &[SourceRow] {
        &self.rows
    }

    /// The row for `source`, if the log names it.
    pub fn row(&self, source: MoveSource) -> Option<&SourceRow> {
        self.rows.iter().find(|r| r.code == source.code())
    }

    /// The short label of `source` as the header stores it, for data exports (JSON); `#code`
    /// when the log does not name it. Not for a screen: see [`SourceTable::label`].
    pub fn raw_label(&self, source: MoveSource) -> Cow<'_, str> {
        match self.row(source) {
            Some(row) => Cow::Borrowed(row.label.as_str()),
            None => Cow::Owned(format!("#{}", source.code())),
        }
    }

    /// The short label of `source`, to show: `#code` when the log does not name it, and with
    /// control characters escaped ([`killerscope_text::printable`]) — a log's header is untrusted
    /// text, and every screen and report labels sources through here.
    pub fn label(&self, source: MoveSource) -> Cow<'_, str> {
        match self.raw_label(source) {
            Cow::Borrowed(label) => printable(label),
            owned => owned,
        }
    }

    /// The long name of `source`, to show: `source #code` when the log does not name it, and
    /// escaped like [`SourceTable::label`].
    pub fn name(&self, source: MoveSource) -> Cow<'_, str> {
        match self.row(source) {
            Some(row) => printable(&row.name),
            None => Cow::Owned(format!("source #{}", source.code())),
        }
    }

    /// The colour hint of `source` (`Plain` when unnamed).
    pub fn colour(&self, source: MoveSource) -> SourceColour {
        self.row(source).map_or(SourceColour::Plain, |r| r.colour)
    }

    /// The killer candidate index of `source`, when the log says it is a killer.
    pub fn killer_slot(&self, source: MoveSource) -> Option<u8> {
        self.row(source).and_then(|r| r.killer_slot)
    }

    /// The killer sources, slot order.
    pub fn killers(&self) -> impl Iterator<Item = &SourceRow> {
        let mut killers: Vec<&SourceRow> = self
            .rows
            .iter()
            .filter(|r| r.killer_slot.is_some())
            .collect();
        killers.sort_by_key(|r| r.killer_slot);
        killers.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_table_labels_every_source_of_this_build() {
        let table = SourceTable::builtin();
        for source in MoveSource::all() {
            assert_eq!(table.label(source), source.label());
            assert_eq!(table.killer_slot(source), source.killer_slot());
            assert_eq!(table.is_killer(source), source.is_killer());
        }
        assert_eq!(table.role(MoveSource::TT), SourceRole::Tt);
        assert_eq!(
            table.role(MoveSource::RELATIVE_HISTORY),
            SourceRole::History
        );
        assert_eq!(table.role(MoveSource::from_code(200)), SourceRole::Other);
        assert_eq!(table.killers().count(), crate::KILLER_SOURCES);
    }

    #[test]
    fn unnamed_codes_get_a_fallback_and_duplicates_are_dropped() {
        let row = |code, label: &str| SourceRow {
            code,
            label: label.into(),
            name: label.into(),
            colour: SourceColour::Red,
            killer_slot: None,
        };
        let table = SourceTable::from_rows(vec![row(9, "CM"), row(9, "dup")]);
        assert_eq!(table.rows().len(), 1);
        assert_eq!(table.label(MoveSource::from_code(9)), "CM");
        assert_eq!(table.label(MoveSource::from_code(10)), "#10");
        assert_eq!(table.colour(MoveSource::from_code(10)), SourceColour::Plain);
    }

    #[test]
    fn a_killer_without_a_slot_is_a_killer_listed_after_the_slotted_ones() {
        let row = |code, label: &str, slot| SourceRow {
            code,
            label: label.into(),
            name: label.into(),
            colour: SourceColour::Yellow,
            killer_slot: slot,
        };
        let table = SourceTable::with_roles(vec![
            (row(0, "hash", None), SourceRole::Tt),
            (row(1, "best", None), SourceRole::Killer),
            (row(2, "K1", Some(0)), SourceRole::Killer),
        ]);
        let [hash, best, k1] = [0, 1, 2].map(MoveSource::from_code);
        assert!(table.is_killer(best) && table.is_killer(k1) && !table.is_killer(hash));
        let order: Vec<&str> = table.killer_sources().map(|r| r.label.as_str()).collect();
        assert_eq!(order, ["K1", "best"], "slots first, then the others");
    }

    #[test]
    fn labels_to_show_are_escaped_and_raw_labels_are_not() {
        let table = SourceTable::from_rows(vec![SourceRow {
            code: 9,
            label: "\u{1b}[2J".into(),
            name: "evil\u{202e}name".into(),
            colour: SourceColour::Red,
            killer_slot: None,
        }]);
        let source = MoveSource::from_code(9);
        assert_eq!(table.label(source), "\\u{1b}[2J");
        assert_eq!(table.name(source), "evil\\u{202e}name");
        assert_eq!(table.raw_label(source), "\u{1b}[2J");
    }
}
