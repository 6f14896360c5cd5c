//! `killerscope uci-trace --engine "CMD" …`: runs any UCI engine on one position and writes
//! what the protocol reveals of its search as a trace (`trace::uci_info`): a root node per
//! iteration and aspiration re-search with its depth, score, bound and node count, the root
//! moves in the order searched where the engine reports `currmove`, the PV. The trace is
//! checked by the importer line by line as the engine prints it (`trace::uci_engine`, which
//! `tui --uci` follows live), so `log stats`, the charts and `diff` read it. The trace and the
//! transcript are written as the engine prints (memory does not grow with its output); every
//! wait is bounded (`--silence`, a minute by default); the summary counts the lines that held
//! nothing for a trace and those that did not read, naming the first.

use super::CliError;
use clap::Args;
use killerscope_chess::START_FEN;
use killerscope_text::counted;
use killerscope_trace::{jsonl::ImportError, jsonl::ImportOptions};
use killerscope_trace::{
    uci_engine, uci_engine::TraceFeed, uci_engine::UciLimit, uci_engine::UciRun,
    uci_engine::UciSearch, uci_engine::parse_option,
};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `killerscope uci-trace`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct UciTraceArgs {
    /// The engine's command line (split at spaces, no shell): "stockfish", "/usr/games/stockfish".
    #[arg(long)]
    engine: String,
    /// A UCI option to set before the search, NAME=VALUE (repeatable): --option Threads=1.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// The position to search (default: the start position).
    #[arg(long)]
    fen: Option<String>,
    /// Search depth in plies.
    #[arg(short = 'd', long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// The trace to write (JSON Lines).
    #[arg(short, long, value_name = "OUT.jsonl")]
    output: PathBuf,
    /// Also save everything the engine printed, for a replay of the conversion (streamed to
    /// the file as the engine prints it).
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// How long the engine may print nothing while it searches before it is told to stop
    /// (plus the search's time with --movetime); the trace so far is kept.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    silence: u64,
}

/// Runs the command.
pub fn run(args: &UciTraceArgs) -> Result<(), CliError> {
    let fail = |e: String| CliError::new(format!("uci-trace: {e}"));
    let fen = args.fen.clone().unwrap_or_else(|| START_FEN.to_string());
    super::fen::read_position(&fen, "--fen")?;
    let options = args
        .options
        .iter()
        .map(|o| parse_option(o))
        .collect::<Result<_, _>>()
        .map_err(fail)?;
    let limit = match (args.depth, args.movetime, args.nodes) {
        (Some(d), ..) => UciLimit::Depth(d),
        (_, Some(ms), _) => UciLimit::Movetime(ms),
        (.., Some(n)) => UciLimit::Nodes(n),
        _ => return Err(fail("give --depth, --movetime or --nodes".into())),
    };
    let search = UciSearch {
        command: args.engine.clone(),
        options,
        fen,
        limit,
        silence: Duration::from_secs(args.silence),
    };
    let transcript = match &args.transcript {
        Some(path) => Some(create(path).map_err(fail)?),
        None => None,
    };
    let (_process, io) = uci_engine::start(&search.command, transcript).map_err(fail)?;
    let (mut engine, header) = UciRun::go(io, &search).map_err(fail)?;
    let mut out = BufWriter::new(create(&args.output).map_err(fail)?);
    let name = shown(&args.output);
    let written = |e: std::io::Error| fail(format!("cannot write {name}: {e}"));
    let mut feed = TraceFeed::new(ImportOptions::default());
    let unreadable = |e: ImportError| fail(format!("the engine's output does not read: {e}"));
    feed.line(&header).map_err(unreadable)?;
    writeln!(out, "{header}").map_err(written)?;
    let kept = |why: String| fail(format!("{why}; the trace so far is in {name}"));
    loop {
        let line = match engine.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(why) => {
                out.flush().map_err(written)?;
                return Err(kept(why));
            }
        };
        for traced in &line.traced {
            feed.line(traced).map_err(|e| fail(line.blame(&e)))?;
            writeln!(out, "{traced}").map_err(written)?;
        }
    }
    out.flush().map_err(written)?;
    if let (Some(path), Err(e)) = (&args.transcript, engine.finish_transcript()) {
        return Err(fail(format!("cannot write {}: {e}", shown(path))));
    }
    let engine_name = feed
        .header()
        .map(|(h, _)| h.engine.clone())
        .unwrap_or_default();
    let (log, summary) = feed.importer.finish().map_err(unreadable)?;
    eprintln!(
        "{name}: {}, {} from {} of {}{}",
        counted(summary.nodes, "root node"),
        counted(log.pvs().len() as u64, "iteration"),
        counted(engine.lines_read(), "line"),
        killerscope_text::printable(&engine_name),
        counts(&engine)
    );
    match engine.stopped() {
        Some(silence) => Err(kept(format!(
            "the engine printed nothing for {} s (--silence {}) and was told to stop",
            silence.as_secs(),
            args.silence
        ))),
        None => Ok(()),
    }
}

/// What the summary adds about lines not used: ignored, and not read (the first named).
fn counts(engine: &UciRun) -> String {
    let trace = engine.trace();
    let mut out = String::new();
    if let n @ 1.. = trace.ignored() {
        out.push_str(&format!(
            "; {} held nothing for a trace (info string, other PVs, progress)",
            counted(n, "line")
        ));
    }
    if let (n @ 1.., first) = trace.unread() {
        out.push_str(&format!(
            "; {} not read in full, the first {}",
            counted(n, "line"),
            first.unwrap_or_default()
        ));
    }
    out
}

/// Creates an output file (a regular file, a new name or `/dev/null`).
fn create(path: &Path) -> Result<std::fs::File, String> {
    killerscope_log::files::create_output(path)
        .map_err(|e| format!("cannot write {}: {e}", shown(path)))
}

fn shown(path: &Path) -> String {
    killerscope_text::printable(&path.display().to_string()).into_owned()
}
