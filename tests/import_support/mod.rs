//! Shared by the trace import tests: a header that declares three sources, a root node, and
//! importing a list of lines strictly or leniently.
#![allow(dead_code)]

use killerscope_log::EventLog;
use killerscope_trace::{
    jsonl::ImportError, jsonl::ImportOptions, jsonl::ImportSummary, jsonl::import_reader,
};

/// A header declaring `tt`, a killer slot and `quiet`.
pub const HEADER: &str = r#"{"type":"header","schema":1,"engine":"toy 1.0","sources":[{"label":"tt","colour":"cyan"},{"label":"killer","colour":"yellow","killer_slot":0},{"label":"quiet"}]}"#;

/// A root node at the start position, depth 2, window (-100, 100).
pub const ROOT: &str = r#"{"type":"node_enter","depth":2,"alpha":-100,"beta":100}"#;

/// Imports `lines` (each given its newline).
pub fn import_with(
    lines: &[&str],
    lenient: bool,
) -> Result<(EventLog, ImportSummary), ImportError> {
    let text = lines.join("\n") + "\n";
    import_reader(
        text.as_bytes(),
        ImportOptions {
            lenient,
            ..ImportOptions::default()
        },
    )
}

/// Imports `lines` strictly; they must be valid.
pub fn import(lines: &[&str]) -> (EventLog, ImportSummary) {
    import_with(lines, false).unwrap_or_else(|e| panic!("imports: {e}"))
}

/// The error a strict import of `lines` stops with.
pub fn error(lines: &[&str]) -> ImportError {
    match import_with(lines, false) {
        Ok(_) => panic!("should not import: {lines:?}"),
        Err(e) => e,
    }
}
