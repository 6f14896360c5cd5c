//! Trace budgets: the recorder's cost on a real search (≤ 1.5× the `NullObserver` time), bytes
//! per event, and loading + indexing a 10-million-event log (≤ 1 s).
//!
//! Run briefly: `cargo bench --bench trace -- --warm-up-time 1 --measurement-time 3`.

#[path = "../tests/trace_common/mod.rs"]
mod trace_common;

use criterion::{Criterion, criterion_group, criterion_main};
use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::{EventLog, Events, LogHeader, Recorder};
use killerscope_log::{NullObserver, SearchObserver};
use killerscope_trace::{Replay, SearchTree};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Start position, the classroom puzzle and Kiwipete, each to a depth whose full log stays
/// under the recorder's default cap (so every event is really recorded).
const POSITIONS: [(&str, u8); 3] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    ("6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1", 6),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

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
        .filter(|e| matches!(e, killerscope_log::Event::Iteration { .. }))
        .count();
    pvs.truncate(iterations);
    EventLog::from_parts(one.header().clone(), events, pvs, true)
}

/// Searches every position with a cleared searcher; returns the total node count.
fn search_all<O: SearchObserver>(
    searcher: &mut Searcher,
    mut observer: impl FnMut(&str) -> O,
) -> u64 {
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    for (fen, depth) in POSITIONS {
        let root = Position::from_fen(fen).expect("bench FEN is valid");
        searcher.clear();
        let mut obs = observer(fen);
        let report = searcher.search(
            &root,
            &[],
            &Limits::depth(depth),
            &stop,
            &mut obs,
            &mut |_| {},
        );
        nodes += report.nodes;
        black_box(&mut obs);
    }
    nodes
}

fn recorder(fen: &str) -> Recorder {
    Recorder::new(LogHeader::new(
        fen,
        &Default::default(),
        &Default::default(),
    ))
}

/// Wall time (best of the runs) and CPU time (sum of the runs) of `f`, plus its node count.
struct Timing {
    best_wall: Duration,
    total_cpu: Duration,
    nodes: u64,
}

/// Runs the two searches alternately, `runs` times each, so load on a shared machine hits
/// both alike.
fn interleaved(
    runs: usize,
    mut a: impl FnMut() -> u64,
    mut b: impl FnMut() -> u64,
) -> (Timing, Timing) {
    let mut timings = [0, 1].map(|_| Timing {
        best_wall: Duration::MAX,
        total_cpu: Duration::ZERO,
        nodes: 0,
    });
    for _ in 0..runs {
        for (k, timing) in timings.iter_mut().enumerate() {
            let (t, cpu) = (Instant::now(), cpu_time());
            timing.nodes = if k == 0 { a() } else { b() };
            timing.best_wall = timing.best_wall.min(t.elapsed());
            timing.total_cpu += cpu_time() - cpu;
        }
    }
    let [x, y] = timings;
    (x, y)
}

fn recorder_overhead(c: &mut Criterion) {
    let mut searcher = Searcher::new(SearchConfig::default());
    let mut events = 0;
    for (fen, depth) in POSITIONS {
        let mut rec = recorder(fen);
        searcher.clear();
        let root = Position::from_fen(fen).expect("bench FEN is valid");
        searcher.search(
            &root,
            &[],
            &Limits::depth(depth),
            &AtomicBool::new(false),
            &mut rec,
            &mut |_| {},
        );
        let log = rec.into_log();
        assert!(
            !log.is_truncated(),
            "bench depth too deep for the default cap"
        );
        let mut bytes = Vec::new();
        log.write_to(&mut bytes).expect("Vec write");
        eprintln!(
            "{fen} depth {depth}: {} events, {:.2} bytes/event on disk",
            log.len(),
            bytes.len() as f64 / log.len() as f64
        );
        events += log.len();
    }
    let (null, rec) = interleaved(
        5,
        || {
            search_all(&mut Searcher::new(SearchConfig::default()), |_| {
                NullObserver
            })
        },
        || search_all(&mut Searcher::new(SearchConfig::default()), recorder),
    );
    assert_eq!(
        null.nodes, rec.nodes,
        "recording must not change the search"
    );
    let mnps = |t: Duration| null.nodes as f64 / t.as_secs_f64() / 1e6;
    eprintln!(
        "search, 5 interleaved runs: NullObserver best {:?} ({:.2} Mnps), Recorder best {:?} ({:.2} Mnps, {:.1} M events/s): wall ratio {:.3}, CPU ratio {:.3} ({:?} / {:?})",
        null.best_wall,
        mnps(null.best_wall),
        rec.best_wall,
        mnps(rec.best_wall),
        events as f64 / rec.best_wall.as_secs_f64() / 1e6,
        rec.best_wall.as_secs_f64() / null.best_wall.as_secs_f64(),
        rec.total_cpu.as_secs_f64() / null.total_cpu.as_secs_f64(),
        rec.total_cpu,
        null.total_cpu
    );
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("null_observer", |b| {
        b.iter(|| search_all(&mut searcher, |_| NullObserver))
    });
    group.bench_function("recorder", |b| {
        b.iter(|| search_all(&mut searcher, recorder))
    });
    group.finish();
}

/// This process's user + system CPU time (Linux `/proc/self/stat`, 10 ms ticks): on a shared
/// machine it shows the work done, where wall time also shows the wait for a core.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    Duration::from_millis(fields.iter().sum::<u64>() * 10)
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
        std::mem::size_of::<killerscope_log::Event>(),
        written
    );
    drop(log);
    let (t, cpu) = (Instant::now(), cpu_time());
    // In memory, shared with the tree index (no copy), as `Session::from_log` holds a log.
    let log: EventLog<Events> = EventLog::read_file(&path).expect("reads back").into();
    let (read, read_cpu) = (t.elapsed(), cpu_time() - cpu);
    let (t, cpu) = (Instant::now(), cpu_time());
    let tree = SearchTree::build(log.events());
    eprintln!(
        "one shot: read + validate {read:?} wall / {read_cpu:?} CPU, index {:?} wall / {:?} CPU ({} nodes)",
        t.elapsed(),
        cpu_time() - cpu,
        tree.len()
    );
    let (t, cpu) = (Instant::now(), cpu_time());
    let replay = Replay::from_log(&log);
    eprintln!(
        "one shot: Replay (killers, history) {:?} wall / {:?} CPU",
        t.elapsed(),
        cpu_time() - cpu
    );
    black_box(replay.killers_at(log.len() / 2));
    drop((log, tree, replay));
    let mut group = c.benchmark_group("trace");
    group.sample_size(10);
    group.bench_function("load_and_index_10M_events", |b| {
        b.iter(|| {
            let log: EventLog<Events> = EventLog::read_file(&path).expect("reads back").into();
            let tree = SearchTree::build(log.events());
            black_box((log.len(), tree.len()))
        })
    });
    group.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, recorder_overhead, load_and_index);
criterion_main!(benches);
