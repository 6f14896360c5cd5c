//! `killerscope bench`: a fixed suite of positions searched to one depth, and its total node
//! count as one signature line, `Bench: N`, the way engines print it on every change — any
//! change to the search tree changes it. Per position the nodes and the speed; `--log-dir`
//! keeps every search as a `.kslog` and a manifest (`bench.json`), so that `diff DIR_A DIR_B`
//! compares two benches position by position; `--report` adds the ordering report of the
//! whole suite.

mod manifest;
mod suite;

pub(crate) use manifest::Manifest;

use super::CliError;
use super::grammar::{self, EngineConfig, TextOrJson};
use super::jobs::{Jobs, Progress};
use super::log_report::{ReportFormat, write_report};
use clap::Args;
use killerscope_analysis::{OrderingReport, ReportFold};
use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::fmt::grouped;
use killerscope_engine::{Limits, SearchConfig, Searcher, nodes_per_second};
use killerscope_log::SearchObserver;
use killerscope_log::{LogHeader, Recorder, SourceTable};
use killerscope_text::printable;
use manifest::ManifestEntry;
use rayon::prelude::*;
use serde_json::json;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use suite::{Named, positions};

/// The depth of the signature when none is given.
const DEFAULT_DEPTH: u8 = 6;

/// Arguments of `killerscope bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Positions from a file, one EPD or FEN per line, named by their `id "…"` (default: the
    /// built-in suite).
    #[arg(long, conflicts_with = "library")]
    epd: Option<PathBuf>,
    /// The bundled classroom library instead of the built-in suite.
    #[arg(long)]
    library: bool,
    /// Search depth in plies.
    #[arg(short = 'd', long, value_name = "PLIES", default_value_t = DEFAULT_DEPTH,
          value_parser = grammar::depth(grammar::MAX_SEARCH_DEPTH))]
    depth: u8,
    #[command(flatten)]
    config: EngineConfig,
    /// Transposition table size in MiB (each search starts with an empty table).
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// Keep every search as DIR/NN-name.kslog, with a manifest DIR/bench.json.
    ///
    /// For `killerscope diff DIR_A DIR_B` (the directory is created if needed). Speeds then
    /// include the recording.
    #[arg(short = 'o', long = "output", alias = "log-dir", value_name = "DIR")]
    output: Option<PathBuf>,
    /// Also print the ordering report of the whole suite (speeds then include its fold).
    #[arg(long)]
    report: bool,
    #[command(flatten)]
    format: TextOrJson,
    #[command(flatten)]
    jobs: Jobs,
}

/// What one search of the suite cost.
struct Measured {
    named: Named,
    nodes: u64,
    time: Duration,
    log: Option<String>,
}

/// Runs the command.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let configured = args.config.read()?;
    let (ordering, selective) = (configured.ordering, configured.selective);
    let config = SearchConfig {
        ordering,
        selective,
        hash_mib: usize::try_from(args.hash).unwrap_or(usize::MAX),
        ..SearchConfig::default()
    };
    let suite = positions(args.epd.as_deref(), args.library)?;
    if let Some(dir) = &args.output {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::new(format!("-o {}: {e}", dir.display())))?;
    }
    let progress = Progress::new(suite.len(), 2, "positions");
    let searched = args.jobs.run(|| {
        suite
            .par_iter()
            .with_max_len(1)
            .enumerate()
            .map(|(k, named)| {
                let log = args.output.as_ref().map(|dir| {
                    let name = log_name(k, &named.name);
                    (dir.join(&name), name)
                });
                let path = log.as_ref().map(|l| l.0.as_path());
                progress
                    .around(named.name.clone(), || {
                        search_one(&named.pos, config, args.depth, path, args.report)
                    })
                    .map(|found| (found, log.map(|l| l.1)))
            })
            .collect::<Vec<_>>()
    })?;
    progress.clear();
    let mut report = args
        .report
        .then(|| OrderingReport::new(SourceTable::builtin()));
    let mut measured = Vec::with_capacity(suite.len());
    for (named, searched) in suite.into_iter().zip(searched) {
        let ((nodes, time, fold), log) = searched?;
        if let (Some(total), Some(fold)) = (report.as_mut(), fold) {
            total.merge(&fold.finish());
        }
        measured.push(Measured {
            named,
            nodes,
            time,
            log,
        });
    }
    if let Some(dir) = &args.output {
        write_manifest(dir, args, &measured)?;
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.format.json() {
        write_json(&mut out, args, &measured, report.as_ref())?;
    } else {
        write_text(&mut out, args, &measured)?;
        if let Some(report) = &report {
            writeln!(out)?;
            let header = LogHeader::new("", &config.ordering, &Limits::depth(args.depth))
                .with_selective(&config.selective);
            let title = format!(
                "bench, {} positions at depth {}",
                measured.len(),
                args.depth
            );
            write_report(&mut out, ReportFormat::Text, &title, &header, report)?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "Bench: {}",
            measured.iter().map(|m| m.nodes).sum::<u64>()
        )?;
    }
    Ok(out.flush()?)
}

