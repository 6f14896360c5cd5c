//! A deterministic toy alpha-beta over a synthetic game tree, calling the `SearchObserver` hooks
//! exactly as the contract says the real search does (killers, history, TT hits, quiescence).
//! It lets the trace tests check recorder, file, tree and replay against known ground truth
//! without depending on the engine.
#![allow(dead_code)]

use killerscope_chess::{Color, Move, MoveFlag, Square};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, OrderingConfig};
use killerscope_log::{Bound, Event, KillerSlots, MoveSource, NodeCount, NodeKind, SearchObserver};
use killerscope_trace::HistoryScores;

/// One call per event kind, spelled as events: keeps the toy search as readable as the
/// engine's own hook sites.
pub trait Hooks: SearchObserver {
    fn node_enter(&mut self, ply: u8, depth: i8, alpha: i32, beta: i32, mv: Move, kind: NodeKind) {
        self.observe(Event::NodeEnter {
            ply,
            depth,
            kind,
            mv,
            alpha,
            beta,
        });
    }
    fn move_tried(&mut self, mv: Move, index: u8, source: MoveSource) {
        self.observe(Event::MoveTried { mv, index, source });
    }
    fn cutoff(&mut self, mv: Move, index: u8, source: MoveSource, score: i32, beta: i32) {
        self.observe(Event::Cutoff {
            mv,
            index,
            source,
            score,
            beta,
        });
    }
    fn killer_store(&mut self, ply: u8, mv: Move, slots: &[Move]) {
        self.observe(Event::KillerStore {
            ply,
            mv,
            slots: KillerSlots::new(slots),
        });
    }
    fn tt_hit(&mut self, mv: Move, depth: i8, score: i32, bound: Bound, cutoff: bool) {
        self.observe(Event::TtHit {
            mv,
            depth,
            score,
            bound,
            cutoff,
        });
    }
    fn node_exit(&mut self, score: i32, bound: Bound) {
        self.observe(Event::NodeExit { score, bound });
    }
    fn iteration(&mut self, depth: u8, score: i32, nodes: u64, pv: &[Move]) {
        self.observe(Event::Iteration {
            depth,
            score,
            nodes: NodeCount::from(nodes),
        });
        self.iteration_pv(pv);
    }
}

impl<O: SearchObserver + ?Sized> Hooks for O {}

/// History saturation bound of the toy search: low, so the replayed clamp-and-halve rule is exercised.
pub const HISTORY_CAP: u32 = 150;

/// What the toy search looked like at one moment, for replay checkpoints.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    pub events: usize,
    pub killers: Vec<[Move; 2]>,
    pub history: Box<HistoryScores>,
    pub path: Vec<Move>,
}

/// The toy engine's state.
pub struct Toy {
    pub killers: Vec<[Move; 2]>,
    pub history: Box<HistoryScores>,
    pub nodes: u64,
    pub root_side: Color,
    path: Vec<Move>,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn sq(i: u64) -> Square {
    Square::from_index((i % 64) as u8)
}

impl Toy {
    pub fn new(root_side: Color) -> Toy {
        Toy {
            killers: vec![[Move::NULL; 2]; 64],
            history: Box::new([[[0; 64]; 64]; 2]),
            nodes: 0,
            root_side,
            path: Vec::new(),
        }
    }

