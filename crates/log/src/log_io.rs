//! Reading and writing an [`EventLog`] as a `.kslog` file: the methods callers use, carried
//! out by `format` (reading and checking) and `encode` (writing). Apart from `log.rs`, which
//! holds the log in memory, so that those two can name the type without importing what
//! imports them.

use super::encode;
use super::error::LogError;
use super::events::EventSource;
use super::format;
use super::log::EventLog;
use std::io::{self, Read, Write};
use std::path::Path;

impl EventLog {
    /// Reads a `.kslog` stream, validating every field, event and the checksum.
    pub fn read_from<R: Read>(r: R) -> Result<EventLog, LogError> {
        format::read(r, None)
    }

    /// Reads a `.kslog` file; errors name the file and the byte offset. Only a regular file is
    /// opened: a FIFO or a device is refused at once (see [`crate::files`]).
    pub fn read_file(path: impl AsRef<Path>) -> Result<EventLog, LogError> {
        format::read_log_file(path)
    }
}

impl<E: EventSource> EventLog<E> {
    /// Writes the log in `.kslog` format; `read_from` gives back an identical log.
    pub fn write_to<W: Write>(&self, w: W) -> io::Result<()> {
        encode::write_log(self, w)
    }

    /// Writes the log to a file at `path` (created or replaced); a FIFO, a terminal or another
    /// kind of file a log cannot go to is refused before it is opened (see [`crate::files`]).
    pub fn write_file(&self, path: impl AsRef<Path>) -> Result<(), LogError> {
        encode::write_log_file(self, path)
    }
}
