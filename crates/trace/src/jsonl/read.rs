//! Reading a trace from a file or a stream: lines split off a buffered reader one at a time,
//! each handed to the `Importer` and forgotten, so memory follows the events imported, not the
//! size of the text. A line longer than `MAX_LINE` is counted past without being held. The
//! same reader serves a live view: at the end of what has been written so far, a partial last
//! line stays buffered until the rest of it arrives.

use super::error::{ImportError, ImportErrorKind, LinePlace};
use super::import::{ImportOptions, ImportSummary, Importer};
use killerscope_log::EventLog;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Longest line a trace may hold (a PV of hundreds of moves is a few kilobytes).
pub const MAX_LINE: usize = 1 << 20;

/// What [`LineReader::next_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Got {
    /// A complete line, now in [`LineReader::text`].
    Line(LinePlace),
    /// A line longer than `MAX_LINE`, skipped: where it started and its length.
    TooLong(LinePlace, u64),
}

/// Splits lines off a buffered reader.
#[derive(Debug)]
pub struct LineReader<R> {
    r: R,
    buf: Vec<u8>,
    /// Where the line being read starts.
    next: LinePlace,
    /// Length of the line being read, counted even past `MAX_LINE`.
    len: u64,
    /// The last line handed out, cleared before the next is read.
    done: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader at the start of `r`.
    pub fn new(r: R) -> LineReader<R> {
        LineReader {
            r,
            buf: Vec::new(),
            next: LinePlace { line: 1, byte: 0 },
            len: 0,
            done: false,
        }
    }

    /// The next complete line, or `None` at the end of what can be read now (a partial line
    /// stays buffered: call again when more may have arrived, or take it with `rest`).
    pub fn next_line(&mut self) -> io::Result<Option<Got>> {
        if std::mem::take(&mut self.done) {
            self.buf.clear();
        }
        loop {
            let available = match self.r.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(None);
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(available.len());
            if self.buf.len() + take <= MAX_LINE && self.len == self.buf.len() as u64 {
                self.buf.extend_from_slice(&available[..take]);
            } else {
                self.buf.clear();
            }
            self.len += take as u64;
            self.r.consume(take + usize::from(newline.is_some()));
            if newline.is_some() {
                return Ok(Some(self.finish_line(1)));
            }
        }
    }

    fn finish_line(&mut self, newline: u64) -> Got {
        let place = self.next;
        let len = std::mem::take(&mut self.len);
        self.next = LinePlace {
            line: place.line + 1,
            byte: place.byte + len + newline,
        };
        self.done = true;
        if len > self.buf.len() as u64 {
            Got::TooLong(place, len)
        } else {
            Got::Line(place)
        }
    }

    /// The line [`LineReader::next_line`] or [`LineReader::rest`] last found.
    pub fn text(&self) -> &[u8] {
        &self.buf
    }

    /// The partial line left at the end of the input (one with no newline), if any.
    pub fn rest(&mut self) -> Option<Got> {
        if std::mem::take(&mut self.done) {
            self.buf.clear();
        }
        (self.len > 0).then(|| self.finish_line(0))
    }

    /// Where the next line will start.
    pub fn place(&self) -> LinePlace {
        self.next
    }
}

/// Hands one line the reader found to the importer.
pub fn feed<R: BufRead>(
    importer: &mut Importer,
    lines: &LineReader<R>,
    got: Got,
) -> Result<(), ImportError> {
    match got {
        Got::Line(place) => importer.line(lines.text(), place),
        Got::TooLong(place, len) => importer.too_long(place, len, MAX_LINE),
    }
}

/// Imports a whole trace from `r`.
pub fn import_reader<R: Read>(
    r: R,
    options: ImportOptions,
) -> Result<(EventLog, ImportSummary), ImportError> {
    let mut lines = LineReader::new(BufReader::with_capacity(1 << 16, r));
    let mut importer = Importer::new(options);
    let io_error =
        |e: io::Error, at: LinePlace| ImportError::whole(ImportErrorKind::Io(e), at.byte, "");
    while let Some(got) = lines.next_line().map_err(|e| io_error(e, lines.place()))? {
        feed(&mut importer, &lines, got)?;
    }
    if let Some(got) = lines.rest() {
        feed(&mut importer, &lines, got).map_err(|mut e| {
            e.message
                .push_str(" (the last line has no newline: was the trace cut short?)");
            e
        })?;
    }
    importer.finish()
}

/// Imports the trace in the regular file at `path`; errors name the file.
pub fn import_file(
    path: &Path,
    options: ImportOptions,
) -> Result<(EventLog, ImportSummary), ImportError> {
    let file = killerscope_log::files::open_input(path)
        .map_err(|e| ImportError::whole(ImportErrorKind::Open(e), 0, "").in_file(path))?;
    import_reader(file, options).map_err(|e| e.in_file(path))
}
