//! A whole audit on every core: each decision's search is independent — a searcher of its own,
//! the table off — so the decisions are judged as tasks on the current rayon pool and the
//! verdicts come back in the decisions' order, the same whatever the pool's size.

use super::{AuditError, Auditor, Decision, Verdict};
use rayon::prelude::*;

/// What [`Auditor::judge_all`] tells its watcher about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judging {
    /// Its search starts.
    Started,
    /// Its search is done.
    Finished,
}

impl Auditor {
    /// Judges every one of `decisions`, in parallel on the current rayon pool; the verdicts
    /// in the same order. `watch` hears each decision start and finish, from whichever thread
    /// judges it.
    pub fn judge_all(
        &self,
        decisions: &[Decision],
        watch: &(dyn Fn(&Decision, Judging) + Sync),
    ) -> Vec<Result<Verdict, AuditError>> {
        decisions
            .par_iter()
            .with_max_len(1)
            .map(|decision| {
                watch(decision, Judging::Started);
                let verdict = self.judge(decision);
                watch(decision, Judging::Finished);
                verdict
            })
            .collect()
    }
}
