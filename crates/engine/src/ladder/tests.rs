//! The ladder's tests: the Knuth–Moore count, the branching factor, and climbs that must
//! equal each other on any pool.

use super::*;

#[test]
fn knuth_moore_on_uniform_trees() {
    // b = 2, d = 3: 2² + 2¹ − 1 = 5 leaves of the 8.
    assert_eq!(knuth_moore(2.0, 3), 5.0);
    // d = 4: b² + b² − 1.
    assert_eq!(knuth_moore(10.0, 4), 199.0);
    assert_eq!(knuth_moore(20.0, 1), 20.0);
}

#[test]
fn the_branching_factor_of_the_start_position() {
    // perft(2) = 400: twenty moves each side.
    let b = branching_factor(&Position::startpos(), 2);
    assert!((b - 20.0).abs() < 1e-9, "{b}");
}

#[test]
fn climbing_all_at_once_climbs_each_ladder_as_alone() {
    let positions = [
        Position::startpos(),
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .expect("a legal position"),
    ];
    let chosen: Vec<Rung> = rungs(7).into_iter().skip(1).step_by(3).collect();
    let alone: Vec<Ladder> = positions
        .iter()
        .map(|p| climb(p, 3, &chosen, 1, &|_| {}, &AtomicBool::new(false)))
        .collect();
    let steps = std::sync::atomic::AtomicUsize::new(0);
    let watch = |_: Step<'_>| {
        steps.fetch_add(1, Ordering::Relaxed);
    };
    for threads in [1, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        let all = pool.install(|| climb_all(&positions, 3, &chosen, 1, &watch));
        assert_eq!(all.len(), alone.len());
        for (a, b) in all.iter().zip(&alone) {
            assert_eq!(a.rungs, b.rungs, "{threads} threads");
            assert_eq!(a.branching.to_bits(), b.branching.to_bits());
        }
    }
    // Two steps (start, finish) per perft and per rung, per position, per pool.
    assert_eq!(
        steps.into_inner(),
        2 * 2 * positions.len() * (chosen.len() + 1)
    );
}

#[test]
fn a_climb_is_the_same_on_any_pool_and_counts_its_rungs() {
    let pos = Position::startpos();
    let chosen: Vec<Rung> = rungs(3).into_iter().skip(2).collect();
    // The oracle: each rung's tree counted alone, one after another.
    let alone: Vec<TreeSize> = chosen
        .iter()
        .map(|rung| tree_size(&pos, 3, rung.ordering, 1))
        .collect();
    for threads in [1, 2, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        let told = std::sync::Mutex::new(Vec::new());
        let on_climbed = |n: usize| told.lock().expect("not poisoned").push(n);
        let never = AtomicBool::new(false);
        let ladder = pool.install(|| climb(&pos, 3, &chosen, 1, &on_climbed, &never));
        let sizes: Vec<TreeSize> = ladder.rungs.iter().map(|(_, size)| *size).collect();
        assert_eq!(sizes, alone, "{threads} threads");
        let mut told = told.into_inner().expect("not poisoned");
        told.sort_unstable();
        assert_eq!(
            told,
            (1..=chosen.len()).collect::<Vec<_>>(),
            "each rung told once"
        );
    }
    // Stopped before it starts: no rung is climbed, none is told.
    let stopped = AtomicBool::new(true);
    let ladder = climb(&pos, 3, &chosen, 1, &|_| panic!("no rung climbs"), &stopped);
    assert!(ladder.rungs.is_empty());
}

#[test]
fn rungs_add_one_heuristic_each() {
    let keys: Vec<&str> = rungs(1).iter().map(|r| r.key).collect();
    assert_eq!(
        keys,
        [
            "worst",
            "random",
            "generation",
            "mvv-lva",
            "killers",
            "history",
            "tt",
            "oracle-no-tt",
            "oracle"
        ]
    );
    let changes: Vec<String> = rungs(1).iter().map(|r| r.ordering.changes()).collect();
    assert_eq!(
        changes[2..7],
        [
            "killers=0,history=off,tt=off,mvvlva=off",
            "killers=0,history=off,tt=off",
            "history=off,tt=off",
            "tt=off",
            "default",
        ]
    );
}
