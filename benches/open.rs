//! Opening a 100-million-event log (1.6 GB) in the explorer: the time from `tui --log` to its
//! first frame (the options checked, the file mapped, its header and tail read, the indexer
//! started, one frame drawn on a 160×48 `TestBackend`), which must stay under a second; the
//! time to build every index the explorer keeps (`index`: each record checked and decoded,
//! the CRC-32, the tree, the replay, the timeline's and the charts' folds, as the background
//! indexer does it); and the tree index alone (`tree`). The log is written once per bench
//! process into a temporary directory — a real search repeated to the size (see
//! `support/big_log.rs`), about three seconds — and removed at the end. The figures are with
//! the file in the page cache, as it is right after writing it.
//!
//! Run: `cargo bench --bench open` (about two minutes); `KS_OPEN_EVENTS=10000000` for a
//! smaller log.

#[path = "support/big_log.rs"]
mod big_log;

use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use killerscope::{cli::tui::TuiArgs, cli::tui::prepare};
use killerscope_chess::Position;
use killerscope_explorer::{DEFAULT_DEPTH, Session, library};
use killerscope_log::open_mapped;
use killerscope_trace::SearchTree;
use killerscope_tui::{Ui, ui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A directory of the bench's own, removed with what it holds when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn events() -> usize {
    std::env::var("KS_OPEN_EVENTS")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(100_000_000)
}

fn bench(c: &mut Criterion) {
    let dir = Scratch(std::env::temp_dir().join(format!("ks-bench-open-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0).expect("a temporary directory");
    let path = dir.0.join("big.kslog");
    let events = events();
    big_log::write(&path, events).expect("the log is written");
    eprintln!(
        "open: {events} events, {} bytes",
        path.metadata().map_or(0, |m| m.len())
    );

    let mut group = c.benchmark_group("open");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let args = TuiArgs {
        depth: DEFAULT_DEPTH,
        log: Some(path.clone()),
        ..TuiArgs::default()
    };
    group.bench_function("first_frame", |b| {
        b.iter(|| {
            let mut start = prepare(&args, library::embedded()).expect("opens");
            let mut ui = Ui::new(start.mono);
            let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("test backend");
            terminal
                .draw(|frame| ui::render(frame, &mut start.app, &mut ui))
                .expect("draws");
            start.app
        });
    });
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("index", |b| {
        b.iter(|| {
            let (log, unchecked) = open_mapped(&path).expect("maps");
            let mut session = Session::from_mapped(Position::startpos(), log, unchecked);
            session.wait_index().expect("a valid log");
            session.tree().len()
        });
    });
    group.bench_function("tree", |b| {
        b.iter(|| {
            let (log, _) = open_mapped(&path).expect("maps");
            SearchTree::build(log.events()).len()
        });
    });
    group.finish();

    let (log, _) = open_mapped(&path).expect("maps");
    let tree = SearchTree::build(log.events());
    eprintln!(
        "open: tree index {} nodes, {:.2} bytes per event",
        tree.len(),
        tree.index_bytes() as f64 / events as f64
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
