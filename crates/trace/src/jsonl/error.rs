//! `ImportError`: why a JSON Lines trace could not be read, and exactly where — the line, the
//! column and the byte offset in the file — so a user can open their engine's output at the
//! spot and see what it printed.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// What kind of problem an import hit.
#[derive(Debug)]
pub enum ImportErrorKind {
    /// The file could not be opened.
    Open(io::Error),
    /// Reading failed.
    Io(io::Error),
    /// The file holds no lines at all.
    Empty,
    /// A line is not valid JSON (or not one object), or not UTF-8, or too long.
    Syntax,
    /// A line is valid JSON but breaks the schema: a missing field, a wrong type, an illegal
    /// move, an exit without an enter, a cutoff below its beta.
    Invalid,
}

/// A trace import error: what, and where.
#[derive(Debug)]
pub struct ImportError {
    /// What kind of problem.
    pub kind: ImportErrorKind,
    /// The explanation.
    pub message: String,
    /// 1-based line number (0 when the problem belongs to no line, e.g. opening the file).
    pub line: u64,
    /// 1-based byte column in the line (0 when none applies).
    pub column: usize,
    /// Byte offset of the problem from the start of the input.
    pub byte: u64,
    /// The file, when the trace was read from a path.
    pub path: Option<PathBuf>,
}

/// Where a line starts: its 1-based number and its byte offset in the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinePlace {
    /// 1-based line number.
    pub line: u64,
    /// Byte offset of the line's first byte.
    pub byte: u64,
}

impl LinePlace {
    /// An error at 0-based byte column `col` of this line.
    pub fn error(
        self,
        kind: ImportErrorKind,
        col: usize,
        message: impl Into<String>,
    ) -> ImportError {
        ImportError {
            kind,
            message: message.into(),
            line: self.line,
            column: col + 1,
            byte: self.byte + col as u64,
            path: None,
        }
    }
}

impl ImportError {
    /// An error that belongs to no line (opening, reading), at byte offset `byte`.
    pub fn whole(kind: ImportErrorKind, byte: u64, message: impl Into<String>) -> ImportError {
        ImportError {
            kind,
            message: message.into(),
            line: 0,
            column: 0,
            byte,
            path: None,
        }
    }

    /// The same error, naming the file it came from.
    pub fn in_file(mut self, path: impl Into<PathBuf>) -> ImportError {
        self.path = Some(path.into());
        self
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        match &self.kind {
            ImportErrorKind::Open(e) => return write!(f, "cannot open: {e}"),
            ImportErrorKind::Io(e) => return write!(f, "cannot read at byte {}: {e}", self.byte),
            ImportErrorKind::Empty => return f.write_str("empty trace: no header line"),
            ImportErrorKind::Syntax | ImportErrorKind::Invalid => {}
        }
        if self.line > 0 {
            write!(
                f,
                "line {}, column {} (byte {}): ",
                self.line, self.column, self.byte
            )?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ImportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ImportErrorKind::Open(e) | ImportErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}
