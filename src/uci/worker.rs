//! The engine thread: owns the `Searcher` and works through the jobs the reader queues, in
//! order, so that the reader never waits for a search. A search's output (`info` lines, then
//! exactly one `bestmove`) therefore always precedes whatever a later job prints. Table work
//! (resizing, clearing) is counted in [`Progress`], so that `isready` is answered once the
//! tables are usable, and so are unanswered `go`s, so that `quit` never drops one.

use killerscope_chess::{Move, Position};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{
    IterationReport, Limits, SearchConfig, SearchReport, Searcher, nodes_per_second, score,
};
use killerscope_log::NullObserver;
use killerscope_log::{LogHeader, Recorder};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Output shared by the reader and the engine thread; one line is written at a time.
pub(super) type SharedOut = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line and flushes it, so a GUI sees it at once.
pub(super) fn write_line(out: &SharedOut, line: &str) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|p| p.into_inner());
    writeln!(out, "{line}")?;
    out.flush()
}

/// Work for the engine thread, done in the order queued.
pub(super) enum Job {
    /// New options: tables are rebuilt where their size changes (possibly slow).
    Configure(SearchConfig),
    /// Forget everything learned (`ucinewgame`, `Clear Hash`).
    Clear,
    /// Run one `go`.
    Search(Box<SearchJob>),
    /// Answer a `go` that has nothing to search (the position is unusable) with this reason
    /// and `bestmove 0000`, in turn: after the previous search's `bestmove`.
    Refuse(String),
}

/// What the reader knows of the engine thread's progress.
#[derive(Default)]
pub(super) struct Progress {
    /// Table jobs (`Configure`, `Clear`) finished so far, skipped ones included.
    tables_done: Mutex<u64>,
    tables_changed: Condvar,
    /// `go`s queued whose `bestmove` is not printed yet.
    pub unanswered: AtomicUsize,
}

impl Progress {
    fn table_job_done(&self) {
        *self.tables_done.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.tables_changed.notify_all();
    }

    /// Waits until `queued` table jobs are finished, or until `gone()` says the engine thread
    /// ended (it will finish no more).
    pub fn wait_for_tables(&self, queued: u64, gone: impl Fn() -> bool) {
        let mut done = self.tables_done.lock().unwrap_or_else(|p| p.into_inner());
        while *done < queued && !gone() {
            let tick = Duration::from_millis(50);
            done = match self.tables_changed.wait_timeout(done, tick) {
                Ok((done, _)) => done,
                Err(p) => p.into_inner().0,
            };
        }
    }
}

/// How the reader talks to one search: stop it, and whether it may end on its own.
pub(super) struct SearchControl {
    /// Raised by `stop`, `ponderhit`, `quit` or any command that needs the search gone.
    pub stop: AtomicBool,
    /// `go infinite` or `go ponder`: `bestmove` only after `stop` (or `ponderhit`).
    pub waits_for_stop: bool,
}

/// Everything the engine thread needs for one `go`.
pub(super) struct SearchJob {
    pub control: Arc<SearchControl>,
    pub position: Position,
    pub game_keys: Vec<u64>,
    pub limits: Limits,
    pub trace: Option<(PathBuf, SearchConfig)>,
}

