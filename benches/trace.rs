//! Trace budgets: bytes per event, and loading + indexing a 10-million-event log (≤ 1 s).
//!
//! Run briefly: `cargo bench --bench trace -- --warm-up-time 1 --measurement-time 3`.

#[path = "../tests/trace_common/mod.rs"]
mod trace_common;

use criterion::{Criterion, criterion_group, criterion_main};
use killerscope::trace::{EventLog, Recorder, SearchTree};
use std::hint::black_box;
use std::time::Instant;

const BIG_LOG_EVENTS: usize = 10_000_000;

/// A valid 10M-event log: whole toy searches repeated (each one balanced), then cut to size.
fn big_log() -> EventLog {
    let mut rec = Recorder::new(trace_common::header()).with_cap(usize::MAX);
    trace_common::record(&mut rec, 7);
    let one = rec.into_log();
    let mut events = Vec::with_capacity(BIG_LOG_EVENTS);
    let mut pvs = Vec::new();
    while events.len() < BIG_LOG_EVENTS {
        events.extend_from_slice(one.events());
        pvs.extend_from_slice(one.pvs());
    }
    events.truncate(BIG_LOG_EVENTS);
    let iterations = events
        .iter()
        .filter(|e| matches!(e, killerscope::trace::Event::Iteration { .. }))
        .count();
    pvs.truncate(iterations);
    EventLog::from_parts(one.header().clone(), events, pvs, true)
}

fn load_and_index(c: &mut Criterion) {
    let log = big_log();
    let path = std::env::temp_dir().join(format!("killerscope-bench-{}.kslog", std::process::id()));
    let t = Instant::now();
    log.write_file(&path).expect("temp dir is writable");
    let written = t.elapsed();
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!(
        "big log: {} events, {} bytes on disk = {:.2} bytes/event, {} bytes/event in memory, written in {:?}",
        log.len(),
        size,
        size as f64 / log.len() as f64,
        std::mem::size_of::<killerscope::trace::Event>(),
        written
    );
    drop(log);
    let mut group = c.benchmark_group("trace");
    group.sample_size(10);
    group.bench_function("load_and_index_10M_events", |b| {
        b.iter(|| {
            let log = EventLog::read_file(&path).expect("reads back");
            let tree = SearchTree::build(log.events());
            black_box((log.len(), tree.len()))
        })
    });
    group.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, load_and_index);
criterion_main!(benches);
