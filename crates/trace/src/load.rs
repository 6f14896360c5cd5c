//! Opening a search record whatever its format: a `.kslog` file, a JSON Lines trace or a Texel
//! tree log, told apart by their first bytes (the `.kslog` magic, Texel's position records, or
//! a `{` after any blank lines), never by the file's name — so `log stats`, `log dot`,
//! `log plot`, the explorer and `log import` take or refuse a file alike: they all ask
//! [`format_of`]. A `.kslog` opened here is also checked for
//! moves that do not fit its header's position (see `fit`), as `log import` checks a trace.

use super::jsonl::{ImportError, ImportOptions, ImportSummary, import_file};
use super::texel::read_texel_file;
use killerscope_log::EventLog;
use killerscope_log::Events;
use killerscope_log::LogError;
use killerscope_log::LogReader;
use killerscope_log::MAGIC;
use killerscope_log::{Unchecked, open_mapped};
use std::fmt;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
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

/// The formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The binary `.kslog` (starts with `MAGIC`).
    Kslog,
    /// JSON Lines (the first character that is not white space is `{`).
    Jsonl,
    /// A Texel tree log (a position's three 18-byte records first: `trace::texel`).
    Texel,
}

/// Bytes read before the JSON Lines rule takes over: the `.kslog` magic and a Texel log's first
/// three records fit in them.
const HEAD: usize = 64;

/// Which format the bytes `input` yields are in, if either: the `.kslog` magic, a Texel log's
/// first records, or the JSON Lines rule of the importer — after a byte-order mark and any
/// amount of white space (blank lines, as the importer skips them), a `{`. Reads only as far as
/// it needs to tell.
pub fn sniff_input(input: impl Read) -> io::Result<Option<Format>> {
    let mut bytes = BufReader::new(input).bytes();
    // Enough for the magic and for a Texel log's first three records.
    let mut start = Vec::with_capacity(HEAD);
    while start.len() < HEAD {
        match bytes.next() {
            Some(byte) => start.push(byte?),
            None => break,
        }
    }
    if start.starts_with(&MAGIC) {
        return Ok(Some(Format::Kslog));
    }
    if super::texel::sniff(&start) {
        return Ok(Some(Format::Texel));
    }
    let mut bytes = start.into_iter().map(Ok).chain(bytes);
    let mut first = true;
    while let Some(c) = next_char(&mut bytes)? {
        let skipped = c.is_whitespace() || (first && c == '\u{feff}');
        first = false;
        if !skipped {
            return Ok((c == '{').then_some(Format::Jsonl));
        }
    }
    Ok(None)
}

/// [`sniff_input`] over bytes already in memory (`None` also when they stop before telling).
pub fn sniff(bytes: &[u8]) -> Option<Format> {
    sniff_input(bytes).unwrap_or(None)
}

/// The next UTF-8 character of `bytes`; `None` at the end, U+FFFD for bytes that are not
/// UTF-8 (neither white space nor `{`, which is all the caller asks).
fn next_char(bytes: &mut impl Iterator<Item = io::Result<u8>>) -> io::Result<Option<char>> {
    let Some(lead) = bytes.next().transpose()? else {
        return Ok(None);
    };
    let len = match lead {
        0x00..=0x7f => return Ok(Some(char::from(lead))),
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return Ok(Some(char::REPLACEMENT_CHARACTER)),
    };
    let mut encoded = vec![lead];
    for _ in 1..len {
        match bytes.next().transpose()? {
            Some(byte) => encoded.push(byte),
            None => break,
        }
    }
    let c = std::str::from_utf8(&encoded)
        .ok()
        .and_then(|s| s.chars().next());
    Ok(Some(c.unwrap_or(char::REPLACEMENT_CHARACTER)))
}

