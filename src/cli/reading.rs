//! How the log commands read a record file: a `.kslog` or another engine's trace, told apart
//! by content, the switches that say how strictly a trace is read, and the report of what an
//! import skipped. Every `log` subcommand, `diff` and `plot` read through here, so a file is
//! opened and judged alike whichever command is given it.

use super::CliError;
use crate::trace::jsonl::{ImportOptions, ImportSummary};
use crate::trace::{EventLog, Format, load_record, sniff};
use clap::Args;
use std::io::Read;
use std::path::Path;

/// How a JSON Lines trace is read (a `.kslog` is always read whole and checked).
#[derive(Args, Debug, Clone, Copy)]
pub struct Reading {
    /// For a trace: skip bad lines (and count them) instead of stopping at the first.
    #[arg(long)]
    lenient: bool,
    /// For a trace: refuse keys and event kinds the schema does not have (by default they are
    /// skipped, the first named with its line and column and the rest counted).
    #[arg(long)]
    strict: bool,
}

impl Reading {
    /// The import options these switches ask for.
    pub fn options(self) -> ImportOptions {
        ImportOptions {
            lenient: self.lenient,
            strict: self.strict,
        }
    }
}

/// The format of `file`, told by content (`None`: neither, which `load_any` then reports).
pub fn sniff_file(file: &Path) -> Result<Option<Format>, CliError> {
    let mut head = Vec::with_capacity(64);
    crate::files::open_input(file)
        .and_then(|f| f.take(64).read_to_end(&mut head))
        .map_err(|e| CliError::new(format!("{}: cannot open: {e}", file.display())))?;
    Ok(sniff(&head))
}

/// A `.kslog` or a trace, told apart by content.
pub fn load_any(
    file: &Path,
    options: ImportOptions,
) -> Result<(EventLog, Option<ImportSummary>), CliError> {
    Ok(load_record(file, options)?)
}

/// What an import skipped, for the report after it (empty when nothing was).
pub fn skipped_lines(summary: &ImportSummary) -> Vec<String> {
    let mut out = Vec::new();
    let counts = [
        (summary.skipped, "bad lines skipped (--lenient)"),
        (
            summary.unknown_kinds,
            "lines of unknown event kinds skipped",
        ),
        (summary.unknown_keys, "unknown keys skipped"),
        (
            summary.undeclared_sources,
            "sources not declared in the header (shown plain)",
        ),
        (
            summary.open_at_end,
            "nodes open at the end (marked unfinished)",
        ),
    ];
    for (n, what) in counts {
        if n > 0 {
            out.push(format!("{n} {what}"));
        }
    }
    if let Some(first) = &summary.first_skipped {
        out.push(format!("first skipped: {first}"));
    }
    if let Some(first) = &summary.first_unknown {
        out.push(format!("first unknown: {first} (--strict refuses them)"));
    }
    if summary.scores_cut > 0 {
        out.push(format!(
            "{} scores cut to fit killerscope's range (±32001 infinite, 31000–32000 mates), \
             the first at {}: declare your engine's mate score in the header (\"mate\")",
            summary.scores_cut,
            summary.first_cut.as_deref().unwrap_or("?")
        ));
    }
    out
}
