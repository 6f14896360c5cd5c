//! A search under way ([`UciRun`]): the engine introduced to the position and started, then its
//! lines read one at a time and converted ([`UciTrace`]), every line counted — used, ignored
//! or not read — so nothing it printed is dropped silently. A silent engine is told to `stop`
//! after the search's [`UciSearch::silence`]; one that does not answer that either is given up.

use super::output::Said;
use super::{EngineIo, Gone, HANDSHAKE, QUIT, UciSearch, quoted};
use crate::jsonl::ImportError;
use crate::uci_info::UciTrace;
use std::time::Duration;

/// A line the engine printed while it searched, and the trace lines it completed.
#[derive(Debug)]
pub struct EngineLine {
    /// What the engine printed (empty for a line that could not be read).
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
    /// The longest wait for a line while the search runs.
    patience: Duration,
    /// The silence after which the engine was told to stop, once it was.
    stopped: Option<Duration>,
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
            patience: search.patience(),
            stopped: None,
            done: false,
        };
        Ok((run, header))
    }

    /// The engine's next line and the trace lines it completes; `None` once it has said
    /// `bestmove` (and been told to quit). After a silence as long as the search's patience
    /// the engine is told to `stop`, and its `bestmove` ends the run as usual
    /// ([`UciRun::stopped`] says so); an engine that does not answer that is an error.
    pub fn next_line(&mut self) -> Result<Option<EngineLine>, String> {
        if self.done {
            return Ok(None);
        }
        let wait = if self.stopped.is_some() {
            QUIT
        } else {
            self.patience
        };
        let said = match self.io.said(wait) {
            Ok(said) => said,
            Err(Gone::Silent) if self.stopped.is_none() => {
                self.stopped = Some(wait);
                self.io.send("stop")?;
                return self.next_line();
            }
            Err(Gone::Silent) => {
                return Err(format!(
                    "the engine printed nothing for {} s, and did not answer stop with bestmove \
                     within {} s",
                    self.patience.as_secs(),
                    QUIT.as_secs()
                ));
            }
            Err(gone) => return Err(self.io.gone(gone, wait, "bestmove")),
        };
        let text = match said {
            Said::Line(text) if text.split_whitespace().next() == Some("bestmove") => {
                self.done = true;
                self.io.quit();
                return Ok(None);
            }
            Said::Line(text) => text,
            Said::Unreadable(why) => {
                self.trace.unreadable(&why);
                String::new()
            }
        };
        let traced = if text.is_empty() {
            Vec::new()
        } else {
            self.trace.feed(&text)
        };
        Ok(Some(EngineLine {
            text,
            number: self.trace.lines(),
            traced,
        }))
    }

    /// Lines the engine printed between `go` and `bestmove`, so far.
    pub fn lines_read(&self) -> u64 {
        self.trace.lines()
    }

    /// The conversion, with its counts of lines ignored and not read.
    pub fn trace(&self) -> &UciTrace {
        &self.trace
    }

    /// The silence after which the engine was told to stop, if it was.
    pub fn stopped(&self) -> Option<Duration> {
        self.stopped
    }

    /// Flushes and closes the transcript, if one is written: the first write error.
    pub fn finish_transcript(&self) -> Result<(), String> {
        self.io.transcript.as_ref().map_or(Ok(()), |t| t.finish())
    }
}
