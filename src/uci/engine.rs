//! The reader side of the UCI engine: position and options between commands, and the queue of
//! jobs for the engine thread (`worker`).
//!
//! No command waits for a search. `isready` is answered at once during a search, and once the
//! tables are usable after a resize or a clear; `stop` and `quit` raise the running search's
//! stop flag; `position`, `ucinewgame`, `setoption` and `go` arriving during a search stop it
//! first (its `bestmove` is still printed, as Stockfish does) and then take effect, their table
//! work queued behind it on the engine thread. `quit` waits for every `go` to be answered.

use super::command::UciCommand;
use super::go::GoParams;
use super::options;
use super::worker::{self, Job, Progress, SearchControl, SearchJob, SharedOut, write_line};
use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use killerscope_engine::{EvalKind, SearchConfig, Searcher, SelectiveConfig};
use killerscope_text::{printable, quote};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Largest transposition table a GUI may ask for, in MiB.
const MAX_HASH_MIB: usize = 4096;

/// How long `quit` waits for the engine thread when no `go` awaits its answer (it may be
/// resizing a table nobody will use).
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Engine state between GUI commands.
pub struct UciEngine {
    out: SharedOut,
    /// The position `go` searches, or why the last `position` could not be used.
    position: Result<Position, String>,
    game_keys: Vec<u64>,
    config: SearchConfig,
    trace_file: Option<PathBuf>,
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
    /// Closed by the engine thread when it ends: lets `quit` wait for it with a time limit.
    finished: Receiver<()>,
    quitting: Arc<AtomicBool>,
    /// Table jobs and unanswered `go`s, shared with the engine thread.
    progress: Arc<Progress>,
    /// Table jobs queued so far: `isready` waits until the engine thread has done as many.
    table_jobs: u64,
    /// The last search queued; raising its flag stops it (or makes it stop at once if queued).
    current: Option<Arc<SearchControl>>,
}

