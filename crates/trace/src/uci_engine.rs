//! Running a UCI engine on one position and turning what it prints into a trace as it prints
//! it, for `killerscope uci-trace` (which writes the trace when the search ends) and
//! `killerscope tui --uci` (which follows it while the engine searches). The conversion itself
//! is [`UciTrace`](crate::UciTrace); this is the process around it.
//!
//! The engine's output is read on a thread into a channel (`output.rs`), so a silent engine
//! times out instead of hanging the caller, whatever the limit: after [`UciSearch::silence`]
//! without a line (plus the search's time under `movetime`) the engine is told to `stop`, and
//! given a second to answer. A line that is not UTF-8 or runs on without end is counted and
//! named, not a stall, and everything the engine prints is streamed to the transcript file.
//! [`start`] splits the engine into the process ([`EngineProcess`], whose
//! drop kills and reaps it, so no engine outlives the command or explorer that started it, even
//! one blocked on a read) and its pipes ([`EngineIo`], which a search can own on another
//! thread).

mod output;
mod run;

pub use run::{EngineLine, UciRun};

use super::jsonl::{ImportError, ImportOptions, Importer, LinePlace};
use killerscope_chess::Position;
use killerscope_log::LogHeader;
use output::{Said, Transcript};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long the engine may take to answer `uci` and `isready`.
pub const HANDSHAKE: Duration = Duration::from_secs(30);

/// How long an engine told to quit after its search may take before it is killed, and how long
/// one told to `stop` after a silence may take to answer `bestmove`.
const QUIT: Duration = Duration::from_secs(1);

/// How long an engine may print nothing while it searches, by default: a minute (plus the
/// search's time under `movetime`). Engines print at least a line per iteration.
pub const SILENCE: Duration = Duration::from_secs(60);

/// Where a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciLimit {
    /// `go depth D`.
    Depth(u32),
    /// `go movetime MS`.
    Movetime(u64),
    /// `go nodes N`.
    Nodes(u64),
}

impl UciLimit {
    /// The limit's name and value, as the `go` command and the trace header's `limits` say it.
    pub fn pair(self) -> (&'static str, String) {
        match self {
            UciLimit::Depth(d) => ("depth", d.to_string()),
            UciLimit::Movetime(ms) => ("movetime", ms.to_string()),
            UciLimit::Nodes(n) => ("nodes", n.to_string()),
        }
    }
}

/// A search to run: the engine's command line, the options to set, the position and the limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSearch {
    /// The engine's command line, split at spaces (no shell): `stockfish`, `/usr/games/stockfish`.
    pub command: String,
    /// UCI options to set before the search, `(name, value)`.
    pub options: Vec<(String, String)>,
    /// The position, as FEN.
    pub fen: String,
    /// Where the search stops.
    pub limit: UciLimit,
    /// How long the engine may print nothing while it searches before it is stopped
    /// ([`SILENCE`] by default), plus the search's own time under `movetime`.
    pub silence: Duration,
}

impl UciSearch {
    /// The longest wait for the engine's next line while it searches.
    fn patience(&self) -> Duration {
        match self.limit {
            UciLimit::Movetime(ms) => self.silence.saturating_add(Duration::from_millis(ms)),
            _ => self.silence,
        }
    }
}

/// Reads `--option NAME=VALUE`.
pub fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!(
            "--option {}: expected NAME=VALUE",
            killerscope_text::quote(text)
        )),
    }
}

/// The engine's process: dropping it kills and reaps it.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // An engine that already quit is reaped; one still searching (or ignoring `quit`) is
        // killed first. Either way no zombie and no orphan is left.
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The engine's pipes: commands in, lines out (within a time limit), and what it last said on
/// its standard error, to quote when it stops early.
#[derive(Debug)]
pub struct EngineIo {
    stdin: ChildStdin,
    lines: Receiver<Said>,
    last_words: Arc<LastWords>,
    /// The last line read on its standard output, to quote when it stops early.
    last_line: Option<String>,
    transcript: Option<Transcript>,
}

/// How long the message that an engine stopped waits for its standard error to end, so that
/// its last words are quoted: an engine that has exited closes it at once (a child process it
/// left behind might hold it open, hence the limit).
const STDERR_DRAIN: Duration = Duration::from_millis(500);

/// The last non-blank line the engine printed on its standard error, and whether that stream
/// has ended, shared with the thread that reads it.
#[derive(Debug, Default)]
struct LastWords {
    said: Mutex<(Option<String>, bool)>,
    ended: Condvar,
}

impl LastWords {
    fn heard(&self, line: String) {
        if let Ok(mut said) = self.said.lock() {
            said.0 = Some(line);
        }
    }

    fn end(&self) {
        if let Ok(mut said) = self.said.lock() {
            said.1 = true;
        }
        self.ended.notify_all();
    }

    /// The last line, once the stream has ended or `wait` has passed (the engine has stopped
    /// when this is asked, but its last lines may still be on their way through the pipe).
    fn last(&self, wait: Duration) -> Option<String> {
        let said = self.said.lock().ok()?;
        let (said, _) = self.ended.wait_timeout_while(said, wait, |s| !s.1).ok()?;
        said.0.clone()
    }
}

