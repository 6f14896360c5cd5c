//! One job on its own thread that the user can stop: the best reply at a node (`E`) and the
//! ordering ladder (`O`). The runtime keeps one per kind, polls it each frame and sets its flag
//! on `s` / Esc or when a new search replaces the tree.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

/// A job running on its own thread, its result of type `T` to come.
pub struct Background<T> {
    result: Receiver<T>,
    stop: Arc<AtomicBool>,
}

/// What polling a job found.
pub enum Polled<T> {
    /// Still running.
    Running,
    /// Its result.
    Done(T),
    /// Its thread ended without a result (it panicked).
    Lost,
}

impl<T: Send + 'static> Background<T> {
    /// Runs `job` on a new thread, handing it the flag that stops it.
    pub fn spawn(job: impl FnOnce(&AtomicBool) -> T + Send + 'static) -> Background<T> {
        let (tx, result) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        thread::spawn(move || {
            let _ = tx.send(job(&flag));
        });
        Background { result, stop }
    }

    /// Asks the job to stop (it ends within a moment of search; its result is not read).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether it has ended, and with what.
    pub fn poll(&self) -> Polled<T> {
        match self.result.try_recv() {
            Ok(done) => Polled::Done(done),
            Err(TryRecvError::Empty) => Polled::Running,
            Err(TryRecvError::Disconnected) => Polled::Lost,
        }
    }
}
