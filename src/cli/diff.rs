//! `killerscope diff A B`: two searches of the same position compared node by node
//! ([`killerscope_analysis::tree_diff`]) — nodes of each and their ratio, per iteration, then the
//! divergences ranked by the nodes they explain, each with its path in SAN and a sentence. A and
//! B are `.kslog` files or traces; `diff --fen FEN --depth D --config X --config Y` searches
//! both first; two bench directories are compared position by position (`cli::bench`).

mod dirs;
mod output;

use super::CliError;
use super::grammar;
use clap::Args;
use killerscope_analysis::{CompactTree, CompactTreeBuilder, TreeDiff, alignable, diff_trees};
use killerscope_chess::{Position, START_FEN};
use killerscope_engine::HeaderSettings;
use killerscope_engine::parse_switches;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::{LogHeader, Recorder, Spool};
use killerscope_text::{printable, quote};
use killerscope_trace::jsonl::ImportOptions;
use killerscope_trace::{FoldControl, RecordStream};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// Arguments of `killerscope diff`.
#[derive(Args, Debug)]
pub struct DiffArgs {
    /// Two .kslog files or JSON Lines traces of searches of the same position (or two
    /// directories written by `bench --log-dir`).
    #[arg(num_args = 0..=2, value_name = "A B")]
    logs: Vec<PathBuf>,
    /// Search this position twice instead, once under each --config (default: the start
    /// position).
    #[arg(long, requires = "depth", conflicts_with = "logs")]
    fen: Option<String>,
    /// Search depth in plies of both searches (with --config).
    #[arg(short = 'd', long, value_name = "PLIES",
          value_parser = grammar::depth(grammar::MAX_SEARCH_DEPTH), conflicts_with = "logs")]
    depth: Option<u8>,
    /// The ordering and selective switches of A, then of B, e.g. --config killers=0 --config
    /// killers=2 ("" is the default).
    #[arg(long = "config", value_name = "CONFIG", requires = "depth")]
    configs: Vec<String>,
    /// Transposition table size in MiB for the two searches.
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    #[command(flatten)]
    format: grammar::TextOrJson,
    /// How many divergences to print, those that explain the most nodes first (all are
    /// counted).
    #[arg(long, default_value_t = 10)]
    limit: usize,
    /// How a trace is read.
    #[command(flatten)]
    reading: super::reading::Reading,
}

/// One side of a diff: a name to show, its header, and its tree (the diff's compact index,
/// which holds no event: the log was read once to build it).
pub(super) struct Searched {
    pub name: String,
    pub header: LogHeader,
    pub tree: CompactTree,
}

/// Runs the command.
pub fn run(args: &DiffArgs) -> Result<(), CliError> {
    let [a, b] = match (args.logs.as_slice(), args.depth) {
        ([a, b], _) if a.is_dir() && b.is_dir() => {
            return dirs::diff_dirs(a, b, args.format.json(), args.limit);
        }
        ([a, b], _) => load_both([a, b], args.reading.options())?,
        ([], Some(depth)) => search_both(args, depth)?,
        _ => {
            return Err(CliError::new(
                "diff: give two logs (diff A B), two bench directories, or a position to search \
                 twice (diff --depth D --config X --config Y [--fen FEN])",
            ));
        }
    };
    same_search_space(&a, &b)?;
    let diff = diff_searches(&a, &b, args.limit)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.format.json() {
        writeln!(out, "{}", output::json(&a, &b, &diff))?;
    } else {
        output::text(&mut out, &a, &b, &diff)?;
    }
    Ok(out.flush()?)
}

/// The diff of two loaded searches.
pub(super) fn diff_searches(
    a: &Searched,
    b: &Searched,
    limit: usize,
) -> Result<TreeDiff, CliError> {
    diff_trees(
        (&a.tree, &a.header),
        (&b.tree, &b.header),
        limit,
        &mut FoldControl::default(),
    )
    .map_err(|e| CliError::new(format!("diff: {e}")))
}

/// Both sides, each read on a thread of its own (reading and checking a log is most of a
/// diff's time, and the two are independent); A's error first when both fail, as when they are
/// read in turn.
pub(super) fn load_both(
    [a, b]: [&Path; 2],
    options: ImportOptions,
) -> Result<[Searched; 2], CliError> {
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| load(a, options));
        let b = load(b, options);
        (a.join(), b)
    });
    let a = a.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
    Ok([a, b?])
}

