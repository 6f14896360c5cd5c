//! The search thread. The explorer never searches on its own thread: a worker runs
//! `Searcher::search` with a `Recorder` that spools every event to a temporary file the explorer
//! has mapped (`trace::Spool`: no event cap, and no events in memory), and a channel reports
//! iterations and the end. Stopping sets the shared flag, which the search polls, so the worker
//! winds down within a couple of milliseconds while the UI keeps drawing.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use super::setup::SearchRequest;
use killerscope_engine::{IterationReport, SearchReport, Searcher};
use killerscope_log::{Recorder, Spool, SpoolEnd};

/// What a search worker reports besides the event stream.
#[derive(Debug)]
pub enum Report {
    /// An iteration finished.
    Iteration(IterationReport),
    /// The search ended (finished or stopped): how its recording ended (the events are in the
    /// spool) and the result.
    Done(Box<(SpoolEnd, SearchReport)>),
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
        limits,
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
            &limits,
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
