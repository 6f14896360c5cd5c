//! An engine that is not killerscope, as far as a trace can tell: a fail-hard negamax with no
//! transposition table and no quiescence, over a fixed tree of moves (every combination of
//! them is legal from the start position), ordering by its own heuristics — two killer slots
//! it calls `killer-a` / `killer-b`, a `counter` move, and `followup` / `capture-history` for
//! the rest (the last one left out of its header, as a careless engine would). It shares no
//! code with killerscope's search or move generator: it only prints lines, and writes down
//! what it did, so tests can check what killerscope makes of the trace.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fmt::Write;

/// The moves at each ply, in generation order (White at even plies).
const MOVES: [[&str; 3]; 4] = [
    ["e2e4", "d2d4", "g1f3"],
    ["e7e5", "d7d5", "g8f6"],
    ["a2a3", "h2h3", "b1c3"],
    ["a7a6", "h7h6", "b8c6"],
];

/// Its "infinity".
const INF: i32 = 1_000_000;

/// What the engine did, written down as it searched.
#[derive(Debug, Default)]
pub struct Truth {
    /// Every node in the order entered: (ply, score, bound name).
    pub nodes: Vec<(u8, i32, &'static str)>,
    /// Moves tried per source label.
    pub tries: BTreeMap<&'static str, u64>,
    /// Cutoffs per source label.
    pub cutoffs: BTreeMap<&'static str, u64>,
    /// Killer stores.
    pub killer_stores: u64,
    /// The killer rows at the end, per ply.
    pub killers: BTreeMap<u8, Vec<&'static str>>,
    /// The countermove table at the end: answered move → reply.
    pub counters: BTreeMap<&'static str, &'static str>,
    /// Lines of an event kind killerscope does not know.
    pub unknown_kinds: u64,
    /// Keys killerscope does not know.
    pub unknown_keys: u64,
    /// Each iteration's score and PV.
    pub iterations: Vec<(i32, Vec<&'static str>)>,
}

struct Engine {
    out: String,
    truth: Truth,
    killers: [[Option<&'static str>; 2]; 4],
    counters: BTreeMap<&'static str, &'static str>,
    path: Vec<&'static str>,
    pv: Vec<Vec<&'static str>>,
}

/// Its evaluation: a hash of the line, from the side to move, in −50..50.
fn evaluate(path: &[&str]) -> i32 {
    let mut h: u32 = 2_166_136_261;
    for b in path.join(" ").bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(16_777_619);
    }
    (h % 101) as i32 - 50
}

impl Engine {
    fn line(&mut self, text: String) {
        self.out.push_str(&text);
        self.out.push('\n');
    }

    fn order(&self, ply: usize, led_by: Option<&'static str>) -> Vec<(&'static str, &'static str)> {
        let mut moves: Vec<(&str, &str)> = Vec::new();
        for (slot, label) in [(0, "killer-a"), (1, "killer-b")] {
            if let Some(k) = self.killers[ply][slot] {
                moves.push((k, label));
            }
        }
        if let Some(&reply) = led_by.and_then(|m| self.counters.get(m))
            && MOVES[ply].contains(&reply)
            && !moves.iter().any(|&(m, _)| m == reply)
        {
            moves.push((reply, "counter"));
        }
        for (i, &mv) in MOVES[ply].iter().enumerate() {
            if !moves.iter().any(|&(m, _)| m == mv) {
                let label = if i % 2 == 0 {
                    "followup"
                } else {
                    "capture-history"
                };
                moves.push((mv, label));
            }
        }
        moves
    }

    fn negamax(
        &mut self,
        depth: u8,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        led_by: Option<&'static str>,
    ) -> i32 {
        let mv = led_by.map_or("null".to_string(), |m| format!("\"{m}\""));
        self.line(format!(
            r#"{{"type":"node_enter","depth":{depth},"alpha":{alpha},"beta":{beta},"move":{mv}}}"#
        ));
        let id = self.truth.nodes.len();
        self.truth.nodes.push((ply as u8, 0, ""));
        self.pv[ply].clear();
        let alpha0 = alpha;
        if depth == 0 {
            let score = evaluate(&self.path).clamp(alpha, beta);
            self.line(format!(r#"{{"type":"node_exit","score":{score}}}"#));
            let bound = if score <= alpha0 {
                "upper"
            } else if score >= beta {
                "lower"
            } else {
                "exact"
            };
            self.truth.nodes[id] = (ply as u8, score, bound);
            return score;
        }
        for (i, (mv, label)) in self.order(ply, led_by).into_iter().enumerate() {
            // The index is left out every other time: the importer counts tries.
            let index = if i % 2 == 0 {
                format!(r#","index":{i}"#)
            } else {
                String::new()
            };
            self.line(format!(
                r#"{{"type":"move_tried","move":"{mv}","source":"{label}"{index}}}"#
            ));
            *self.truth.tries.entry(label).or_default() += 1;
            self.path.push(mv);
            let score = -self.negamax(depth - 1, ply + 1, -beta, -alpha, Some(mv));
            self.path.pop();
            if score >= beta {
                // Fail-hard: the node returns beta itself. Index and source are left out: they
                // are those of the try of the same move.
                self.line(format!(
                    r#"{{"type":"cutoff","move":"{mv}","score":{beta}}}"#
                ));
                *self.truth.cutoffs.entry(label).or_default() += 1;
                if self.killers[ply][0] != Some(mv) {
                    self.killers[ply] = [Some(mv), self.killers[ply][0]];
                    let slots: Vec<String> = self.killers[ply]
                        .iter()
                        .map(|k| k.map_or("null".to_string(), |m| format!("\"{m}\"")))
                        .collect();
                    self.line(format!(
                        r#"{{"type":"killer_store","move":"{mv}","slots":[{}]}}"#,
                        slots.join(",")
                    ));
                    self.truth.killer_stores += 1;
                }
                if let Some(prev) = led_by {
                    self.counters.insert(prev, mv);
                    self.line(format!(r#"{{"type":"counter_store","move":"{mv}"}}"#));
                }
                self.line(format!(
                    r#"{{"type":"node_exit","score":{beta},"bound":"lower"}}"#
                ));
                self.truth.nodes[id] = (ply as u8, beta, "lower");
                return beta;
            }
            if score > alpha {
                alpha = score;
                let below = self.pv[ply + 1].clone();
                self.pv[ply] = std::iter::once(mv).chain(below).collect();
            }
        }
        self.line(format!(r#"{{"type":"node_exit","score":{alpha}}}"#));
        let bound = if alpha <= alpha0 { "upper" } else { "exact" };
        self.truth.nodes[id] = (ply as u8, alpha, bound);
        alpha
    }
}

/// The other engine's trace of an iterative-deepening search to `depth` (1–4) from the start
/// position, and what it did.
pub fn trace(depth: u8) -> (String, Truth) {
    let mut engine = Engine {
        out: String::new(),
        truth: Truth::default(),
        killers: [[None; 2]; 4],
        counters: BTreeMap::new(),
        path: Vec::new(),
        pv: vec![Vec::new(); 6],
    };
    engine.line(
        r#"{"type":"header","schema":1,"engine":"other 0.1 (fail-hard, no TT, no quiescence)","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","ordering":{"killers":2,"counter":true},"limits":{"depth":"4"},"sources":[{"label":"killer-a","name":"first killer","colour":"yellow","killer_slot":0},{"label":"killer-b","name":"second killer","colour":"yellow","killer_slot":1},{"label":"counter","name":"countermove","colour":"green"},{"label":"followup","name":"follow-up history","colour":"ultraviolet"}]}"#
            .to_string(),
    );
    for d in 1..=depth.min(4) {
        let score = engine.negamax(d, 0, -INF, INF, None);
        let pv: Vec<&str> = engine.pv[0].clone();
        let quoted: Vec<String> = pv.iter().map(|m| format!("\"{m}\"")).collect();
        let mut line = String::new();
        let _ = write!(
            line,
            r#"{{"type":"iteration","depth":{d},"score":{score},"pv":[{}],"nps":1234,"hashfull":0}}"#,
            quoted.join(",")
        );
        engine.line(line);
        engine.line(format!(r#"{{"type":"probcut","depth":{d},"margin":200}}"#));
        engine.truth.unknown_keys += 2;
        engine.truth.unknown_kinds += 1;
        engine.truth.iterations.push((score, pv));
    }
    for (ply, row) in engine.killers.iter().enumerate() {
        if row[0].is_some() {
            engine
                .truth
                .killers
                .insert(ply as u8, row.iter().flatten().copied().collect());
        }
    }
    engine.truth.counters = engine.counters.clone();
    (engine.out, engine.truth)
}
