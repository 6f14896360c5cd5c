//! `--jobs N`: the lab's searches (compare, the ladder, bench, `log audit`) and an exercise's
//! drawing on every core.
//!
//! The searches are independent — each starts from its own empty tables — so they run on a
//! [rayon] pool of N threads and are collected in input order: the report is the same, byte
//! for byte, whatever N (only the measured times differ, as they do from run to run). rayon
//! rather than hand-rolled scoped threads because its order-keeping `collect` makes that
//! property hold by construction, and its work stealing keeps every core busy when one search
//! is a hundred times another (the ladder's worst-order rung), in every crate that runs them
//! (the engine's ladder, the analysis crate's audit, the binary) without a pool of our own in
//! each.
//!
//! The progress bar counts searches finished, and its message names the searches running.

use super::CliError;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::num::NonZeroUsize;
use std::sync::Mutex;

/// The `--jobs` option, flattened into the commands that run many searches.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct Jobs {
    /// Searches to run at once (default: one per core). The output does not depend on it.
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    jobs: Option<NonZeroUsize>,
}

impl Jobs {
    /// The number of threads: `--jobs`, else one per core the process may use.
    pub fn threads(self) -> usize {
        self.jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }

    /// Runs `work` on a pool of [`Jobs::threads`] threads: rayon's parallel iterators inside
    /// it use that pool.
    pub fn run<R: Send>(self, work: impl FnOnce() -> R + Send) -> Result<R, CliError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads())
            .thread_name(|k| format!("killerscope-job-{k}"))
            .build()
            .map_err(|e| CliError::new(format!("--jobs {}: {e}", self.threads())))?;
        Ok(pool.install(work))
    }
}

/// A progress bar over `total` searches shared by the threads running them: the position
/// counts searches finished, the message names those running. Hidden when stderr is not a
/// terminal or there are fewer than `at_least` searches.
pub struct Progress {
    bar: ProgressBar,
    running: Mutex<Vec<String>>,
}

impl Progress {
    /// A bar whose line reads `{bar} {pos}/{len} {what} · {elapsed} · {running}`.
    pub fn new(total: usize, at_least: usize, what: &str) -> Progress {
        let bar = if total < at_least || !std::io::stderr().is_terminal() {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::new(u64::try_from(total).unwrap_or(u64::MAX));
            let template = format!("{{bar:30}} {{pos}}/{{len}} {what} · {{elapsed}} · {{msg}}");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            bar
        };
        Progress {
            bar,
            running: Mutex::new(Vec::new()),
        }
    }

    /// Marks `label` started.
    pub fn start(&self, label: String) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.push(label);
        self.bar.set_message(running.join(" | "));
    }

    /// Marks `label` finished (one of that name, if several run).
    pub fn finish(&self, label: &str) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = running.iter().position(|l| l == label) {
            running.remove(k);
        }
        self.bar.set_message(running.join(" | "));
        self.bar.inc(1);
    }

    /// Runs `work` between [`Progress::start`] and [`Progress::finish`] of `label`.
    pub fn around<R>(&self, label: String, work: impl FnOnce() -> R) -> R {
        self.start(label.clone());
        let result = work();
        self.finish(&label);
        result
    }

    /// Clears the bar off the terminal.
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn the_pool_has_the_threads_asked_for_and_keeps_the_order() {
        let jobs = Jobs {
            jobs: NonZeroUsize::new(3),
        };
        let (threads, squares) = jobs
            .run(|| {
                let squares: Vec<u64> = (0..100u64).into_par_iter().map(|k| k * k).collect();
                (rayon::current_num_threads(), squares)
            })
            .expect("a pool of three");
        assert_eq!(threads, 3);
        assert_eq!(squares, (0..100u64).map(|k| k * k).collect::<Vec<_>>());
    }

    #[test]
    fn without_jobs_every_core_is_used() {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(Jobs::default().threads(), cores);
    }

    #[test]
    fn the_message_names_what_runs() {
        let progress = Progress::new(3, 1, "searches");
        progress.start("a".into());
        progress.start("b".into());
        progress.finish("a");
        assert_eq!(*progress.running.lock().expect("lock"), ["b"]);
        progress.around("c".into(), || ());
        assert_eq!(*progress.running.lock().expect("lock"), ["b"]);
    }
}