/// Runs jobs until the reader hangs up; `quitting` skips table work nobody will use.
pub(super) fn run(
    mut searcher: Searcher,
    jobs: Receiver<Job>,
    out: SharedOut,
    quitting: Arc<AtomicBool>,
    progress: Arc<Progress>,
) {
    for job in jobs {
        let quitting = quitting.load(Ordering::SeqCst);
        match job {
            Job::Configure(config) => {
                if !quitting {
                    searcher.set_config(config);
                }
                progress.table_job_done();
            }
            Job::Clear => {
                if !quitting {
                    searcher.clear();
                }
                progress.table_job_done();
            }
            Job::Search(job) => {
                job.run(&mut searcher, &out);
                progress.unanswered.fetch_sub(1, Ordering::SeqCst);
            }
            Job::Refuse(why) => {
                let why = killerscope_text::printable(&why).into_owned();
                let _ = write_line(&out, &format!("info string {why}"));
                let _ = write_line(&out, "bestmove 0000");
                progress.unanswered.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

impl SearchJob {
    fn run(self, searcher: &mut Searcher, out: &SharedOut) {
        let mut reported = false;
        let mut on_iteration = |r: &IterationReport| {
            reported = true;
            let _ = write_line(out, &info_line(r));
        };
        let stop = &self.control.stop;
        let recorder = self.trace.as_ref().and_then(|(path, config)| {
            let header = LogHeader::for_search(self.position.to_fen(), config, &self.limits);
            Recorder::new(header)
                .stream_to_file(path)
                .map_err(|e| trace_message(out, "trace not saved", &e.to_string()))
                .ok()
        });
        let report = match recorder {
            None => searcher.search(
                &self.position,
                &self.game_keys,
                &self.limits,
                stop,
                &mut NullObserver,
                &mut on_iteration,
            ),
            Some(mut recorder) => {
                let report = searcher.search(
                    &self.position,
                    &self.game_keys,
                    &self.limits,
                    stop,
                    &mut recorder,
                    &mut on_iteration,
                );
                match recorder.finish() {
                    Ok(log) => {
                        if let Some(e) = log.write_error {
                            let why = format!(
                                "recording stopped after {} events: cannot write: {e}; the log is \
                                 valid and marked truncated",
                                log.events
                            );
                            trace_message(out, "trace cut short", &why);
                        }
                    }
                    Err(e) => trace_message(out, "trace not saved", &e.to_string()),
                }
                report
            }
        };
        if !reported {
            // Stopped inside the first iteration (`go nodes 1`, a tiny clock): still say what
            // was searched, so a GUI always has an info line to show with the move.
            let _ = write_line(out, &info_line(&unfinished(&report)));
        }
        while self.control.waits_for_stop && !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = write_line(out, &format!("bestmove {}", report.best_move));
    }
}

/// Says why a trace went wrong in an `info string`. The message holds the path from the GUI's
/// `Trace File` option: it is shown escaped.
fn trace_message(out: &SharedOut, what: &str, why: &str) {
    let why = killerscope_text::printable(why).into_owned();
    let _ = write_line(out, &format!("info string {what}: {why}"));
}

/// The report of a search that completed no iteration: depth 0, the move it will play.
fn unfinished(report: &SearchReport) -> IterationReport {
    IterationReport {
        depth: report.depth,
        seldepth: report.depth,
        score: report.score,
        nodes: report.nodes,
        qnodes: report.qnodes,
        elapsed: report.elapsed,
        pv: [report.best_move]
            .into_iter()
            .filter(|mv| !mv.is_null())
            .collect(),
    }
}

/// The UCI `info` line for a finished iteration.
///
/// `seldepth` is at least `depth` (the search counts plies reached, which a pruned iteration
/// can leave below its nominal depth). A mate score's PV is cut at the mating move, so it
/// never runs past the mate; a PV that stops short of it (cut by a transposition-table hit) is
/// printed as far as it goes. A mated or stalemated root has no PV, and then the line has no
/// `pv` token (GUIs choke on a `pv` with nothing after it).
pub fn info_line(r: &IterationReport) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        r.depth,
        r.seldepth.max(r.depth),
        score::format_uci(r.score),
        r.nodes,
        nodes_per_second(r.nodes, r.elapsed),
        r.elapsed.as_millis()
    );
    let pv: &[Move] = if score::is_mate(r.score) {
        let plies = (score::MATE - r.score.abs()).max(0) as usize;
        &r.pv[..r.pv.len().min(plies)]
    } else {
        &r.pv
    };
    if !pv.is_empty() {
        line.push_str(" pv");
        for mv in pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn isready_waits_for_table_work_queued_before_it() {
        let progress = Arc::new(Progress::default());
        let worker = {
            let progress = Arc::clone(&progress);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(150));
                progress.table_job_done();
                progress.table_job_done();
            })
        };
        let asked = Instant::now();
        progress.wait_for_tables(0, || false);
        assert!(
            asked.elapsed() < Duration::from_millis(100),
            "nothing queued"
        );
        progress.wait_for_tables(2, || false);
        assert!(asked.elapsed() >= Duration::from_millis(150));
        worker.join().expect("worker");
        // An engine thread that is gone finishes nothing more: no waiting for it.
        progress.wait_for_tables(3, || true);
    }
}
