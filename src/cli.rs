//! The command line: a thin dispatcher over one module per subcommand (`src/cli/<name>.rs`).
//!
//! Every failure becomes a `CliError`, printed as `error: …` on stderr with exit status 2 —
//! the same status clap uses for bad arguments — never a panic. What the message quotes (a
//! path, a file's text) is shown with control characters escaped.

mod audit;
mod bench;
mod clap_error;
mod compare;
mod diff;
mod doctor;
mod exercise;
mod fen;
mod fold_progress;
mod grammar;
mod jobs;
mod lesson;
mod log;
mod log_export;
mod log_query;
mod log_report;
mod log_stats;
mod log_why;
mod perft;
mod plot;
mod reading;
mod search;
mod selective_report;
pub mod tui;
mod uci_trace;

use clap::{Parser, Subcommand};
use std::fmt;
use std::io;
use std::process::ExitCode;

/// killerscope: a chess engine with an instrumented alpha-beta search, and an explorer for its
/// killer moves and beta cutoffs.
#[derive(Parser, Debug)]
#[command(name = "killerscope", version, about, long_about = None)]
pub struct Cli {
    /// What to do; without a subcommand the explorer opens on the first classroom position.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count leaf nodes of the legal move tree (output matches Stockfish's `go perft`).
    Perft(perft::PerftArgs),
    /// Validate a FEN and show the board, its state, Zobrist key and legal moves.
    Fen(fen::FenArgs),
    /// Open the explorer: board, search tree, killer table, stats and timeline.
    Tui(tui::TuiArgs),
    /// Search a position and report beta cutoffs by rank and ordering source, killer stores, TT hits.
    Search(search::SearchArgs),
    /// Search positions with several ordering configs and tabulate nodes, cutoffs and killer cutoffs.
    Compare(compare::CompareArgs),
    /// Compare two searches of one position node by node: nodes, ratio, and the divergences
    /// that explain the difference (logs, traces, a position searched twice, or two benches).
    Diff(diff::DiffArgs),
    /// Search a fixed suite and print its total node count as one signature line (Bench: N).
    Bench(bench::BenchArgs),
    /// Inspect a recorded search log (.kslog): stats, JSON Lines export, Graphviz subtree, SVG charts.
    Log(log::LogArgs),
    /// List the bundled lessons, or check one (or your own file) against the engine.
    Lesson(lesson::LessonArgs),
    /// Run any UCI engine on a position and write what the protocol reveals of its search as a
    /// trace: a root node per iteration (depth, score, bound, nodes), root moves in the order
    /// searched (currmove), the PV.
    UciTrace(uci_trace::UciTraceArgs),
    /// Questions drawn from a real search (which move cut a node off, what window a child gets,
    /// PV/CUT/ALL, …): a worksheet, a quiz with a results CSV, or a lesson file.
    Exercise(exercise::ExerciseArgs),
    /// Name the bugs in a search's move ordering (any engine's log or trace): each finding with
    /// a stable code, severity, count, first nodes and why it costs; exit 1 on a bug or suspect.
    Doctor(doctor::DoctorArgs),
    /// Speak the UCI protocol on stdin/stdout, for chess GUIs (Hash, Killers, History, Trace File options).
    Uci,
}

/// A failure to report to the user: printed as `error: <message>`, exit status 2.
#[derive(Debug)]
pub struct CliError {
    message: String,
    broken_pipe: bool,
}

impl CliError {
    /// An error with a message for the user.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            broken_pipe: false,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// Writing to a closed pipe (`killerscope perft … | head`) is not an error worth reporting.
impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError {
            message: format!("cannot write output: {e}"),
            broken_pipe: e.kind() == io::ErrorKind::BrokenPipe,
        }
    }
}

/// The errors of the layers below, whose messages already say what and where (a FEN field, a
/// log's byte, a trace's line and column, a lesson's step): passed on as they are written.
macro_rules! message_from {
    ($($error:ty),* $(,)?) => {
        $(impl From<$error> for CliError {
            fn from(e: $error) -> CliError {
                CliError::new(e.to_string())
            }
        })*
    };
}

message_from!(
    killerscope_chess::FenError,
    killerscope_trace::LoadError,
    killerscope_log::LogError,
    killerscope_trace::FoldError,
    killerscope_trace::jsonl::ImportError,
    killerscope_explorer::lesson::LessonError,
    serde_json::Error,
);

/// Parses the command line, runs the command and returns the process exit status.
pub fn run() -> ExitCode {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match clap_error::help_with_help(&args) {
        Some(Ok(instead)) => args = instead,
        Some(Err(help)) => {
            print!("{help}");
            return ExitCode::SUCCESS;
        }
        None => {}
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return clap_error::report(e, &args),
    };
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Fen(args)) => fen::run(&args),
        Some(Command::Search(args)) => search::run(&args),
        Some(Command::Compare(args)) => compare::run(&args),
        Some(Command::Log(args)) => log::run(&args),
        Some(Command::Diff(args)) => diff::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Lesson(args)) => lesson::run(&args),
        Some(Command::UciTrace(args)) => uci_trace::run(&args),
        Some(Command::Exercise(args)) => exercise::run(&args),
        Some(Command::Doctor(args)) => match doctor::run(&args) {
            Ok(true) => return ExitCode::from(1),
            other => other.map(drop),
        },
        Some(Command::Uci) => {
            crate::uci::run(io::stdin().lock(), io::stdout()).map_err(CliError::from)
        }
        Some(Command::Tui(args)) => tui::run(&args),
        None => tui::run_default(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.broken_pipe => ExitCode::SUCCESS,
        Err(e) => {
            // Messages quote paths and file contents: shown escaped, line by line, and
            // bounded whatever they quote.
            let message = killerscope_text::bounded_lines(&e.to_string(), 1_000, 40);
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
