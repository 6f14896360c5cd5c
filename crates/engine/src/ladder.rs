//! The ordering ladder: one position searched to one depth under orders from the worst to the
//! oracle's, each heuristic added on its own rung, beside the Knuth–Moore count of the minimal
//! tree — how much of alpha-beta's promise each heuristic delivers. The data the lab
//! (`compare --ladder`) prints and draws, and the explorer charts; no terminal, no files.
//!
//! Knuth and Moore (1975) proved that a uniform tree of branching factor `b` searched to depth
//! `d` with perfect ordering has `b^⌈d/2⌉ + b^⌊d/2⌋ − 1` leaves. A chess tree is not uniform, so
//! `b` is the position's mean branching factor over those `d` plies, `perft(d)^(1/d)` (every
//! legal line counted once), and the search's leaves are its horizon nodes — where the last
//! iteration hands over to quiescence.

use super::config::MoveOrder;
use super::config::{HistoryMode, OrderingConfig, SearchConfig};
use super::limits::Limits;
use super::searcher::Searcher;
use killerscope_chess::Position;
use killerscope_log::Event;
use killerscope_log::NodeKind;
use killerscope_log::SearchObserver;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// One rung: a named ordering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// Its key on the command line (`--rungs`): `worst`, `killers`, `oracle-no-tt`.
    pub key: &'static str,
    /// Its name in tables and charts: `worst`, `+ killers`.
    pub name: &'static str,
    /// The ordering it searches with.
    pub ordering: OrderingConfig,
}

/// The rungs, worst first: the worst and a random order, then the heuristics added one at a
/// time (all without the transposition table until `+ TT`), then the oracle without and with
/// the table. `seed` seeds the random rung.
pub fn rungs(seed: u64) -> Vec<Rung> {
    let bare = OrderingConfig {
        tt_move: false,
        mvv_lva: false,
        killer_slots: 0,
        history: HistoryMode::Off,
        ..OrderingConfig::default()
    };
    let mvv_lva = OrderingConfig {
        mvv_lva: true,
        ..bare
    };
    let killers = OrderingConfig {
        killer_slots: OrderingConfig::default().killer_slots,
        ..mvv_lva
    };
    let history = OrderingConfig {
        history: HistoryMode::Plain,
        ..killers
    };
    let with_tt = OrderingConfig::default();
    let order = |order: MoveOrder, base: OrderingConfig| OrderingConfig { order, ..base };
    let rung = |key, name, ordering| Rung {
        key,
        name,
        ordering,
    };
    vec![
        rung("worst", "worst", order(MoveOrder::Worst, history)),
        rung("random", "random", order(MoveOrder::Random(seed), history)),
        rung("generation", "generation order", bare),
        rung("mvv-lva", "MVV-LVA", mvv_lva),
        rung("killers", "+ killers", killers),
        rung("history", "+ history", history),
        rung("tt", "+ TT", with_tt),
        rung(
            "oracle-no-tt",
            "oracle, no TT",
            order(MoveOrder::Oracle, history),
        ),
        rung("oracle", "oracle", order(MoveOrder::Oracle, with_tt)),
    ]
}

/// The size of one search's tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeSize {
    /// Every node of every iteration, main and quiescence (what `search` reports).
    pub nodes: u64,
    /// The main-search nodes of the last iteration.
    pub last_main: u64,
    /// The horizon nodes of the last iteration: quiescence nodes entered from the main search,
    /// the leaves Knuth and Moore count.
    pub leaves: u64,
}

/// Counts main nodes and horizon leaves per iteration.
#[derive(Debug, Default)]
pub struct TreeCounter {
    /// The kind of each open node, innermost last.
    open: Vec<NodeKind>,
    main: u64,
    leaves: u64,
    nodes: u64,
    /// The last completed iteration's figures.
    last: TreeSize,
}

impl TreeCounter {
    /// The counts of the last completed iteration (`nodes`: every node so far).
    pub fn size(&self) -> TreeSize {
        TreeSize {
            nodes: self.nodes,
            ..self.last
        }
    }
}

impl SearchObserver for TreeCounter {
    fn observe(&mut self, event: Event) {
        match event {
            Event::NodeEnter { kind, .. } => {
                self.nodes += 1;
                match kind {
                    NodeKind::Main => self.main += 1,
                    NodeKind::Quiescence if self.open.last() == Some(&NodeKind::Main) => {
                        self.leaves += 1;
                    }
                    NodeKind::Quiescence => {}
                }
                self.open.push(kind);
            }
            Event::NodeExit { .. } => {
                self.open.pop();
            }
            Event::Iteration { .. } => {
                self.last = TreeSize {
                    nodes: 0,
                    last_main: std::mem::take(&mut self.main),
                    leaves: std::mem::take(&mut self.leaves),
                };
            }
            _ => {}
        }
    }
}

/// Searches `pos` to `depth` under `ordering` (full width, from an empty table of `hash_mib`)
/// and measures its tree.
pub fn tree_size(pos: &Position, depth: u8, ordering: OrderingConfig, hash_mib: usize) -> TreeSize {
    tree_size_until(pos, depth, ordering, hash_mib, &AtomicBool::new(false))
}

/// The same, the search ending early once `stop` is set (its figures are then of a partial
/// tree: the caller drops them).
fn tree_size_until(
    pos: &Position,
    depth: u8,
    ordering: OrderingConfig,
    hash_mib: usize,
    stop: &AtomicBool,
) -> TreeSize {
    let mut searcher = Searcher::new(SearchConfig {
        ordering,
        hash_mib,
        ..SearchConfig::default()
    });
    let mut counter = TreeCounter::default();
    searcher.search(
        pos,
        &[],
        &Limits::depth(depth),
        stop,
        &mut counter,
        &mut |_| {},
    );
    counter.size()
}

