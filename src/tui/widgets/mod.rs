//! One file per panel. Each draws from the `App` (or the part of it it needs) and holds no
//! state of its own.

pub mod board;
pub mod compare;
pub mod explain;
pub mod fen_input;
pub mod help;
pub mod killers;
pub mod picker;
pub mod stats;
pub mod timeline;
pub mod tree;
