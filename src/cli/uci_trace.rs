//! `killerscope uci-trace --engine "CMD" …`: runs any UCI engine on one position and writes
//! what the protocol reveals of its search as a trace (`trace::uci_info`): a root node per
//! iteration and aspiration re-search with its depth, score, bound and node count, the root
//! moves in the order searched where the engine reports `currmove`, the PV. The trace is
//! checked by the importer line by line as the engine prints it (`trace::uci_engine`, which
//! `tui --uci` follows live), so `log stats`, the charts and `diff` read it.

use super::CliError;
use clap::Args;
use killerscope_chess::START_FEN;
use killerscope_trace::{jsonl::ImportError, jsonl::ImportOptions};
use killerscope_trace::{
    uci_engine, uci_engine::TraceFeed, uci_engine::UciLimit, uci_engine::UciRun,
    uci_engine::UciSearch, uci_engine::parse_option,
};
use std::path::PathBuf;

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
    /// Search to this depth.
    #[arg(long)]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// The trace to write (JSON Lines).
    #[arg(short, long, value_name = "OUT.jsonl")]
    output: PathBuf,
    /// Also save everything the engine printed, for a replay of the conversion.
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
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
    };
    let (_process, io) =
        uci_engine::start(&search.command, args.transcript.is_some()).map_err(fail)?;
    let (mut engine, header) = UciRun::go(io, &search).map_err(fail)?;
    let mut feed = TraceFeed::new(ImportOptions::default());
    let mut trace = header + "\n";
    let unreadable = |e: ImportError| fail(format!("the engine's output does not read: {e}"));
    feed.line(trace.trim_end()).map_err(unreadable)?;
    while let Some(line) = engine.next_line().map_err(fail)? {
        for traced in &line.traced {
            feed.line(traced).map_err(|e| fail(line.blame(&e)))?;
            trace.push_str(traced);
            trace.push('\n');
        }
    }
    if let Some(path) = &args.transcript {
        std::fs::write(path, engine.transcript().join("\n") + "\n")
            .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))?;
    }
    let name = feed
        .header()
        .map(|(h, _)| h.engine.clone())
        .unwrap_or_default();
    let (log, summary) = feed.importer.finish().map_err(unreadable)?;
    std::fs::write(&args.output, &trace)
        .map_err(|e| fail(format!("cannot write {}: {e}", args.output.display())))?;
    eprintln!(
        "{}: {} root nodes, {} iterations from {} lines of {}",
        killerscope_text::printable(&args.output.display().to_string()),
        summary.nodes,
        log.pvs().len(),
        engine.lines_read(),
        killerscope_text::printable(&name)
    );
    Ok(())
}
