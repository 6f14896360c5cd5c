//! `killerscope tui` (and bare `killerscope`): open the explorer on a position with a live
//! search, on a saved `.kslog` or JSON Lines trace to browse a recorded search without
//! searching, or on a trace another engine is writing — or a UCI engine searching — to watch
//! its search as it happens.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::grammar::{self, EngineConfig};
use killerscope_chess::Position;
use killerscope_engine::{OrderingConfig, SelectiveConfig};
use killerscope_explorer::FollowSource;
use killerscope_explorer::{
    Action, DEFAULT_DEPTH, Effect, Explorer, Fixed, MAX_DEPTH, PositionSettings, Prefs, Session,
    Settings,
};
use killerscope_explorer::{library, library::Entry};
use killerscope_log::MAX_KILLER_SLOTS;
use killerscope_text::quote;
use killerscope_trace::{jsonl::ImportOptions, jsonl::ImportSummary};
use killerscope_trace::{uci_engine::UciLimit, uci_engine::UciSearch, uci_engine::parse_option};
use killerscope_tui::run::run as run_explorer;
use saved::{open_log, trace_note};

mod saved;

use killerscope_tui::Theme;
pub use saved::INDEX_BEFORE_SHOWING;

/// Options of `killerscope tui`.
#[derive(Args, Debug, Default)]
#[command(group(clap::ArgGroup::new("uci_limit").args(["depth", "movetime", "nodes"])))]
pub struct TuiArgs {
    /// Position to search (default: the first position of the built-in library).
    #[arg(long, conflicts_with_all = ["epd", "log", "follow"])]
    pub fen: Option<String>,
    /// EPD file to take the position from (with --id).
    #[arg(long, requires = "id", conflicts_with_all = ["log", "follow"])]
    pub epd: Option<PathBuf>,
    /// The `id` of the EPD position to open.
    #[arg(long, requires = "epd")]
    pub id: Option<String>,
    /// Search depth in plies.
    #[arg(short = 'd', long, value_name = "PLIES", default_value_t = DEFAULT_DEPTH,
          value_parser = grammar::depth(MAX_DEPTH))]
    pub depth: u8,
    /// Engine configuration of every search: ordering and selective switches, e.g.
    /// "killers=3,nmp=on".
    ///
    /// It fixes the ordering (when it names an ordering switch) over a position's `ordering`
    /// EPD opcode, and the selective search (when it names a selective switch) over its
    /// `search` opcode; `S` switches the selective search in the explorer.
    #[arg(long, value_name = "CONFIG", conflicts_with_all = ["ordering", "selective"])]
    pub config: Option<String>,
    /// The old spelling of `--config killers=N`: fixes the killer slots alone.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u8).range(0..=MAX_KILLER_SLOTS as i64))]
    pub killers: Option<u8>,
    /// The old spelling of `--config` for the ordering switches.
    #[arg(long, hide = true, value_name = "CONFIG")]
    pub ordering: Option<String>,
    /// The old spelling of `--config` for the selective-search switches.
    #[arg(long = "search", hide = true, value_name = "CONFIG")]
    pub selective: Option<String>,
    /// Open a saved search instead of searching: a `.kslog`, or a JSON Lines trace from any
    /// engine (docs/trace-schema.md), told apart by content.
    #[arg(long, conflicts_with = "follow")]
    pub log: Option<PathBuf>,
    /// Open two saved searches of the same position as one aligned tree (A's nodes, B's, the
    /// difference and what differs at each node), the divergences stepped by size with n / N.
    #[arg(long, num_args = 2, value_names = ["A", "B"],
          conflicts_with_all = ["fen", "epd", "log", "follow"])]
    pub diff: Vec<PathBuf>,
    /// Watch another engine's search live: a JSON Lines trace being written to a file or a
    /// FIFO, or `-` for standard input (keys still come from the terminal).
    #[arg(long, value_name = "FILE")]
    pub follow: Option<PathBuf>,
    /// Watch a UCI engine search live (Stockfish…): its command line, split at spaces (no
    /// shell). The tree shows what the protocol reveals, as `uci-trace` writes it; the position
    /// is --fen or --epd/--id (default: the start position), the limit --depth, --movetime or
    /// --nodes. `s` stops the engine; quitting or searching again ends it too.
    #[arg(long, value_name = "CMD", requires = "uci_limit",
          conflicts_with_all = ["log", "follow", "diff"])]
    pub uci: Option<String>,
    /// For --uci: a UCI option to set before the search, NAME=VALUE (repeatable):
    /// --option Threads=1.
    #[arg(long = "option", value_name = "NAME=VALUE", requires = "uci")]
    pub options: Vec<String>,
    /// For --uci: search for this many milliseconds.
    #[arg(long, value_name = "MS", requires = "uci")]
    pub movetime: Option<u64>,
    /// For --uci: search this many nodes.
    #[arg(long, value_name = "N", requires = "uci")]
    pub nodes: Option<u64>,
    /// For a trace (--log, --follow or --diff): skip bad lines (and count them) instead of
    /// stopping.
    #[arg(long)]
    pub lenient: bool,
    /// For a trace (--log, --follow or --diff): refuse keys and event kinds the schema does
    /// not have, naming the first with its line and column (by default they are skipped, the
    /// first named and the rest counted); a followed trace stops there.
    #[arg(long)]
    pub strict: bool,
    /// Letters instead of Unicode chess pieces.
    #[arg(long)]
    pub ascii: bool,
    /// Monochrome screen (also when the NO_COLOR environment variable is set).
    #[arg(long)]
    pub no_color: bool,
    /// Projector mode: high-contrast colours and the biggest board that fits (`P` switches).
    #[arg(long)]
    pub projector: bool,
}

