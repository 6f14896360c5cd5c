//! How the log commands read a record file: a `.kslog` or another engine's trace, told apart
//! by content, the switches that say how strictly a trace is read, and the report of what an
//! import skipped. Every `log` subcommand, `diff` and `plot` read through here, so a file is
//! opened and judged alike whichever command is given it.

use super::CliError;
use clap::Args;
use killerscope_log::EventLog;
use killerscope_trace::{Format, format_of, load_record};
use killerscope_trace::{jsonl::ImportOptions, jsonl::ImportSummary};
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

/// The format of `file`, told by content as every reader tells it (`trace::format_of`); a
/// file of no known format is an error.
pub fn sniff_file(file: &Path) -> Result<Format, CliError> {
    Ok(format_of(file)?)
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
    if let Some(line) = summary.next_search {
        out.push(format!(
            "another search starts at line {line} ({} lines not read): a trace holds one \
             search, the first; `tail -n +{line} FILE` is the next",
            summary.lines_not_read
        ));
    }
    if summary.scores_cut > 0 {
        out.push(format!(
            "{} scores cut to fit killerscope's range (±32001 infinite, 31000–32000 mates), \
             the first at {}: declare your engine's mate score in the header (\"mate\"), \
             and its infinity (\"infinity\")",
            summary.scores_cut,
            summary.first_cut.as_deref().unwrap_or("?")
        ));
    }
    out
}
