#![warn(missing_docs)]
//! killerscope, the program: the command line (`cli`), the UCI engine (`uci`) and the SVG
//! pictures for slides (`plot`), on top of the workspace's layer crates — `killerscope_chess`
//! (the rules), `killerscope_engine` (the search), `killerscope_log` (the `.kslog` format and
//! recorder), `killerscope_trace` (the tree, replay and other formats), `killerscope_analysis`
//! (query, diff, provenance, audit, exercises), `killerscope_explorer` (the explorer's model)
//! and `killerscope_tui` (the terminal). The compiler keeps the direction: each crate names only
//! the crates below it.

pub mod cli;
pub mod plot;
pub mod uci;
