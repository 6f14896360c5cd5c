#![warn(missing_docs)]
//! killerscope: a chess engine whose alpha-beta search is instrumented node by node, and a
//! terminal explorer for its search tree, killer tables and beta cutoffs.
//!
//! Dependencies point one way: `tui → explorer → trace → search → chess`; `cli` and `uci` sit
//! on top. `explorer` is the explorer's model (no terminal); `tui` draws it in a terminal and
//! only the commands that open the explorer use it. `plot` (SVG pictures for slides) draws the
//! model's chart data and only `cli` calls it.
//! `text` (untrusted text made safe to show), `files` (opening the files a user names) and
//! `declare` (macros for the enums a log stores by code and names in text, and for errors that
//! are a message) are leaves every layer may use; `fmt` (counts and scores as every view writes
//! them) sits just above `search`, whose score constants it reads.

pub mod chess;
pub mod cli;
mod declare;
pub mod explorer;
pub mod files;
pub mod fmt;
pub mod plot;
pub mod search;
pub mod text;
pub mod trace;
pub mod tui;
pub mod uci;
