//! What a UCI engine reveals of its search, as a trace: any engine that speaks UCI prints
//! `info` lines while it searches, and these turn them into trace lines (`docs/trace-schema.md`)
//! so `log stats`, the charts and the explorer work for an engine nobody can instrument.
//!
//! Each `info … score … pv …` line of the first PV is one top-level root node: its depth, its
//! score and bound (a `lowerbound` line is an aspiration fail-high: the score is at least beta;
//! an `upperbound` line a fail-low), the engine's node count, and under it the root moves in the
//! order the engine searched them, where it reported them with `currmove` (Stockfish does after
//! three seconds of search). An exact line ends an iteration (`iteration` with its PV, nodes and
//! time); a bound line is followed by an `aspiration` event. Of a window the protocol reveals
//! only the side that failed: the other bound is written as infinite.
//!
//! [`UciTrace`] is fed the engine's output a line at a time and hands back trace lines as they
//! become known, so a live view can import them as the engine searches.

use killerscope_engine::score::INFINITY;
use serde_json::{Value, json};

/// The source label of root moves reported by `currmove`.
pub const CURRMOVE: &str = "currmove";

/// The search as the engine's `info` lines have revealed it so far.
#[derive(Debug, Default)]
pub struct UciTrace {
    /// Root moves reported by `currmove` since the last root node, in order.
    moves: Vec<(String, u64)>,
    /// Depth of those moves.
    moves_depth: Option<u64>,
    /// Lines read that said something this conversion does not use (other PVs, strings).
    ignored: u64,
}

/// What one `info` line says, of what a trace can hold.
#[derive(Debug, Default, PartialEq)]
struct Info {
    depth: Option<u64>,
    multipv: Option<u64>,
    score: Option<Value>,
    bound: Option<&'static str>,
    nodes: Option<u64>,
    time: Option<u64>,
    pv: Vec<String>,
    currmove: Option<String>,
    currmovenumber: Option<u64>,
}

/// Reads the tokens of an `info` line (after `info`).
fn parse_info<'a>(mut tokens: impl Iterator<Item = &'a str>) -> Option<Info> {
    let mut info = Info::default();
    let number = |t: Option<&str>| t.and_then(|t| t.parse::<u64>().ok());
    while let Some(token) = tokens.next() {
        match token {
            "depth" => info.depth = number(tokens.next()),
            "multipv" => info.multipv = number(tokens.next()),
            "nodes" => info.nodes = number(tokens.next()),
            "time" => info.time = number(tokens.next()),
            "currmove" => info.currmove = tokens.next().map(str::to_string),
            "currmovenumber" => info.currmovenumber = number(tokens.next()),
            "score" => {
                let kind = tokens.next()?;
                let value: i64 = tokens.next()?.parse().ok()?;
                info.score = Some(match kind {
                    "cp" => json!(value),
                    "mate" => json!({ "mate": value }),
                    _ => return None,
                });
            }
            "lowerbound" => info.bound = Some("lower"),
            "upperbound" => info.bound = Some("upper"),
            "pv" => {
                info.pv = tokens.by_ref().map(str::to_string).collect();
            }
            // `string` runs to the end of the line and says nothing a trace holds.
            "string" => return None,
            _ => {}
        }
    }
    Some(info)
}

impl UciTrace {
    /// A conversion that has seen nothing yet.
    pub fn new() -> UciTrace {
        UciTrace::default()
    }

    /// The header line of the trace of a search of `fen` by `engine`, with the engine
    /// `options` given and the search `limits` (`("depth", "12")`).
    pub fn header(
        engine: &str,
        fen: &str,
        options: &[(String, String)],
        limits: &[(String, String)],
    ) -> String {
        let map = |pairs: &[(String, String)]| {
            Value::Object(
                pairs
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                    .collect(),
            )
        };
        json!({
            "type": "header",
            "schema": 1,
            "engine": engine,
            "fen": fen,
            "ordering": map(options),
            "limits": map(limits),
            "sources": [{
                "label": CURRMOVE,
                "name": "root move, in the order the engine reported it (currmove)",
                "role": "other",
            }],
        })
        .to_string()
    }

