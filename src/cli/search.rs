//! `killerscope search`: search one position and show what move ordering did — a UCI-style
//! `info` line per iteration, then beta cutoffs by rank and by ordering source, killer stores and
//! TT hits; or all of it as one JSON object with `--format json`.

mod report;

use super::CliError;
use super::grammar::{self, EngineConfig, TextOrJson};
use crate::uci::info_line;
use clap::Args;
use killerscope_chess::{Position, START_FEN};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{
    CutoffStats, EvalKind, IterationReport, Limits, SearchConfig, SearchReport, Searcher,
};
use killerscope_log::SearchObserver;
use killerscope_log::{LogError, LogHeader, Recorder, StreamedLog, Streaming, TraceFilter};
use report::{to_json, write_summary};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Depth searched when no limit is given.
const DEFAULT_DEPTH: u8 = 7;

/// Arguments of `killerscope search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Position to search (quote it: it contains spaces).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Search depth in plies (the default when no limit is given: 7).
    #[arg(short = 'd', long, value_name = "PLIES",
          value_parser = grammar::depth(grammar::MAX_SEARCH_DEPTH),
          conflicts_with_all = ["nodes", "movetime"])]
    depth: Option<u8>,
    /// Stop after this many nodes (main + quiescence).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "movetime")]
    nodes: Option<u64>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    #[command(flatten)]
    config: EngineConfig,
    /// Evaluation: "simple" (the classroom's) or "full" (what `uci` plays with).
    ///
    /// "simple" is material and piece-square tables, whose trees the lessons and node counts
    /// are read from; "full" is PeSTO tables, pawn structure, mobility and king safety.
    #[arg(long, value_name = "KIND", default_value = "simple")]
    eval: EvalKind,
    /// Transposition table size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    #[command(flatten)]
    format: TextOrJson,
    /// Record the search into this event log (.kslog), for `killerscope log` and the explorer.
    ///
    /// A regular file (created or replaced), or /dev/null; a FIFO or a terminal is refused.
    /// Events stream to the file as the search runs, in a few MiB of memory whatever its size.
    #[arg(short = 'o', long = "output", alias = "log", value_name = "FILE")]
    log: Option<PathBuf>,
    /// Record only the nodes on this line of UCI moves from the root and below it, e.g.
    /// "h5f6,g2c6".
    #[arg(
        long,
        value_name = "MOVES",
        requires = "log",
        conflicts_with = "trace_plies"
    )]
    trace_line: Option<String>,
    /// Record only the nodes whose ply lies in this range, e.g. "0..4" or "1..=3".
    #[arg(long, value_name = "RANGE", requires = "log")]
    trace_plies: Option<String>,
    /// Stop recording after this many events (the log is marked truncated; the search goes
    /// on). Without it every event is recorded.
    #[arg(long, value_name = "EVENTS", requires = "log")]
    trace_cap: Option<usize>,
}

impl SearchArgs {
    fn config(&self) -> Result<SearchConfig, CliError> {
        let read = self.config.read()?;
        Ok(SearchConfig {
            ordering: read.ordering,
            selective: read.selective,
            eval: self.eval,
            hash_mib: usize::try_from(self.hash).unwrap_or(usize::MAX),
        })
    }

    /// A recorder streaming to `path`, which is created (or replaced) now, before the search.
    fn recorder(
        &self,
        pos: &Position,
        config: &SearchConfig,
        path: &Path,
    ) -> Result<Recorder<Streaming>, CliError> {
        let header = LogHeader::for_search(pos.to_fen(), config, &self.limits());
        let mut recorder = Recorder::new(header);
        if let Some(cap) = self.trace_cap {
            recorder = recorder.with_cap(cap);
        }
        if let Some(line) = &self.trace_line {
            let filter = TraceFilter::parse_line(pos, line).map_err(CliError::new)?;
            recorder = recorder.with_filter(filter);
        }
        if let Some(plies) = &self.trace_plies {
            let filter = TraceFilter::parse_plies(plies).map_err(CliError::new)?;
            recorder = recorder.with_filter(filter);
        }
        recorder
            .stream_to_file(path)
            .map_err(|e| CliError::new(format!("--log {e}")))
    }

