//! The runtime: owns the worker threads, carries out `Effect`s and moves what the workers
//! produce into the explorer between frames, within a time budget, so the screen never waits
//! on a search. The only place threads and files are touched; it knows no terminal, so a test
//! (or another front end) can drive the explorer with it.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use killerscope_log::DEFAULT_EVENT_CAP;
use killerscope_trace::jsonl::ImportSummary;

use super::action::Effect;
use super::app::Explorer;
use super::follow::{Followed, Follower, spawn_follow};
use super::notice::Notice;
use super::views::{Control, Job, Stops, ViewId, ViewNotice, lessons};
use super::worker::{self, Report, Worker};

/// Longest the UI spends folding streamed events into the tree per frame, so input and drawing
/// stay smooth however fast the search produces events.
const DRAIN_BUDGET: Duration = Duration::from_millis(12);
/// The budget once a search has ended but its spool is not all indexed yet: the search no
/// longer needs the processor, so the UI indexes most of each frame and does not wait between
/// frames (input is still read every frame).
const CATCH_UP_BUDGET: Duration = Duration::from_millis(25);

/// A view's job on its own thread: whose it is, when it stops, its flag and progress, and its
/// report to come. Dropping it asks it to stop (its report is no longer read).
struct Running {
    owner: ViewId,
    stops: Stops,
    control: Control,
    report: Receiver<ViewNotice>,
}

impl Running {
    fn spawn(job: Job) -> Running {
        let (tx, report) = mpsc::channel();
        let control = Control::default();
        let shared = control.share();
        let (owner, stops) = (job.owner(), job.stops());
        thread::spawn(move || {
            let _ = tx.send(job.run(&shared));
        });
        Running {
            owner,
            stops,
            control,
            report,
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.control.stop();
    }
}

/// The explorer's worker threads.
#[derive(Default)]
pub struct Runtime {
    search: Option<Worker>,
    follow: Option<Follower>,
    started: Option<Instant>,
    /// The views' jobs running, one per view at most.
    jobs: Vec<Running>,
}

impl Runtime {
    /// Carries out every effect, in order.
    pub fn apply_all(&mut self, app: &mut Explorer, effects: Vec<Effect>) {
        for effect in effects {
            self.apply(app, effect);
        }
    }

    /// Carries out one effect.
    pub fn apply(&mut self, app: &mut Explorer, effect: Effect) {
        match effect {
            Effect::Search(request) => {
                self.stop_jobs(app, |s| s.on_new_search);
                self.follow = None;
                self.search = None;
                match worker::spawn_search(*request) {
                    Ok(w) => self.search = Some(w),
                    Err(e) => self.tell(app, Notice::SearchFailed(e.to_string())),
                }
                self.started = Some(Instant::now());
            }
            Effect::Stop => {
                app.info("stopping…");
                if let Some(w) = &self.search {
                    w.stop();
                }
                self.stop_jobs(app, |s| s.on_stop_key);
                if self.follow.take().is_some() {
                    let how = "stopped following";
                    self.tell(app, Notice::FollowEnded { error: None, how });
                }
            }
            Effect::Follow(source, options) => {
                self.search = None;
                self.tell(app, Notice::FollowStarted(source.name()));
                self.follow = Some(spawn_follow(source, options));
                self.started = Some(Instant::now());
            }
            Effect::Discard => {
                self.search = None;
                self.follow = None;
            }
            Effect::OpenLesson(source) => self.spawn(lessons::check(source)),
            Effect::Job(job) => self.spawn(job),
            Effect::Write(write) => {
                let error = write_bytes(&write.path, &write.bytes)
                    .err()
                    .map(|e| e.to_string());
                let told = (write.told)(printable_path(&write.path), error);
                self.tell(app, Notice::View(told));
            }
            Effect::Save(path) => {
                let log = app.session().log_to_save();
                match log.write_file(&path) {
                    Ok(()) => {
                        let effects = app.log_saved(&path, log.len());
                        self.apply_all(app, effects);
                    }
                    Err(e) => app.error(format!("could not save {}: {e}", printable_path(&path))),
                }
            }
        }
    }

    /// Hands `notice` to the explorer and carries out what it asks for in return.
    fn tell(&mut self, app: &mut Explorer, notice: Notice) {
        let effects = app.notice(notice);
        self.apply_all(app, effects);
    }

    /// Runs `job` on its own thread, stopping the job its view had running.
    fn spawn(&mut self, job: Job) {
        self.jobs.retain(|running| running.owner != job.owner());
        self.jobs.push(Running::spawn(job));
    }

    /// Stops the jobs `which` picks (dropping one raises its flag; its thread ends within a
    /// moment, unread) and tells their views at once.
    fn stop_jobs(&mut self, app: &mut Explorer, which: impl Fn(&Stops) -> bool) {
        let (stopped, kept) = std::mem::take(&mut self.jobs)
            .into_iter()
            .partition(|job| which(&job.stops));
        self.jobs = kept;
        let owners: Vec<ViewId> = stopped.iter().map(|job: &Running| job.owner).collect();
        drop(stopped);
        for owner in owners {
            self.tell(app, Notice::View(owner.stopped()));
        }
    }

