//! Following a trace another engine is writing: a reader thread that imports a file, a FIFO or
//! standard input line by line as the lines arrive and hands the explorer what it read in
//! batches, the way the search worker streams events, so the screen redraws at a steady rate
//! however fast or slow the writer is. At the end of a regular file it waits for more, as
//! `tail -f` does; a FIFO or standard input ends when its writer closes it. The thread is
//! never joined: a read blocked on a silent pipe must not hold up quitting.
//!
//! A UCI engine (`tui --uci`) is followed the same way, its output turned into trace lines as
//! it prints them (`uci`); the follower owns the engine's process, so stopping, a new search,
//! the end of the trace, an error or quitting kills and reaps it.

mod uci;

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use killerscope_chess::Position;
use killerscope_log::LogHeader;
use killerscope_trace::{
    jsonl::Batch, jsonl::ImportError, jsonl::ImportErrorKind, jsonl::ImportOptions,
    jsonl::ImportSummary, jsonl::Importer, jsonl::LineReader, jsonl::feed,
};
use killerscope_trace::{uci_engine::EngineProcess, uci_engine::UciSearch};

use super::status::FRAME;

/// Events per batch sent to the explorer: small enough for a smooth live view, large enough
/// that the channel costs nothing next to the reading.
const BATCH: usize = 4096;

/// How long the reader sleeps at the end of a regular file before looking for more.
const POLL: Duration = Duration::from_millis(50);

/// Where the trace comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowSource {
    /// A file or FIFO.
    Path(PathBuf),
    /// Standard input (`-`); keys still come from the terminal.
    Stdin,
    /// A UCI engine to start and search with, its output read as a trace.
    Uci(Box<UciSearch>),
}

impl FollowSource {
    /// The name to show.
    pub fn name(&self) -> String {
        match self {
            FollowSource::Path(path) => path.display().to_string(),
            FollowSource::Stdin => "standard input".to_string(),
            FollowSource::Uci(search) => format!("the UCI engine {}", search.command),
        }
    }
}

/// What the reader hands the explorer.
#[derive(Debug)]
pub enum Followed {
    /// The header line was read: the log to start and its root.
    Header(Box<(LogHeader, Position)>),
    /// Lines read since the last batch.
    Batch(Batch),
    /// The trace ended (its writer closed it) or could not be read further: the counts, and
    /// the error that stopped it, if one did.
    Ended(Box<(ImportSummary, usize, Option<String>)>),
}

/// A running reader.
#[derive(Debug)]
pub struct Follower {
    /// What it read.
    pub rx: Receiver<Followed>,
    stop: Arc<AtomicBool>,
    /// The engine followed, if it is one: held only to be dropped (killed and reaped) with
    /// the follower.
    _engine: Option<EngineProcess>,
}

impl Follower {
    /// Asks the reader to stop at its next line (a read already blocked on a silent pipe ends
    /// with the process).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Opens the trace: regular files and FIFOs (which may wait here for a writer), or stdin.
fn open(source: &FollowSource) -> io::Result<(Box<dyn Read + Send>, bool)> {
    match source {
        FollowSource::Stdin => Ok((Box::new(io::stdin()), true)),
        FollowSource::Uci(_) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a UCI engine is started, not read as a file",
        )),
        FollowSource::Path(path) => {
            let meta = std::fs::metadata(path)?;
            if meta.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "is a directory",
                ));
            }
            let file = File::open(path)?;
            Ok((Box::new(file), !meta.is_file()))
        }
    }
}

/// Starts reading `source`.
pub fn spawn_follow(source: FollowSource, options: ImportOptions) -> Follower {
    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    if let FollowSource::Uci(search) = source {
        let engine = uci::spawn(*search, options, tx);
        return Follower {
            rx,
            stop,
            _engine: engine,
        };
    }
    let flag = Arc::clone(&stop);
    thread::spawn(move || {
        let ended = |summary, open, error: Option<String>| {
            Followed::Ended(Box::new((summary, open, error)))
        };
        let (input, ends_at_eof) = match open(&source) {
            Ok(opened) => opened,
            Err(e) => {
                let why = format!("cannot open {}: {e}", source.name());
                let _ = tx.send(ended(ImportSummary::default(), 0, Some(why)));
                return;
            }
        };
        let mut importer = Importer::new(options);
        let result = read(input, ends_at_eof, &mut importer, &tx, &flag);
        let mut batch = importer.take_batch();
        if !batch.events.is_empty() || batch.sources.is_some() {
            let _ = tx.send(Followed::Batch(std::mem::take(&mut batch)));
        }
        let error = result.err().map(|e| e.to_string());
        let _ = tx.send(ended(
            importer.summary().clone(),
            importer.open_nodes(),
            error,
        ));
    });
    Follower {
        rx,
        stop,
        _engine: None,
    }
}

/// Reads lines until the writer closes the trace (FIFO, stdin), a strict import fails, or the
/// explorer stops following; sends the header once and batches at most a frame apart.
fn read(
    input: Box<dyn Read + Send>,
    ends_at_eof: bool,
    importer: &mut Importer,
    tx: &Sender<Followed>,
    stop: &AtomicBool,
) -> Result<(), ImportError> {
    let mut lines = LineReader::new(BufReader::with_capacity(1 << 16, input));
    let mut header_sent = false;
    let mut last_send = Instant::now();
    let mut sent = 0;
    let io_error = |e: io::Error, byte| ImportError::whole(ImportErrorKind::Io(e), byte, "");
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let got = lines
            .next_line()
            .map_err(|e| io_error(e, lines.place().byte))?;
        match got {
            Some(got) => feed(importer, &lines, got)?,
            None if ends_at_eof => {
                if let Some(got) = lines.rest() {
                    feed(importer, &lines, got)?;
                }
                return Ok(());
            }
            None => thread::sleep(POLL),
        }
        if !header_sent && let (Some(header), Some(root)) = (importer.header(), importer.root()) {
            let sent = tx.send(Followed::Header(Box::new((header.clone(), root.clone()))));
            if sent.is_err() {
                return Ok(());
            }
            header_sent = true;
        }
        let pending = importer.summary().events - sent;
        let due = got.is_none() || pending >= BATCH as u64 || last_send.elapsed() >= FRAME;
        if header_sent && due {
            sent = importer.summary().events;
            let batch = importer.take_batch();
            if (!batch.events.is_empty() || batch.sources.is_some())
                && tx.send(Followed::Batch(batch)).is_err()
            {
                return Ok(());
            }
            last_send = Instant::now();
        }
    }
}
