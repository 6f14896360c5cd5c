//! The explorer's indexes of a log — the node tree, the killer and history replay, the
//! iteration events, the timeline's and the charts' folds — built in one pass over its events,
//! and, for a mapped file, on a background thread: the first screen appears at once and the
//! panels that need the indexes say how far the indexing has come. The same pass checks every
//! record and the checksum (`Unchecked::check`), so a corrupted file is reported when the
//! reading reaches the damage, with its byte offset, and a valid one is read exactly once.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use super::scan::{Cursor, Scan};
use crate::charts::data::Cursor as ChartCursor;
use killerscope_log::Event;
use killerscope_log::{
    Checked, EventLog, EventSource, Events, LogError, LogHeader, SourceTable, Unchecked,
};
use killerscope_trace::{Replay, SearchTree};

/// Everything the explorer derives from a log's events. One `feed` builds them all, whoever
/// reads the events: the background indexer of a mapped file, a live search's spool being
/// followed, a trace another engine is writing, a finished search handed over whole.
#[derive(Debug)]
pub struct Indexes {
    /// The node index; it holds a view of the events indexed.
    pub tree: SearchTree,
    /// Killer, mate-killer, countermove and history tables at any event.
    pub replay: Replay,
    /// Event index of every `Iteration` event.
    pub iterations: Vec<usize>,
    /// The timeline's fold.
    pub cursor: Cursor,
    /// The charts' fold.
    pub charts: ChartCursor,
}

impl Indexes {
    /// Empty indexes for a log with this header, over `events` (none indexed yet).
    pub fn new(header: &LogHeader, events: Events) -> Indexes {
        let replay = Replay::for_header(header);
        let cursor = Cursor::new(Scan::start(replay.killer_rows_by_depth()));
        Indexes {
            tree: SearchTree::over(events),
            replay,
            iterations: Vec::new(),
            cursor,
            charts: ChartCursor::default(),
        }
    }

    /// Indexes the next chunk of the log's events (those right after the ones indexed so far).
    /// The folds take the chunk too when they stand at its start — following the end of the
    /// log — so a live search's events are decoded once; a fold moved back along the timeline
    /// is left where it is.
    pub fn feed(&mut self, chunk: &[Event], sources: &SourceTable) {
        let base = self.tree.events_seen();
        self.iterations.extend(
            chunk
                .iter()
                .enumerate()
                .filter(|(_, e)| matches!(e, Event::Iteration { .. }))
                .map(|(i, _)| base + i),
        );
        self.tree.index_chunk(chunk);
        self.replay.extend(chunk);
        if self.cursor.fold().applied() == base {
            self.cursor.advance(chunk, sources);
        }
        if self.charts.fold().applied() == base {
            self.charts.advance(chunk, sources);
        }
    }

    /// Indexes every event `events` holds past those indexed so far.
    pub fn feed_all(&mut self, events: &Events, sources: &SourceTable) {
        let from = self.tree.events_seen();
        events.for_each_chunk(from..events.len(), &mut |chunk| self.feed(chunk, sources));
    }

    /// Gives back the room the index grew into but does not use (a finished log's).
    pub fn shrink_to_fit(&mut self) {
        self.tree.shrink_to_fit();
    }
}

/// Where a background indexing stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexState {
    /// `done` of `total` events read so far.
    Running {
        /// Events indexed.
        done: usize,
        /// Events in the log.
        total: usize,
    },
    /// The log turned out corrupted: what and where.
    Failed(String),
}

/// A log being indexed on a background thread. Dropping it stops the thread.
#[derive(Debug)]
pub struct Indexing {
    done: Arc<AtomicUsize>,
    total: usize,
    stop: Arc<AtomicBool>,
    rx: Receiver<Result<Indexes, LogError>>,
    failed: Option<String>,
    /// Whether `poll` has reported the failure.
    told: bool,
}

/// What `Indexing::poll` found.
#[derive(Debug)]
pub enum Polled {
    /// Still running, or a failure already reported.
    Waiting,
    /// The indexes.
    Ready(Box<Indexes>),
    /// The log is corrupted (reported once; `state` keeps saying it).
    Failed(String),
}

impl Indexing {
    /// Starts checking and indexing the mapped `log`, of which `unchecked` is what its opening
    /// left to check.
    pub fn spawn(log: &EventLog<Events>, unchecked: Unchecked) -> Indexing {
        let (tx, rx) = mpsc::channel();
        let done = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (progress, halt) = (Arc::clone(&done), Arc::clone(&stop));
        let events = log.events().clone();
        let sources = log.header().sources.clone();
        let mut indexes = Indexes::new(log.header(), events.clone());
        let spawned = thread::Builder::new()
            .name("kslog indexer".into())
            .spawn(move || {
                let mut each = |chunk: &[Event]| {
                    indexes.feed(chunk, &sources);
                    progress.fetch_add(chunk.len(), Ordering::Relaxed);
                    if halt.load(Ordering::Relaxed) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                let result = match unchecked.check(&events, &mut each) {
                    Ok(Checked::Valid) => {
                        indexes.shrink_to_fit();
                        Ok(indexes)
                    }
                    Ok(Checked::Stopped) => return,
                    Err(e) => Err(e),
                };
                let _ = tx.send(result);
            });
        let failed = spawned
            .err()
            .map(|e| format!("cannot start the indexer: {e}"));
        Indexing {
            done,
            total: log.len(),
            stop,
            rx,
            failed,
            told: false,
        }
    }

    /// The indexes once built, or the failure the first time it is seen (`state` keeps it).
    pub fn poll(&mut self) -> Polled {
        match self.rx.try_recv() {
            Ok(Ok(built)) => return Polled::Ready(Box::new(built)),
            Ok(Err(e)) => self.failed = Some(e.to_string()),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                if self.failed.is_none() {
                    self.failed = Some("the indexer stopped unexpectedly".into());
                }
            }
        }
        match &self.failed {
            Some(message) if !std::mem::replace(&mut self.told, true) => {
                Polled::Failed(message.clone())
            }
            _ => Polled::Waiting,
        }
    }

    /// Waits for the indexes (tests and benchmarks; the explorer polls).
    pub fn wait(&mut self) -> Option<Indexes> {
        match self.rx.recv() {
            Ok(Ok(built)) => Some(built),
            Ok(Err(e)) => {
                self.failed = Some(e.to_string());
                None
            }
            Err(_) => None,
        }
    }

    /// How far it has come, or why it failed.
    pub fn state(&self) -> IndexState {
        match &self.failed {
            Some(message) => IndexState::Failed(message.clone()),
            None => IndexState::Running {
                done: self.done.load(Ordering::Relaxed).min(self.total),
                total: self.total,
            },
        }
    }
}

impl Drop for Indexing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
