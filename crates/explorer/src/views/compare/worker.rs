//! The comparison's searches, on the runtime's thread: the request's position to its depth once
//! per configuration, all with its selective switches, counting cutoffs and nodes per ply and
//! recording each search in memory (within its share of `RECORD_BUDGET`) for its icicle.

use std::sync::atomic::AtomicBool;

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{
    CutoffStats, IterationReport, Limits, OrderingConfig, SearchConfig, Searcher, SelectiveConfig,
};
use killerscope_log::{LogHeader, Recorder};
use killerscope_trace::SearchTree;

use super::{CompareRequest, Compared, RECORD_BUDGET};
use crate::views::Control;
use crate::views::charts::data::Counts;

/// Searches every configuration of `request` in turn; `None` once the job is stopped.
pub(super) fn run(request: CompareRequest, control: &Control) -> Option<Vec<Compared>> {
    let CompareRequest {
        root,
        depth,
        configs,
        selective,
    } = request;
    let share = RECORD_BUDGET / configs.len().max(1);
    let mut results = Vec::with_capacity(configs.len());
    for ordering in configs {
        let stop = control.stop_flag();
        let compared = compare_one(&root, depth, ordering, selective, share, stop);
        if control.stopped() {
            return None;
        }
        results.push(compared);
    }
    Some(results)
}

/// One configuration's search of the comparison, recording at most `cap` events.
fn compare_one(
    root: &Position,
    depth: u8,
    ordering: OrderingConfig,
    selective: SelectiveConfig,
    cap: usize,
    stop: &AtomicBool,
) -> Compared {
    let limits = Limits::depth(depth);
    let config = SearchConfig {
        ordering,
        selective,
        ..SearchConfig::default()
    };
    let header = LogHeader::for_search(root.to_fen(), &config, &limits);
    let sources = header.sources.clone();
    let mut recorder = Recorder::new(header).with_cap(cap);
    let mut searcher = Searcher::new(config);
    let mut stats = CutoffStats::new();
    let mut counts = Counts::default();
    let report = searcher.search(
        root,
        &[],
        &limits,
        stop,
        &mut (&mut stats, (&mut counts, &mut recorder)),
        &mut |_: &IterationReport| {},
    );
    let log = recorder.into_log();
    let tree = (!log.is_truncated()).then(|| SearchTree::build(log.into_events()));
    Compared {
        ordering,
        stats,
        report,
        plies: counts.plies().to_vec(),
        tree,
        sources,
    }
}
