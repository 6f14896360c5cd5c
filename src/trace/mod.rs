//! The instrumentation: recording a search event by event, saving and loading the record, and
//! indexing it so a viewer can jump anywhere in the search without re-running it.
//!
//! `Recorder` (a `SearchObserver`) → `EventLog` (in memory, `.kslog` on disk) →
//! `SearchTree` (node index) + `Replay` (killer table, history table and path at any event).

mod checksum;
mod codec;
mod dot;
mod error;
mod event;
mod export;
mod filter;
mod format;
mod log;
mod recorder;
mod replay;
mod tree;

pub use checksum::Checksum;
pub use dot::{DOT_NODE_LIMIT, write_dot};
pub use error::{LogError, LogErrorKind};
pub use event::{EVENT_BYTES, Event, EventKind, KillerSlots, MAX_KILLER_SLOTS, NodeCount};
pub use export::write_jsonl;
pub use filter::TraceFilter;
pub use format::{MAGIC, VERSION};
pub use log::{DEFAULT_EVENT_CAP, EventLog, LogHeader};
pub use recorder::Recorder;
pub use replay::{HistoryScores, KillerCutoff, Replay};
pub use tree::{CutoffInfo, Node, NodeId, SearchTree};
