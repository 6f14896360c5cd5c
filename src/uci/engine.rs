//! The UCI engine's state: position, options, and the search worker thread.

use super::command::UciCommand;
use crate::chess::Position;
use crate::chess::notation::parse_uci;
use crate::search::{
    IterationReport, Limits, NullObserver, OrderingConfig, SearchConfig, SearchReport, Searcher,
    nodes_per_second, score,
};
use crate::trace::{LogHeader, Recorder};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Output shared by the reader loop and the search thread; one line is written at a time.
type SharedOut = Arc<Mutex<Box<dyn Write + Send>>>;

/// Largest transposition table a GUI may ask for, in MiB.
const MAX_HASH_MIB: usize = 4096;

/// Engine state between GUI commands.
pub struct UciEngine {
    out: SharedOut,
    position: Position,
    game_keys: Vec<u64>,
    config: SearchConfig,
    trace_file: Option<PathBuf>,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
    worker_is_infinite: bool,
}

impl UciEngine {
    /// A fresh engine at the start position with default options.
    pub fn new<W: Write + Send + 'static>(output: W) -> UciEngine {
        let config = SearchConfig::default();
        UciEngine {
            out: Arc::new(Mutex::new(Box::new(output))),
            position: Position::startpos(),
            game_keys: Vec::new(),
            searcher: Arc::new(Mutex::new(Searcher::new(config))),
            config,
            trace_file: None,
            stop: Arc::new(AtomicBool::new(false)),
            worker: None,
            worker_is_infinite: false,
        }
    }

    /// Acts on one command; returns `Ok(false)` when the engine should exit.
    pub fn handle(&mut self, command: UciCommand) -> io::Result<bool> {
        match command {
            UciCommand::Uci => self.identify()?,
            UciCommand::IsReady => write_line(&self.out, "readyok")?,
            UciCommand::NewGame => {
                self.await_search();
                self.lock_searcher().clear();
            }
            UciCommand::Position { fen, moves } => {
                self.await_search();
                self.set_position(fen.as_deref(), &moves)?;
            }
            UciCommand::Go(params) => {
                self.await_search();
                self.start_search(params);
            }
            UciCommand::Stop => self.stop_search(),
            UciCommand::Quit => {
                self.shutdown();
                return Ok(false);
            }
            UciCommand::SetOption { name, value } => {
                self.await_search();
                self.set_option(&name, value.as_deref())?;
            }
            UciCommand::Ignored => {}
            UciCommand::Invalid(reason) => self.info_string(&format!("ignored: {reason}"))?,
        }
        Ok(true)
    }

    /// Reports something to a human watching the engine, in a form GUIs ignore safely.
    pub fn info_string(&self, text: &str) -> io::Result<()> {
        write_line(&self.out, &format!("info string {text}"))
    }

    /// Stops any running search and waits for its `bestmove`, so no output follows `quit`.
    pub fn shutdown(&mut self) {
        self.stop_search();
    }

    fn identify(&self) -> io::Result<()> {
        let lines = [
            format!("id name killerscope {}", env!("CARGO_PKG_VERSION")),
            "id author the killerscope developers".to_string(),
            format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MIB}"),
            "option name Clear Hash type button".to_string(),
            "option name Killers type spin default 2 min 0 max 4".to_string(),
            "option name History type check default true".to_string(),
            "option name Trace File type string default <empty>".to_string(),
            "uciok".to_string(),
        ];
        for line in lines {
            write_line(&self.out, &line)?;
        }
        Ok(())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> io::Result<()> {
        let mut position = match fen {
            None => Position::startpos(),
            Some(text) => match Position::from_fen(text) {
                Ok(p) => p,
                Err(e) => return self.info_string(&format!("ignored position: {e}")),
            },
        };
        let mut keys = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = match parse_uci(&position, text) {
                Ok(mv) => mv,
                Err(e) => return self.info_string(&format!("ignored position: move {text}: {e}")),
            };
            keys.push(position.key());
            position.make_move(mv);
        }
        self.position = position;
        self.game_keys = keys;
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        let value = value.unwrap_or("");
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mib) if (1..=MAX_HASH_MIB).contains(&mib) => self.config.hash_mib = mib,
                _ => {
                    return self
                        .info_string(&format!("ignored Hash '{value}': want 1..={MAX_HASH_MIB}"));
                }
            },
            "clear hash" => {
                self.lock_searcher().clear();
                return Ok(());
            }
            "killers" => match value.parse::<u8>() {
                Ok(k) if k <= 4 => self.config.ordering.killer_slots = k,
                _ => return self.info_string(&format!("ignored Killers '{value}': want 0..=4")),
            },
            "history" => match value.to_ascii_lowercase().as_str() {
                "true" => self.config.ordering.history = true,
                "false" => self.config.ordering.history = false,
                _ => {
                    return self
                        .info_string(&format!("ignored History '{value}': want true or false"));
                }
            },
            "trace file" => {
                self.trace_file =
                    (!value.is_empty() && value != "<empty>").then(|| PathBuf::from(value));
                return Ok(());
            }
            _ => return self.info_string(&format!("ignored unknown option '{name}'")),
        }
        self.lock_searcher().set_config(self.config);
        Ok(())
    }

    fn start_search(&mut self, limits: Limits) {
        self.stop.store(false, Ordering::SeqCst);
        let job = SearchJob {
            out: Arc::clone(&self.out),
            searcher: Arc::clone(&self.searcher),
            stop: Arc::clone(&self.stop),
            position: self.position.clone(),
            game_keys: self.game_keys.clone(),
            infinite: limits.infinite,
            limits,
            trace: self
                .trace_file
                .clone()
                .map(|path| (path, self.config.ordering)),
        };
        self.worker_is_infinite = job.infinite;
        self.worker = Some(std::thread::spawn(move || job.run()));
    }

    /// Stops the running search, if any, and waits until it has printed `bestmove`.
    fn stop_search(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.join_worker();
    }

    /// Lets a bounded search (depth, nodes, time) finish before the next command changes the
    /// engine, as a script expects; an infinite one would never finish, so it is stopped.
    fn await_search(&mut self) {
        if self.worker_is_infinite {
            self.stop.store(true, Ordering::SeqCst);
        }
        self.join_worker();
    }

    fn join_worker(&mut self) {
        if let Some(worker) = self.worker.take()
            && worker.join().is_err()
        {
            let _ = write_line(&self.out, "info string search thread failed");
        }
    }

    fn lock_searcher(&self) -> std::sync::MutexGuard<'_, Searcher> {
        self.searcher
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Everything the worker thread needs for one `go`.
struct SearchJob {
    out: SharedOut,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    position: Position,
    game_keys: Vec<u64>,
    limits: Limits,
    infinite: bool,
    trace: Option<(PathBuf, OrderingConfig)>,
}

