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
pub mod generate;
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
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Print a man page, a shell completion script or the command reference, and exit.
    ///
    /// man: a roff man page (`killerscope.1`); complete-bash, complete-zsh, complete-fish,
    /// complete-powershell: a completion script for that shell; commands-md: the markdown
    /// reference of every command and option (docs/commands.md). docs/commands.md says where
    /// to install each.
    #[arg(long, value_enum, value_name = "WHAT", exclusive = true)]
    pub generate: Option<generate::Generate>,
    /// What to do; without a subcommand the explorer opens on the first classroom position.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Without a subcommand: the explorer in projector mode (as `tui --projector`).
    #[arg(long)]
    pub projector: bool,
    /// Without a subcommand: letters instead of Unicode chess pieces (as `tui --ascii`).
    #[arg(long)]
    pub ascii: bool,
    /// Without a subcommand: a monochrome screen (as `tui --no-color`).
    #[arg(long)]
    pub no_color: bool,
}

/// The subcommands. Each one's first doc line is its one-line summary in `killerscope --help`;
/// the rest is its `--help`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (as Stockfish's `go perft`).
    Perft(perft::PerftArgs),
    /// Check a FEN and show its board, state, Zobrist key and legal moves.
    Fen(fen::FenArgs),
    /// Open the explorer: board, search tree, killer table, stats and timeline.
    ///
    /// Searches a position live, or opens a saved search (a .kslog or any engine's JSON Lines
    /// trace), two searches side by side (--diff), a trace being written (--follow), or a UCI
    /// engine searching (--uci).
    Tui(tui::TuiArgs),
    /// Search a position and report what move ordering did.
    ///
    /// A UCI-style info line per iteration, then beta cutoffs by rank and by ordering source,
    /// killer stores and TT hits; -o records the whole search as a .kslog.
    Search(search::SearchArgs),
    /// The move-ordering lab: positions × configurations, nodes and cutoffs tabulated.
    ///
    /// Searches one position, an EPD file or the classroom library under each --config and
    /// tabulates nodes, time, first-move cutoff rate and cutoffs by source, with totals and
    /// geometric means; --techniques does the same per selective-search technique, --ladder
    /// climbs from the worst order to the oracle's.
    Compare(compare::CompareArgs),
    /// Compare two searches of one position node by node, and explain the difference.
    ///
    /// Nodes, ratio and the divergences that explain the most nodes, for two logs or traces, a
    /// position searched twice (--config A --config B), or two bench directories.
    Diff(diff::DiffArgs),
    /// Search a fixed suite and print its node count as a signature line (Bench: N).
    ///
    /// Per position the nodes and the speed; -o keeps every search as a .kslog for `diff`;
    /// --report adds the ordering report of the whole suite.
    Bench(bench::BenchArgs),
    /// Read a search log: stats, query, report, why, audit, dot, plot, export, import.
    ///
    /// Every subcommand takes a .kslog or any engine's JSON Lines trace (docs/trace-schema.md),
    /// told apart by content: stats, query (nodes that match), report (the ordering report),
    /// why (where a score came from), audit (was the pruning safe), dot (Graphviz), plot (SVG
    /// charts), export (JSON Lines, speedscope, PGN); import turns a trace into a .kslog.
    Log(log::LogArgs),
    /// List the bundled lessons, open one (or your own), or check it against the engine.
    Lesson(lesson::LessonArgs),
    /// Run any UCI engine on a position and write its search as a trace.
    ///
    /// The trace holds what the protocol reveals: a root node per iteration (depth, score,
    /// bound, nodes), the root moves in the order searched (currmove), the PV.
    UciTrace(uci_trace::UciTraceArgs),
    /// Questions drawn from a real search: a worksheet, a quiz, or a lesson file.
    ///
    /// Which move cut a node off, what window a child gets, PV/CUT/ALL, …: printed with an
    /// answer key, asked one by one with the results as CSV (--results), or written as a
    /// lesson file (-o).
    Exercise(exercise::ExerciseArgs),
    /// Name the bugs in a search's move ordering; exit 1 on a bug or suspect.
    ///
    /// Any engine's log or trace: each finding with a stable code, severity, count, first nodes
    /// and why it costs.
    Doctor(doctor::DoctorArgs),
    /// Speak the UCI protocol on stdin/stdout, for chess GUIs.
    #[command(long_about = crate::uci::options_help())]
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
    if let Some(what) = cli.generate {
        return match generate::run(what, &mut io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: --generate: {e}");
                ExitCode::from(2)
            }
        };
    }
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
        None => tui::run_default(cli.projector, cli.ascii, cli.no_color),
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
