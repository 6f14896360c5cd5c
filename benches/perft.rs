//! Move generator speed, in-process: perft counting the last ply in bulk (the default of
//! `killerscope perft`), and perft making and unmaking every leaf (`perft --full`), start
//! position depth 5 and Kiwipete depth 4. Criterion reports throughput in elements per second;
//! one element is one leaf node, so `Melem/s` reads as Mnps. The comparison with other
//! generators, as whole processes, is `tools/perft_compare.py`.
//!
//! Run briefly on a shared machine:
//! `cargo bench --bench perft -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use killerscope_chess::{PerftMode, Position};
use std::hint::black_box;

const CASES: &[(&str, &str, u32, u64)] = &[
    (
        "startpos_d5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete_d4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (mode, label) in [(PerftMode::Bulk, "bulk"), (PerftMode::Full, "full")] {
        for &(name, fen, depth, nodes) in CASES {
            let Ok(mut pos) = Position::from_fen(fen) else {
                panic!("bad benchmark FEN {fen}");
            };
            assert_eq!(
                pos.perft_with(depth, mode),
                nodes,
                "{name} must count right"
            );
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{label}_{name}"), |b| {
                b.iter(|| black_box(&mut pos).perft_with(black_box(depth), mode))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