impl SearchJob {
    fn run(self) {
        let mut searcher = self.searcher.lock().unwrap_or_else(|p| p.into_inner());
        let out = Arc::clone(&self.out);
        let mut on_iteration = |r: &IterationReport| {
            let _ = write_line(&out, &info_line(r));
        };
        let report = match &self.trace {
            None => searcher.search(
                &self.position,
                &self.game_keys,
                &self.limits,
                &self.stop,
                &mut NullObserver,
                &mut on_iteration,
            ),
            Some((path, ordering)) => {
                let header = LogHeader::new(self.position.to_fen(), ordering, &self.limits);
                let mut recorder = Recorder::new(header);
                let report = searcher.search(
                    &self.position,
                    &self.game_keys,
                    &self.limits,
                    &self.stop,
                    &mut recorder,
                    &mut on_iteration,
                );
                if let Err(e) = recorder.into_log().write_file(path) {
                    let _ = write_line(&self.out, &format!("info string trace not saved: {e}"));
                }
                report
            }
        };
        // In infinite mode the GUI expects bestmove only after it says stop.
        while self.infinite && !self.stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = write_line(&self.out, &bestmove_line(&report));
    }
}

/// The UCI `info` line for a finished iteration; a mated or stalemated root has no PV, and
/// then the line has no `pv` token (GUIs choke on a `pv` with nothing after it).
pub fn info_line(r: &IterationReport) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        r.depth,
        r.seldepth,
        score::format_uci(r.score),
        r.nodes,
        nodes_per_second(r.nodes, r.elapsed),
        r.elapsed.as_millis()
    );
    if !r.pv.is_empty() {
        line.push_str(" pv");
        for mv in &r.pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

fn bestmove_line(report: &SearchReport) -> String {
    match report.pv.get(1) {
        Some(ponder) if !report.best_move.is_null() => {
            format!("bestmove {} ponder {ponder}", report.best_move)
        }
        _ => format!("bestmove {}", report.best_move),
    }
}

fn write_line(out: &SharedOut, line: &str) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|p| p.into_inner());
    writeln!(out, "{line}")?;
    out.flush()
}
