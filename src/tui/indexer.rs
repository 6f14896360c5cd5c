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

use super::charts::data::Cursor as ChartCursor;
use super::scan::Cursor;
use crate::search::Event;
use crate::trace::{
    Checked, EventLog, Events, LogError, Replay, SearchTree, SourceTable, Unchecked,
};

/// Everything the explorer derives from a log's events.
#[derive(Debug)]
pub struct Built {
    /// The node index.
    pub tree: SearchTree,
    /// Killer, mate-killer, countermove and history tables at any event.
    pub replay: Replay,
    /// Event index of every `Iteration` event.
    pub iterations: Vec<usize>,
    /// The timeline's fold, at the end of the log.
    pub cursor: Cursor,
    /// The charts' fold, at the end of the log.
    pub charts: ChartCursor,
}

/// Builds `Built` from decoded chunks of a log's events, in order.
#[derive(Debug)]
pub struct Builder {
    built: Built,
    sources: SourceTable,
}

impl Builder {
    /// A builder for `log`, whose events it will be fed.
    pub fn new(log: &EventLog<Events>) -> Builder {
        let replay = Replay::for_header(log.header());
        let cursor = Cursor::new(replay.killer_rows_by_depth());
        Builder {
            built: Built {
                tree: SearchTree::over(log.events()),
                replay,
                iterations: Vec::new(),
                cursor,
                charts: ChartCursor::default(),
            },
            sources: log.header().sources.clone(),
        }
    }

    /// Indexes the next chunk of the log's events.
    pub fn feed(&mut self, chunk: &[Event]) {
        let b = &mut self.built;
        let base = b.tree.events_seen();
        b.iterations.extend(
            chunk
                .iter()
                .enumerate()
                .filter(|(_, e)| matches!(e, Event::Iteration { .. }))
                .map(|(i, _)| base + i),
        );
        b.tree.index_chunk(chunk);
        b.replay.extend(chunk);
        b.cursor.advance(chunk, &self.sources);
        b.charts.advance(chunk);
    }

    /// The indexes.
    pub fn finish(mut self) -> Built {
        self.built.tree.shrink_to_fit();
        self.built
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
    rx: Receiver<Result<Built, LogError>>,
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
    Ready(Box<Built>),
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
        let mut builder = Builder::new(log);
        let spawned = thread::Builder::new()
            .name("kslog indexer".into())
            .spawn(move || {
                let mut each = |chunk: &[Event]| {
                    builder.feed(chunk);
                    progress.fetch_add(chunk.len(), Ordering::Relaxed);
                    if halt.load(Ordering::Relaxed) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                let result = match unchecked.check(&events, &mut each) {
                    Ok(Checked::Valid) => Ok(builder.finish()),
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
    pub fn wait(&mut self) -> Option<Built> {
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
