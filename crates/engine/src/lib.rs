//! The engine: iterative deepening, alpha-beta, quiescence, move ordering. Knows nothing of screens.

mod alphabeta;
pub mod best_reply;
pub mod config;
pub mod countermove;
mod deepening;
pub mod eval;
pub mod fmt;
mod header;
pub mod history;
pub mod killers;
pub mod ladder;
pub mod limits;
pub mod margins;
pub mod node_search;
pub mod oracle;
pub mod order;
pub mod picker;
mod pv;
pub mod score;
pub mod searcher;
pub mod see;
pub mod selective;
pub mod selective_stats;
pub mod stats;
pub mod switches;
pub mod tables;
pub mod tt;

pub use config::{
    HistoryMode, KillerIndex, KillerPlacement, MoveOrder, OrderingConfig, SearchConfig,
};
pub use eval::EvalKind;
pub use header::HeaderSettings;
pub use history::HistoryTable;
pub use killers::KillerTable;
pub use limits::Limits;
pub use node_search::NodeSearch;
pub use oracle::OracleTable;
pub use searcher::{IterationReport, SearchReport, Searcher, nodes_per_second};
pub use selective::SelectiveConfig;
pub use selective_stats::SelectiveCounts;
pub use stats::CutoffStats;
pub use switches::{ConfigError, Switchboard};
pub use tables::OrderingTables;
pub use tt::TranspositionTable;
