#![warn(missing_docs)]
//! killerscope: a chess engine whose alpha-beta search is instrumented node by node, and a
//! terminal explorer for its search tree, killer tables and beta cutoffs.
//!
//! Dependencies point one way: `tui → trace → search → chess`; `cli` and `uci` sit on top.
//! `plot` (SVG pictures for slides) draws the explorer's chart data, so it sits above `tui`,
//! and only `cli` calls it.
//! `text` (untrusted text made safe to show) and `files` (opening the files a user names) are
//! leaves every layer may use.

pub mod chess;
pub mod cli;
pub mod files;
pub mod plot;
pub mod search;
pub mod text;
pub mod trace;
pub mod tui;
pub mod uci;
