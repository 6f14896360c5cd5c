//! The runtime's jobs that a key starts and `s` / Esc stops, each on its own thread
//! (`Background`): the best reply at a cut node (`E`, `best::run`) and the ordering ladder
//! (`O`, `ladder::run`, which reports each rung as it starts). Each frame they are polled and
//! what they found goes to the explorer as a `Notice`.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::app::Explorer;
use super::audit::AuditKey;
use super::background::{Background, Polled};
use super::best::{self, BestRequest};
use super::ladder::{self, LadderKey, LadderRequest};
use super::notice::Notice;
use killerscope_engine::BestReply;
use killerscope_engine::ladder::Ladder;

/// The jobs running.
#[derive(Default)]
pub struct Jobs {
    /// A cut node's best reply being searched: its node and answer (`None` if stopped).
    best: Option<Background<(AuditKey, Option<BestReply>)>>,
    /// The ladder being climbed: its key and ladder (`None` if stopped), and the rungs started.
    ladder: Option<(Climb, Arc<AtomicUsize>)>,
}

/// The ladder's thread: its key and ladder, `None` if stopped.
type Climb = Background<(LadderKey, Option<Ladder>)>;

impl Jobs {
    /// Starts searching `request`'s best reply (stopping one that runs).
    pub fn best_reply(&mut self, app: &mut Explorer, request: BestRequest) {
        self.stop_best(app);
        self.best = Some(Background::spawn(move |stop| {
            (request.key.clone(), best::run(&request, stop))
        }));
    }

    /// Starts climbing `request`'s ladder.
    pub fn ladder(&mut self, request: LadderRequest) {
        let started = Arc::new(AtomicUsize::new(0));
        let told = Arc::clone(&started);
        let job = Background::spawn(move |stop| {
            let mut on_rung = |n: usize| told.store(n, Ordering::Relaxed);
            let climbed = ladder::run(&request, stop, &mut on_rung);
            (request.key.clone(), climbed)
        });
        self.ladder = Some((job, started));
    }

    /// Stops the best reply's search (a new search replaces the tree it was about).
    pub fn stop_best(&mut self, app: &mut Explorer) {
        if let Some(job) = self.best.take() {
            job.stop();
            app.notice(Notice::BestStopped);
        }
    }

    /// Stops every job (`s`, Esc).
    pub fn stop(&mut self, app: &mut Explorer) {
        self.stop_best(app);
        if let Some((job, _)) = self.ladder.take() {
            job.stop();
            app.notice(Notice::LadderStopped);
        }
    }

    /// Whether a job runs (the loop then redraws at frame rate to pick up its result).
    pub fn busy(&self) -> bool {
        self.best.is_some() || self.ladder.is_some()
    }

    /// Hands what the jobs found, and the ladder's progress, to the explorer.
    pub fn drain(&mut self, app: &mut Explorer) {
        if let Some(job) = &self.best {
            match job.poll() {
                Polled::Running => {}
                Polled::Done((key, Some(found))) => {
                    app.notice(Notice::BestFound(key, found));
                    self.best = None;
                }
                Polled::Done((_, None)) | Polled::Lost => {
                    app.notice(Notice::BestStopped);
                    self.best = None;
                }
            }
        }
        let Some((job, started)) = &self.ladder else {
            return;
        };
        match job.poll() {
            Polled::Running => {
                app.notice(Notice::LadderClimbing(started.load(Ordering::Relaxed)));
                return;
            }
            Polled::Done((key, Some(climbed))) => {
                app.notice(Notice::LadderClimbed(Box::new((key, climbed))));
            }
            Polled::Done((_, None)) | Polled::Lost => app.notice(Notice::LadderStopped),
        }
        self.ladder = None;
    }
}
