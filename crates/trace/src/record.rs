//! Recording a whole search in memory in one call: what lessons, tests and tools need when they
//! want the log of a search rather than a live view of it.

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, SearchReport, Searcher};
use killerscope_log::EventLog;
use killerscope_log::LogHeader;
use killerscope_log::Recorder;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Searches `root` under `config` and `limits` from an empty table, recording every event up to
/// the recorder's default cap ([`killerscope_log::DEFAULT_EVENT_CAP`]). The search stops where the cap
/// is reached, since a log cut short is of no use to the callers (lessons, tests, tools): check
/// `EventLog::is_truncated`, and then the report is of the search as far as it went.
pub fn record_search(
    root: &Position,
    config: SearchConfig,
    limits: &Limits,
) -> (EventLog, SearchReport) {
    record_search_capped(root, config, limits, killerscope_log::DEFAULT_EVENT_CAP)
}

/// [`record_search`] with a cap of `cap` events: the search stops when the log is full.
pub fn record_search_capped(
    root: &Position,
    config: SearchConfig,
    limits: &Limits,
    cap: usize,
) -> (EventLog, SearchReport) {
    let header = LogHeader::for_search(root.to_fen(), &config, limits);
    let stop = Arc::new(AtomicBool::new(false));
    let mut recorder = Recorder::new(header)
        .with_cap(cap)
        .stopping_search(Arc::clone(&stop));
    let report = Searcher::new(config).search(root, &[], limits, &stop, &mut recorder, &mut |_| {});
    (recorder.into_log(), report)
}
