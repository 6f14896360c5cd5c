//! `killerscope uci-trace --engine "CMD" …`: runs any UCI engine on one position and writes
//! what the protocol reveals of its search as a trace (`trace::uci_info`): a root node per
//! iteration and aspiration re-search with its depth, score, bound and node count, the root
//! moves in the order searched where the engine reports `currmove`, the PV. The trace is
//! checked by the importer before it is written, so `log stats`, the charts and `diff` read it.

use super::CliError;
use crate::chess::START_FEN;
use crate::trace::jsonl::{ImportOptions, import_reader};
use crate::trace::uci_info::UciTrace;
use clap::Args;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
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

/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(30);

/// The engine, started, with its output arriving on a channel (so a silent engine times out
/// instead of hanging the command).
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, CliError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| CliError::new("uci-trace: --engine is empty"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError::new(format!("uci-trace: cannot start {program:?}: {e}")))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                return Err(CliError::new(
                    "uci-trace: the engine's pipes could not be opened",
                ));
            }
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        })
    }

    fn send(&mut self, command: &str) -> Result<(), CliError> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| CliError::new(format!("uci-trace: the engine stopped listening: {e}")))
    }

    /// The next line, within `wait`.
    fn line(&mut self, wait: Duration, waiting_for: &str) -> Result<String, CliError> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(CliError::new(format!(
                "uci-trace: the engine did not answer {waiting_for} within {} s",
                wait.as_secs()
            ))),
            Err(RecvTimeoutError::Disconnected) => Err(CliError::new(format!(
                "uci-trace: the engine exited before {waiting_for}"
            ))),
        }
    }

    /// Reads lines until one starts with `word`; returns the lines before it and that line.
    fn until(&mut self, word: &str, wait: Duration) -> Result<(Vec<String>, String), CliError> {
        let mut before = Vec::new();
        loop {
            let line = self.line(wait, word)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok((before, line));
            }
            before.push(line);
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the command.
pub fn run(args: &UciTraceArgs) -> Result<(), CliError> {
    let fen = args.fen.clone().unwrap_or_else(|| START_FEN.to_string());
    super::fen::read_position(&fen, "--fen")?;
    let options: Vec<(String, String)> = args
        .options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => Err(CliError::new(format!(
                "uci-trace: --option {}: expected NAME=VALUE",
                crate::text::quote(o)
            ))),
        })
        .collect::<Result<_, _>>()?;
    let (go, limits, wait) = match (args.depth, args.movetime, args.nodes) {
        (Some(d), ..) => (format!("go depth {d}"), ("depth", d.to_string()), None),
        (_, Some(ms), _) => (
            format!("go movetime {ms}"),
            ("movetime", ms.to_string()),
            Some(Duration::from_millis(ms) + HANDSHAKE),
        ),
        (.., Some(n)) => (format!("go nodes {n}"), ("nodes", n.to_string()), None),
        _ => {
            return Err(CliError::new(
                "uci-trace: give --depth, --movetime or --nodes",
            ));
        }
    };
    let mut engine = Engine::start(&args.engine)?;
    engine.send("uci")?;
    let (said, _) = engine.until("uciok", HANDSHAKE)?;
    let name = said
        .iter()
        .find_map(|l| l.strip_prefix("id name "))
        .unwrap_or(&args.engine)
        .to_string();
    for (option, value) in &options {
        engine.send(&format!("setoption name {option} value {value}"))?;
    }
    engine.send("isready")?;
    engine.until("readyok", HANDSHAKE)?;
    engine.send("ucinewgame")?;
    engine.send(&format!("position fen {fen}"))?;
    engine.send("isready")?;
    engine.until("readyok", HANDSHAKE)?;
    engine.send(&go)?;
    let search_wait = wait.unwrap_or(Duration::from_secs(24 * 3600));
    let (info, _) = engine.until("bestmove", search_wait)?;
    let limits = [(limits.0.to_string(), limits.1)];
    let trace = UciTrace::convert(
        &name,
        &fen,
        &options,
        &limits,
        info.iter().map(String::as_str),
    );
    if let Some(path) = &args.transcript {
        std::fs::write(path, engine.transcript.join("\n") + "\n").map_err(|e| {
            CliError::new(format!("uci-trace: cannot write {}: {e}", path.display()))
        })?;
    }
    let (log, summary) = import_reader(trace.as_bytes(), ImportOptions::default())
        .map_err(|e| CliError::new(format!("uci-trace: the engine's output does not read: {e}")))?;
    std::fs::write(&args.output, &trace).map_err(|e| {
        CliError::new(format!(
            "uci-trace: cannot write {}: {e}",
            args.output.display()
        ))
    })?;
    eprintln!(
        "{}: {} root nodes, {} iterations from {} lines of {}",
        crate::text::printable(&args.output.display().to_string()),
        summary.nodes,
        log.pvs().len(),
        info.len(),
        crate::text::printable(&name)
    );
    Ok(())
}
