//! Opening `tui --log` and `--diff` files: a `.kslog` mapped and indexed (before the first
//! screen when small), or a trace imported, with the status line that says what the import
//! skipped.

use super::parse_fen;
use crate::cli::CliError;
use killerscope_explorer::Session;
use killerscope_trace::{Opened, open_record};
use killerscope_trace::{jsonl::ImportOptions, jsonl::ImportSummary};

/// Logs of at most this many events are checked and indexed before the first screen (a
/// fraction of a second); larger ones in the background, behind a progress gauge.
pub const INDEX_BEFORE_SHOWING: usize = 1 << 22;

/// Opens `--log`: a `.kslog` mapped, checked and indexed (before the first screen if it is
/// small, else in the background), or a trace imported.
pub(super) fn open_log(
    path: &std::path::Path,
    options: ImportOptions,
) -> Result<(Session, Option<ImportSummary>), CliError> {
    let opened =
        open_record(path, options).map_err(|e| CliError::new(format!("cannot open log {e}")))?;
    let where_ = format!("log {} header", path.display());
    match opened {
        Opened::Mapped(log, unchecked) => {
            let root = parse_fen(&log.header().fen, &where_)?;
            let small = log.len() <= INDEX_BEFORE_SHOWING;
            let mut session = Session::from_mapped(root, log, unchecked);
            if small {
                session
                    .wait_index()
                    .map_err(|e| CliError::new(format!("cannot open log {e}")))?;
            }
            Ok((session, None))
        }
        Opened::Trace(log, summary) => {
            let root = parse_fen(&log.header().fen, &where_)?;
            Ok((Session::from_log(root, log), Some(summary)))
        }
    }
}

/// The status line after opening a trace: what was skipped or left open, if anything, and
/// the first unknown key or kind by name and place (a typo would otherwise lose its event
/// without a word).
pub(super) fn trace_note(summary: &ImportSummary) -> String {
    let counts = [
        (summary.skipped, "bad lines skipped"),
        (summary.unknown_kinds, "lines of unknown kinds skipped"),
        (summary.unknown_keys, "unknown keys skipped"),
        (summary.open_at_end, "nodes unfinished"),
    ];
    let notes: Vec<String> = counts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
    let first = summary
        .first_unknown
        .as_ref()
        .map(|first| format!("; first unknown: {first} (--strict refuses them)"))
        .unwrap_or_default();
    if notes.is_empty() {
        "browsing a trace: [ ] { } K p to step through it".to_string()
    } else {
        format!(
            "browsing a trace ({}{first}): [ ] {{ }} K p to step",
            notes.join(", ")
        )
    }
}
