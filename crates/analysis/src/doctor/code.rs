//! The doctor's vocabulary, declared once: every finding's stable code, its severity, what its
//! count is counted out of, and the sentence that says why it costs. The report, the JSON, the
//! docs (`docs/doctor.md`) and the tests all read them from here, so a code's wording is one
//! row of [`CODES`].

use std::fmt;

/// How bad a finding is. A bug or a suspect fails `killerscope doctor` (exit status 1), so an
/// engine's CI can run it; a note is a figure worth knowing that is no fault of the ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Wrong by any reading: work repeated, a table holding the wrong moves, a move skipped.
    Bug,
    /// A choice that usually costs nodes: right only if the engine means it.
    Suspect,
    /// Not a fault: a figure that changes how the others read.
    Note,
}

impl Severity {
    /// The word the report and the JSON use.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Bug => "bug",
            Severity::Suspect => "suspect",
            Severity::Note => "note",
        }
    }

    /// Whether it fails the run.
    pub const fn fails(self) -> bool {
        !matches!(self, Severity::Note)
    }
}

/// One thing the doctor looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// One move tried twice at a node (the TT move aside: [`Code::TtMoveTwice`]).
    TriedTwice,
    /// A capture or promotion stored as a killer.
    NoisyKiller,
    /// One move in two slots of a killer row.
    DuplicateSlot,
    /// A killer stored at a node that did not cut off with that move.
    StoreWithoutCutoff,
    /// A killer read from, or stored in, a row other than the node's.
    RowMismatch,
    /// A killer try labelled with a slot that does not hold its move.
    SlotLabel,
    /// A later killer slot tried before an earlier one.
    SlotOrder,
    /// A killer tried after ordinary quiet moves.
    KillerAfterQuiet,
    /// A node that neither cut off nor recorded a pruning, yet left a legal move untried.
    MoveNeverTried,
    /// The TT move tried, but not first.
    TtMoveNotFirst,
    /// The TT move tried twice at a node.
    TtMoveTwice,
    /// Killer tries that were illegal in the node's position.
    IllegalKiller,
}

/// What the doctor says of one code.
#[derive(Clone, Copy, Debug)]
pub struct CodeInfo {
    /// The code.
    pub code: Code,
    /// Its stable name: what the report prints, the JSON holds and a CI greps for.
    pub name: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// What its count is counted out of (`3 of 1,204 killer stores`).
    pub chances: &'static str,
    /// One sentence: why it costs.
    pub why: &'static str,
}

const fn info(
    code: Code,
    name: &'static str,
    severity: Severity,
    chances: &'static str,
    why: &'static str,
) -> CodeInfo {
    CodeInfo {
        code,
        name,
        severity,
        chances,
        why,
    }
}

/// Every code, in report order.
pub const CODES: [CodeInfo; 12] = [
    info(
        Code::TriedTwice,
        "tried-twice",
        Severity::Bug,
        "nodes that tried moves",
        "The second try searches the same subtree again for nothing, and a move that failed \
         low once is given a second chance to skew the node's score.",
    ),
    info(
        Code::NoisyKiller,
        "noisy-killer",
        Severity::Bug,
        "killer stores",
        "Captures and promotions are already tried early by their own stage, so a noisy \
         killer pushes a quiet refutation out of the row (and may be searched twice).",
    ),
    info(
        Code::DuplicateSlot,
        "duplicate-slot",
        Severity::Bug,
        "killer stores",
        "A row holding one move twice keeps one refutation where it has room for two: the \
         second slot is wasted.",
    ),
    info(
        Code::StoreWithoutCutoff,
        "store-without-cutoff",
        Severity::Bug,
        "killer stores",
        "A move that merely raised alpha is no refutation: storing it pushes the moves that \
         really cut off out of the row.",
    ),
    info(
        Code::RowMismatch,
        "row-mismatch",
        Severity::Bug,
        "killer reads and stores",
        "Killers read from another row than the one they were stored in are refutations of \
         other positions: the slots are tried, and mostly miss.",
    ),
    info(
        Code::SlotLabel,
        "slot-label",
        Severity::Bug,
        "killer tries checked against their row",
        "A try labelled with the wrong slot means the picker's stages are off by one: the \
         per-slot figures describe the wrong slots and the order is not the one intended.",
    ),
    info(
        Code::SlotOrder,
        "slot-order",
        Severity::Suspect,
        "nodes that tried two killer slots or more",
        "The first slot holds the newest refutation, which cuts most often: trying an older \
         slot first spends a search before the likelier cutoff.",
    ),
    info(
        Code::KillerAfterQuiet,
        "killer-after-quiet",
        Severity::Suspect,
        "nodes that tried a killer",
        "A killer is a quiet move that refuted a sibling: tried after ordinary quiet moves, \
         it saves nothing the history order would not.",
    ),
    info(
        Code::MoveNeverTried,
        "move-never-tried",
        Severity::Bug,
        "full-width nodes that had to try every move",
        "A node that did not cut off must search every legal move: a move skipped without a \
         recorded pruning can hide the best reply and makes the node's score wrong.",
    ),
    info(
        Code::TtMoveNotFirst,
        "tt-move-not-first",
        Severity::Suspect,
        "nodes that tried their TT move",
        "The TT move is the best move a previous search found here and cuts off most often: \
         every move tried before it is a search the cutoff could have saved.",
    ),
    info(
        Code::TtMoveTwice,
        "tt-move-twice",
        Severity::Bug,
        "nodes that tried their TT move",
        "The TT move was not taken out of the later stages, so its subtree is searched again \
         (from the table, at best) for nothing.",
    ),
    info(
        Code::IllegalKiller,
        "illegal-killer",
        Severity::Note,
        "killer tries",
        "Illegal tries (a pseudo-legal engine's) count as killer misses: the hit rate over \
         legal tries is the one that says how good the killers are.",
    ),
];

impl Code {
    /// Every code, in report order.
    pub const ALL: [Code; 12] = [
        Code::TriedTwice,
        Code::NoisyKiller,
        Code::DuplicateSlot,
        Code::StoreWithoutCutoff,
        Code::RowMismatch,
        Code::SlotLabel,
        Code::SlotOrder,
        Code::KillerAfterQuiet,
        Code::MoveNeverTried,
        Code::TtMoveNotFirst,
        Code::TtMoveTwice,
        Code::IllegalKiller,
    ];

    /// Its row of [`CODES`].
    pub const fn info(self) -> &'static CodeInfo {
        &CODES[self as usize]
    }

    /// Its stable name (`tried-twice`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// How bad it is.
    pub const fn severity(self) -> Severity {
        self.info().severity
    }

    /// The code named `name`, if any.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Dense index `0..ALL.len()`, for count arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_row_and_name() {
        for (k, code) in Code::ALL.into_iter().enumerate() {
            assert_eq!(code.index(), k);
            assert_eq!(code.info().code, code, "{code}: row out of place");
            assert_eq!(Code::from_name(code.name()), Some(code));
            assert!(code.info().why.ends_with('.'), "{code}: one sentence");
        }
        let mut names: Vec<&str> = CODES.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), CODES.len(), "names are unique");
    }
}
