//! `killerscope log stats|export|dot|plot|import FILE`: look into a recorded search without the
//! explorer — a summary (the same `CutoffStats` the `search` command prints, replayed from the
//! log), a JSON Lines trace for jq and pandas, a Graphviz drawing of a subtree, or one of the
//! explorer's charts as SVG for slides (`cli::plot`) — and turn another engine's JSON Lines
//! trace into a `.kslog`. `stats`, `dot` and `plot` take a `.kslog` or a trace, told apart by
//! content.

use super::CliError;
use super::log_stats::{self, Ending, Tally};
use super::reading::{Reading, load_any, skipped_lines, sniff_file};
use clap::{Args, Subcommand, ValueEnum};
use killerscope_chess::Position;
use killerscope_log::{LogError, LogReader};
use killerscope_text::printable;
use killerscope_trace::texel::read_texel_file;
use killerscope_trace::{Format, NodeId, SearchTree, read_record, write_dot};
use killerscope_trace::{jsonl::ImportOptions, jsonl::JsonlWriter, jsonl::import_file};
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

/// The formats `log export` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExportFormat {
    /// JSON Lines: a header line, then one object per event (a .kslog only).
    Jsonl,
    /// speedscope's JSON file format: each node a frame named by its move, its width its
    /// subtree size (open it at speedscope.app or with `speedscope FILE`).
    Speedscope,
    /// The PV tree of a node as PGN: the main line and, at each of its nodes, the other moves
    /// searched as variations, with scores and node types (PV, CUT, ALL) as comments.
    Pgn,
}

/// What to do with the log.
#[derive(Subcommand, Debug)]
enum LogCommand {
    /// Summarize a log: header, events by type, nodes, cutoffs by source and by rank.
    Stats {
        /// The .kslog file or JSON Lines trace.
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
    },
    /// Print the log as JSON Lines, a speedscope flame graph, or a PV tree as PGN.
    ///
    /// JSON Lines is a trace (docs/trace-schema.md) for jq, pandas and `log import`; speedscope
    /// is a flame graph; PGN is a node's PV tree with the other moves as variations.
    Export {
        /// The format to print.
        #[arg(long, value_enum, value_name = "FORMAT", required_unless_present_any = ["jsonl", "speedscope", "pgn"])]
        format: Option<ExportFormat>,
        /// The old spelling of `--format jsonl`.
        #[arg(long, hide = true, group = "old_format", conflicts_with = "format")]
        jsonl: bool,
        /// The old spelling of `--format speedscope`.
        #[arg(long, hide = true, group = "old_format", conflicts_with = "format")]
        speedscope: bool,
        /// The old spelling of `--format pgn`.
        #[arg(long, hide = true, group = "old_format", conflicts_with = "format")]
        pgn: bool,
        /// For --format pgn: the node whose PV tree to write (default: the last iteration's
        /// root).
        #[arg(long)]
        node: Option<NodeId>,
        /// The .kslog file (or, for speedscope and PGN, a trace or a Texel tree log).
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
    },
    /// Turn a JSON Lines trace (or a Texel tree log) into a .kslog, checking every line.
    ///
    /// Any engine's search (docs/trace-schema.md): moves are replayed from the root and exits
    /// matched to enters.
    Import {
        /// The JSON Lines trace.
        file: PathBuf,
        /// The .kslog to write.
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        reading: Reading,
    },
    /// Draw a subtree as a Graphviz digraph (pipe it into `dot -Tsvg`).
    ///
    /// Moves in SAN, cutoff edges in red.
    Dot {
        /// The .kslog file or JSON Lines trace.
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
        /// Node id to start from (default: the root of the last iteration).
        #[arg(long)]
        node: Option<NodeId>,
        /// Levels below the start node to draw.
        #[arg(long, alias = "depth", value_name = "N", default_value_t = 2)]
        levels: u32,
    },
    /// List the nodes that match a query: their count, and the first with their path.
    ///
    /// For example 'type=CUT and cut.rank>1 and tt_tried and not tt_cut', 'line e2e4 e7e5' or
    /// 'key=HEX'.
    Query(super::log_query::QueryArgs),
    /// The ordering report per remaining depth and node type; `report A B` side by side.
    ///
    /// Cutoffs, first-move rate, cut ranks and Σ rank², TT move tried / cut, cutting sources,
    /// the share ordering could still remove.
    Report(super::log_report::ReportArgs),
    /// Where a node's score came from: the chain of children that made it.
    ///
    /// Each link is the cutting move or the best move, with score, window and bound, down to
    /// where the number was born.
    Why(super::log_why::WhyArgs),
    /// Draw one of the explorer's charts as an SVG picture for slides.
    ///
    /// Nodes per ply, cutoffs by rank or source, branching factor, icicle.
    Plot(super::plot::PlotArgs),
    /// Was the pruning safe? Re-search every selective decision without its technique.
    ///
    /// Null-move cuts, reductions that stood, futility, reverse futility and mate-distance
    /// prunes, each searched again with its technique off; the sound and unsound ones counted
    /// per technique and depth, the unsound listed.
    Audit(super::audit::AuditArgs),
}