/// Why no line came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gone {
    /// None within the time allowed.
    Silent,
    /// The engine's output closed.
    Exited,
}

/// Starts the engine `command` (split at spaces, no shell). `transcript`: a file to stream
/// every byte it prints to (for `uci-trace --transcript`).
pub fn start(
    command: &str,
    transcript: Option<std::fs::File>,
) -> Result<(EngineProcess, EngineIo), String> {
    let mut words = command.split_whitespace();
    let program = words.next().ok_or("the engine's command is empty")?;
    let mut child = Command::new(program)
        .args(words)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", quoted(program)))?;
    let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let process = EngineProcess { child };
    let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
        return Err("the engine's pipes could not be opened".into());
    };
    let transcript = transcript.map(Transcript::new);
    let lines = output::read_on_thread(stdout, transcript.clone());
    let last_words = Arc::new(LastWords::default());
    let said = Arc::clone(&last_words);
    std::thread::spawn(move || {
        let mut err = BufReader::new(stderr);
        while let Some(line) = output::read_line(&mut err, None) {
            if let Said::Line(line) = line
                && !line.trim().is_empty()
            {
                said.heard(line);
            }
        }
        said.end();
    });
    let io = EngineIo {
        stdin,
        lines,
        last_words,
        last_line: None,
        transcript,
    };
    Ok((process, io))
}

/// `text` quoted, control characters escaped and long text cut.
fn quoted(text: &str) -> String {
    format!("\"{}\"", killerscope_text::quote(text))
}

impl EngineIo {
    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("the engine stopped listening ({e}){}", self.last_words()))
    }

    /// What the engine last printed on its standard error (or else its output), to add to
    /// the message that it stopped.
    fn last_words(&self) -> String {
        let said = self.last_words.last(STDERR_DRAIN);
        match (said, &self.last_line) {
            (Some(said), _) => format!("; it said {}", quoted(&said)),
            (None, Some(line)) => format!("; its last line was {}", quoted(line)),
            (None, None) => String::new(),
        }
    }

    /// The next line (or unreadable line), within `wait`.
    fn said(&mut self, wait: Duration) -> Result<Said, Gone> {
        let said = match self.lines.recv_timeout(wait) {
            Ok(said) => said,
            Err(RecvTimeoutError::Timeout) => return Err(Gone::Silent),
            Err(RecvTimeoutError::Disconnected) => return Err(Gone::Exited),
        };
        if let Said::Line(line) = &said {
            self.last_line = Some(line.clone());
        }
        Ok(said)
    }

    /// Why no line came while waiting for `waiting_for`, in words.
    fn gone(&self, gone: Gone, wait: Duration, waiting_for: &str) -> String {
        match gone {
            Gone::Silent => format!(
                "the engine did not answer {waiting_for} within {} s",
                wait.as_secs()
            ),
            Gone::Exited => format!(
                "the engine exited before {waiting_for}{}",
                self.last_words()
            ),
        }
    }

    /// Tells the engine to quit and gives it a moment to, reading what it still prints until
    /// its output closes, so the process is usually reaped rather than killed.
    fn quit(&mut self) {
        if self.send("quit").is_ok() {
            let deadline = Instant::now() + QUIT;
            while let Some(left) = deadline.checked_duration_since(Instant::now()) {
                if let Err(RecvTimeoutError::Disconnected) = self.lines.recv_timeout(left) {
                    break;
                }
            }
        }
    }

    /// Reads lines until one starts with `word`, within `wait` each; returns the lines before
    /// it (lines that cannot be read are passed over).
    fn until(&mut self, word: &str, wait: Duration) -> Result<Vec<String>, String> {
        let mut before = Vec::new();
        loop {
            match self.said(wait).map_err(|g| self.gone(g, wait, word))? {
                Said::Line(line) if line.split_whitespace().next() == Some(word) => {
                    return Ok(before);
                }
                Said::Line(line) => before.push(line),
                Said::Unreadable(_) => {}
            }
        }
    }
}

/// The trace checked as it is made: an importer fed one line at a time, the lines' places
/// counted as a reader of the written trace would count them.
#[derive(Debug)]
pub struct TraceFeed {
    /// The importer.
    pub importer: Importer,
    next: LinePlace,
}

impl TraceFeed {
    /// An importer that has read nothing.
    pub fn new(options: ImportOptions) -> TraceFeed {
        TraceFeed {
            importer: Importer::new(options),
            next: LinePlace { line: 1, byte: 0 },
        }
    }

    /// Imports one trace line (without its newline).
    pub fn line(&mut self, text: &str) -> Result<(), ImportError> {
        let place = self.next;
        self.next = LinePlace {
            line: place.line + 1,
            byte: place.byte + text.len() as u64 + 1,
        };
        self.importer.line(text.as_bytes(), place)
    }

    /// The header and root, once the header line has been read.
    pub fn header(&self) -> Option<(&LogHeader, &Position)> {
        Some((self.importer.header()?, self.importer.root()?))
    }
}