fn parse_fen(fen: &str, source: &str) -> Result<Position, CliError> {
    super::fen::read_position(fen.trim(), source)
        .map_err(|e| CliError::new(format!("{source}: {e}")))
}

fn from_epd(path: &std::path::Path, id: &str) -> Result<(Position, PositionSettings), CliError> {
    let text = killerscope_log::files::read_text(path, killerscope_chess::epd::MAX_FILE_BYTES)
        .map_err(|e| CliError::new(format!("EPD file {}: {e}", path.display())))?;
    let entries =
        library::parse(&text).map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
    let Some(entry) = entries.iter().find(|e| e.id == id) else {
        return Err(CliError::new(format!(
            "{}: no position with id \"{}\" ({})",
            path.display(),
            quote(id),
            id_list(&entries)
        )));
    };
    let position = parse_fen(
        &entry.fen,
        &format!("{} id \"{}\"", path.display(), quote(id)),
    )?;
    Ok((position, entry.settings))
}

/// The ordering and selective settings the command line fixes, checked: each half of
/// `--config` it names (`--killers` is kept apart: it fixes the killer slots alone).
fn configured(
    args: &TuiArgs,
) -> Result<(Option<OrderingConfig>, Option<SelectiveConfig>), CliError> {
    let read = EngineConfig {
        config: args.config.clone(),
        ordering: args.ordering.clone(),
        selective: args.selective.clone(),
        killers: args.killers,
        ..EngineConfig::default()
    }
    .read()?;
    Ok((
        read.names_ordering.then_some(read.ordering),
        read.names_selective.then_some(read.selective),
    ))
}

/// The ids a file offers, for the message when `--id` matches none: the first few, quoted,
/// and how many more there are (a puzzle file can hold a million).
fn id_list(entries: &[Entry]) -> String {
    const SHOWN: usize = 10;
    let ids: Vec<String> = entries
        .iter()
        .take(SHOWN)
        .map(|e| format!("\"{}\"", quote(&e.id)))
        .collect();
    match entries.len() {
        0 => "the file holds no positions".to_string(),
        n if n > SHOWN => format!("ids: {} and {} more", ids.join(", "), n - SHOWN),
        _ => format!("ids: {}", ids.join(", ")),
    }
}

/// The explorer's start: the model, its first effects, and whether the screen is monochrome.
pub struct Prepared {
    /// The explorer's starting state.
    pub app: Explorer,
    /// What the runtime does first (usually the first search).
    pub effects: Vec<Effect>,
    /// Monochrome screen (`--no-color`, `NO_COLOR`).
    pub mono: bool,
}

/// What the explorer opens on: a log, a followed trace, or a position to search (with the
/// settings its EPD opcodes ask for).
enum Start {
    Log(Box<Session>, Option<ImportSummary>),
    Diff(Box<[Session; 2]>, [String; 2]),
    /// A trace to follow, and the position to show until its header arrives.
    Follow(FollowSource, ImportOptions, Position),
    Search(Position, PositionSettings),
}

/// How a trace is read (`--lenient`, `--strict`), as `log import` reads one.
fn reading(args: &TuiArgs) -> ImportOptions {
    ImportOptions {
        lenient: args.lenient,
        strict: args.strict,
    }
}

fn start(args: &TuiArgs, library: &[Entry]) -> Result<Start, CliError> {
    if let [a, b] = args.diff.as_slice() {
        let open = |path: &PathBuf| -> Result<Session, CliError> {
            let (mut session, _) = open_log(path, reading(args))?;
            session
                .wait_index()
                .map_err(|e| CliError::new(format!("cannot open log {e}")))?;
            Ok(session)
        };
        let names =
            [a, b].map(|p| killerscope_text::printable(&p.display().to_string()).into_owned());
        return Ok(Start::Diff(Box::new([open(a)?, open(b)?]), names));
    }
    if let Some(path) = &args.log {
        let (session, summary) = open_log(path, reading(args))?;
        return Ok(Start::Log(Box::new(session), summary));
    }
    if let Some(path) = &args.follow {
        let source = if path.as_os_str() == "-" {
            FollowSource::Stdin
        } else {
            FollowSource::Path(path.clone())
        };
        return Ok(Start::Follow(source, reading(args), Position::startpos()));
    }
    if let Some(command) = &args.uci {
        return uci(args, command);
    }
    if let Some(fen) = &args.fen {
        return Ok(Start::Search(
            parse_fen(fen, "--fen")?,
            PositionSettings::default(),
        ));
    }
    if let (Some(path), Some(id)) = (&args.epd, &args.id) {
        let (position, settings) = from_epd(path, id)?;
        return Ok(Start::Search(position, settings));
    }
    let first = library
        .first()
        .ok_or_else(|| CliError::new("the built-in position library is empty"))?;
    Ok(Start::Search(
        parse_fen(&first.fen, "built-in library")?,
        first.settings,
    ))
}