/// The position's mean branching factor over `depth` plies: `perft(depth)^(1/depth)` (0 when
/// the position has no legal move).
pub fn branching_factor(pos: &Position, depth: u8) -> f64 {
    let leaves = pos.clone().perft(u32::from(depth.max(1)));
    (leaves as f64).powf(1.0 / f64::from(depth.max(1)))
}

/// Knuth and Moore's count of the leaves of the minimal tree of a uniform tree with branching
/// factor `b` and depth `d`: `b^⌈d/2⌉ + b^⌊d/2⌋ − 1`.
pub fn knuth_moore(b: f64, d: u8) -> f64 {
    let d = i32::from(d);
    b.powi((d + 1) / 2) + b.powi(d / 2) - 1.0
}

/// A whole ladder for one position and depth.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// The depth every rung searched to.
    pub depth: u8,
    /// The position's mean branching factor over that depth.
    pub branching: f64,
    /// The Knuth–Moore leaf count for that branching factor and depth.
    pub knuth_moore: f64,
    /// Every rung with its tree, worst first.
    pub rungs: Vec<(Rung, TreeSize)>,
}

impl Ladder {
    /// The oracle's rung (with the table when both were climbed) and its tree: the
    /// perfect-ordering tree a real search produced.
    pub fn oracle(&self) -> Option<&(Rung, TreeSize)> {
        self.rungs
            .iter()
            .rev()
            .find(|(rung, _)| rung.ordering.order == MoveOrder::Oracle)
    }
}

/// Climbs `rungs` (usually `rungs(seed)`, or some of them) for `pos` at `depth`, every rung
/// (and the position's perft) a task of its own on the current rayon pool, as [`climb_all`]
/// does. `on_climbed` is told, from whichever thread finished it, how many rungs are climbed
/// (for a progress bar). Once `stop` is set (the explorer's `s` / Esc) no rung starts and the
/// ones being searched are dropped: the ladder holds the rungs before the first one not
/// climbed whole.
pub fn climb(
    pos: &Position,
    depth: u8,
    rungs: &[Rung],
    hash_mib: usize,
    on_climbed: &(dyn Fn(usize) + Sync),
    stop: &AtomicBool,
) -> Ladder {
    let climbed = AtomicUsize::new(0);
    let watch = |step: Step<'_>| {
        if let Step::Finished(..) = step {
            on_climbed(climbed.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    let positions = std::slice::from_ref(pos);
    let mut ladders = climb_until(positions, depth, rungs, hash_mib, &watch, stop);
    ladders.pop().expect("one position climbs one ladder")
}

/// What [`climb_all`] tells its watcher: a search starting or done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// The position's branching factor (a perft) is being counted.
    Counting(usize),
    /// It has been.
    Counted(usize),
    /// A rung of the position is being searched.
    Started(usize, &'a Rung),
    /// It has been.
    Finished(usize, &'a Rung),
}

/// One unit of [`climb_all`]'s work: a position's perft, or one rung on one position.
enum Work {
    Branching(usize),
    Rung(usize, usize),
}

/// Climbs `rungs` on each of `positions` at `depth`, every search (and every position's perft)
/// a task of its own on the current rayon pool — each search from its own empty tables, so the
/// ladders are the same whatever the pool's size — and returns the ladders in position order.
/// `watch` hears each task start and finish, from whichever thread runs it.
pub fn climb_all(
    positions: &[Position],
    depth: u8,
    rungs: &[Rung],
    hash_mib: usize,
    watch: &(dyn Fn(Step<'_>) + Sync),
) -> Vec<Ladder> {
    climb_until(
        positions,
        depth,
        rungs,
        hash_mib,
        watch,
        &AtomicBool::new(false),
    )
}

/// [`climb_all`], stopping once `stop` is set: no task starts after it, the rung being
/// searched is dropped (its `Finished` is never heard), and each ladder keeps the rungs before
/// its first one not climbed whole.
fn climb_until(
    positions: &[Position],
    depth: u8,
    rungs: &[Rung],
    hash_mib: usize,
    watch: &(dyn Fn(Step<'_>) + Sync),
    stop: &AtomicBool,
) -> Vec<Ladder> {
    use rayon::prelude::*;
    let work: Vec<Work> = (0..positions.len())
        .flat_map(|p| {
            let climbs = (0..rungs.len()).map(move |r| Work::Rung(p, r));
            std::iter::once(Work::Branching(p)).chain(climbs)
        })
        .collect();
    let stopped = || stop.load(Ordering::Relaxed);
    // Each task gives a branching factor (a perft) or a tree size (a rung, `None` if stopped).
    let done: Vec<(f64, Option<TreeSize>)> = work
        .par_iter()
        .with_max_len(1)
        .map(|w| match *w {
            Work::Branching(p) => {
                watch(Step::Counting(p));
                let b = branching_factor(&positions[p], depth);
                watch(Step::Counted(p));
                (b, None)
            }
            Work::Rung(_, _) if stopped() => (0.0, None),
            Work::Rung(p, r) => {
                let rung = &rungs[r];
                watch(Step::Started(p, rung));
                let size = tree_size_until(&positions[p], depth, rung.ordering, hash_mib, stop);
                if stopped() {
                    return (0.0, None);
                }
                watch(Step::Finished(p, rung));
                (0.0, Some(size))
            }
        })
        .collect();
    done.chunks(rungs.len() + 1)
        .map(|tasks| {
            let branching = tasks[0].0;
            let climbed = rungs
                .iter()
                .zip(&tasks[1..])
                .map_while(|(rung, &(_, size))| Some((rung.clone(), size?)))
                .collect();
            Ladder {
                depth,
                branching,
                knuth_moore: knuth_moore(branching, depth),
                rungs: climbed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
