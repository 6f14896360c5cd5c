//! Opening a search record whatever its format: a `.kslog` file or a JSON Lines trace, told
//! apart by their first bytes (the `.kslog` magic, or a `{`), never by the file's name — so
//! `log stats`, `log dot` and the explorer take either.

use super::error::LogError;
use super::events::Events;
use super::format::MAGIC;
use super::jsonl::{ImportError, ImportOptions, ImportSummary, import_file};
use super::log::EventLog;
use super::mapped::{Unchecked, open_mapped, read_mapped};
use super::texel::read_texel_file;
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
    /// A Texel tree log that does not read.
    Texel(String),
    /// Neither format, or the file could not be opened to tell.
    Unknown(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Log(e) => e.fmt(f),
            LoadError::Trace(e) => e.fmt(f),
            LoadError::Texel(message) => f.write_str(message),
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
    /// A Texel tree log (a position's three 18-byte records first: `trace::texel`).
    Texel,
}

/// Which format `head` (the first bytes of a file) is in, if either.
pub fn sniff(head: &[u8]) -> Option<Format> {
    if head.starts_with(&MAGIC) {
        return Some(Format::Kslog);
    }
    if super::texel::sniff(head) {
        return Some(Format::Texel);
    }
    let text = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    match text.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => Some(Format::Jsonl),
        _ => None,
    }
}

/// Opens the record at `path` into memory: a `.kslog` log, or a trace imported with `options`
/// (its import summary beside it).
pub fn load_record(
    path: &Path,
    options: ImportOptions,
) -> Result<(EventLog, Option<ImportSummary>), LoadError> {
    match format_of(path)? {
        Format::Kslog => EventLog::read_file(path)
            .map(|log| (log, None))
            .map_err(LoadError::Log),
        Format::Jsonl => import_file(path, options)
            .map(|(log, summary)| (log, Some(summary)))
            .map_err(LoadError::Trace),
        Format::Texel => read_texel_file(path)
            .map(|(log, _)| (log, None))
            .map_err(LoadError::Texel),
    }
}

/// A record opened without reading a `.kslog`'s events into memory.
#[derive(Debug)]
pub enum Opened {
    /// A `.kslog`, mapped: its events are checked by `Unchecked::check` (the explorer does it
    /// in the background while indexing).
    Mapped(EventLog<Events>, Unchecked),
    /// A trace, imported into memory, and what the import skipped.
    Trace(EventLog, ImportSummary),
}

/// Opens the record at `path`: a `.kslog` is mapped and only its header and tail are read
/// (`open_mapped`); a trace is imported with `options`.
pub fn open_record(path: &Path, options: ImportOptions) -> Result<Opened, LoadError> {
    match format_of(path)? {
        Format::Kslog => open_mapped(path)
            .map(|(log, unchecked)| Opened::Mapped(log, unchecked))
            .map_err(LoadError::Log),
        Format::Jsonl => import_file(path, options)
            .map(|(log, summary)| Opened::Trace(log, summary))
            .map_err(LoadError::Trace),
        Format::Texel => read_texel_file(path)
            .map(|(log, _)| Opened::Trace(log, ImportSummary::default()))
            .map_err(LoadError::Texel),
    }
}

/// Opens the record at `path` with every event checked, a `.kslog` mapped rather than read
/// into memory: for the commands that go over the whole record (`log dot`, `log plot`).
pub fn read_record(
    path: &Path,
    options: ImportOptions,
) -> Result<(EventLog<Events>, Option<ImportSummary>), LoadError> {
    match format_of(path)? {
        Format::Kslog => read_mapped(path)
            .map(|log| (log, None))
            .map_err(LoadError::Log),
        Format::Jsonl => import_file(path, options)
            .map(|(log, summary)| (log.into(), Some(summary)))
            .map_err(LoadError::Trace),
        Format::Texel => read_texel_file(path)
            .map(|(log, _)| (log.into(), None))
            .map_err(LoadError::Texel),
    }
}

/// The format of the file at `path`, from its first bytes; neither format is refused with a
/// message saying why.
pub(super) fn format_of(path: &Path) -> Result<Format, LoadError> {
    let unknown = |what: String| LoadError::Unknown(format!("{}: {what}", path.display()));
    let mut head = Vec::with_capacity(64);
    crate::files::open_input(path)
        .and_then(|f| f.take(64).read_to_end(&mut head))
        .map_err(|e| unknown(format!("cannot open: {e}")))?;
    match sniff(&head) {
        Some(format) => Ok(format),
        None if head.is_empty() => Err(unknown(
            "empty file: neither a .kslog log nor a trace".into(),
        )),
        None => Err(unknown(
            "neither a .kslog log (no KSLOG magic bytes), a JSON Lines trace (its first \
             line does not start with '{') nor a Texel tree log (no position records first)"
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
