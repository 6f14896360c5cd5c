//! The `.kslog` search log: what a search did, event by event, in 16 bytes an event, and the
//! header that says what was searched and how. This crate is what an engine links to record its
//! own search (the events, the observer seam, the recorder and the streaming writer) and what
//! every reader opens a log with (the checked reader, the mapped reader); it knows no terminal,
//! no command line and no search of its own. The byte layout is `docs/kslog-format.md`.
//!
//! `SearchObserver` is the seam: a search reports every node, move, cutoff and killer store as
//! an `Event`; `Recorder` is the observer that keeps them (in memory, or streamed to a file
//! through `Streaming`) and `EventLog` is the result, written and read as a `.kslog`.
//!
//! # Recording another engine's search
//!
//! An engine that is not killerscope calls a [`LogWriter`] from its search: one method where
//! the search does each thing, its moves converted by [`LogMove`], its scores on killerscope's
//! scale ([`MATE`], [`INFINITY`]). `docs/recording-your-engine.md` walks through it, and
//! `examples/tiny_engine` is a whole engine recording itself with `--trace FILE`.
//!
//! ```
//! use killerscope_log::{Bound, EventLog, LogHeader, LogWriter, Move, MoveFlag, NodeKind};
//! use killerscope_log::{INFINITY, SourceRole, Square};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let path = std::env::temp_dir().join(format!("doc-{}.kslog", std::process::id()));
//! let header = LogHeader::for_engine("7k/8/8/8/8/8/8/K7 w - - 0 1", "tiny 1.0")
//!     .with_limit("depth", "1")
//!     .with_source(0, "Q", "quiet", SourceRole::Quiet);
//! let mut log = LogWriter::create(&path, header)?;
//!
//! // A depth-1 search of bare kings: the root tries Kb1, whose quiescence node scores 0.
//! let kb1 = Move::new(Square::A1, Square::from_index(1), MoveFlag::Quiet);
//! let window = (-INFINITY, INFINITY);
//! log.node_enter(0, 1, NodeKind::Main, Move::NULL, window);
//! log.move_tried(kb1, 0, 0);
//! log.node_enter(1, 0, NodeKind::Quiescence, kb1, window);
//! log.node_exit(0, Bound::Exact);
//! log.node_exit(0, Bound::Exact);
//! log.iteration(1, 0, 2, &[kb1]);
//! let written = log.finish()?;
//! assert_eq!((written.events, written.truncated), (6, false));
//!
//! // It reads back, every record and the checksum checked.
//! let read = EventLog::read_file(&path)?;
//! assert_eq!(read.len(), 6);
//! assert_eq!(read.pv(0), [kb1]);
//! # std::fs::remove_file(&path)?;
//! # Ok(())
//! # }
//! ```

mod board;
mod codec;
mod combine;
mod encode;
mod entry;
mod error;
mod event;
mod events;
pub mod files;
mod filter;
mod fit;
mod format;
mod header;
mod header_build;
mod log;
mod log_io;
mod mapped;
mod observer;
mod pseudo;
mod reader;
mod recorder;
#[cfg(test)]
mod sample;
mod source;
mod sources;
mod spool;
mod store;
mod stream;
mod stream_file;
mod target;
mod writer;

pub use board::Board;
pub use entry::NodeEntry;
pub use error::{LogError, LogErrorKind};
pub use event::{
    Bound, COUNTER_KEYS, EVENT_BYTES, Event, EventKind, KillerSlots, MAX_KILLER_SLOTS, MAX_PLY,
    NodeCount, NodeKind, PruneRule, ReSearchReason, StaticKind, WindowOutcome,
};
pub use events::{EventSource, Events, Iter as EventIter};
pub use filter::TraceFilter;
pub use fit::{Misfit, MoveFit, check_pvs};
pub use format::{MAGIC, VERSION};
pub use header::{EVAL_KEY, LogHeader, Setting, owned_settings};
pub use log::{DEFAULT_EVENT_CAP, EventLog};
pub use mapped::{Checked, Unchecked, open_mapped, read_mapped};
pub use observer::{NullObserver, SearchObserver};
pub use reader::LogReader;
pub use recorder::Recorder;
pub use source::{
    KILLER_CANDIDATES, KILLER_SOURCES, MoveSource, SOURCES, SourceColour, SourceInfo, SourceRole,
};
pub use sources::{SourceRow, SourceTable, default_role};
pub use spool::{Spool, SpoolEnd, Spooling};
pub use store::{InMemory, Store};
pub use stream::{BATCH, Streaming};
pub use stream_file::{LogOutput, StreamedLog};
pub use writer::{INFINITY, LogMove, LogWriter, MATE, WriterStore, mate_score};

/// The chess vocabulary a log is written in, so an engine that records itself needs only this
/// crate: the 16-bit move and what it is made of.
pub use killerscope_chess::{Move, MoveFlag, Square};