    /// Hands every job's report, or its progress, to the view that asked for it.
    fn drain_jobs(&mut self, app: &mut Explorer) {
        let mut told = Vec::new();
        self.jobs.retain(|job| match job.report.try_recv() {
            Ok(report) => {
                told.push(report);
                false
            }
            Err(TryRecvError::Empty) => {
                let (done, total) = job.control.read_progress();
                told.push(job.owner.progress(done, total));
                true
            }
            Err(TryRecvError::Disconnected) => {
                told.push(job.owner.lost());
                false
            }
        });
        for notice in told {
            self.tell(app, Notice::View(notice));
        }
    }

    /// Moves whatever the workers produced into the explorer, within the per-frame budget.
    pub fn drain(&mut self, app: &mut Explorer) {
        let budget = if self.catching_up(app) {
            CATCH_UP_BUDGET
        } else {
            DRAIN_BUDGET
        };
        let deadline = Instant::now() + budget;
        self.drain_search(app, deadline);
        self.drain_follow(app, deadline);
        self.drain_jobs(app);
        app.poll_index();
        if let Some(t) = self.started {
            self.tell(app, Notice::Elapsed(t.elapsed().as_secs_f64()));
        }
    }

    /// The live search's reports, then as much of its spool as the budget allows.
    fn drain_search(&mut self, app: &mut Explorer, deadline: Instant) {
        let Some(w) = &self.search else {
            return;
        };
        let mut effects = Vec::new();
        while let Ok(report) = w.reports.try_recv() {
            effects.extend(app.notice(match report {
                Report::Iteration(it) => Notice::Iteration {
                    depth: it.depth,
                    nodes: it.nodes + it.qnodes,
                    pv: it.pv,
                },
                Report::Done(done) => Notice::SearchEnded(done),
            }));
        }
        // After the reports: a search that just ended has published all its events. The spool
        // stays until the explorer has indexed all of it.
        let caught_up = w
            .spool
            .as_ref()
            .is_none_or(|spool| app.follow_spool(&spool.events(), deadline));
        if !app.session().run().searching && caught_up {
            self.search = None;
            effects.extend(app.notice(Notice::SearchIndexed));
        }
        self.apply_all(app, effects);
    }

    /// Whether a finished search's events are still being indexed.
    pub fn catching_up(&self, app: &Explorer) -> bool {
        self.search.is_some() && !app.session().run().searching
    }

    /// Whether something moves without the user: a search's spool still being indexed, a log
    /// being indexed in the background, a view's job running (so the loop redraws at frame rate
    /// to pick up the result).
    pub fn busy(&self, app: &Explorer) -> bool {
        self.search.is_some() || app.session().index_state().is_some() || !self.jobs.is_empty()
    }

    /// Moves what the trace reader read into the explorer, within the frame's budget.
    fn drain_follow(&mut self, app: &mut Explorer, deadline: Instant) {
        let Some(follower) = &self.follow else {
            return;
        };
        let mut ended = None;
        while Instant::now() < deadline {
            match follower.rx.try_recv() {
                Ok(Followed::Header(header)) => {
                    app.notice(Notice::FollowHeader(header));
                }
                Ok(Followed::Batch(batch)) => {
                    app.notice(Notice::FollowBatch(batch));
                    if app.session().log().len() >= DEFAULT_EVENT_CAP {
                        ended = Some(Some(format!(
                            "the trace passed the {DEFAULT_EVENT_CAP}-event cap: following stopped"
                        )));
                        break;
                    }
                }
                Ok(Followed::Ended(end)) => {
                    let (summary, _, error) = *end;
                    ended = Some(error.or_else(|| skipped(&summary)));
                    break;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    ended = Some(None);
                    break;
                }
            }
        }
        if let Some(error) = ended {
            self.follow = None;
            let how = "ended";
            self.tell(app, Notice::FollowEnded { error, how });
        }
    }
}

/// What a followed trace's import skipped, to say when it ends: bad lines (`--lenient`), and
/// keys or kinds the schema does not have, the first named with its place.
fn skipped(summary: &ImportSummary) -> Option<String> {
    let mut notes = Vec::new();
    if summary.skipped > 0 {
        notes.push(format!("{} bad lines skipped (--lenient)", summary.skipped));
    }
    let unknown = summary.unknown_keys + summary.unknown_kinds;
    if let Some(first) = &summary.first_unknown {
        notes.push(format!(
            "{unknown} unknown keys or kinds skipped, the first: {first} (--strict refuses them)"
        ));
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// Writes `text` to a new file at `path` (a sidecar, a lesson's results).
fn write_bytes(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = killerscope_log::files::create_output(path)?;
    std::io::Write::write_all(&mut file, bytes)
}

/// `path` as the status line may show it (no control characters).
fn printable_path(path: &std::path::Path) -> String {
    killerscope_text::printable(&path.display().to_string()).into_owned()
}
