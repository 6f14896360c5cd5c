//! Running a UCI engine on one position and turning what it prints into a trace as it prints
//! it, for `killerscope uci-trace` (which writes the trace when the search ends) and
//! `killerscope tui --uci` (which follows it while the engine searches). The conversion itself
//! is [`UciTrace`]; this is the process around it.
//!
//! The engine's output is read on a thread into a channel, so a silent engine times out
//! instead of hanging the caller, and a line that is not UTF-8 or runs on without end is an
//! error, not a stall. [`start`] splits the engine into the process ([`EngineProcess`], whose
//! drop kills and reaps it, so no engine outlives the command or explorer that started it, even
//! one blocked on a read) and its pipes ([`EngineIo`], which a search can own on another
//! thread).

use super::jsonl::{ImportError, ImportOptions, Importer, LinePlace, MAX_LINE};
use super::uci_info::UciTrace;
use killerscope_chess::Position;
use killerscope_log::LogHeader;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the engine may take to answer `uci` and `isready`.
pub const HANDSHAKE: Duration = Duration::from_secs(30);

/// How long an engine told to quit after its search may take before it is killed.
const QUIT: Duration = Duration::from_secs(1);

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

    /// How long to wait for the engine's next line while it searches: a timed search a little
    /// past its time, any other as long as it takes (the user stops it).
    fn patience(self) -> Duration {
        match self {
            UciLimit::Movetime(ms) => Duration::from_millis(ms) + HANDSHAKE,
            _ => Duration::from_secs(24 * 3600),
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
    lines: Receiver<Result<String, String>>,
    last_words: Arc<Mutex<Option<String>>>,
    /// The last line read on its standard output, to quote when it stops early.
    last_line: Option<String>,
    transcript: Option<Vec<String>>,
}

/// Starts the engine `command` (split at spaces, no shell). `transcript`: keep every line it
/// prints (for `uci-trace --transcript`).
pub fn start(command: &str, transcript: bool) -> Result<(EngineProcess, EngineIo), String> {
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
    let (send, lines) = channel();
    std::thread::spawn(move || {
        let mut out = BufReader::new(stdout);
        while let Some(line) = read_line(&mut out) {
            let failed = line.is_err();
            if send.send(line).is_err() || failed {
                break;
            }
        }
    });
    let last_words = Arc::new(Mutex::new(None));
    let said = Arc::clone(&last_words);
    std::thread::spawn(move || {
        let mut err = BufReader::new(stderr);
        while let Some(Ok(line)) = read_line(&mut err) {
            if !line.trim().is_empty()
                && let Ok(mut said) = said.lock()
            {
                *said = Some(line);
            }
        }
    });
    let io = EngineIo {
        stdin,
        lines,
        last_words,
        last_line: None,
        transcript: transcript.then(Vec::new),
    };
    Ok((process, io))
}

/// `text` quoted, control characters escaped and long text cut.
fn quoted(text: &str) -> String {
    format!("\"{}\"", killerscope_text::quote(text))
}

/// The next line `r` holds (`None` at its end): an error if it is not UTF-8 or longer than a
/// trace line may be.
fn read_line(r: &mut impl BufRead) -> Option<Result<String, String>> {
    let mut bytes = Vec::new();
    match r.take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => return None,
        Ok(_) => {}
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() > MAX_LINE {
        return Some(Err(format!(
            "the engine printed a line longer than {MAX_LINE} bytes"
        )));
    }
    Some(String::from_utf8(bytes).map_err(|e| {
        let start = String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
        format!(
            "the engine printed a line that is not UTF-8, after {}",
            quoted(&start)
        )
    }))
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
        let said = self.last_words.lock().ok().and_then(|s| s.clone());
        match (said, &self.last_line) {
            (Some(said), _) => format!("; it said {}", quoted(&said)),
            (None, Some(line)) => format!("; its last line was {}", quoted(line)),
            (None, None) => String::new(),
        }
    }

    /// The next line, within `wait`.
    fn line(&mut self, wait: Duration, waiting_for: &str) -> Result<String, String> {
        let line = match self.lines.recv_timeout(wait) {
            Ok(line) => line?,
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "the engine did not answer {waiting_for} within {} s",
                    wait.as_secs()
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                // Its standard error may still be draining: give it a moment to be quoted.
                std::thread::sleep(Duration::from_millis(20));
                return Err(format!(
                    "the engine exited before {waiting_for}{}",
                    self.last_words()
                ));
            }
        };
        if let Some(lines) = &mut self.transcript {
            lines.push(line.clone());
        }
        self.last_line = Some(line.clone());
        Ok(line)
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

    /// Reads lines until one starts with `word`; returns the lines before it.
    fn until(&mut self, word: &str, wait: Duration) -> Result<Vec<String>, String> {
        let mut before = Vec::new();
        loop {
            let line = self.line(wait, word)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(before);
            }
            before.push(line);
        }
    }
}

