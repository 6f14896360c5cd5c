//! tiny_engine: a small chess engine that records its own search with `killerscope_log`'s
//! `LogWriter` — what a Rust engine that is not killerscope adds to its search to be seen.
//!
//! ```sh
//! cargo run --release -p killerscope-log --example tiny_engine -- \
//!     --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
//!     --depth 5 --trace kiwipete.kslog
//! killerscope log stats kiwipete.kslog
//! ```
//!
//! Options: `--fen FEN` (default the start position), `--depth N` (default 5), `--trace FILE`
//! (record the search), `--trace-cap EVENTS` (stop recording after so many; the log is marked
//! truncated).
//!
//! The engine plays on `killerscope-chess`'s board (legal moves, make and unmake): iterative
//! deepening over a fail-soft alpha-beta with principal variation search, a check extension
//! and quiescence; moves ordered by the transposition-table move, MVV-LVA captures, two killer
//! slots per ply, then the other quiet moves. What recording adds is the header (`header`) and
//! one `trace!` line wherever the search does something; untraced, each is a test of `None`.

mod order;
pub mod search;

use killerscope_chess::{Position, START_FEN};
use killerscope_log::{LogHeader, LogWriter, MATE, SourceRole};
use search::{Engine, Iteration, SRC_CAPTURE, SRC_KILLER, SRC_QUIET, SRC_TT};
use std::io::{self, Write};
use std::process::ExitCode;

/// What the log says about this engine: its position, name, settings, limits and sources.
pub fn header(fen: &str, depth: i32) -> LogHeader {
    LogHeader::for_engine(fen, "tiny_engine 1.0 (killerscope-log example)")
        .with_setting("killers", "2")
        .with_setting("tt", "on")
        .with_setting("mvvlva", "on")
        .with_setting("history", "off")
        .with_setting("search", "pvs")
        .with_limit("depth", depth.to_string())
        .with_source(SRC_TT, "TT", "TT move", SourceRole::Tt)
        .with_source(SRC_CAPTURE, "Cap", "capture", SourceRole::Capture)
        .with_killer_slot(SRC_KILLER[0], 0, "K1", "killer 1")
        .with_killer_slot(SRC_KILLER[1], 1, "K2", "killer 2")
        .with_source(SRC_QUIET, "Quiet", "quiet", SourceRole::Quiet)
}

/// The command line: `--fen`, `--depth`, `--trace`, `--trace-cap`.
pub struct Options {
    pub fen: String,
    pub depth: i32,
    pub trace: Option<String>,
    pub cap: Option<u64>,
}

pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        fen: START_FEN.to_string(),
        depth: 5,
        trace: None,
        cap: None,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        let number = |what| format!("{arg} {value}: not {what}");
        match arg.as_str() {
            "--fen" => o.fen = value.clone(),
            "--trace" => o.trace = Some(value.clone()),
            "--depth" => match value.parse() {
                Ok(d) if (1..=40).contains(&d) => o.depth = d,
                _ => return Err(number("a depth from 1 to 40")),
            },
            "--trace-cap" => o.cap = Some(value.parse().map_err(|_| number("a count"))?),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(o)
}

/// An iteration as UCI prints it (after `info `): `depth 5 score cp 20 nodes 155527 pv e2a6
/// …`, a mate as `score mate 3` (moves, negative when mated).
pub fn info_line(it: &Iteration) -> String {
    let score = match it.score {
        s if s >= MATE - 1000 => format!("mate {}", (MATE - s + 1) / 2),
        s if s <= 1000 - MATE => format!("mate {}", -(MATE + s) / 2),
        s => format!("cp {s}"),
    };
    let pv: Vec<String> = it.pv.iter().map(ToString::to_string).collect();
    let (depth, nodes, pv) = (it.depth, it.nodes, pv.join(" "));
    format!("depth {depth} score {score} nodes {nodes} pv {pv}")
}

/// Runs the engine as the command line asks, printing what it found to `out`.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let o = parse(args)?;
    let pos = Position::from_fen(&o.fen).map_err(|e| format!("bad FEN \"{}\": {e}", o.fen))?;
    let trace = match &o.trace {
        Some(path) => {
            let log =
                LogWriter::create(path, header(&o.fen, o.depth)).map_err(|e| e.to_string())?;
            Some(match o.cap {
                Some(cap) => log.with_cap(cap),
                None => log,
            })
        }
        None => None,
    };
    let mut engine = Engine::new(pos, trace);
    let mut printed = Ok(());
    engine.iterate(o.depth, &mut |it| {
        if printed.is_ok() {
            printed = writeln!(out, "info {}", info_line(it));
        }
    });
    let (nodes, q) = (engine.nodes, engine.qnodes);
    let report = |e: io::Error| e.to_string();
    printed.map_err(report)?;
    writeln!(out, "nodes {nodes} (main {}, quiescence {q})", nodes - q).map_err(report)?;
    if let (Some(log), Some(path)) = (engine.trace.take(), &o.trace) {
        let done = log.finish().map_err(|e| e.to_string())?;
        let cut = if done.truncated { " (truncated)" } else { "" };
        writeln!(out, "trace {path}: {} events{cut}", done.events).map_err(report)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tiny_engine: {e}");
            ExitCode::from(2)
        }
    }
}
