//! The engine: iterative deepening, alpha-beta, quiescence, move ordering. Knows nothing of screens.

pub mod combine;
pub mod config;
pub mod history;
pub mod killers;
pub mod observer;
pub mod score;
pub mod stats;
pub mod tt;

pub use config::{ConfigError, KillerPlacement, MAX_KILLER_SLOTS, OrderingConfig, SearchConfig};
pub use history::HistoryTable;
pub use killers::KillerTable;
pub use observer::{Bound, MoveSource, NodeKind, NullObserver, SearchObserver};
pub use stats::CutoffStats;
pub use tt::TranspositionTable;

/// Deepest ply the search reaches (main plus quiescence); sizes the killer table and search stack.
pub const MAX_PLY: usize = 128;
