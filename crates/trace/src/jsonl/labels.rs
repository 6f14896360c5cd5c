//! Source labels in a trace and the codes the log stores. The header lists the engine's own
//! ordering sources by label; events name their source by label. Each label gets a code (the
//! header's `code` when it gives one, else the lowest free one), and a label an event uses
//! that the header never declared becomes a row of its own — plain colour, named by its label
//! — so the explorer still labels it and gives it a legend row. `#N` (how an export writes a
//! code its log never named) reads back as code `N` without inventing a row.

use killerscope_log::{MoveSource, SourceColour, SourceRole};
use killerscope_log::{SourceRow, SourceTable};

/// The label an event gets when it names no source.
pub const UNSPECIFIED: &str = "?";

/// Label ↔ code, growing as undeclared labels appear.
#[derive(Clone, Debug)]
pub struct Labels {
    rows: Vec<(SourceRow, SourceRole)>,
    used: [bool; 256],
    /// Codes read from `#N` labels (used, with no row).
    hash_codes: Vec<u8>,
    /// Rows added for labels the header did not declare.
    pub undeclared: u64,
    /// Whether rows were added since [`Labels::take_changed`] last looked.
    changed: bool,
}

impl Default for Labels {
    fn default() -> Self {
        Labels {
            rows: Vec::new(),
            used: [false; 256],
            hash_codes: Vec::new(),
            undeclared: 0,
            changed: false,
        }
    }
}

impl Labels {
    /// Declares a header row with its role; `code` is the header's, if it gave one. Fails on
    /// a label or a code declared twice, or when all 256 codes are taken.
    pub fn declare(
        &mut self,
        mut row: SourceRow,
        role: SourceRole,
        code: Option<u8>,
    ) -> Result<(), String> {
        if self.rows.iter().any(|(r, _)| r.label == row.label) {
            return Err(format!(
                "source label \"{}\" is declared twice",
                killerscope_text::quote(&row.label)
            ));
        }
        row.code = match code {
            Some(c) if self.used[usize::from(c)] => {
                return Err(format!("source code {c} is declared twice"));
            }
            Some(c) => c,
            None => self.free_code()?,
        };
        self.used[usize::from(row.code)] = true;
        self.rows.push((row, role));
        Ok(())
    }

    fn free_code(&self) -> Result<u8, String> {
        let free = self.used.iter().position(|u| !u);
        free.map(|c| c as u8)
            .ok_or_else(|| "more than 256 distinct sources".to_string())
    }

    /// The source an event's label names, adding a plain row for a label never declared.
    pub fn source(&mut self, label: &str) -> Result<MoveSource, String> {
        if let Some((row, _)) = self.rows.iter().find(|(r, _)| r.label == label) {
            return Ok(MoveSource::from_code(row.code));
        }
        if let Some(code) = label.strip_prefix('#').and_then(|n| n.parse::<u8>().ok()) {
            if self.hash_codes.contains(&code) {
                return Ok(MoveSource::from_code(code));
            }
            if !self.used[usize::from(code)] {
                self.used[usize::from(code)] = true;
                self.hash_codes.push(code);
                return Ok(MoveSource::from_code(code));
            }
        }
        let code = self.free_code()?;
        self.used[usize::from(code)] = true;
        let name = if label == UNSPECIFIED {
            "no source given".to_string()
        } else {
            label.to_string()
        };
        let row = SourceRow {
            code,
            label: label.to_string(),
            name,
            colour: SourceColour::Plain,
            killer_slot: None,
        };
        self.rows.push((row, SourceRole::Other));
        self.undeclared += 1;
        self.changed = true;
        Ok(MoveSource::from_code(code))
    }

    /// The table the log's header carries.
    pub fn table(&self) -> SourceTable {
        SourceTable::with_roles(self.rows.clone())
    }

    /// Whether rows were added since the last call (a live view relabels then).
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str) -> SourceRow {
        SourceRow {
            code: 0,
            label: label.into(),
            name: label.into(),
            colour: SourceColour::Green,
            killer_slot: None,
        }
    }

    /// Labels with `rows` declared, each a new label: (label, role, code asked for).
    fn declared(rows: &[(&str, SourceRole, Option<u8>)]) -> Labels {
        let mut labels = Labels::default();
        for &(label, role, code) in rows {
            labels.declare(row(label), role, code).expect("new");
        }
        labels
    }

    #[test]
    fn codes_are_given_or_the_lowest_free() {
        let mut labels = declared(&[
            ("K1", SourceRole::Killer, Some(3)),
            ("counter", SourceRole::Countermove, None),
        ]);
        assert_eq!(labels.source("K1"), Ok(MoveSource::from_code(3)));
        assert_eq!(labels.source("counter"), Ok(MoveSource::from_code(0)));
        assert!(labels.declare(row("K1"), SourceRole::Killer, None).is_err());
        assert!(
            labels
                .declare(row("x"), SourceRole::Other, Some(3))
                .is_err()
        );
    }

    #[test]
    fn undeclared_labels_get_a_plain_row_and_hash_codes_read_back() {
        let mut labels = declared(&[("TT", SourceRole::Tt, Some(0))]);
        assert_eq!(labels.source("#99"), Ok(MoveSource::from_code(99)));
        let followup = labels.source("followup").expect("added");
        assert!(labels.take_changed());
        let table = labels.table();
        assert_eq!(table.label(followup), "followup");
        assert_eq!(table.colour(followup), SourceColour::Plain);
        assert_eq!(labels.undeclared, 1);
        assert!(!labels.take_changed());
    }
}