    /// The trace of a search whose `info` lines (the engine's output up to `bestmove`) are
    /// `lines`: its header, then the lines each completes.
    pub fn convert<'a>(
        engine: &str,
        fen: &str,
        options: &[(String, String)],
        limits: &[(String, String)],
        lines: impl Iterator<Item = &'a str>,
    ) -> String {
        let mut out = UciTrace::header(engine, fen, options, limits) + "\n";
        let mut trace = UciTrace::new();
        for line in lines {
            for traced in trace.feed(line) {
                out.push_str(&traced);
                out.push('\n');
            }
        }
        out
    }

    /// Lines read that this conversion had no use for (second PVs, `info string`, …).
    pub fn ignored(&self) -> u64 {
        self.ignored
    }

    /// Reads one line the engine printed; returns the trace lines it completes (none for most).
    pub fn feed(&mut self, line: &str) -> Vec<String> {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("info") {
            return Vec::new();
        }
        let Some(info) = parse_info(tokens) else {
            self.ignored += 1;
            return Vec::new();
        };
        if let Some(mv) = info.currmove {
            if info.depth != self.moves_depth {
                self.moves.clear();
                self.moves_depth = info.depth;
            }
            let index = info
                .currmovenumber
                .map_or(self.moves.len() as u64, |n| n.saturating_sub(1));
            self.moves.push((mv, index));
            return Vec::new();
        }
        match (info.score.clone(), info.depth, info.multipv.unwrap_or(1)) {
            (Some(score), Some(depth), 1) => self.root(&info, score, depth),
            _ => {
                self.ignored += u64::from(info.score.is_some());
                Vec::new()
            }
        }
    }

    /// The root node an `info … score …` line reveals, and its iteration or aspiration event.
    fn root(&mut self, info: &Info, score: Value, depth: u64) -> Vec<String> {
        let depth = depth.min(127);
        let (alpha, beta) = match info.bound {
            Some("lower") => (json!(-INFINITY), score.clone()),
            Some("upper") => (score.clone(), json!(INFINITY)),
            _ => (json!(-INFINITY), json!(INFINITY)),
        };
        let mut lines = vec![
            json!({"type": "node_enter", "depth": depth, "alpha": alpha, "beta": beta}).to_string(),
        ];
        let moves = if self.moves_depth == Some(depth) {
            std::mem::take(&mut self.moves)
        } else {
            Vec::new()
        };
        for (mv, index) in moves.into_iter().filter(|&(_, i)| i <= 255) {
            lines.push(
                json!({"type": "move_tried", "move": mv, "index": index, "source": CURRMOVE})
                    .to_string(),
            );
        }
        let bound = info.bound.unwrap_or("exact");
        lines.push(json!({"type": "node_exit", "score": score, "bound": bound}).to_string());
        let mut iteration =
            json!({"type": "iteration", "depth": depth, "score": score, "pv": info.pv});
        if let Some(nodes) = info.nodes {
            iteration["nodes"] = json!(nodes);
        }
        if let Some(time) = info.time {
            iteration["time"] = json!(time);
        }
        lines.push(match info.bound {
            None => iteration.to_string(),
            Some(side) => {
                let outcome = if side == "lower" { "fail_high" } else { "fail_low" };
                json!({"type": "aspiration", "depth": depth, "alpha": alpha, "beta": beta, "outcome": outcome})
                    .to_string()
            }
        });
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exact_line_is_a_root_and_an_iteration() {
        let mut trace = UciTrace::new();
        assert!(
            trace
                .feed("info depth 3 currmove e2e4 currmovenumber 1")
                .is_empty()
        );
        assert!(
            trace
                .feed("info depth 3 currmove d2d4 currmovenumber 2")
                .is_empty()
        );
        let lines = trace.feed(
            "info depth 3 seldepth 4 multipv 1 score cp 51 nodes 120 nps 9 time 7 pv e2e4 e7e5",
        );
        assert_eq!(
            lines,
            [
                r#"{"alpha":-32001,"beta":32001,"depth":3,"type":"node_enter"}"#,
                r#"{"index":0,"move":"e2e4","source":"currmove","type":"move_tried"}"#,
                r#"{"index":1,"move":"d2d4","source":"currmove","type":"move_tried"}"#,
                r#"{"bound":"exact","score":51,"type":"node_exit"}"#,
                r#"{"depth":3,"nodes":120,"pv":["e2e4","e7e5"],"score":51,"time":7,"type":"iteration"}"#,
            ]
        );
    }

    #[test]
    fn bound_lines_are_aspiration_failures_and_other_lines_are_counted() {
        let mut trace = UciTrace::new();
        let lines = trace.feed("info depth 9 multipv 1 score mate 3 lowerbound nodes 5 pv g1f3");
        assert_eq!(
            lines[0],
            r#"{"alpha":-32001,"beta":{"mate":3},"depth":9,"type":"node_enter"}"#
        );
        assert_eq!(
            lines[1],
            r#"{"bound":"lower","score":{"mate":3},"type":"node_exit"}"#
        );
        assert!(
            lines[2].contains(r#""outcome":"fail_high""#),
            "{}",
            lines[2]
        );
        let lines = trace.feed("info depth 9 multipv 1 score cp -20 upperbound pv g1f3");
        assert!(lines[2].contains(r#""outcome":"fail_low""#), "{}", lines[2]);
        assert!(
            trace
                .feed("info depth 9 multipv 2 score cp 5 pv e2e4")
                .is_empty()
        );
        assert!(trace.feed("info string NNUE evaluation enabled").is_empty());
        assert!(trace.feed("bestmove g1f3").is_empty());
        assert_eq!(trace.ignored(), 2);
    }
}
