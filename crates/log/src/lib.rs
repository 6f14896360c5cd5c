//! The `.kslog` search log: what a search did, event by event, in 16 bytes an event, and the
//! header that says what was searched and how. This crate is what an engine links to record its
//! own search (the events, the observer seam, the recorder and the streaming writer) and what
//! every reader opens a log with (the checked reader, the mapped reader); it knows no terminal,
//! no command line and no search of its own. The byte layout is `docs/kslog-format.md`.
//!
//! `SearchObserver` is the seam: a search reports every node, move, cutoff and killer store as
//! an `Event`; `Recorder` is the observer that keeps them (in memory, or streamed to a file
//! through `Streaming`) and `EventLog` is the result, written and read as a `.kslog`.

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