/// A line the engine printed while it searched, and the trace lines it completed.
#[derive(Debug)]
pub struct EngineLine {
    /// What the engine printed.
    pub text: String,
    /// Its number among the lines printed since `go` (1-based).
    pub number: u64,
    /// The trace lines it completed (none for most lines).
    pub traced: Vec<String>,
}

impl EngineLine {
    /// A trace line this line completed failed to import: what to say, naming the engine's
    /// line rather than the trace's (which is never seen).
    pub fn blame(&self, e: &ImportError) -> String {
        format!(
            "the engine's output line {} after go does not read: {} (the line: {})",
            self.number,
            e.message,
            quoted(&self.text)
        )
    }
}

/// A search under way: the engine's lines read and converted one at a time.
#[derive(Debug)]
pub struct UciRun {
    io: EngineIo,
    trace: UciTrace,
    limit: UciLimit,
    read: u64,
    done: bool,
}

impl UciRun {
    /// Introduces the search to the engine (`uci`, the options, `isready`, the position) and
    /// starts it: the run, and the trace's header line (naming the engine as it names itself).
    pub fn go(mut io: EngineIo, search: &UciSearch) -> Result<(UciRun, String), String> {
        io.send("uci")?;
        let said = io.until("uciok", HANDSHAKE)?;
        let name = said
            .iter()
            .find_map(|l| l.strip_prefix("id name "))
            .unwrap_or(&search.command)
            .trim()
            .to_string();
        for (option, value) in &search.options {
            io.send(&format!("setoption name {option} value {value}"))?;
        }
        io.send("isready")?;
        io.until("readyok", HANDSHAKE)?;
        io.send("ucinewgame")?;
        io.send(&format!("position fen {}", search.fen))?;
        io.send("isready")?;
        io.until("readyok", HANDSHAKE)?;
        let (limit, value) = search.limit.pair();
        io.send(&format!("go {limit} {value}"))?;
        let limits = [(limit.to_string(), value)];
        let header = UciTrace::header(&name, &search.fen, &search.options, &limits);
        let run = UciRun {
            io,
            trace: UciTrace::new(),
            limit: search.limit,
            read: 0,
            done: false,
        };
        Ok((run, header))
    }

    /// The engine's next line and the trace lines it completes; `None` once it has said
    /// `bestmove` (and been told to quit).
    pub fn next_line(&mut self) -> Result<Option<EngineLine>, String> {
        if self.done {
            return Ok(None);
        }
        let text = self.io.line(self.limit.patience(), "bestmove")?;
        if text.split_whitespace().next() == Some("bestmove") {
            self.done = true;
            self.io.quit();
            return Ok(None);
        }
        self.read += 1;
        let traced = self.trace.feed(&text);
        Ok(Some(EngineLine {
            text,
            number: self.read,
            traced,
        }))
    }

    /// Lines the engine printed between `go` and `bestmove`, so far.
    pub fn lines_read(&self) -> u64 {
        self.read
    }

    /// Everything the engine printed, if [`start`] was asked to keep it.
    pub fn transcript(&self) -> &[String] {
        self.io.transcript.as_deref().unwrap_or_default()
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
