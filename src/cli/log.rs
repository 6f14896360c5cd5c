//! `killerscope log stats|export|dot|plot|import FILE`: look into a recorded search without the
//! explorer — a summary (the same `CutoffStats` the `search` command prints, replayed from the
//! log), a JSON Lines trace for jq and pandas, a Graphviz drawing of a subtree, or one of the
//! explorer's charts as SVG for slides (`cli::plot`) — and turn another engine's JSON Lines
//! trace into a `.kslog`. `stats`, `dot` and `plot` take a `.kslog` or a trace, told apart by
//! content.

use super::CliError;
use super::selective_report::selective_lines;
use crate::chess::Position;
use crate::search::score::format_uci;
use crate::search::stats::{RANK_LABELS, percent};
use crate::search::{CutoffStats, MoveSource};
use crate::text::printable;
use crate::trace::jsonl::{ImportOptions, ImportSummary, import_file};
use crate::trace::{
    EVENT_BYTES, Event, EventKind, EventLog, NodeId, SearchTree, load_record, write_dot,
    write_jsonl,
};
use clap::{Args, Subcommand};
use std::borrow::Cow;
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
        LogCommand::Stats { file, lenient } => {
            let (log, summary) = load_any(file, *lenient)?;
            stats(&log, file, summary.as_ref(), out)
        }
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
            Ok(write_jsonl(&load(file)?, out)?)
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
            let (log, _) = load_any(file, *lenient)?;
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

fn load(file: &Path) -> Result<EventLog, CliError> {
    EventLog::read_file(file).map_err(|e| CliError::new(e.to_string()))
}

/// A `.kslog` or a trace, told apart by content.
fn load_any(file: &Path, lenient: bool) -> Result<(EventLog, Option<ImportSummary>), CliError> {
    load_record(file, ImportOptions { lenient }).map_err(|e| CliError::new(e.to_string()))
}

/// What an import skipped, for the report after it (empty when nothing was).
fn skipped_lines(summary: &ImportSummary) -> Vec<String> {
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

fn stats(
    log: &EventLog,
    file: &Path,
    summary: Option<&ImportSummary>,
    mut out: impl Write,
) -> Result<(), CliError> {
    let h = log.header();
    // Header strings are the file's text, not ours: shown escaped (`printable`) so that a
    // crafted header cannot drive the terminal.
    let or_none = |s: &str| {
        if s.is_empty() {
            "(none)".to_string()
        } else {
            printable(s).into_owned()
        }
    };
    writeln!(
        out,
        "file:       {}",
        printable(&file.display().to_string())
    )?;
    writeln!(out, "fen:        {}", printable(&h.fen))?;
    writeln!(out, "ordering:   {}", or_none(&h.ordering_text()))?;
    writeln!(out, "limits:     {}", or_none(&h.limits_text()))?;
    writeln!(out, "filter:     {}", or_none(&h.filter))?;
    writeln!(out, "engine:     {}", or_none(&h.engine))?;
    let sources: Vec<String> = h
        .sources
        .rows()
        .iter()
        .map(|r| format!("{} {}", r.code, printable(&r.label)))
        .collect();
    writeln!(out, "sources:    {}", or_none(&sources.join(", ")))?;
    let truncated = match (log.is_truncated(), summary) {
        (false, _) => "no",
        (true, None) => {
            "yes: recording stopped early (event cap or write error), the log ends mid-search"
        }
        (true, Some(_)) => "yes: the trace ends mid-search (open nodes are unfinished)",
    };
    writeln!(out, "truncated:  {truncated}")?;
    if let Some(summary) = summary {
        writeln!(out, "trace:      {} lines imported", summary.lines)?;
        for line in skipped_lines(summary) {
            writeln!(out, "  {}", printable(&line))?;
        }
    }
    let counts = log.counts();
    let bytes = log.len() * EVENT_BYTES;
    writeln!(
        out,
        "events:     {} ({EVENT_BYTES} bytes each, {:.1} MiB)",
        log.len(),
        bytes as f64 / (1024.0 * 1024.0)
    )?;
    for kind in EventKind::ALL {
        writeln!(out, "  {:<13}{:>12}", kind.name(), counts[kind.index()])?;
    }

    let mut stats = CutoffStats::new();
    log.replay_into(&mut stats);
    let tree = SearchTree::build(log.events());
    let max_ply = (0..tree.len() as NodeId)
        .filter_map(|id| tree.node(id))
        .map(|n| n.ply())
        .max()
        .unwrap_or(0);
    writeln!(
        out,
        "nodes:      {} (main {}, quiescence {}), deepest ply {max_ply}, open at end {}{}",
        stats.nodes(),
        stats.main_nodes,
        stats.q_nodes,
        tree.open_nodes().count(),
        if h.filter.is_empty() {
            ""
        } else {
            "; counts cover the recorded nodes only"
        }
    )?;
    writeln!(
        out,
        "cutoffs:    {} in the main search, first move {} ({} more in quiescence)",
        stats.cutoffs,
        percent(stats.by_rank[0], stats.cutoffs),
        stats.q_cutoffs
    )?;
    let line: Vec<String> = RANK_LABELS
        .iter()
        .zip(stats.by_rank)
        .map(|(r, n)| format!("{r} {n} ({})", percent(n, stats.cutoffs)))
        .collect();
    writeln!(out, "  by rank:  {}", line.join(", "))?;
    let named = h
        .sources
        .rows()
        .iter()
        .map(|r| MoveSource::from_code(r.code));
    let unnamed = stats
        .by_source
        .non_zero()
        .map(|(source, _)| source)
        .filter(|&s| h.sources.row(s).is_none());
    let line: Vec<String> = named
        .chain(unnamed)
        .map(|s| (s, stats.cutoffs_by(s)))
        .filter(|&(s, n)| n > 0 || stats.tries.get(s) > 0)
        .map(|(s, n)| {
            let label = h.sources.label(s);
            format!("{label} {n} ({})", percent(n, stats.cutoffs))
        })
        .collect();
    writeln!(out, "  by source: {}", line.join(", "))?;
    let killers: Vec<(Cow<str>, u64, u64)> = h
        .sources
        .killers()
        .map(|row| {
            let source = MoveSource::from_code(row.code);
            (
                printable(&row.label),
                stats.tries.get(source),
                stats.cutoffs_by(source),
            )
        })
        .collect();
    writeln!(
        out,
        "killers:    {} stores, {} tried, {} cut off",
        stats.killer_stores,
        killers.iter().map(|k| k.1).sum::<u64>(),
        killers.iter().map(|k| k.2).sum::<u64>()
    )?;
    for (label, tried, cut) in killers.into_iter().filter(|k| k.1 > 0) {
        writeln!(
            out,
            "  {label}: tried {tried}, cut {cut} ({})",
            percent(cut, tried)
        )?;
    }
    writeln!(
        out,
        "tt:         {} hits, {} cutoffs",
        stats.tt_hits, stats.tt_cutoffs
    )?;
    for line in selective_lines(&stats.selective, 12) {
        writeln!(out, "{line}")?;
    }
    let mut k = 0;
    for e in log.events() {
        if let Event::Iteration {
            depth,
            score,
            nodes,
        } = e
        {
            let pv: Vec<String> = log.pv(k).iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "iteration:  depth {depth} score {} nodes {} pv {}",
                format_uci(*score),
                nodes.get(),
                pv.join(" ")
            )?;
            k += 1;
        }
    }
    Ok(out.flush()?)
}
