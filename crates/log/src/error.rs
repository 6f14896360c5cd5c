//! `LogError`: why a `.kslog` file could not be read or written, and where.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// What went wrong with a `.kslog` file.
#[derive(Debug)]
pub enum LogErrorKind {
    /// The file could not be opened for reading.
    Open(io::Error),
    /// The file could not be created, or writing it failed.
    Write(io::Error),
    /// The operating system refused a read.
    Io(io::Error),
    /// The file has no bytes at all.
    Empty,
    /// The file does not start with the `.kslog` magic: it is something else.
    NotAKslog,
    /// The file was written by a newer (or unknown) format version.
    UnsupportedVersion(u16),
    /// A source row's role code is not one this build knows.
    UnknownRole(u8),
    /// Flag bits this version does not define are set.
    UnknownFlags(u16),
    /// The file ends inside `what`: it was cut short.
    Truncated {
        /// The field being read.
        what: &'static str,
    },
    /// A header string is longer than any real header would be.
    StringTooLong {
        /// Which header field.
        field: &'static str,
        /// Its declared length.
        len: u32,
    },
    /// A header list (settings, source rows) claims more entries than any real header holds.
    ListTooLong {
        /// Which list.
        list: &'static str,
        /// Its declared number of entries.
        len: u16,
    },
    /// A header string is not UTF-8.
    NotUtf8 {
        /// Which header field.
        field: &'static str,
    },
    /// An event record cannot come from any event.
    BadEvent {
        /// The event's index in the log.
        index: u64,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A count disagrees with what the file holds.
    CountMismatch {
        /// Which count.
        what: &'static str,
        /// The count stored in the file.
        stored: u64,
        /// The count the file's contents imply.
        actual: u64,
    },
    /// The trailer marker is missing where the trailer should start.
    NoTrailer,
    /// The stored checksum does not match the file's bytes: the file is corrupted.
    ChecksumMismatch {
        /// The CRC-32 stored in the trailer.
        stored: u32,
        /// The CRC-32 of the bytes read.
        computed: u32,
    },
    /// There are bytes after the trailer.
    TrailingData,
    /// The header's FEN is not a position this build can search.
    BadFen(String),
    /// A move does not fit the position it is played in (see `trace::fit`): the event's
    /// index, or `None` for a PV.
    MovesDoNotFit {
        /// The event's index in the log, or `None` when a PV does not play.
        index: Option<u64>,
        /// Which move, where, and why.
        what: String,
    },
    /// More events than this reader indexes (`u32` event numbers: 4,294,967,295, a 68 GB log).
    TooManyEvents(u64),
}

/// A `.kslog` error: what went wrong, at which byte offset, in which file (when known).
#[derive(Debug)]
pub struct LogError {
    /// What went wrong.
    pub kind: LogErrorKind,
    /// Byte offset in the file where the problem was found (0 for open and write failures).
    pub offset: u64,
    /// The file, when the log was read from or written to a path.
    pub path: Option<PathBuf>,
}

impl LogError {
    pub(crate) fn at(offset: u64, kind: LogErrorKind) -> LogError {
        LogError {
            kind,
            offset,
            path: None,
        }
    }

    pub(crate) fn in_file(mut self, path: impl Into<PathBuf>) -> LogError {
        self.path = Some(path.into());
        self
    }
}

impl fmt::Display for LogErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogErrorKind::Open(e) => write!(f, "cannot open: {e}"),
            LogErrorKind::Write(e) => write!(f, "cannot write: {e}"),
            LogErrorKind::Io(e) => write!(f, "cannot read: {e}"),
            LogErrorKind::Empty => f.write_str("empty file, not an event log"),
            LogErrorKind::NotAKslog => {
                f.write_str("not a killerscope event log (.kslog magic bytes missing)")
            }
            LogErrorKind::UnsupportedVersion(v) => write!(
                f,
                "written by .kslog format v{v}; this build reads formats v{}–v{} only \
                 (record the search again with this build)",
                super::format::OLDEST_READABLE,
                super::format::VERSION
            ),
            LogErrorKind::UnknownRole(code) => write!(
                f,
                "source role {code} is not one this build knows (0–{})",
                crate::SourceRole::ALL.len() - 1
            ),
            LogErrorKind::UnknownFlags(flags) => write!(f, "unknown header flags {flags:#06x}"),
            LogErrorKind::Truncated { what } => {
                write!(f, "file ends inside the {what}; truncated?")
            }
            LogErrorKind::StringTooLong { field, len } => {
                write!(f, "header field {field} claims {len} bytes; corrupted?")
            }
            LogErrorKind::ListTooLong { list, len } => write!(
                f,
                "header list {list} claims {len} entries (at most {}); corrupted?",
                super::format::MAX_LIST
            ),
            LogErrorKind::NotUtf8 { field } => write!(f, "header field {field} is not UTF-8"),
            LogErrorKind::BadEvent { index, reason } => write!(f, "event #{index}: {reason}"),
            LogErrorKind::CountMismatch {
                what,
                stored,
                actual,
            } => write!(f, "{what}: file says {stored}, found {actual}"),
            LogErrorKind::NoTrailer => f.write_str("trailer marker missing after the events"),
            LogErrorKind::ChecksumMismatch { stored, computed } => write!(
                f,
                "checksum mismatch (stored CRC-32 {stored:08x}, computed {computed:08x}): corrupted"
            ),
            LogErrorKind::TrailingData => f.write_str("unexpected bytes after the trailer"),
            LogErrorKind::BadFen(why) => {
                write!(f, "the header's FEN is not a usable position: {why}")
            }
            LogErrorKind::MovesDoNotFit { index, what } => {
                if let Some(index) = index {
                    write!(f, "event #{index}: ")?;
                }
                write!(
                    f,
                    "{what}: the log's moves do not fit its header's position"
                )
            }
            LogErrorKind::TooManyEvents(n) => write!(
                f,
                "{n} events: more than the {} this build can index",
                u32::MAX
            ),
        }
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", killerscope_text::path(path))?;
        }
        match self.kind {
            LogErrorKind::Open(_) | LogErrorKind::Write(_) => write!(f, "{}", self.kind),
            _ => write!(f, "byte {}: {}", self.offset, self.kind),
        }
    }
}

impl std::error::Error for LogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            LogErrorKind::Open(e) | LogErrorKind::Write(e) | LogErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}
