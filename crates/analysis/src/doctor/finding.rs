//! What the doctor reports: per code, how often it happened out of how many chances and the
//! first few nodes it happened at (by id, whatever order the nodes closed in), and the whole
//! diagnosis with the killer figures and the checks that could not be made.

use crate::{doctor::code::Code, doctor::code::Severity};
use killerscope_engine::{fmt::grouped, percent};
use killerscope_log::NodeKind;

/// One node a finding happened at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The node's id (pre-order: the explorer's and `log why --node`'s).
    pub node: u64,
    /// Distance from the root.
    pub ply: u8,
    /// Remaining depth at entry.
    pub depth: i8,
    /// Main search or quiescence.
    pub kind: NodeKind,
    /// The line from the root, a word per step in SAN (`--` for a pass).
    pub line: Vec<String>,
    /// What happened there, in words (moves in SAN where the position is known).
    pub detail: String,
}

impl Example {
    /// The line from the root as lines are written (a Black first move marked `…f6`, when the
    /// root has Black to move); `None` for the root itself.
    pub fn line_text(&self, black_first: bool) -> Option<String> {
        match self.line.as_slice() {
            [] => None,
            words if black_first => Some(format!("…{}", words.join(" "))),
            words => Some(words.join(" ")),
        }
    }
}

/// One code's count, chances and first examples, as the fold builds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counter {
    /// Times it happened.
    pub count: u64,
    /// Times it could have.
    pub chances: u64,
    /// The examples of smallest node id, in id order.
    pub examples: Vec<Example>,
}

impl Counter {
    /// Whether an example at node `id` would be kept among `limit`: asked before one is
    /// written, since writing one plays its line.
    pub fn wants(&self, id: u64, limit: usize) -> bool {
        self.examples.len() < limit || self.examples.last().is_some_and(|e| id < e.node)
    }

    /// Keeps `example` if it is among the `limit` of smallest id.
    pub fn keep(&mut self, example: Example, limit: usize) {
        if !self.wants(example.node, limit) {
            return;
        }
        let at = self.examples.partition_point(|e| e.node < example.node);
        self.examples.insert(at, example);
        self.examples.truncate(limit);
    }

    /// Adds `other`'s counts and examples.
    pub fn merge(&mut self, other: Counter, limit: usize) {
        self.count += other.count;
        self.chances += other.chances;
        for example in other.examples {
            self.keep(example, limit);
        }
    }
}

/// One code that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Which.
    pub code: Code,
    /// Times it happened.
    pub count: u64,
    /// Times it could have (what they are: the code's `chances` wording).
    pub chances: u64,
    /// The first nodes it happened at, by id.
    pub examples: Vec<Example>,
}

impl Finding {
    /// How bad it is.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// How often out of how many chances, as the report and the explorer's list write it:
    /// `3 of 1,204 killer stores (0.2%)`.
    pub fn tally(&self) -> String {
        format!(
            "{} of {} {} ({})",
            grouped(self.count),
            grouped(self.chances),
            self.code.info().chances,
            percent(self.count, self.chances)
        )
    }
}

/// Killer tries and cutoffs, with the illegal tries apart: the hit rates beside
/// `illegal-killer`, and what `log stats` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KillerFigures {
    /// Moves tried by a killer source.
    pub tries: u64,
    /// Of which illegal in the node's position.
    pub illegal: u64,
    /// Cutoffs by a killer source.
    pub cuts: u64,
}

impl KillerFigures {
    /// Killer tries that were legal.
    pub fn legal(&self) -> u64 {
        self.tries - self.illegal
    }
}

/// A check the doctor could not make on this log, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
    /// The check.
    pub code: Code,
    /// Why not, in words.
    pub reason: String,
}

/// One check made: how often its code happened out of how many chances (zero included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// The code checked.
    pub code: Code,
    /// Times it happened.
    pub count: u64,
    /// Times it could have.
    pub chances: u64,
}

/// Everything the doctor found in one log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnosis {
    /// The codes that happened, in report order.
    pub findings: Vec<Finding>,
    /// Every check made, in report order, whether its code happened or not.
    pub checks: Vec<Check>,
    /// The checks it could not make.
    pub unchecked: Vec<Unchecked>,
    /// Nodes read.
    pub nodes: u64,
    /// Nodes the log ends inside of (their checks that need the node's end are skipped).
    pub unfinished: u64,
    /// Killer tries and cutoffs.
    pub killers: KillerFigures,
}

impl Diagnosis {
    /// The finding of `code`, if it happened.
    pub fn finding(&self, code: Code) -> Option<&Finding> {
        self.findings.iter().find(|f| f.code == code)
    }

    /// The codes that happened.
    pub fn codes(&self) -> Vec<Code> {
        self.findings.iter().map(|f| f.code).collect()
    }

    /// Findings of `severity`.
    pub fn count_of(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity() == severity)
            .count()
    }

    /// Whether a bug or a suspect was found: `killerscope doctor` then exits with status 1.
    pub fn fails(&self) -> bool {
        self.findings.iter().any(|f| f.severity().fails())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(node: u64) -> Example {
        Example {
            node,
            ply: 0,
            depth: 1,
            kind: NodeKind::Main,
            line: Vec::new(),
            detail: String::new(),
        }
    }

    #[test]
    fn a_counter_keeps_the_examples_of_smallest_id_in_order() {
        let mut c = Counter::default();
        for id in [9, 4, 7, 1, 8] {
            c.keep(example(id), 3);
        }
        let ids: Vec<u64> = c.examples.iter().map(|e| e.node).collect();
        assert_eq!(ids, [1, 4, 7]);
        assert!(c.wants(5, 3) && !c.wants(8, 3));
        let other = Counter {
            count: 2,
            chances: 5,
            examples: vec![example(2)],
        };
        c.merge(other, 3);
        let ids: Vec<u64> = c.examples.iter().map(|e| e.node).collect();
        assert_eq!((ids, c.count, c.chances), (vec![1, 2, 4], 2, 5));
    }
}