/// A `.kslog` or a trace, indexed: a `.kslog` is read a chunk at a time through a buffer,
/// every record checked and its moves fitted to its position as `read_record` checks them, so
/// neither the file nor its events stay in memory, only the index.
fn load(path: &Path, options: ImportOptions) -> Result<Searched, CliError> {
    let failed = |e: &dyn std::fmt::Display| CliError::new(format!("diff: {e}"));
    let stream = RecordStream::open(path, options)
        .and_then(RecordStream::fitting)
        .map_err(|e| failed(&e))?;
    let too_many = |n: u64| {
        failed(&format!(
            "{}: {n} events: more than the {} this build can index",
            path.display(),
            u32::MAX
        ))
    };
    let count = stream.event_count();
    if count > u64::from(u32::MAX) {
        return Err(too_many(count));
    }
    let header = stream.header().clone();
    let mut builder = CompactTreeBuilder::new();
    stream
        .run(&mut FoldControl::default(), &mut |chunk| {
            builder.feed(chunk)
        })
        .map_err(|e| failed(&e))?;
    Ok(Searched {
        name: printable(&path.display().to_string()).into_owned(),
        header,
        tree: builder.finish().ok_or_else(|| too_many(count))?,
    })
}

/// Both searches of `--config X --config Y`, each recorded to a spool (a deleted temporary
/// file, mapped) and indexed from it, the spool dropped once indexed: memory stays the two
/// indexes and one spool's pages, whatever the depth.
fn search_both(args: &DiffArgs, depth: u8) -> Result<[Searched; 2], CliError> {
    let [x, y] = args.configs.as_slice() else {
        return Err(CliError::new(format!(
            "diff --depth: give exactly two --config (A's and B's), not {}",
            args.configs.len()
        )));
    };
    let fen = args.fen.as_deref().unwrap_or(START_FEN);
    let root = super::fen::read_position(fen, "--fen")?;
    let hash_mib = usize::try_from(args.hash).unwrap_or(usize::MAX);
    let search = |text: &String| -> Result<Searched, CliError> {
        let (ordering, selective) = parse_switches(text)
            .map_err(|e| CliError::new(format!("--config \"{}\": {e}", quote(text))))?;
        let config = SearchConfig {
            ordering,
            selective,
            hash_mib,
            ..SearchConfig::default()
        };
        let name = if text.trim().is_empty() {
            "default"
        } else {
            text
        };
        let searched = record(&root, config, depth)?;
        Ok(Searched {
            name: printable(name).into_owned(),
            ..searched
        })
    };
    Ok([search(x)?, search(y)?])
}

/// Searches `root` to `depth` under `config`, recorded whole into a spool.
pub(super) fn record(
    root: &Position,
    config: SearchConfig,
    depth: u8,
) -> Result<Searched, CliError> {
    let limits = Limits::depth(depth);
    let header = LogHeader::new(root.to_fen(), &config.ordering, &limits)
        .with_selective(&config.selective)
        .with_eval(config.eval);
    let spool = Spool::create()
        .map_err(|e| CliError::new(format!("diff: cannot spool the search: {e}")))?;
    let mut recorder = Recorder::new(header.clone())
        .spool_to(&spool)
        .map_err(|e| CliError::new(format!("diff: cannot spool the search: {e}")))?;
    let stop = AtomicBool::new(false);
    Searcher::new(config).search(root, &[], &limits, &stop, &mut recorder, &mut |_| {});
    let end = recorder.finish();
    if let Some(e) = end.write_error {
        return Err(CliError::new(format!(
            "diff: the search could not be recorded: {e}"
        )));
    }
    if end.truncated {
        return Err(CliError::new(
            "diff: the search is too big to record whole; choose a smaller depth",
        ));
    }
    let tree = CompactTree::build(&spool.events()).ok_or_else(|| {
        CliError::new("diff: the search is too big to index; choose a smaller depth")
    })?;
    Ok(Searched {
        name: String::new(),
        header,
        tree,
    })
}

/// Refuses two searches a diff cannot align: other positions, or other recording filters.
pub(super) fn same_search_space(a: &Searched, b: &Searched) -> Result<(), CliError> {
    alignable((&a.name, &a.header), (&b.name, &b.header))
        .map_err(|e| CliError::new(format!("diff: {e}")))
}