/// Runs the command.
pub fn run(args: &LogArgs) -> Result<(), CliError> {
    let out = BufWriter::new(std::io::stdout().lock());
    match &args.command {
        LogCommand::Stats { file, reading } => stats(file, reading.options(), out),
        LogCommand::Import {
            file,
            output,
            reading,
        } => import(file, output, reading.options()),
        LogCommand::Export {
            format,
            jsonl,
            speedscope,
            pgn,
            node,
            file,
            reading,
        } => {
            let old = [
                (*jsonl, ExportFormat::Jsonl),
                (*speedscope, ExportFormat::Speedscope),
                (*pgn, ExportFormat::Pgn),
            ];
            let chosen = format.or_else(|| old.iter().find(|(set, _)| *set).map(|(_, f)| *f));
            match chosen {
                Some(ExportFormat::Pgn) => {
                    super::log_export::pgn(file, *node, reading.options(), out)
                }
                Some(ExportFormat::Speedscope) => {
                    super::log_export::speedscope(file, reading.options(), out)
                }
                Some(ExportFormat::Jsonl) => export(file, out),
                None => Err(CliError::new(
                    "log export: choose an output format: --format jsonl, speedscope or pgn",
                )),
            }
        }
        LogCommand::Query(query) => super::log_query::run(query),
        LogCommand::Report(report) => super::log_report::run(report),
        LogCommand::Why(why) => super::log_why::run(why),
        LogCommand::Audit(audit) => super::audit::run(audit),
        LogCommand::Plot(plot) => {
            let (log, _) = load_any(
                super::plot::file(plot),
                super::plot::reading(plot).options(),
            )?;
            super::plot::run(plot, &log)
        }
        LogCommand::Dot {
            file,
            node,
            levels,
            reading,
        } => {
            let (log, _) = read_record(file, reading.options())?;
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
                *levels,
                root.as_ref(),
                sources,
                out,
            )?)
        }
    }
}

/// `log stats`: a `.kslog` read a chunk at a time, checked to the end before the summary is
/// printed; a trace imported into memory.
fn stats(file: &Path, options: ImportOptions, out: impl Write) -> Result<(), CliError> {
    let fail = |e: LogError| CliError::new(e.to_string());
    let mut tally = Tally::default();
    if sniff_file(file)? != Format::Kslog {
        let (log, summary) = load_any(file, options)?;
        tally.feed(log.events());
        let ending = Ending::of(log.is_truncated(), log.is_unfinished());
        let facts = (file, log.header(), ending);
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
        Ending::of(reader.is_truncated(), reader.is_unfinished()),
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

/// `log import`: the trace (or Texel tree log, told by content) read and checked, written as
/// a `.kslog`, and a one-line report.
fn import(file: &Path, output: &Path, options: ImportOptions) -> Result<(), CliError> {
    // Told by content as every reader tells it, so that what `log stats` takes imports.
    match sniff_file(file)? {
        Format::Jsonl => {}
        Format::Texel => return import_texel(file, output),
        Format::Kslog => {
            return Err(CliError::new(format!(
                "log import: {} is already a .kslog log (import reads JSON Lines traces and \
                 Texel tree logs)",
                file.display()
            )));
        }
    }
    let (log, summary) = import_file(file, options)?;
    log.write_file(output)?;
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

/// `log import` of a Texel tree log.
fn import_texel(file: &Path, output: &Path) -> Result<(), CliError> {
    let (log, summary) = read_texel_file(file).map_err(CliError::new)?;
    log.write_file(output)?;
    eprintln!(
        "imported {} events ({} nodes and an added root) from {} Texel records into {}",
        log.len(),
        summary.nodes,
        summary.records,
        printable(&output.display().to_string())
    );
    if summary.same_position > 0 {
        eprintln!(
            "  {} searches of the same position (IID, singular, verification): nodes entered by no move",
            summary.same_position
        );
    }
    if summary.later_searches {
        eprintln!("  the file holds more searches after the first: only the first was read");
    }
    if summary.open_at_end > 0 {
        eprintln!(
            "  {} nodes open at the end (marked unfinished)",
            summary.open_at_end
        );
    }
    Ok(())
}
