//! The runtime: owns the worker threads, carries out `Effect`s and moves what the workers
//! produce into the explorer between frames, within a time budget, so the screen never waits
//! on a search. The only place threads and files are touched; it knows no terminal, so a test
//! (or another front end) can drive the explorer with it.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use killerscope_log::DEFAULT_EVENT_CAP;
use killerscope_trace::jsonl::ImportSummary;

use super::action::Effect;
use super::app::Explorer;
use super::audit::{self, AuditKey, Judged};
use super::jobs::Jobs;
use super::query::QueryJob;
use killerscope_analysis::QueryResult;
use killerscope_trace::FoldProgress;

/// A node's audit running on its own thread: its result (`None` if stopped) and its stop flag.
type AuditRun = (Receiver<(AuditKey, Option<Vec<Judged>>)>, Arc<AtomicBool>);
use super::diff::Ranking;
use super::diff::rank::RankJob;
use super::follow::{Followed, Follower, spawn_follow};
use super::lesson::{self, Lesson};
use super::notice::Notice;
use super::worker::{self, Report, Worker};

/// Longest the UI spends folding streamed events into the tree per frame, so input and drawing
/// stay smooth however fast the search produces events.
const DRAIN_BUDGET: Duration = Duration::from_millis(12);
/// The budget once a search has ended but its spool is not all indexed yet: the search no
/// longer needs the processor, so the UI indexes most of each frame and does not wait between
/// frames (input is still read every frame).
const CATCH_UP_BUDGET: Duration = Duration::from_millis(25);

/// A lesson being checked: the check's answer, whether a refusal ends the explorer, and
/// where the lesson's results go.
type Checking = (Receiver<Result<Lesson, String>>, bool, Option<PathBuf>);

/// The explorer's worker threads.
#[derive(Default)]
pub struct Runtime {
    search: Option<Worker>,
    compare: Option<Worker>,
    follow: Option<Follower>,
    started: Option<Instant>,
    /// A bundled lesson being checked against the engine on its own thread (its searches
    /// take a moment), so the screen keeps drawing meanwhile.
    /// Whether a refusal ends the explorer, and where its results go, come with it.
    checking: Option<Checking>,
    /// The audit of a node being searched, and the flag that stops it.
    audit: Option<AuditRun>,
    /// A cut node's best reply (`E`) and the ordering ladder (`O`) being searched.
    jobs: Jobs,
    /// The diff view's divergences being ranked.
    ranking: Option<RankJob>,
    /// A node query running on its thread.
    query: Option<QueryRun>,
}

/// A node query on its own thread: its result, its progress (events done, of total) and the
/// flag that cancels it.
struct QueryRun {
    result: Receiver<Result<QueryResult, String>>,
    progress: Arc<[AtomicU64; 2]>,
    cancel: Arc<AtomicBool>,
}

