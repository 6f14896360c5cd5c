//! Import budget: a 10-million-event JSON Lines trace imports at ≥ 1 million events per second,
//! holding the events, not the text. The trace is generated here, not committed: a real
//! recorded search of the start position exported once, its event lines repeated (each copy is
//! a whole search, so every line is checked as it would be) behind one header, streamed from
//! memory by a reader that never holds the whole text.
//!
//! Run: `cargo bench --bench import -- --warm-up-time 1 --measurement-time 60`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::{LogHeader, Recorder};
use killerscope_trace::write_jsonl;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use std::hint::black_box;
use std::io::{self, Read};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const EVENTS: u64 = 10_000_000;

/// A header line and the event lines of one recorded search.
fn one_search() -> (Vec<u8>, Vec<u8>, u64) {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let config = SearchConfig::default();
    let limits = Limits::depth(5);
    let mut recorder = Recorder::new(LogHeader::new(fen, &config.ordering, &limits));
    let root = Position::from_fen(fen).expect("start position");
    let stop = AtomicBool::new(false);
    Searcher::new(config).search(&root, &[], &limits, &stop, &mut recorder, &mut |_| {});
    let log = recorder.into_log();
    let mut text = Vec::new();
    write_jsonl(&log, &mut text).expect("Vec write");
    let split = text
        .iter()
        .position(|&b| b == b'\n')
        .expect("a header line")
        + 1;
    let body = text.split_off(split);
    (text, body, log.len() as u64)
}

/// The header, then `body` `times` times, read in pieces.
struct Repeated<'a> {
    header: &'a [u8],
    body: &'a [u8],
    times: u64,
    at: usize,
}

impl Read for Repeated<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.header.is_empty() {
            let n = self.header.len().min(buf.len());
            buf[..n].copy_from_slice(&self.header[..n]);
            self.header = &self.header[n..];
            return Ok(n);
        }
        if self.times == 0 {
            return Ok(0);
        }
        let n = (self.body.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.body[self.at..self.at + n]);
        self.at += n;
        if self.at == self.body.len() {
            self.at = 0;
            self.times -= 1;
        }
        Ok(n)
    }
}

fn import(c: &mut Criterion) {
    let (header, body, per_copy) = one_search();
    let times = EVENTS.div_ceil(per_copy);
    let events = times * per_copy;
    println!(
        "trace: {events} events, {:.0} MiB of text ({} copies of a {per_copy}-event search)",
        (header.len() as u64 + times * body.len() as u64) as f64 / (1 << 20) as f64,
        times
    );
    let mut group = c.benchmark_group("import");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.throughput(Throughput::Elements(events));
    group.bench_function("jsonl_10m_events", |b| {
        b.iter(|| {
            let reader = Repeated {
                header: &header,
                body: &body,
                times,
                at: 0,
            };
            let (log, _) = import_reader(reader, ImportOptions::default()).expect("imports");
            assert_eq!(log.len() as u64, events);
            black_box(log)
        })
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
