//! A job the runtime runs on a thread, as the model keeps it: the one running (its key and how
//! far it got) and the last one finished (its key and result). The audit (`a`), the best reply
//! (`E`) and the ordering ladder (`O`) are such jobs; each keeps one `JobSlot` and says in its
//! own words what starting, finishing and stopping mean.

/// The job running and the last one done, each with its key.
#[derive(Clone, Debug)]
pub struct JobSlot<K, P, T> {
    running: Option<(K, P)>,
    done: Option<(K, T)>,
}

impl<K, P, T> Default for JobSlot<K, P, T> {
    fn default() -> Self {
        JobSlot {
            running: None,
            done: None,
        }
    }
}

/// What a slot has to say about one key.
#[derive(Debug, PartialEq, Eq)]
pub enum JobView<'a, P, T> {
    /// Nothing: it was not asked for.
    None,
    /// It is running, this far.
    Running(&'a P),
    /// Its result.
    Done(&'a T),
}

impl<K: PartialEq, P, T> JobSlot<K, P, T> {
    /// The job whose key `is` picks: running, done, or neither.
    pub fn view(&self, is: impl Fn(&K) -> bool) -> JobView<'_, P, T> {
        match (&self.running, &self.done) {
            (Some((key, progress)), _) if is(key) => JobView::Running(progress),
            (_, Some((key, result))) if is(key) => JobView::Done(result),
            _ => JobView::None,
        }
    }

    /// The job running, with how far it got.
    pub fn running(&self) -> Option<&(K, P)> {
        self.running.as_ref()
    }

    /// The last job finished, with its result.
    pub fn done(&self) -> Option<&(K, T)> {
        self.done.as_ref()
    }

    /// Whether `key`'s job finished and its result is kept.
    pub fn is_done(&self, key: &K) -> bool {
        self.done.as_ref().is_some_and(|(k, _)| k == key)
    }

    /// `key`'s job started.
    pub fn begin(&mut self, key: K, progress: P) {
        self.running = Some((key, progress));
    }

    /// The running job got further.
    pub fn progress(&mut self) -> Option<&mut (K, P)> {
        self.running.as_mut()
    }

    /// `key`'s job ended: it is no longer running. Returns how far it had got, if it was the
    /// job running (a job a newer one replaced may still report).
    pub fn end(&mut self, key: &K) -> Option<P> {
        match self.running.take() {
            Some((k, progress)) if k == *key => Some(progress),
            other => {
                self.running = other;
                None
            }
        }
    }

    /// Keeps `result` as `key`'s, replacing the last job's.
    pub fn keep(&mut self, key: K, result: T) {
        self.done = Some((key, result));
    }

    /// The running job stopped before it ended; whether one was running.
    pub fn stop(&mut self) -> bool {
        self.running.take().is_some()
    }
}
