//! The explorer's model: everything the explorer shows and remembers, and every way it
//! changes, with no terminal in sight (a test fails if a file here names ratatui or
//! crossterm). `Explorer` is a router over sub-states that each own their data; an `Action`
//! (a key from the key table, a click the terminal resolved, a lesson step) goes through
//! `Explorer::update`, which changes the sub-states and returns the `Effect`s the `Runtime`
//! carries out on worker threads (search, compare, follow a trace, check a lesson, save).
//! The terminal layer (`killerscope_tui`) draws the explorer from `&` and turns its input into
//! actions.

pub mod action;
pub mod app;
pub mod audit;
pub mod background;
pub mod best;
pub mod bookmarks;
pub mod charts;
pub mod compare;
pub mod config_picker;
pub mod diff;
pub mod follow;
pub mod job_slot;
pub mod jobs;
pub mod keys;
pub mod ladder;
pub mod lesson;
pub mod library;
pub mod line_edit;
pub mod mode;
pub mod notice;
pub mod presentation;
pub mod query;
pub mod replace;
pub mod runtime;
pub mod session;
pub mod setup;
pub mod status;
pub mod timeline;
pub mod tools;
pub mod tree_view;
pub mod update;
pub mod viewport;
pub mod why;
pub mod worker;

pub use action::{Action, CompareRequest, Effect};
pub use app::Explorer;
pub use library::PositionSettings;
pub use mode::Mode;
pub use notice::Notice;
pub use presentation::{KillerTab, Prefs};
pub use runtime::Runtime;
pub use session::{NodeId, Session};
pub use setup::{DEFAULT_DEPTH, Fixed, MAX_DEPTH, SearchRequest, Settings};
pub use status::{Message, Playback, SPEEDS};
pub use viewport::{Area, Viewport};
