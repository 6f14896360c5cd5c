//! `killerscope log stats|export|dot|plot|import FILE`: look into a recorded search without the
//! explorer — a summary (the same `CutoffStats` the `search` command prints, replayed from the
//! log), a JSON Lines trace for jq and pandas, a Graphviz drawing of a subtree, or one of the
//! explorer's charts as SVG for slides (`cli::plot`) — and turn another engine's JSON Lines
//! trace into a `.kslog`. `stats`, `dot` and `plot` take a `.kslog` or a trace, told apart by
//! content.

use super::CliError;
use super::log_stats::{self, Tally};
use crate::chess::Position;
use crate::text::printable;
use crate::trace::jsonl::{ImportOptions, ImportSummary, JsonlWriter, import_file};
use crate::trace::{
    EventLog, Format, LogError, LogReader, NodeId, SearchTree, format_of, load_record, read_record,
    write_dot,
};
use clap::{Args, Subcommand};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Arguments of `killerscope log`. Without a subcommand clap would print the help and exit 2
/// with no `error:` line, as if nothing were wrong; it reports the missing subcommand instead.
#[derive(Args, Debug)]
#[command(subcommand_required = true, arg_required_else_help = false)]
pub struct LogArgs {
    #[command(subcommand)]
    command: LogCommand,
}

/// What to do with the log.
#[derive(Subcommand, Debug)]
enum LogCommand {
    /// Summarize a log: header, events by type, nodes, cutoffs by ordering source and by rank.
    Stats {
        /// The .kslog file or JSON Lines trace.
        file: PathBuf,
        /// For a trace: skip bad lines (and count them) instead of stopping at the first.
        #[arg(long)]
        lenient: bool,
    },
    /// Print the log as a JSON Lines trace: a header line, then one object per event
    /// (docs/trace-schema.md; for jq, pandas, and `log import`).
    Export {
        /// JSON Lines output (the one format so far; required so scripts stay explicit).
        #[arg(long)]
        jsonl: bool,
        /// The .kslog file.
        file: PathBuf,
    },
    /// Read a JSON Lines trace (any engine's search, docs/trace-schema.md) into a .kslog,
    /// checking every line: moves replayed from the root, exits matched to enters.
    Import {
        /// The JSON Lines trace.
        file: PathBuf,
        /// The .kslog to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Skip bad lines (and count them) instead of stopping at the first.
        #[arg(long)]
        lenient: bool,
    },
    /// Draw a subtree as a Graphviz digraph (pipe into `dot -Tsvg`); moves in SAN, cutoff edges
    /// in red.
    Dot {
        /// The .kslog file or JSON Lines trace.
        file: PathBuf,
        /// For a trace: skip bad lines (and count them) instead of stopping at the first.
        #[arg(long)]
        lenient: bool,
        /// Node id to start from (default: the root of the last iteration).
        #[arg(long)]
        node: Option<NodeId>,
        /// Levels below the start node to draw.
        #[arg(long, default_value_t = 2)]
        depth: u32,
    },
    /// Draw one of the explorer's charts (nodes per ply, cutoffs by rank or source, branching
    /// factor, icicle) as an SVG picture for slides.
    Plot(super::plot::PlotArgs),
}

/// Runs the command.
pub fn run(args: &LogArgs) -> Result<(), CliError> {
    let out = BufWriter::new(std::io::stdout().lock());
    match &args.command {
        LogCommand::Stats { file, lenient } => stats(file, *lenient, out),
        LogCommand::Import {
            file,
            output,
            lenient,
        } => import(file, output, *lenient),
        LogCommand::Export { jsonl, file } => {
            if !jsonl {
                return Err(CliError::new(
                    "log export: choose an output format: --jsonl",
                ));
            }
            export(file, out)
        }
        LogCommand::Plot(plot) => {
            let (log, _) = load_any(super::plot::file(plot), false)?;
            super::plot::run(plot, &log)
        }
        LogCommand::Dot {
            file,
            node,
            depth,
            lenient,
        } => {
            let (log, _) = read_record(file, ImportOptions { lenient: *lenient })
                .map_err(|e| CliError::new(e.to_string()))?;
            let tree = SearchTree::build(log.events());
            let start = match node {
                Some(id) if (*id as usize) < tree.len() => *id,
                Some(id) => {
                    return Err(CliError::new(format!(
                        "log dot: no node {id} in {} (it has {} nodes, ids 0..{})",
                        file.display(),
                        tree.len(),
                        tree.len()
                    )));
                }
                None => *tree.roots().last().ok_or_else(|| {
                    CliError::new(format!("log dot: {} holds no nodes", file.display()))
                })?,
            };
            let root = Position::from_fen(&log.header().fen).ok();
            let sources = &log.header().sources;
            Ok(write_dot(
                &tree,
                start,
                *depth,
                root.as_ref(),
                sources,
                out,
            )?)
        }
    }
}

