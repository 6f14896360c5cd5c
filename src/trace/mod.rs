//! The instrumentation: recording a search event by event, saving and loading the record, and
//! indexing it so a viewer can jump anywhere in the search without re-running it.
//!
//! `Recorder` (a `SearchObserver`) → `EventLog` (in memory, `.kslog` on disk) →
//! `SearchTree` (node index, path at any event) + `Replay` (killer and history tables at any
//! event). `Events` holds a log's events in memory or mapped from a file.
//! `jsonl` is the public way in and out: any engine's trace as JSON Lines, imported into an
//! `EventLog` (and `load_record` opens either format, told apart by content).
//!
//! ```
//! use killerscope::chess::Position;
//! use killerscope::search::{Limits, SearchConfig, Searcher};
//! use killerscope::trace::{EventLog, LogHeader, Recorder, Replay, SearchTree};
//! use std::sync::atomic::AtomicBool;
//!
//! let fen = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
//! let root = Position::from_fen(fen).expect("valid FEN");
//! let config = SearchConfig::default();
//! let mut recorder = Recorder::new(LogHeader::new(fen, &config.ordering, &Limits::depth(3)));
//! let mut searcher = Searcher::new(config);
//! let stop = AtomicBool::new(false);
//! let report = searcher.search(&root, &[], &Limits::depth(3), &stop, &mut recorder, &mut |_| {});
//! let log = recorder.into_log();
//!
//! let mut file = Vec::new();
//! log.write_to(&mut file).expect("writing to memory");
//! let log = EventLog::read_from(file.as_slice()).expect("our own file reads back");
//!
//! let tree = SearchTree::build(log.events());
//! assert_eq!(tree.len() as u64, report.nodes);
//! let replay = Replay::from_log(&log);
//! let halfway = log.len() / 2;
//! let killers_at_ply_1 = replay.killer_row(1, halfway);
//! let path = tree.path_at(halfway);
//! # let _ = (killers_at_ply_1, path);
//! ```

pub mod audit;
pub mod bookmarks;
mod codec;
pub mod doctor;
mod dot;
mod encode;
mod entry;
pub(crate) use entry::NodeEntry;
mod error;
mod events;
pub mod exercise;
mod filter;
mod fit;
mod fold;
mod format;
mod header;
pub mod jsonl;
pub mod line;
mod load;
mod log;
mod log_io;
mod mapped;
mod marks;
mod node_killers;
pub mod node_query;
mod node_walk;
mod ordering_report;
pub mod pgn;
pub mod provenance;
pub mod query;
mod reader;
mod record;
mod recorder;
mod replay;
mod sources;
pub mod speedscope;
mod spool;
mod store;
mod stores;
mod stream;
mod stream_file;
mod target;
pub mod texel;
mod tree;
pub mod tree_diff;
pub mod uci_engine;
pub mod uci_info;

pub use crate::search::SourceRole;
pub use crate::search::{EVENT_BYTES, Event, EventKind, KillerSlots, NodeCount};
pub use dot::{DOT_NODE_LIMIT, write_dot};
pub use error::{LogError, LogErrorKind};
pub use events::{EventSource, Events, Iter as EventIter};
pub use filter::TraceFilter;
pub use fit::{Misfit, MoveFit, check_pvs};
pub use fold::{FoldControl, FoldError, FoldProgress, RecordStream, fold_events};
pub use format::{MAGIC, VERSION};
pub use header::{LogHeader, Setting};
pub use jsonl::write_jsonl;
pub use line::{san_steps, uci_steps};
pub use load::{
    Format, LoadError, Opened, format_of, load_record, open_record, read_record, sniff, sniff_input,
};
pub use log::{DEFAULT_EVENT_CAP, EventLog};
pub use mapped::{Checked, Unchecked, open_mapped, read_mapped};
pub use marks::{Marks, NullTry, PrunedMove, ReSearch, Window, move_order, pruned_moves};
pub use node_killers::{KillerTry, KillerWalk, NodeKillers};
pub use node_walk::{NodeType, NodeWalk, TtProbe, WalkPath, WalkedNode};
pub use ordering_report::{
    KillerStats, OrderingReport, OrderingStats, RANK_BUCKETS, ReportFold, RowKey,
};
pub use reader::LogReader;
pub use record::{record_search, record_search_capped};
pub use recorder::Recorder;
pub use replay::{HistoryScores, KillerCutoff, Replay};
pub use sources::{SourceRow, SourceTable, default_role};
pub use spool::{Spool, SpoolEnd, Spooling};
pub use store::{InMemory, Store};
pub use stream::{BATCH, Streaming};
pub use stream_file::{LogOutput, StreamedLog};
pub use tree::{CutoffInfo, Node, NodeId, SearchTree};