impl QueryRun {
    fn spawn(job: QueryJob) -> QueryRun {
        let (tx, result) = mpsc::channel();
        let progress = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
        let cancel = Arc::new(AtomicBool::new(false));
        let (p, c) = (Arc::clone(&progress), Arc::clone(&cancel));
        thread::spawn(move || {
            let found = job.run(&c, &mut |f: FoldProgress| {
                p[0].store(f.done, Ordering::Relaxed);
                p[1].store(f.total, Ordering::Relaxed);
            });
            let _ = tx.send(found);
        });
        QueryRun {
            result,
            progress,
            cancel,
        }
    }
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
                self.stop_audit(app);
                self.jobs.stop_best(app);
                self.follow = None;
                self.search = None;
                match worker::spawn_search(*request) {
                    Ok(w) => self.search = Some(w),
                    Err(e) => app.notice(Notice::SearchFailed(e.to_string())),
                }
                self.started = Some(Instant::now());
            }
            Effect::Stop => {
                app.info("stopping…");
                for w in [&self.search, &self.compare].into_iter().flatten() {
                    w.stop();
                }
                self.stop_audit(app);
                self.jobs.stop(app);
                if let Some(run) = &self.query {
                    run.cancel.store(true, Ordering::Relaxed);
                }
                if self.follow.take().is_some() {
                    app.notice(Notice::FollowEnded {
                        error: None,
                        how: "stopped following",
                    });
                }
            }
            Effect::Follow(source, options) => {
                self.search = None;
                app.notice(Notice::FollowStarted(source.name()));
                self.follow = Some(spawn_follow(source, options));
                self.started = Some(Instant::now());
            }
            Effect::Compare(request) => self.compare = Some(worker::spawn_compare(*request)),
            Effect::Audit(request) => self.spawn_audit(app, *request),
            Effect::BestReply(request) => self.jobs.best_reply(app, *request),
            Effect::Ladder(request) => self.jobs.ladder(*request),
            Effect::Discard => {
                self.search = None;
                self.follow = None;
            }
            Effect::OpenLesson(source) => {
                let (leave, results) = (source.leave_if_refused, source.results.clone());
                let (tx, rx) = mpsc::channel();
                thread::spawn(move || {
                    let checked = lesson::load(&source.text)
                        .map_err(|e| format!("lesson {} does not hold: {e}", source.name));
                    let _ = tx.send(checked);
                });
                self.checking = Some((rx, leave, results));
            }
            Effect::Query(job) => {
                if let Some(old) = self.query.replace(QueryRun::spawn(*job)) {
                    old.cancel.store(true, Ordering::Relaxed);
                }
            }
            Effect::RankDiff => {
                let job = app.diff().map(|d| d.job(app.session()));
                self.ranking = job.map(RankJob::spawn);
            }
            Effect::SaveBookmarks(path, bytes) => {
                if let Err(e) = write_bytes(&path, &bytes) {
                    let path = printable_path(&path);
                    app.error(format!("could not save the bookmarks to {path}: {e}"));
                }
            }
            Effect::SaveResults(path, text) => {
                let error = write_text(&path, &text).err().map(|e| e.to_string());
                let path = printable_path(&path);
                app.notice(Notice::ResultsSaved { path, error });
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

    /// Audits a node's selective decisions on a thread (stopping the audit running).
    fn spawn_audit(&mut self, app: &mut Explorer, request: audit::AuditRequest) {
        self.stop_audit(app);
        let (tx, rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        thread::spawn(move || {
            let judged = audit::run(&request, &flag);
            let _ = tx.send((request.key, judged));
        });
        self.audit = Some((rx, stop));
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
        if let Some(w) = &self.compare {
            if let Ok(Report::Compared(rows)) = w.reports.try_recv() {
                app.notice(Notice::Compared(rows));
            }
            if w.is_finished() && w.reports.try_recv().is_err() {
                app.notice(Notice::ComparisonEnded);
                self.compare = None;
            }
        }
        self.drain_follow(app, deadline);
        self.drain_lesson(app);
        self.drain_audit(app);
        self.jobs.drain(app);
        self.drain_query(app);
        if let Some(job) = &self.ranking {
            let ranking = job.poll();
            if !matches!(ranking, Ranking::Running(..)) {
                self.ranking = None;
            }
            app.notice(Notice::DiffRanking(ranking));
        }
        app.poll_index();
        if let Some(t) = self.started {
            app.notice(Notice::Elapsed(t.elapsed().as_secs_f64()));
        }
    }

    /// The live search's reports, then as much of its spool as the budget allows.
    fn drain_search(&mut self, app: &mut Explorer, deadline: Instant) {
        let Some(w) = &self.search else {
            return;
        };
        while let Ok(report) = w.reports.try_recv() {
            match report {
                Report::Iteration(it) => app.notice(Notice::Iteration {
                    depth: it.depth,
                    nodes: it.nodes + it.qnodes,
                    pv: it.pv,
                }),
                Report::Done(done) => app.notice(Notice::SearchEnded(done)),
                Report::Compared(_) => {}
            }
        }
        // After the reports: a search that just ended has published all its events. The spool
        // stays until the explorer has indexed all of it.
        let caught_up = w
            .spool
            .as_ref()
            .is_none_or(|spool| app.follow_spool(&spool.events(), deadline));
        if !app.session().run().searching && caught_up {
            self.search = None;
            app.notice(Notice::SearchIndexed);
        }
    }

    /// Opens the lesson whose check has ended, carrying out its first step's effects, or says
    /// why it was not opened.
    fn drain_lesson(&mut self, app: &mut Explorer) {
        let Some((rx, leave, results)) = &self.checking else {
            return;
        };
        let (leave, results) = (*leave, results.clone());
        let result = match rx.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                Err("the lesson check ended without a result".into())
            }
        };
        self.checking = None;
        match result {
            Ok(checked) => {
                let effects = app.open_graded_lesson(checked, results);
                self.apply_all(app, effects);
            }
            Err(why) => app.notice(Notice::LessonRefused { why, leave }),
        }
    }

    /// Stops the audit running, if any (its thread ends within a millisecond of search).
    fn stop_audit(&mut self, app: &mut Explorer) {
        if let Some((_, stop)) = self.audit.take() {
            stop.store(true, Ordering::Relaxed);
            app.notice(Notice::AuditStopped);
        }
    }

    /// Hands a finished audit's verdicts to the explorer.
    fn drain_audit(&mut self, app: &mut Explorer) {
        let Some((rx, _)) = &self.audit else {
            return;
        };
        match rx.try_recv() {
            Ok((key, Some(judged))) => app.notice(Notice::Audited(key, judged)),
            Ok((_, None)) | Err(TryRecvError::Disconnected) => app.notice(Notice::AuditStopped),
            Err(TryRecvError::Empty) => return,
        }
        self.audit = None;
    }

    /// Hands the query's progress, or its result, to the explorer.
    fn drain_query(&mut self, app: &mut Explorer) {
        let Some(run) = &self.query else {
            return;
        };
        let ended = match run.result.try_recv() {
            Ok(found) => found,
            Err(TryRecvError::Empty) => {
                let [done, total] = &*run.progress;
                app.notice(Notice::Querying(FoldProgress {
                    done: done.load(Ordering::Relaxed),
                    total: total.load(Ordering::Relaxed),
                }));
                return;
            }
            Err(TryRecvError::Disconnected) => {
                Err("the query's thread ended without a result".into())
            }
        };
        self.query = None;
        app.notice(Notice::Queried(ended));
    }

    /// Whether a finished search's events are still being indexed.
    pub fn catching_up(&self, app: &Explorer) -> bool {
        self.search.is_some() && !app.session().run().searching
    }

    /// Whether something moves without the user: a search's spool still being indexed, a log
    /// being indexed in the background, a lesson being checked or a node audited (so the loop redraws at
    /// frame rate to pick up the result).
    pub fn busy(&self, app: &Explorer) -> bool {
        self.search.is_some()
            || app.session().index_state().is_some()
            || self.checking.is_some()
            || self.audit.is_some()
            || self.jobs.busy()
            || self.ranking.is_some()
            || self.query.is_some()
    }

    /// Moves what the trace reader read into the explorer, within the frame's budget.
    fn drain_follow(&mut self, app: &mut Explorer, deadline: Instant) {
        let Some(follower) = &self.follow else {
            return;
        };
        let mut ended = None;
        while Instant::now() < deadline {
            match follower.rx.try_recv() {
                Ok(Followed::Header(header)) => app.notice(Notice::FollowHeader(header)),
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
            app.notice(Notice::FollowEnded {
                error,
                how: "ended",
            });
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
fn write_text(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    write_bytes(path, text.as_bytes())
}

fn write_bytes(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = killerscope_log::files::create_output(path)?;
    std::io::Write::write_all(&mut file, bytes)
}

/// `path` as the status line may show it (no control characters).
fn printable_path(path: &std::path::Path) -> String {
    killerscope_text::printable(&path.display().to_string()).into_owned()
}
