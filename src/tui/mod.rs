//! The explorer: a ratatui terminal UI over a live or recorded search.
//!
//! `App` holds the state, `App::update` turns an `Action` into a new state plus the `Effect`s
//! the runtime must carry out (start or stop a search, save a file), and `ui::draw` renders the
//! state with one widget per panel. The search runs on a worker thread that streams event
//! batches; the runtime drains them between frames, so the screen never waits on the search.

pub mod app;
pub mod charts;
pub mod compare;
pub mod config_picker;
pub mod fmt;
pub mod follow;
pub mod indexer;
pub mod indexing_panel;
pub mod keys;
pub mod layout;
pub mod lesson;
pub mod library;
pub mod line_edit;
pub mod positions;
pub mod presentation;
pub mod run;
pub mod scan;
pub mod search_end;
pub mod session;
pub mod setup;
pub mod terminal;
pub mod theme;
pub mod tree_view;
pub mod ui;
pub mod update;
pub mod widgets;
pub mod worker;
