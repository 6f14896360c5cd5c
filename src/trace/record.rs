//! Recording a whole search in memory in one call: what lessons, tests and tools need when they
//! want the log of a search rather than a live view of it.

use super::header::LogHeader;
use super::log::EventLog;
use super::recorder::Recorder;
use crate::chess::Position;
use crate::search::{Limits, SearchConfig, SearchReport, Searcher};
use std::sync::atomic::AtomicBool;

/// Searches `root` under `config` and `limits` from an empty table, recording every event (up
/// to the recorder's default cap: check `EventLog::is_truncated`).
pub fn record_search(
    root: &Position,
    config: SearchConfig,
    limits: &Limits,
) -> (EventLog, SearchReport) {
    let header = LogHeader::for_search(root.to_fen(), &config, limits);
    let mut recorder = Recorder::new(header);
    let report = Searcher::new(config).search(
        root,
        &[],
        limits,
        &AtomicBool::new(false),
        &mut recorder,
        &mut |_| {},
    );
    (recorder.into_log(), report)
}
