//! `killerscope perft`: node counts in exactly Stockfish's `go perft` layout, so the two
//! outputs can be diffed; timing goes to stderr to keep stdout comparable.

use super::CliError;
use clap::Args;
use killerscope_chess::{PerftMode, START_FEN};
use std::io::Write;
use std::time::Instant;

/// Arguments of `killerscope perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Plies to search; the moves of the last ply are counted, not played (as Stockfish does).
    #[arg(short, long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Make and unmake every leaf instead of counting the last ply: the same numbers, measuring
    /// the generate-and-play work a search does.
    #[arg(long)]
    full: bool,
    /// Position to start from (quote it: it contains spaces).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Print the node count below each root move, as `e2e4: 20`, sorted by move.
    #[arg(long)]
    divide: bool,
}

/// Runs the command.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let mut pos = super::fen::read_position(&args.fen, "--fen")?;
    let mode = if args.full {
        PerftMode::Full
    } else {
        PerftMode::Bulk
    };
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if args.divide {
        let mut counts: Vec<(String, u64)> = pos
            .perft_divide(args.depth, mode)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        counts.sort();
        for (mv, n) in &counts {
            writeln!(out, "{mv}: {n}")?;
        }
        writeln!(out)?;
        counts.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft_with(args.depth, mode)
    };
    let elapsed = start.elapsed();
    writeln!(out, "Nodes searched: {nodes}")?;
    out.flush()?;
    let secs = elapsed.as_secs_f64();
    let mnps = if secs > 0.0 {
        nodes as f64 / secs / 1e6
    } else {
        0.0
    };
    eprintln!("time {secs:.3} s, {mnps:.1} Mnps");
    Ok(())
}