/// Opens the record at `path` into memory: a `.kslog` log, or a trace imported with `options`
/// (its import summary beside it).
pub fn load_record(
    path: &Path,
    options: ImportOptions,
) -> Result<(EventLog, Option<ImportSummary>), LoadError> {
    match format_of(path)? {
        Format::Kslog => read_fitting(path)
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
/// (`open_mapped`; its events are checked, their moves fitted to the header's position, by
/// `Unchecked::check`); a trace is imported with `options`.
pub fn open_record(path: &Path, options: ImportOptions) -> Result<Opened, LoadError> {
    match format_of(path)? {
        Format::Kslog => {
            let (log, unchecked) = open_mapped(path).map_err(LoadError::Log)?;
            let unchecked = unchecked.fitting(&log).map_err(LoadError::Log)?;
            Ok(Opened::Mapped(log, unchecked))
        }
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
        Format::Kslog => read_mapped_fitting(path)
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

/// A `.kslog` read into memory a chunk at a time, with every check of `EventLog::read_file`
/// and its moves fitted to its header's position (see `trace::fit`).
fn read_fitting(path: &Path) -> Result<EventLog, LogError> {
    let mut reader = LogReader::open(path)?.fitting()?;
    // The count was checked against the file's length: the events fit in memory as they do
    // on disk.
    let mut events = Vec::with_capacity(usize::try_from(reader.len()).unwrap_or(0));
    let mut chunk = Vec::new();
    while reader.next_chunk(&mut chunk)? {
        events.extend_from_slice(&chunk);
    }
    let (header, pvs) = (reader.header().clone(), reader.pvs().to_vec());
    let truncated = reader.is_truncated();
    reader.finish()?;
    Ok(EventLog::from_parts(header, events, pvs, truncated))
}

/// A `.kslog` mapped and checked whole, its moves fitted to its header's position.
fn read_mapped_fitting(path: &Path) -> Result<EventLog<Events>, LogError> {
    let (log, unchecked) = open_mapped(path)?;
    let unchecked = unchecked.fitting(&log)?;
    unchecked.check(log.events(), &mut |_| ControlFlow::Continue(()))?;
    Ok(log)
}

/// The format of the file at `path`, from its first bytes ([`sniff`]): the one test every
/// command that reads a record makes.
pub fn format_of(path: &Path) -> Result<Format, LoadError> {
    let unknown =
        |what: String| LoadError::Unknown(format!("{}: {what}", killerscope_text::path(path)));
    let file = killerscope_log::files::open_input(path)
        .map_err(|e| unknown(format!("cannot open: {e}")))?;
    let size = file.metadata().map_or(0, |m| m.len());
    match sniff_input(file).map_err(|e| unknown(format!("cannot read: {e}")))? {
        Some(format) => Ok(format),
        None if size == 0 => Err(unknown(
            "empty file: neither a .kslog log nor a trace".into(),
        )),
        None => Err(unknown(
            "neither a .kslog log (no KSLOG magic bytes), a JSON Lines trace (its first \
             line that is not blank does not start with '{') nor a Texel tree log (no position \
             records first)"
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
        let log = [&MAGIC[..], &[0; 100]].concat();
        assert_eq!(sniff(&log), Some(Format::Kslog), "the magic then a header");
        assert_eq!(sniff(b"  \n{\"type\":\"header\"}"), Some(Format::Jsonl));
        assert_eq!(sniff("\u{feff}{".as_bytes()), Some(Format::Jsonl));
        assert_eq!(sniff(b"KSLOG"), None);
        assert_eq!(sniff(b"[1,2]"), None);
        assert_eq!(sniff(b""), None);
        assert_eq!(sniff(b"\n\n"), None);
    }

    #[test]
    fn any_number_of_blank_lines_may_come_first_as_the_importer_skips_them() {
        for blank in ["\n", "\r\n", " \t\n", "\u{a0}\u{2003}\n"] {
            for n in [0, 63, 64, 65, 100_000] {
                let text = format!("\u{feff}{}{{}}", blank.repeat(n));
                assert_eq!(
                    sniff(text.as_bytes()),
                    Some(Format::Jsonl),
                    "{n} × {blank:?}"
                );
            }
        }
        assert_eq!(sniff(&[b'\n', 0xff, b'{']), None);
        assert_eq!(
            sniff(" \u{feff}{".as_bytes()),
            None,
            "a mark only at the start"
        );
    }
}
