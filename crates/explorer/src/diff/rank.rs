//! Ranking the diff view's divergences on a thread: `diff_trees` over clones of the two tree
//! indexes (their events are shared, not copied), its progress published in two counters the
//! explorer reads between frames, and a flag that cancels it when the runtime drops the job.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use super::{RANKED, Ranking};
use killerscope_analysis::diff_trees;
use killerscope_log::LogHeader;
use killerscope_trace::{FoldControl, SearchTree};

/// A ranking running on its thread.
#[derive(Debug)]
pub struct RankJob {
    done: Arc<AtomicU64>,
    total: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    result: Receiver<Ranking>,
}

impl RankJob {
    /// Starts ranking the divergences of `a` against `b`.
    pub fn spawn(job: (SearchTree, LogHeader, SearchTree, LogHeader)) -> RankJob {
        let done = Arc::new(AtomicU64::new(0));
        let total = Arc::new(AtomicU64::new(job.0.len() as u64));
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, result) = mpsc::channel();
        let (d, t, c) = (done.clone(), total.clone(), cancel.clone());
        thread::spawn(move || {
            let (ta, ha, tb, hb) = job;
            let mut progress = |p: killerscope_trace::FoldProgress| {
                d.store(p.done, Ordering::Relaxed);
                t.store(p.total, Ordering::Relaxed);
            };
            let mut control = FoldControl::default()
                .cancel_on(&c)
                .on_progress(&mut progress);
            let ranking = match diff_trees((&ta, &ha), (&tb, &hb), RANKED, &mut control) {
                Ok(diff) => Ranking::Done(Box::new(diff)),
                Err(e) => Ranking::Failed(e.to_string()),
            };
            let _ = tx.send(ranking);
        });
        RankJob {
            done,
            total,
            cancel,
            result,
        }
    }

    /// The result if it has come, else the progress so far.
    pub fn poll(&self) -> Ranking {
        match self.result.try_recv() {
            Ok(ranking) => ranking,
            Err(TryRecvError::Disconnected) => {
                Ranking::Failed("the ranking thread ended without a result".into())
            }
            Err(TryRecvError::Empty) => Ranking::Running(
                self.done.load(Ordering::Relaxed),
                self.total.load(Ordering::Relaxed),
            ),
        }
    }
}

impl Drop for RankJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
