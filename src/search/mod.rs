//! The engine: iterative deepening, alpha-beta, quiescence, move ordering. Knows nothing of screens.

pub mod observer;

pub use observer::{Bound, MoveSource, NodeKind, NullObserver, SearchObserver};
