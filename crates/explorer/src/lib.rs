//! The explorer's model: everything the explorer shows and remembers, and every way it
//! changes, with no terminal in sight (a test fails if a file here names ratatui or
//! crossterm). `Explorer` is a router over sub-states that each own their data; an `Action`
//! (a key from the key table, a click the terminal resolved, a lesson step) goes through
//! `Explorer::update`, which changes the sub-states and returns the `Effect`s the `Runtime`
//! carries out on worker threads (search, compare, follow a trace, check a lesson, save).
//! The terminal layer (`killerscope_tui`) draws the explorer from `&` and turns its input into
//! actions.

mod action;
mod app;
mod audit;
mod background;
mod best;
mod bookmarks;
pub mod charts;
mod compare;
mod config_picker;
mod diff;
mod follow;
mod job_slot;
mod jobs;
pub mod keys;
mod ladder;
pub mod lesson;
pub mod library;
mod line_edit;
mod mode;
mod notice;
mod presentation;
mod query;
mod replace;
mod runtime;
mod session;
mod setup;
mod status;
mod timeline;
mod tools;
mod tree_view;
mod update;
mod viewport;
mod why;
mod worker;

pub use action::LessonSource;
pub use action::{Action, CompareRequest, Effect};
pub use app::Explorer;
pub use audit::AuditView;
pub use audit::Judged;
pub use best::BestView;
pub use compare::ComparePage;
pub use compare::Compared;
pub use compare::RECORD_BUDGET;
pub use config_picker::ConfigPicker;
pub use config_picker::MIN_CHOSEN;
pub use diff::DiffState;
pub use diff::Ranking;
pub use diff::rows::PairRow;
pub use follow::FollowSource;
pub use ladder::HASH_MIB;
pub use ladder::LadderKey;
pub use ladder::SEED;
pub use library::PositionSettings;
pub use line_edit::CAPACITY;
pub use line_edit::Edit;
pub use line_edit::LineEdit;
pub use mode::Mode;
pub use notice::Notice;
pub use presentation::{KillerTab, Prefs};
pub use runtime::Runtime;
pub use session::indexer::IndexState;
pub use session::scan::KillerMark;
pub use session::{NodeId, Session};
pub use setup::{DEFAULT_DEPTH, Fixed, MAX_DEPTH, SearchRequest, Settings};
pub use status::FRAME;
pub use status::{Message, Playback, SPEEDS};
pub use tools::PlyOrdering;
pub use tools::PlyTable;
pub use tools::Tool;
pub use tree_view::LEVELS;
pub use tree_view::PAGE;
pub use tree_view::Row;
pub use tree_view::TreeView;
pub use viewport::{Area, Viewport};
pub use why::WhyState;
pub use worker::Report;
pub use worker::spawn_compare;
