//! A recorded search as something to explore: the node index (`SearchTree`: the path at any
//! event), the tables at any event (`Replay`: killers, history, countermoves), walks over a
//! node's moves and marks, and the search's line in SAN; and the other formats a search comes
//! in or goes out as — JSON Lines (`jsonl`, the public way in for any engine), Texel's binary
//! tree log, PGN, speedscope, Graphviz and a UCI engine's own output (`uci_engine`).
//! `load_record` opens any of them, told apart by content. The `.kslog` format itself, the
//! events and the recorder are the log crate's (`killerscope_log`).
//!
//! ```
//! use killerscope_chess::Position;
//! use killerscope_engine::{HeaderSettings, Limits, SearchConfig, Searcher};
//! use killerscope_log::{EventLog, LogHeader, Recorder};
//! use killerscope_trace::{Replay, SearchTree};
//! use std::sync::atomic::AtomicBool;
//!
//! let fen = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
//! let root = Position::from_fen(fen).expect("valid FEN");
//! let config = SearchConfig::default();
//! let mut recorder = Recorder::new(LogHeader::for_search(fen, &config, &Limits::depth(3)));
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

pub mod bookmarks;
mod dot;
mod fold;
pub mod jsonl;
pub mod line;
mod load;
mod marks;
mod node_walk;
mod pgn;
mod record;
mod replay;
mod speedscope;
mod stores;
pub mod texel;
mod tree;
pub mod uci_engine;
mod uci_info;

pub use dot::{DOT_NODE_LIMIT, write_dot};
pub use fold::{FoldControl, FoldError, FoldProgress, RecordStream, fold_events};
pub use jsonl::write_jsonl;
pub use line::{san_steps, uci_steps};
pub use load::{
    Format, LoadError, Opened, format_of, load_record, open_record, read_record, sniff, sniff_input,
};
pub use marks::{Marks, NullTry, PrunedMove, ReSearch, Window, move_order, pruned_moves};
pub use node_walk::{NodeType, NodeWalk, TtProbe, WalkPath, WalkedNode};
pub use pgn::write_pgn;
pub use record::{record_search, record_search_capped};
pub use replay::{HistoryScores, KillerCutoff, Replay};
pub use speedscope::SpeedscopeWriter;
pub use tree::{CutoffInfo, Node, NodeId, SearchTree};
pub use uci_info::UciTrace;