    fn limits(&self) -> Limits {
        let depth = match (self.depth, self.nodes, self.movetime) {
            (None, None, None) => Some(DEFAULT_DEPTH),
            (depth, _, _) => depth,
        };
        Limits {
            depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        }
    }
}

/// Runs the command. A log that could not be completed is an error (status 2) after the
/// search's report; a log cut short by a write error is valid, so only a warning on stderr.
pub fn run(args: &SearchArgs) -> Result<(), CliError> {
    let pos = super::fen::read_position(&args.fen, "--fen")?;
    let config = args.config()?;
    let mut stats = CutoffStats::new();
    let mut out = std::io::stdout().lock();
    let (report, iterations, log) = match &args.log {
        Some(path) => {
            // The recorder is held in the pair, not borrowed: one pointer fewer to follow at
            // each of the search's millions of hooks.
            let mut observer = (args.recorder(&pos, &config, path)?, &mut stats);
            let searched = search(args, &pos, config, &mut observer, &mut out);
            // The log is completed even when stdout broke: it is valid on its own.
            let log = observer.0.finish();
            let (report, iterations) = searched?;
            (report, iterations, Some((path, log)))
        }
        None => {
            let (report, iterations) = search(args, &pos, config, &mut stats, &mut out)?;
            (report, iterations, None)
        }
    };
    let saved = log
        .as_ref()
        .and_then(|(path, log)| Some((*path, log.as_ref().ok()?)));
    if args.format.json() {
        let mut value = to_json(&pos, &config.ordering, &report, &stats, &iterations);
        value["eval"] = json!(config.eval.name());
        if let Some((path, log)) = saved {
            value["log"] = json!({
                "file": path.display().to_string(),
                "events": log.events,
                "truncated": log.truncated,
                "write_error": log.write_error.as_ref().map(ToString::to_string),
            });
        }
        writeln!(out, "{value}")?;
    } else {
        write_summary(&mut out, &pos, &config.ordering, &report, &stats)?;
        writeln!(out, "evaluation    {}", config.eval)?;
        if let Some((path, log)) = saved {
            writeln!(out, "{}", log_line(path, log))?;
        }
    }
    out.flush()?;
    match log {
        Some((path, Ok(log))) => {
            if let Some(e) = &log.write_error {
                eprintln!("{}", stopped_warning(path, log.events, e));
            }
            Ok(())
        }
        Some((_, Err(e))) => Err(not_saved(&e)),
        None => Ok(()),
    }
}

/// The warning for a recording a write error cut short: what failed, and that the log is
/// still valid.
fn stopped_warning(path: &Path, events: u64, e: &std::io::Error) -> String {
    format!(
        "warning: --log {}: recording stopped after {events} events: cannot write: {e}; \
         the log is valid and marked truncated, the search went on",
        killerscope_text::printable(&path.display().to_string())
    )
}

/// The error for a log that could not be completed.
fn not_saved(e: &LogError) -> CliError {
    CliError::new(format!("--log {e}; the file is not a valid log"))
}

/// Searches with `observer`, printing `info` lines as iterations finish (unless `--json`).
fn search<O: SearchObserver>(
    args: &SearchArgs,
    pos: &Position,
    config: SearchConfig,
    observer: &mut O,
    out: &mut impl Write,
) -> Result<(SearchReport, Vec<IterationReport>), CliError> {
    let mut searcher = Searcher::new(config);
    let mut iterations = Vec::new();
    let mut write_error = None;
    let report = searcher.search(
        pos,
        &[],
        &args.limits(),
        &AtomicBool::new(false),
        observer,
        &mut |it: &IterationReport| {
            if !args.format.json() && write_error.is_none() {
                write_error = writeln!(out, "{}", info_line(it)).err();
            }
            iterations.push(it.clone());
        },
    );
    match write_error {
        Some(e) => Err(e.into()),
        None => Ok((report, iterations)),
    }
}

fn log_line(path: &Path, log: &StreamedLog) -> String {
    let truncated = match (&log.write_error, log.truncated) {
        (Some(_), _) => " (truncated: a write failed)",
        (None, true) => " (truncated at the event cap)",
        (None, false) => "",
    };
    format!(
        "log           {}: {} events{truncated}",
        killerscope_text::printable(&path.display().to_string()),
        log.events
    )
}