/// `NN-name.kslog`: the position's place in the suite and its name, kept to safe characters.
fn log_name(k: usize, name: &str) -> String {
    let safe: String = name
        .chars()
        .take(40)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{:02}-{safe}.kslog", k + 1)
}

/// Searches `pos` once from an empty table, recording to `log` and folding the report when
/// asked; returns the nodes, the search's time and the fold.
fn search_one(
    pos: &Position,
    config: SearchConfig,
    depth: u8,
    log: Option<&Path>,
    report: bool,
) -> Result<(u64, Duration, Option<ReportFold>), CliError> {
    let limits = Limits::depth(depth);
    let mut fold = report.then(|| ReportFold::new(SourceTable::builtin()));
    let Some(path) = log else {
        let (nodes, time) = match fold.as_mut() {
            Some(f) => timed(pos, config, &limits, f),
            None => timed(pos, config, &limits, &mut killerscope_log::NullObserver),
        };
        return Ok((nodes, time, fold));
    };
    let header = LogHeader::new(pos.to_fen(), &config.ordering, &limits)
        .with_selective(&config.selective)
        .with_eval(config.eval);
    let mut recorder = Recorder::new(header)
        .with_cap(usize::MAX)
        .stream_to_file(path)
        .map_err(|e| CliError::new(format!("-o {e}")))?;
    let (nodes, time) = match fold.as_mut() {
        Some(f) => timed(pos, config, &limits, &mut (&mut recorder, f)),
        None => timed(pos, config, &limits, &mut recorder),
    };
    let saved = recorder
        .finish()
        .map_err(|e| CliError::new(format!("-o {e}")))?;
    if let Some(e) = saved.write_error {
        return Err(CliError::new(format!(
            "-o {}: recording failed: {e}",
            path.display()
        )));
    }
    Ok((nodes, time, fold))
}

fn timed<O: SearchObserver>(
    pos: &Position,
    config: SearchConfig,
    limits: &Limits,
    observer: &mut O,
) -> (u64, Duration) {
    let start = Instant::now();
    let report = Searcher::new(config).search(
        pos,
        &[],
        limits,
        &AtomicBool::new(false),
        observer,
        &mut |_| {},
    );
    (report.nodes, start.elapsed())
}

fn mnps(nodes: u64, time: Duration) -> String {
    format!("{:.2}", nodes_per_second(nodes, time) as f64 / 1e6)
}

fn write_text(
    out: &mut impl Write,
    args: &BenchArgs,
    measured: &[Measured],
) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>3}  {:<32} {:>14} {:>10} {:>7}",
        "#", "position", "nodes", "time ms", "Mnps"
    )?;
    for (k, m) in measured.iter().enumerate() {
        let name: String = m.named.name.chars().take(32).collect();
        writeln!(
            out,
            "{:>3}  {:<32} {:>14} {:>10} {:>7}",
            k + 1,
            name,
            grouped(m.nodes),
            m.time.as_millis(),
            mnps(m.nodes, m.time)
        )?;
    }
    let nodes: u64 = measured.iter().map(|m| m.nodes).sum();
    let time: Duration = measured.iter().map(|m| m.time).sum();
    let text = args.config.text();
    let config = if text.trim().is_empty() {
        "default".to_string()
    } else {
        printable(&text).into_owned()
    };
    writeln!(
        out,
        "\n{} positions, depth {}, {config}: {} nodes in {} ms ({} Mnps)",
        measured.len(),
        args.depth,
        grouped(nodes),
        time.as_millis(),
        mnps(nodes, time)
    )
}

fn write_json(
    out: &mut impl Write,
    args: &BenchArgs,
    measured: &[Measured],
    report: Option<&OrderingReport>,
) -> std::io::Result<()> {
    let positions: Vec<serde_json::Value> = measured
        .iter()
        .map(|m| {
            json!({
                "name": m.named.name,
                "fen": m.named.pos.to_fen(),
                "nodes": m.nodes,
                "time_ms": m.time.as_secs_f64() * 1e3,
                "nps": nodes_per_second(m.nodes, m.time),
                "log": m.log,
            })
        })
        .collect();
    let mut doc = json!({
        "depth": args.depth,
        "config": args.config.text(),
        "positions": positions,
        "bench": measured.iter().map(|m| m.nodes).sum::<u64>(),
    });
    if let Some(report) = report {
        doc["report"] = super::log_report::to_json("bench", report);
    }
    writeln!(out, "{doc}")
}

fn write_manifest(dir: &Path, args: &BenchArgs, measured: &[Measured]) -> Result<(), CliError> {
    let manifest = Manifest {
        depth: args.depth,
        config: args.config.text(),
        positions: measured
            .iter()
            .map(|m| ManifestEntry {
                name: m.named.name.clone(),
                fen: m.named.pos.to_fen(),
                nodes: m.nodes,
                time_ms: m.time.as_secs_f64() * 1e3,
                log: m.log.clone(),
            })
            .collect(),
    };
    manifest.write(dir)
}