/// `log stats`: a `.kslog` read a chunk at a time, checked to the end before the summary is
/// printed; a trace imported into memory.
fn stats(file: &Path, lenient: bool, out: impl Write) -> Result<(), CliError> {
    let fail = |e: LogError| CliError::new(e.to_string());
    let mut tally = Tally::default();
    if format_of(file).map_err(|e| CliError::new(e.to_string()))? != Format::Kslog {
        let (log, summary) = load_any(file, lenient)?;
        tally.feed(log.events());
        let facts = (file, log.header(), log.is_truncated());
        let size = (log.len() as u64, log.pvs());
        return log_stats::print(facts, summary.as_ref(), size, &tally, out);
    }
    let mut reader = LogReader::open(file)
        .and_then(LogReader::fitting)
        .map_err(fail)?;
    let mut buf = Vec::new();
    while reader.next_chunk(&mut buf).map_err(fail)? {
        tally.feed(&buf);
    }
    let (header, truncated, pvs) = (
        reader.header().clone(),
        reader.is_truncated(),
        reader.pvs().to_vec(),
    );
    let events = reader.len();
    reader.finish().map_err(fail)?;
    log_stats::print(
        (file, &header, truncated),
        None,
        (events, &pvs),
        &tally,
        out,
    )
}

/// `log export --jsonl`: the whole `.kslog` checked first (nothing is printed for a bad
/// file), then read again and written a chunk at a time, in constant memory.
fn export(file: &Path, out: impl Write) -> Result<(), CliError> {
    let fail = |e: LogError| CliError::new(e.to_string());
    let mut check = LogReader::open(file)
        .and_then(LogReader::fitting)
        .map_err(fail)?;
    let mut buf = Vec::new();
    while check.next_chunk(&mut buf).map_err(fail)? {}
    check.finish().map_err(fail)?;
    let mut reader = LogReader::open(file).map_err(fail)?;
    let header = reader.header().clone();
    let pvs = reader.pvs().to_vec();
    let mut writer = JsonlWriter::new(&header, reader.is_truncated(), out)?;
    while reader.next_chunk(&mut buf).map_err(fail)? {
        writer.events(&buf, &pvs)?;
    }
    Ok(writer.finish()?)
}

/// A `.kslog` or a trace, told apart by content.
fn load_any(file: &Path, lenient: bool) -> Result<(EventLog, Option<ImportSummary>), CliError> {
    load_record(file, ImportOptions { lenient }).map_err(|e| CliError::new(e.to_string()))
}

/// What an import skipped, for the report after it (empty when nothing was).
pub(super) fn skipped_lines(summary: &ImportSummary) -> Vec<String> {
    let mut out = Vec::new();
    let counts = [
        (summary.skipped, "bad lines skipped (--lenient)"),
        (
            summary.unknown_kinds,
            "lines of unknown event kinds skipped",
        ),
        (summary.unknown_keys, "unknown keys skipped"),
        (
            summary.undeclared_sources,
            "sources not declared in the header (shown plain)",
        ),
        (
            summary.open_at_end,
            "nodes open at the end (marked unfinished)",
        ),
    ];
    for (n, what) in counts {
        if n > 0 {
            out.push(format!("{n} {what}"));
        }
    }
    if let Some(first) = &summary.first_skipped {
        out.push(format!("first skipped: {first}"));
    }
    out
}

/// `log import`: the trace read and checked, written as a `.kslog`, and a one-line report.
fn import(file: &Path, output: &Path, lenient: bool) -> Result<(), CliError> {
    // Told by content as every reader tells it, so that what `log stats` takes imports.
    match format_of(file).map_err(|e| CliError::new(e.to_string()))? {
        Format::Jsonl => {}
        Format::Kslog => {
            return Err(CliError::new(format!(
                "log import: {} is already a .kslog log (import reads JSON Lines traces)",
                file.display()
            )));
        }
    }
    let (log, summary) =
        import_file(file, ImportOptions { lenient }).map_err(|e| CliError::new(e.to_string()))?;
    log.write_file(output)
        .map_err(|e| CliError::new(e.to_string()))?;
    eprintln!(
        "imported {} events ({} nodes) from {} lines into {}",
        log.len(),
        summary.nodes,
        summary.lines,
        printable(&output.display().to_string())
    );
    for line in skipped_lines(&summary) {
        eprintln!("  {}", printable(&line));
    }
    Ok(())
}
