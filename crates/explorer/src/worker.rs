//! The search thread. The explorer never searches on its own thread: a worker runs
//! `Searcher::search` with a `Recorder` that spools every event to a temporary file the explorer
//! has mapped (`trace::Spool`: no event cap, and no events in memory), and a channel reports
//! iterations and the end. Stopping sets the shared flag, which the search polls, so the worker
//! winds down within a couple of milliseconds while the UI keeps drawing.

use killerscope_engine::HeaderSettings;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use super::action::CompareRequest;
use super::charts::data::Counts;
use super::compare::{Compared, RECORD_BUDGET};
use super::setup::SearchRequest;
use killerscope_chess::Position;
use killerscope_engine::{
    CutoffStats, IterationReport, Limits, OrderingConfig, SearchConfig, SearchReport, Searcher,
    SelectiveConfig,
};
use killerscope_log::{LogHeader, Recorder, Spool, SpoolEnd};
use killerscope_trace::SearchTree;

/// What a search worker reports besides the event stream.
#[derive(Debug)]
pub enum Report {
    /// An iteration finished.
    Iteration(IterationReport),
    /// The search ended (finished or stopped): how its recording ended (the events are in the
    /// spool) and the result.
    Done(Box<(SpoolEnd, SearchReport)>),
    /// A compare run finished: each config's search, in the order asked.
    Compared(Vec<Compared>),
}

/// A running worker: its channels and its stop flag.
#[derive(Debug)]
pub struct Worker {
    /// The spool the search's events go to (live searches only).
    pub spool: Option<Spool>,
    /// Iterations and the final report.
    pub reports: Receiver<Report>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Asks the search to stop; the worker then sends `Done` with what it found.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the thread has ended.
    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

/// Starts the recorded search `request` describes, its events spooled to a temporary file
/// under the header the request carries; fails only if the spool cannot be made.
pub fn spawn_search(request: SearchRequest) -> io::Result<Worker> {
    let spool = Spool::create()?;
    let SearchRequest {
        root,
        depth,
        config,
        header,
    } = request;
    let mut recorder = Recorder::new(header).spool_to(&spool)?;
    let (report_tx, report_rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handle = thread::spawn(move || {
        let mut searcher = Searcher::new(config);
        let iterations: Sender<Report> = report_tx.clone();
        let report = searcher.search(
            &root,
            &[],
            &Limits::depth(depth),
            &flag,
            &mut recorder,
            &mut |it: &IterationReport| {
                let _ = iterations.send(Report::Iteration(it.clone()));
            },
        );
        let end = recorder.finish();
        let _ = report_tx.send(Report::Done(Box::new((end, report))));
    });
    Ok(Worker {
        spool: Some(spool),
        reports: report_rx,
        stop,
        handle: Some(handle),
    })
}

/// Runs the request's position to its depth once per config, all with its selective switches,
/// counting cutoffs and nodes per ply and recording each search in memory (within its share
/// of `RECORD_BUDGET`) for its icicle: the compare view.
pub fn spawn_compare(request: CompareRequest) -> Worker {
    let (report_tx, report_rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handle = thread::spawn(move || {
        let CompareRequest {
            root,
            depth,
            configs,
            selective,
        } = request;
        let share = RECORD_BUDGET / configs.len().max(1);
        let mut results = Vec::with_capacity(configs.len());
        for ordering in configs {
            let compared = compare_one(&root, depth, ordering, selective, share, &flag);
            if flag.load(Ordering::Relaxed) {
                return;
            }
            results.push(compared);
        }
        let _ = report_tx.send(Report::Compared(results));
    });
    Worker {
        spool: None,
        reports: report_rx,
        stop,
        handle: Some(handle),
    }
}

/// One configuration's search of the comparison, recording at most `cap` events.
fn compare_one(
    root: &Position,
    depth: u8,
    ordering: OrderingConfig,
    selective: SelectiveConfig,
    cap: usize,
    stop: &AtomicBool,
) -> Compared {
    let limits = Limits::depth(depth);
    let config = SearchConfig {
        ordering,
        selective,
        ..SearchConfig::default()
    };
    let header = LogHeader::for_search(root.to_fen(), &config, &limits);
    let sources = header.sources.clone();
    let mut recorder = Recorder::new(header).with_cap(cap);
    let mut searcher = Searcher::new(config);
    let mut stats = CutoffStats::new();
    let mut counts = Counts::default();
    let report = searcher.search(
        root,
        &[],
        &limits,
        stop,
        &mut (&mut stats, (&mut counts, &mut recorder)),
        &mut |_: &IterationReport| {},
    );
    let log = recorder.into_log();
    let tree = (!log.is_truncated()).then(|| SearchTree::build(log.into_events()));
    Compared {
        ordering,
        stats,
        report,
        plies: counts.plies().to_vec(),
        tree,
        sources,
    }
}
