//! Recording overhead: Kiwipete to depth 7 searched without recording, recorded by streaming
//! every event to a file (what `search --log` does), and recorded the old way (in memory, then
//! written) — run in rotating order within each round, so load on the shared machine hits all
//! three alike. The figure is the ratio of each recorded run to the unrecorded run of the same
//! round: the median over rounds, wall and CPU.
//!
//! This is the in-process view, for finding where the time goes (the search thread's hooks
//! against the writer thread). It is not the figure a user sees: that is two whole processes,
//! `search --log FILE` against `search`, with the file's creation, page-cache writes and the
//! process's teardown included — `tools/record_overhead.py`, which the README's figure and the
//! budget (≤ 1.15× wall, ≤ 1.20× CPU) are about.
//!
//! Run: `cargo bench --bench record` (about a minute; `-- --sample-size 10` is the least).

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::{LogHeader, Recorder};
use killerscope_log::{NullObserver, SearchObserver};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const DEPTH: u8 = 7;

/// The three ways of running the search, in the order of `Round`'s fields.
#[derive(Clone, Copy, Debug)]
enum Way {
    Unrecorded,
    Streamed,
    InMemoryThenWritten,
}

const WAYS: [Way; 3] = [Way::Unrecorded, Way::Streamed, Way::InMemoryThenWritten];

/// Wall and CPU time of one run.
#[derive(Clone, Copy, Debug, Default)]
struct Timing {
    wall: Duration,
    cpu: Duration,
}

/// One run of each way, back to back.
type Round = [Timing; 3];

fn header() -> LogHeader {
    LogHeader::new(KIWIPETE, &Default::default(), &Limits::depth(DEPTH))
}

/// Searches Kiwipete to `DEPTH` with a fresh searcher; returns the node count.
fn search(observer: &mut impl SearchObserver) -> u64 {
    let root = Position::from_fen(KIWIPETE).expect("bench FEN is valid");
    let mut searcher = Searcher::new(SearchConfig::default());
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(DEPTH);
    let report = searcher.search(&root, &[], &limits, &stop, observer, &mut |_| {});
    report.nodes
}

/// Runs `way` once (the file is removed beforehand, outside the timing); returns its timing
/// and the events recorded.
fn run(way: Way, path: &Path) -> (Timing, u64) {
    let _ = std::fs::remove_file(path);
    let (start, cpu) = (Instant::now(), cpu_time());
    let events = match way {
        Way::Unrecorded => {
            search(&mut NullObserver);
            0
        }
        Way::Streamed => {
            let mut recorder = Recorder::new(header())
                .stream_to_file(path)
                .expect("temp dir is writable");
            search(&mut recorder);
            let log = recorder.finish().expect("the log is written");
            assert!(!log.truncated, "every event is recorded");
            log.events
        }
        Way::InMemoryThenWritten => {
            let mut recorder = Recorder::new(header()).with_cap(usize::MAX);
            search(&mut recorder);
            let log = recorder.into_log();
            log.write_file(path).expect("the log is written");
            log.len() as u64
        }
    };
    let timing = Timing {
        wall: start.elapsed(),
        cpu: cpu_time() - cpu,
    };
    (timing, events)
}

/// One round: every way once, starting with a different one each round.
fn round(k: usize, path: &Path) -> Round {
    let mut timings = Round::default();
    for i in 0..WAYS.len() {
        let w = (k + i) % WAYS.len();
        timings[w] = run(WAYS[w], path).0;
    }
    timings
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn report(rounds: &[Round], events: u64) {
    let ratio = |w: usize, of: fn(&Timing) -> Duration| {
        let ratios = rounds
            .iter()
            .map(|r| of(&r[w]).as_secs_f64() / of(&r[0]).as_secs_f64());
        median(ratios.collect())
    };
    let best = |w: usize| rounds.iter().map(|r| r[w].wall).min().unwrap_or_default();
    eprintln!(
        "\nKiwipete depth {DEPTH}, {events} events, {} rounds in rotating order; best wall: \
         unrecorded {:?}, streamed {:?}, in memory then written {:?}",
        rounds.len(),
        best(0),
        best(1),
        best(2)
    );
    for (w, name) in [(1, "streamed to a file"), (2, "in memory, then written")] {
        eprintln!(
            "  {name}: median ratio to unrecorded {:.3}x wall, {:.3}x CPU",
            ratio(w, |t| t.wall),
            ratio(w, |t| t.cpu),
        );
    }
}

fn overhead(c: &mut Criterion) {
    let path: PathBuf =
        std::env::temp_dir().join(format!("killerscope-record-{}.kslog", std::process::id()));
    let (_, events) = run(Way::Streamed, &path);
    let unrecorded = search(&mut NullObserver);
    let mut recorded = Recorder::new(header()).with_cap(usize::MAX);
    assert_eq!(
        search(&mut recorded),
        unrecorded,
        "recording must not change the search"
    );
    drop(recorded);
    let rounds = RefCell::new(Vec::new());
    let mut group = c.benchmark_group("record_kiwipete_d7");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (w, way) in WAYS.iter().enumerate() {
        group.bench_function(format!("{way:?}"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut rounds = rounds.borrow_mut();
                    let r = round(rounds.len(), &path);
                    total += r[w].wall;
                    rounds.push(r);
                }
                total
            })
        });
    }
    group.finish();
    report(&rounds.borrow(), events);
    let _ = std::fs::remove_file(&path);
}

/// This process's user + system CPU time (Linux `/proc/self/stat`, 10 ms ticks), both
/// threads: the writer thread's work counts.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

criterion_group!(benches, overhead);
criterion_main!(benches);
