//! A `.kslog` of any number of events for the scale measurements (`benches/open.rs`, and
//! `examples/big_log.rs` for trying the explorer by hand): a real search — depth 9 from the
//! start position, 13.65 million events — recorded once in memory, then written over and over,
//! the last copy cut short (the log is then marked truncated), so the file has the shape and
//! the mix of events of a real search of that size. Writing streams the events from a source
//! that makes each one up from its index: only the one search is ever in memory.

use killerscope_engine::HeaderSettings;
use std::io;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use killerscope_chess::Position;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::{Event, EventLog, EventSource, LogHeader, Recorder};

/// `base` repeated until `len` events.
struct Repeated {
    base: Vec<Event>,
    len: usize,
}

impl EventSource for Repeated {
    fn event_count(&self) -> usize {
        self.len
    }

    fn event(&self, i: usize) -> Option<Event> {
        (i < self.len).then(|| self.base[i % self.base.len()])
    }
}

/// Writes a log of exactly `events` events to `path`.
pub fn write(path: &Path, events: usize) -> io::Result<()> {
    let root = Position::startpos();
    let limits = Limits::depth(9);
    let config = SearchConfig::default();
    let header = LogHeader::new(root.to_fen(), &config.ordering, &limits);
    let mut recorder = Recorder::new(header.clone()).with_cap(usize::MAX);
    let stop = AtomicBool::new(false);
    Searcher::new(config).search(&root, &[], &limits, &stop, &mut recorder, &mut |_| {});
    let one = recorder.into_log();
    let per_copy = one.len();
    let iterations: Vec<usize> = (0..per_copy)
        .filter(|&i| matches!(one.events()[i], Event::Iteration { .. }))
        .collect();
    let mut pvs = Vec::new();
    for copy in 0..events.div_ceil(per_copy) {
        let left = events - copy * per_copy;
        let kept = iterations.iter().take_while(|&&i| i < left).count();
        pvs.extend(one.pvs()[..kept].iter().cloned());
    }
    let truncated = !events.is_multiple_of(per_copy);
    let source = Repeated {
        base: one.into_events(),
        len: events,
    };
    EventLog::from_parts(header, source, pvs, truncated)
        .write_file(path)
        .map_err(io::Error::other)
}