    /// Moves of a node: drawn from a small per-ply pool so killers recur among siblings.
    fn moves(key: u64, ply: u8, captures_only: bool) -> Vec<Move> {
        let n = 3 + mix(key) % 4;
        let mut out = Vec::new();
        for i in 0..n + 2 {
            let pick = mix(key ^ (i * 0x9e37)) % 9;
            let base = mix(u64::from(ply % 2) * 1000 + pick);
            let from = sq(base);
            let to = sq(base >> 6 ^ 1);
            let flag = if pick.is_multiple_of(3) {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            let mv = Move::new(from, to, flag);
            if from != to && !out.contains(&mv) && (!captures_only || mv.is_capture()) {
                out.push(mv);
            }
        }
        out
    }

    fn side(&self, ply: u8) -> usize {
        (if ply.is_multiple_of(2) {
            self.root_side
        } else {
            self.root_side.flip()
        })
        .index()
    }

    /// Iterative deepening to `depth`, checkpointing just after entering each node of ply ≤ 1.
    pub fn run<O: SearchObserver>(
        &mut self,
        obs: &mut O,
        depth: i8,
        events: &dyn Fn(&O) -> usize,
        checkpoints: &mut Vec<Checkpoint>,
    ) {
        for d in 1..=depth {
            for v in self.history.iter_mut().flatten().flatten() {
                *v /= 2;
            }
            let score = self.search(obs, 0, d, -32000, 32000, Move::NULL, 7, events, checkpoints);
            let pv = [Move::new(sq(1), sq(18), MoveFlag::Quiet)];
            obs.iteration(d as u8, score, self.nodes, &pv);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn search<O: SearchObserver>(
        &mut self,
        obs: &mut O,
        ply: u8,
        depth: i8,
        mut alpha: i32,
        beta: i32,
        mv_in: Move,
        key: u64,
        events: &dyn Fn(&O) -> usize,
        checkpoints: &mut Vec<Checkpoint>,
    ) -> i32 {
        let quiescence = depth <= 0;
        let kind = if quiescence {
            NodeKind::Quiescence
        } else {
            NodeKind::Main
        };
        obs.node_enter(ply, depth, alpha, beta, mv_in, kind);
        if ply <= 1 {
            checkpoints.push(Checkpoint {
                events: events(obs),
                killers: self.killers.clone(),
                history: self.history.clone(),
                path: self.path.clone(),
            });
        }
        self.nodes += 1;
        let h = mix(key);
        if !quiescence && h.is_multiple_of(11) {
            let cut = h.is_multiple_of(22);
            obs.tt_hit(Move::NULL, depth, beta, Bound::Lower, cut);
            if cut {
                obs.node_exit(beta, Bound::Lower);
                return beta;
            }
        }
        let stand = (h % 200) as i32 - 100;
        if quiescence {
            if stand >= beta || ply > 12 {
                obs.node_exit(stand, Bound::Lower);
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut moves: Vec<(Move, MoveSource)> = Toy::moves(key, ply, quiescence)
            .into_iter()
            .map(|m| {
                (
                    m,
                    if m.is_capture() {
                        MoveSource::CAPTURE
                    } else {
                        MoveSource::QUIET
                    },
                )
            })
            .collect();
        for (slot, &k) in self.killers[ply as usize].iter().enumerate().rev() {
            if let Some(p) = moves.iter().position(|&(m, _)| m == k && !k.is_null()) {
                let (m, _) = moves.remove(p);
                let at = moves.iter().take_while(|(m, _)| m.is_capture()).count();
                moves.insert(at, (m, MoveSource::killer(slot)));
            }
        }
        let mut best = if quiescence {
            stand
        } else {
            -32000 + i32::from(ply)
        };
        let start_alpha = alpha;
        for (i, &(mv, source)) in moves.iter().enumerate() {
            obs.move_tried(mv, i as u8, source);
            self.path.push(mv);
            let child = mix(key ^ u64::from(mv.raw()));
            let score = -self.search(
                obs,
                ply + 1,
                depth - 1,
                -beta,
                -alpha,
                mv,
                child,
                events,
                checkpoints,
            );
            self.path.pop();
            best = best.max(score);
            if score >= beta {
                obs.cutoff(mv, i as u8, source, score, beta);
                if !quiescence && mv.is_quiet() {
                    let row = &mut self.killers[ply as usize];
                    if row[0] != mv {
                        row[1] = row[0];
                        row[0] = mv;
                    }
                    obs.killer_store(ply, mv, row);
                    let side = self.side(ply);
                    let e = &mut self.history[side][mv.from().index()][mv.to().index()];
                    *e = (*e + (depth as u32) * (depth as u32)).min(HISTORY_CAP);
                    if *e == HISTORY_CAP {
                        for v in self.history.iter_mut().flatten().flatten() {
                            *v /= 2;
                        }
                    }
                }
                obs.node_exit(score, Bound::Lower);
                return score;
            }
            alpha = alpha.max(score);
        }
        let bound = if alpha > start_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        obs.node_exit(best, bound);
        best
    }
}

/// Records a toy search of `depth` (root side white) with the given recorder; returns the toy
/// engine (for its final tables and node count) and the checkpoints.
pub fn record(recorder: &mut killerscope_log::Recorder, depth: i8) -> (Toy, Vec<Checkpoint>) {
    let mut toy = Toy::new(Color::White);
    let mut checkpoints = Vec::new();
    toy.run(recorder, depth, &|r| r.events().len(), &mut checkpoints);
    (toy, checkpoints)
}

/// The log of a toy search of `depth`, recorded in full: the input most trace tests start from.
pub fn toy_log(depth: i8) -> killerscope_log::EventLog {
    let mut recorder = killerscope_log::Recorder::new(header());
    record(&mut recorder, depth);
    recorder.into_log()
}

/// A header for toy logs.
pub fn header() -> killerscope_log::LogHeader {
    killerscope_log::LogHeader::new(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &OrderingConfig::default(),
        &Limits::depth(4),
    )
}

/// Checks that `event` encodes and decodes to itself and decodes canonically: every record
/// with one bit flipped either fails or re-encodes to exactly the flipped bytes.
pub fn assert_canonical(event: &Event) {
    let bytes = event.to_bytes();
    assert_eq!(Event::from_bytes(&bytes), Ok(*event));
    for at in 0..killerscope_log::EVENT_BYTES {
        for mask in [0x01u8, 0x40, 0x80] {
            let mut bad = bytes;
            bad[at] ^= mask;
            if let Ok(other) = Event::from_bytes(&bad) {
                assert_eq!(
                    other.to_bytes(),
                    bad,
                    "{event:?}: byte {at} ^ {mask:#x} decodes loosely"
                );
            }
        }
    }
}