impl UciEngine {
    /// A fresh engine at the start position with default options — selective search on, as
    /// an engine plays; the explorer keeps full width — and starts the engine thread (the hash
    /// table is allocated there, not here).
    pub fn new<W: Write + Send + 'static>(output: W) -> UciEngine {
        let config = SearchConfig {
            selective: SelectiveConfig::ALL,
            eval: EvalKind::Full,
            ..SearchConfig::default()
        };
        let out: SharedOut = Arc::new(Mutex::new(Box::new(output)));
        let (jobs, queue) = channel();
        let (done, finished) = channel::<()>();
        let quitting = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Progress::default());
        let thread = {
            let (out, quitting) = (Arc::clone(&out), Arc::clone(&quitting));
            let progress = Arc::clone(&progress);
            std::thread::spawn(move || {
                let _done = done;
                worker::run(Searcher::new(config), queue, out, quitting, progress);
            })
        };
        UciEngine {
            out,
            position: Ok(Position::startpos()),
            game_keys: Vec::new(),
            config,
            trace_file: None,
            jobs: Some(jobs),
            thread: Some(thread),
            finished,
            quitting,
            progress,
            table_jobs: 0,
            current: None,
        }
    }

    /// Acts on one command without waiting for a search; returns `Ok(false)` on `quit`.
    pub fn handle(&mut self, command: UciCommand) -> io::Result<bool> {
        match command {
            UciCommand::Uci => self.identify()?,
            UciCommand::IsReady => {
                let thread = self.thread.as_ref();
                let gone = || thread.is_none_or(JoinHandle::is_finished);
                self.progress.wait_for_tables(self.table_jobs, gone);
                write_line(&self.out, "readyok")?
            }
            UciCommand::NewGame => {
                self.stop_search();
                self.queue(Job::Clear);
                self.position = Ok(Position::startpos());
                self.game_keys.clear();
            }
            UciCommand::Position { fen, moves } => {
                self.stop_search();
                self.set_position(fen.as_deref(), &moves)?;
            }
            UciCommand::BadPosition(reason) => {
                self.stop_search();
                self.info_string(&format!("position refused: {reason}"))?;
                self.position = Err(reason);
                self.game_keys.clear();
            }
            UciCommand::Go(params) => {
                self.stop_search();
                self.start_search(params)?;
            }
            UciCommand::Stop | UciCommand::PonderHit => self.stop_search(),
            UciCommand::Quit => {
                self.quitting.store(true, Ordering::SeqCst);
                self.stop_search();
                // Every search is stopped and table work not yet begun is skipped: what is
                // left to wait for is the table job under way, then the stopped searches.
                let answers_owed = self.progress.unanswered.load(Ordering::SeqCst) > 0;
                self.finish((!answers_owed).then_some(QUIT_GRACE));
                return Ok(false);
            }
            UciCommand::SetOption { name, value } => {
                self.stop_search();
                self.set_option(&name, value.as_deref())?;
            }
            UciCommand::Ignored => {}
            UciCommand::Invalid(reason) => self.info_string(&format!("ignored: {reason}"))?,
        }
        Ok(true)
    }

    /// Reports something to a human watching the engine, in a form GUIs ignore safely: on one
    /// line, with control characters escaped (the text may quote what the GUI sent).
    pub fn info_string(&self, text: &str) -> io::Result<()> {
        write_line(&self.out, &format!("info string {}", printable(text)))
    }

    /// The end of input: the GUI is gone (crashed, or a script ended), so it is a `quit`, as
    /// Stockfish takes it: the search under way is stopped — its `bestmove` still printed —
    /// and the engine thread waited for, so no search is left burning a core for nobody. A
    /// script that wants a search to finish keeps its input open until the `bestmove`.
    pub fn shutdown(&mut self) {
        self.handle(UciCommand::Quit).ok();
    }

    fn identify(&self) -> io::Result<()> {
        let mut lines = vec![
            format!("id name killerscope {}", env!("CARGO_PKG_VERSION")),
            "id author the killerscope developers".to_string(),
        ];
        lines.extend(option_declarations());
        lines.push("uciok".to_string());
        for line in lines {
            write_line(&self.out, &line)?;
        }
        Ok(())
    }

    /// Sets up `fen` (or the start position) and plays `moves` up to the first one that is not
    /// legal, which is named in an `info string`; an unusable FEN leaves no position, so `go`
    /// answers `bestmove 0000` rather than a move for the previous one.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> io::Result<()> {
        self.game_keys.clear();
        let mut position = match fen {
            None => Position::startpos(),
            Some(text) => match Position::from_fen(text) {
                Ok(p) => {
                    if let Some(why) = p.unreachable() {
                        self.info_string(&format!(
                            "position: no game can reach it ({why}); searched as given"
                        ))?;
                    }
                    p
                }
                Err(e) => {
                    self.info_string(&format!("position refused: {e}"))?;
                    self.position = Err(e.to_string());
                    return Ok(());
                }
            },
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = match parse_uci(&position, text) {
                Ok(mv) => mv,
                Err(e) => {
                    self.info_string(&format!(
                        "position: move {} '{}' refused ({e}); the position is the one before it",
                        i + 1,
                        quote(text)
                    ))?;
                    break;
                }
            };
            self.game_keys.push(position.key());
            position.make_move(mv);
        }
        self.position = Ok(position);
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        let value = value.unwrap_or("");
        let shown = quote(value);
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mib) if (1..=MAX_HASH_MIB).contains(&mib) => self.config.hash_mib = mib,
                _ => {
                    return self
                        .info_string(&format!("ignored Hash '{shown}': want 1..={MAX_HASH_MIB}"));
                }
            },
            "clear hash" => {
                self.queue(Job::Clear);
                return Ok(());
            }
            "evaluation" => match value.parse::<EvalKind>() {
                Ok(eval) => self.config.eval = eval,
                Err(why) => return self.info_string(&format!("ignored Evaluation: {why}")),
            },
            "trace file" => {
                self.trace_file =
                    (!value.is_empty() && value != "<empty>").then(|| PathBuf::from(value));
                return Ok(());
            }
            _ if options::is_selective(name) => {
                match options::apply_selective(&self.config.selective, name, value) {
                    Ok(selective) => self.config.selective = selective,
                    Err(why) => {
                        return self
                            .info_string(&format!("ignored {} '{shown}': {why}", quote(name)));
                    }
                }
            }
            _ => match options::apply(&self.config.ordering, name, value) {
                Some(Ok(ordering)) => self.config.ordering = ordering,
                Some(Err(why)) => {
                    return self.info_string(&format!(
                        "ignored {} '{shown}': {}",
                        quote(name),
                        printable(&why)
                    ));
                }
                None => {
                    return self.info_string(&format!("ignored unknown option '{}'", quote(name)));
                }
            },
        }
        // Table sizes change on the engine thread: `isready` is answered meanwhile.
        self.queue(Job::Configure(self.config));
        Ok(())
    }

    fn start_search(&mut self, params: GoParams) -> io::Result<()> {
        let position = match &self.position {
            Ok(p) => p.clone(),
            Err(why) => {
                let why = format!("no usable position ({why}): no move to search");
                self.queue(Job::Refuse(why));
                return Ok(());
            }
        };
        let mut limits = params.limits.clone();
        for text in &params.searchmoves {
            match parse_uci(&position, text) {
                Ok(mv) if !limits.searchmoves.contains(&mv) => limits.searchmoves.push(mv),
                Ok(_) => {}
                Err(e) => {
                    self.info_string(&format!("searchmoves: ignored '{}' ({e})", quote(text)))?
                }
            }
        }
        if !params.searchmoves.is_empty() && limits.searchmoves.is_empty() {
            self.info_string("searchmoves: no legal move given, searching all moves")?;
        }
        let waits_for_stop = params.waits_for_stop();
        let bounded = params.ends_on_its_own(position.side_to_move());
        if !params.ignored.is_empty() {
            let mut why = format!("go: ignored {}", params.ignored.join(", "));
            // What is left would search until `stop`, which the GUI does not mean to send.
            if !bounded && !waits_for_stop {
                limits.depth = Some(1);
                why.push_str("; no limit left, so answering at once (depth 1)");
            }
            self.info_string(&why)?;
        }
        let control = Arc::new(SearchControl {
            stop: AtomicBool::new(false),
            waits_for_stop,
        });
        self.current = Some(Arc::clone(&control));
        self.queue(Job::Search(Box::new(SearchJob {
            control,
            position,
            game_keys: self.game_keys.clone(),
            limits,
            trace: self.trace_file.clone().map(|path| (path, self.config)),
        })));
        Ok(())
    }

    /// Asks the last search to stop; it prints its `bestmove` on the engine thread.
    fn stop_search(&mut self) {
        if let Some(control) = self.current.take() {
            control.stop.store(true, Ordering::SeqCst);
        }
    }

    fn queue(&mut self, job: Job) {
        match job {
            Job::Configure(_) | Job::Clear => self.table_jobs += 1,
            Job::Search(_) | Job::Refuse(_) => {
                self.progress.unanswered.fetch_add(1, Ordering::SeqCst);
            }
        }
        if let Some(jobs) = &self.jobs {
            // A send fails only if the engine thread has died; its panic is reported at exit.
            let _ = jobs.send(job);
        }
    }

    /// Closes the queue and waits for the engine thread to work through it, at most `limit`
    /// if given: a stopped search answers within milliseconds, but a hash table being
    /// allocated cannot be interrupted, and `quit` must not wait for it (the process exits).
    fn finish(&mut self, limit: Option<Duration>) {
        self.jobs = None;
        let Some(thread) = self.thread.take() else {
            return;
        };
        if let Some(limit) = limit
            && self.finished.recv_timeout(limit) == Err(RecvTimeoutError::Timeout)
        {
            return; // left to end with the process
        }
        if thread.join().is_err() {
            let _ = write_line(&self.out, "info string search thread failed");
        }
    }
}

impl Drop for UciEngine {
    /// An engine dropped mid-search (an I/O error in the reader) still stops its thread.
    fn drop(&mut self) {
        self.quitting.store(true, Ordering::SeqCst);
        self.stop_search();
        self.finish(Some(QUIT_GRACE));
    }
}

/// The `option name … type …` line of every option, in the order `uci` lists them: what a GUI
/// sees, and what `killerscope uci --help` lists.
pub fn option_declarations() -> Vec<String> {
    let mut lines = vec![
        format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MIB}"),
        "option name Clear Hash type button".to_string(),
    ];
    lines.extend(options::declarations());
    lines.extend([
        "option name Evaluation type combo default full var full var simple".to_string(),
        "option name Trace File type string default <empty>".to_string(),
    ]);
    lines
}