/// `--uci CMD`: the engine's search of the position asked for (the start position by
/// default), to follow.
fn uci(args: &TuiArgs, command: &str) -> Result<Start, CliError> {
    let position = match (&args.fen, &args.epd, &args.id) {
        (Some(fen), ..) => parse_fen(fen, "--fen")?,
        (_, Some(path), Some(id)) => from_epd(path, id)?.0,
        _ => Position::startpos(),
    };
    let options = args
        .options
        .iter()
        .map(|o| parse_option(o))
        .collect::<Result<_, _>>()
        .map_err(CliError::new)?;
    let limit = match (args.movetime, args.nodes) {
        (Some(ms), _) => UciLimit::Movetime(ms),
        (_, Some(n)) => UciLimit::Nodes(n),
        _ => UciLimit::Depth(u32::from(args.depth)),
    };
    let search = UciSearch {
        command: command.to_string(),
        options,
        fen: position.to_fen(),
        limit,
        silence: killerscope_trace::uci_engine::SILENCE,
    };
    let source = FollowSource::Uci(Box::new(search));
    Ok(Start::Follow(source, reading(args), position))
}

/// Builds the explorer's starting state and first effects from the options, checking every
/// input before the terminal is touched.
pub fn prepare(args: &TuiArgs, library: Vec<Entry>) -> Result<Prepared, CliError> {
    let (ordering, selective) = configured(args)?;
    let settings = Settings {
        depth: args.depth,
        killers: ordering
            .map(|o| o.killer_slots)
            .or(args.killers)
            .unwrap_or(Settings::default().killers),
        selective: selective.unwrap_or_default(),
    };
    let fixed = Fixed {
        ordering: ordering.is_some(),
        killers: args.killers.is_some(),
        selective: selective.is_some(),
    };
    let prefs = Prefs {
        ascii: args.ascii,
        projector: args.projector,
        ..Prefs::default()
    };
    let begin = start(args, &library)?;
    let root = match &begin {
        Start::Log(session, _) => session.root().clone(),
        Start::Diff(sessions, _) => sessions[0].root().clone(),
        Start::Follow(_, _, root) => root.clone(),
        Start::Search(position, _) => position.clone(),
    };
    let mut app = Explorer::new(root, settings, library)
        .with_prefs(prefs)
        .with_fixed(fixed, ordering);
    let effects = match begin {
        Start::Log(session, summary) => {
            app.open_session(*session);
            match summary {
                Some(summary) => app.info(trace_note(&summary)),
                None => app.info(
                    "browsing a saved log: [ ] { } K p to step through it, r to search again",
                ),
            }
            if let Some(log) = &args.log {
                let marks = killerscope_trace::bookmarks::sidecar_path(log);
                let bytes = killerscope_trace::bookmarks::load(&marks);
                app.open_bookmarks(marks, bytes);
            }
            Vec::new()
        }
        Start::Diff(sessions, names) => {
            let [a, b] = *sessions;
            app.open_session(a);
            app.open_diff(b, names)
                .map_err(|e| CliError::new(format!("diff: {e}")))?
        }
        Start::Follow(source, options, _) => vec![Effect::Follow(source, options)],
        Start::Search(_, asked) => {
            app = app.with_position_settings(asked);
            app.update(Action::Rerun)
        }
    };
    Ok(Prepared {
        app,
        effects,
        mono: Theme::wants_mono(args.no_color),
    })
}

/// Runs `killerscope tui`.
pub fn run(args: &TuiArgs) -> Result<(), CliError> {
    explore(prepare(args, library::embedded())?)
}

/// Runs the explorer on a prepared start; refuses when standard output is not a terminal.
pub fn explore(start: Prepared) -> Result<(), CliError> {
    if !std::io::stdout().is_terminal() {
        return Err(CliError::new(
            "the explorer needs a terminal: stdout is not a TTY",
        ));
    }
    let ended = run_explorer(start.app, start.mono, start.effects)
        .map_err(|e| CliError::new(format!("terminal error: {e}")))?;
    match ended {
        Some(error) => Err(CliError::new(error)),
        None => Ok(()),
    }
}

/// Runs bare `killerscope`: the explorer on the first classroom position at the default depth,
/// in projector mode, with ASCII pieces or in monochrome as its flags ask.
pub fn run_default(projector: bool, ascii: bool, no_color: bool) -> Result<(), CliError> {
    run(&TuiArgs {
        depth: DEFAULT_DEPTH,
        projector,
        ascii,
        no_color,
        ..TuiArgs::default()
    })
}
