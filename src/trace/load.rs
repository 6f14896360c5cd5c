//! Opening a search record whatever its format: a `.kslog` file or a JSON Lines trace, told
//! apart by their first bytes (the `.kslog` magic, or a `{`), never by the file's name — so
//! `log stats`, `log dot` and the explorer take either.

use super::error::LogError;
use super::format::MAGIC;
use super::jsonl::{ImportError, ImportOptions, ImportSummary, import_file};
use super::log::EventLog;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// Why a record could not be opened.
#[derive(Debug)]
pub enum LoadError {
    /// A `.kslog` file that does not read.
    Log(LogError),
    /// A JSON Lines trace that does not import.
    Trace(ImportError),
    /// Neither format, or the file could not be opened to tell.
    Unknown(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Log(e) => e.fmt(f),
            LoadError::Trace(e) => e.fmt(f),
            LoadError::Unknown(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for LoadError {}

/// The two formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The binary `.kslog` (starts with `MAGIC`).
    Kslog,
    /// JSON Lines (the first character that is not white space is `{`).
    Jsonl,
}

/// Which format `head` (the first bytes of a file) is in, if either.
pub fn sniff(head: &[u8]) -> Option<Format> {
    if head.starts_with(&MAGIC) {
        return Some(Format::Kslog);
    }
    let text = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    match text.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => Some(Format::Jsonl),
        _ => None,
    }
}

/// Opens the record at `path`: a `.kslog` log, or a trace imported with `options` (its import
/// summary beside it).
pub fn load_record(
    path: &Path,
    options: ImportOptions,
) -> Result<(EventLog, Option<ImportSummary>), LoadError> {
    let unknown = |what: String| LoadError::Unknown(format!("{}: {what}", path.display()));
    let mut head = Vec::with_capacity(64);
    crate::files::open_input(path)
        .and_then(|f| f.take(64).read_to_end(&mut head))
        .map_err(|e| unknown(format!("cannot open: {e}")))?;
    match sniff(&head) {
        Some(Format::Kslog) => EventLog::read_file(path)
            .map(|log| (log, None))
            .map_err(LoadError::Log),
        Some(Format::Jsonl) => import_file(path, options)
            .map(|(log, summary)| (log, Some(summary)))
            .map_err(LoadError::Trace),
        None if head.is_empty() => Err(unknown(
            "empty file: neither a .kslog log nor a trace".into(),
        )),
        None => Err(unknown(
            "neither a .kslog log (no KSLOG magic bytes) nor a JSON Lines trace (its first \
             line does not start with '{')"
                .into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_content() {
        assert_eq!(sniff(&MAGIC), Some(Format::Kslog));
        assert_eq!(sniff(b"  \n{\"type\":\"header\"}"), Some(Format::Jsonl));
        assert_eq!(sniff("\u{feff}{".as_bytes()), Some(Format::Jsonl));
        assert_eq!(sniff(b"KSLOG"), None);
        assert_eq!(sniff(b"[1,2]"), None);
        assert_eq!(sniff(b""), None);
    }
}
