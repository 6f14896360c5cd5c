//! The explorer's model: everything the explorer shows and remembers, and every way it
//! changes, with no terminal in sight (a test fails if a file here names ratatui or
//! crossterm). `Explorer` is a router over the views (`views`: each a component in its own
//! folder with its state, its actions, its key rows and its update) and the state they share;
//! an `Action` (a key from the key table, a click the terminal resolved, a lesson step) goes
//! through `Explorer::update`, which changes the state and returns the `Effect`s the `Runtime`
//! carries out on worker threads (search, follow a trace, a view's job, save). The terminal
//! layer (`killerscope_tui`) draws the explorer from `&` and turns its input into actions.

mod action;
mod app;
mod follow;
mod job_slot;
pub mod keys;
pub mod lesson;
pub mod library;
mod line_edit;
mod mode;
mod notice;
mod presentation;
mod replace;
mod router;
mod runtime;
mod search;
mod session;
mod setup;
mod status;
mod tree_view;
mod viewport;
pub mod views;
mod worker;

pub use action::{Action, Effect, LessonSource, SetupAction, WriteFile};
pub use app::Explorer;
pub use follow::FollowSource;
pub use library::PositionSettings;
pub use line_edit::CAPACITY;
pub use line_edit::Edit;
pub use line_edit::LineEdit;
pub use mode::Mode;
pub use notice::Notice;
pub use presentation::Prefs;
pub use runtime::Runtime;
pub use session::indexer::IndexState;
pub use session::scan::KillerMark;
pub use session::shown::Shown;
pub use session::{NodeId, Session};
pub use setup::{DEFAULT_DEPTH, Fixed, MAX_DEPTH, SearchRequest, SearchSetup, Settings};
pub use status::FRAME;
pub use status::{Message, Playback, SPEEDS};
pub use tree_view::LEVELS;
pub use tree_view::PAGE;
pub use tree_view::Row;
pub use tree_view::TreeView;
pub use viewport::{Area, Viewport};
pub use views::audit::{AuditView, Judged};
pub use views::best::BestView;
pub use views::charts;
pub use views::compare::{
    ComparePage, CompareRequest, Compared, ConfigPicker, MIN_CHOSEN, RECORD_BUDGET,
};
pub use views::diff::{DiffState, PairRow, Ranking};
pub use views::killers::KillerTab;
pub use views::ladder::{HASH_MIB, LadderKey, SEED};
pub use views::plies::{PlyOrdering, PlyTable};
pub use views::why::WhyState;
pub use worker::Report;
