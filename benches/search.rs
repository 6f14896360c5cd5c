//! Engine budgets: search speed with `NullObserver` at a fixed depth (criterion's throughput is
//! nodes per second), after printing the deterministic node-count table for killers 0/1/2/3 ×
//! history on/off over the classroom positions — the killer effect.
//!
//! Run briefly: `cargo bench --bench search -- --warm-up-time 1 --measurement-time 3`.
//! `KILLERSCOPE_TABLE_DEPTH` sets the table's depth (default 6; 0 skips the table).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use killerscope_chess::Position;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, Searcher};
use killerscope_log::NullObserver;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const HASH_MIB: usize = 16;

/// Nodes a fresh searcher needs to reach `depth` from `fen` under `ordering`.
fn nodes(fen: &str, depth: u8, ordering: OrderingConfig) -> u64 {
    let pos = Position::from_fen(fen).expect("bench FEN is valid");
    let mut searcher = Searcher::new(SearchConfig {
        ordering,
        hash_mib: HASH_MIB,
        ..SearchConfig::default()
    });
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth);
    searcher
        .search(&pos, &[], &limits, &stop, &mut NullObserver, &mut |_| {})
        .nodes
}

/// The classroom positions (assets/positions.epd), named by their `id`.
fn classroom() -> Vec<(String, String)> {
    include_str!("../assets/positions.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = format!("{} 0 1", fields[..4].join(" "));
            let name = line
                .split("id \"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or("?")
                .to_string();
            (name, fen)
        })
        .collect()
}

fn print_node_table() {
    let depth: u8 = std::env::var("KILLERSCOPE_TABLE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    if depth == 0 {
        return;
    }
    let mut configs = Vec::new();
    for history in ["on", "off"] {
        for killers in 0..=3 {
            configs.push(format!("killers={killers},history={history}"));
        }
    }
    println!("\nNodes to depth {depth} (main + quiescence), TT on, {HASH_MIB} MiB:\n");
    let header: Vec<String> = configs.iter().map(|c| format!("`{c}`")).collect();
    println!("| position | {} |", header.join(" | "));
    println!("| --- |{}", " ---: |".repeat(configs.len()));
    let mut totals = vec![0u64; configs.len()];
    for (name, fen) in classroom() {
        let row: Vec<u64> = configs
            .iter()
            .map(|c| nodes(&fen, depth, c.parse().expect("valid config")))
            .collect();
        for (t, n) in totals.iter_mut().zip(&row) {
            *t += n;
        }
        let cells: Vec<String> = row.iter().map(u64::to_string).collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    let cells: Vec<String> = totals.iter().map(u64::to_string).collect();
    println!("| **total** | {} |", cells.join(" | "));
    let base = totals[2] as f64;
    let ratios: Vec<String> = totals
        .iter()
        .map(|&t| format!("{:.3}", t as f64 / base))
        .collect();
    println!(
        "| ratio to killers=2,history=on | {} |\n",
        ratios.join(" | ")
    );
}

fn search_speed(c: &mut Criterion) {
    print_node_table();
    let mut group = c.benchmark_group("search_null_observer");
    group.sample_size(10);
    for (name, fen, depth) in [
        ("startpos", STARTPOS, 7),
        ("kiwipete", KIWIPETE, 6),
        ("puzzle", PUZZLE, 7),
    ] {
        let pos = Position::from_fen(fen).expect("bench FEN is valid");
        let count = nodes(fen, depth, OrderingConfig::default());
        group.throughput(Throughput::Elements(count));
        let mut searcher = Searcher::new(SearchConfig {
            ordering: OrderingConfig::default(),
            hash_mib: HASH_MIB,
            ..SearchConfig::default()
        });
        let stop = AtomicBool::new(false);
        let limits = Limits::depth(depth);
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| {
                searcher.clear();
                let report =
                    searcher.search(&pos, &[], &limits, &stop, &mut NullObserver, &mut |_| {});
                black_box(report.nodes)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search_speed);
criterion_main!(benches);
