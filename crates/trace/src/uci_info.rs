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
use killerscope_text::quote;
use serde_json::{Value, json};

/// The source label of root moves reported by `currmove`.
pub const CURRMOVE: &str = "currmove";

/// The header's `filter`: a UCI trace holds only part of the search, and says which, so no
/// reader takes a root move the engine did not report for one it did not search (the doctor's
/// `move-never-tried`, the audit, `diff`). Worded to follow "records only", as the recording
/// filters are (`plies 2..4`).
pub const UCI_FILTER: &str = "the root moves the engine reported (UCI currmove)";

mod parse;

use parse::{Info, parse_info};

/// The search as the engine's `info` lines have revealed it so far.
#[derive(Debug, Default)]
pub struct UciTrace {
    /// Root moves reported by `currmove` since the last root node, in order.
    moves: Vec<(String, u64)>,
    /// Depth of those moves.
    moves_depth: Option<u64>,
    /// Lines read so far (since `go`).
    lines: u64,
    /// Lines that said nothing a trace holds (other PVs, strings, progress counters).
    ignored: u64,
    /// Lines that did not read in full (a word or value that is not UCI's, a line that is not
    /// UTF-8 or runs on without end).
    unread: u64,
    /// The first of those: its number, what did not read, and the line (quoted, short).
    first_unread: Option<String>,
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
            "filter": UCI_FILTER,
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

    /// Lines read that said nothing a trace holds (second PVs, `info string`, progress).
    pub fn ignored(&self) -> u64 {
        self.ignored
    }

    /// Lines that did not read in full, and the first of them in words (`line 7: depth "x" is
    /// not a number, in "info depth x …"`).
    pub fn unread(&self) -> (u64, Option<&str>) {
        (self.unread, self.first_unread.as_deref())
    }

    /// Lines read so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Counts a line that could not be read at all (`why`: not UTF-8, too long).
    pub fn unreadable(&mut self, why: &str) {
        self.lines += 1;
        self.note(why, None);
    }

    fn note(&mut self, why: &str, line: Option<&str>) {
        self.unread += 1;
        if self.first_unread.is_none() {
            let line = line.map_or(String::new(), |l| format!(", in \"{}\"", quote(l)));
            self.first_unread = Some(format!("line {}: {why}{line}", self.lines));
        }
    }

    /// Reads one line the engine printed; returns the trace lines it completes (none for most).
    /// Every line is counted: used, ignored (nothing a trace holds) or not read in full.
    pub fn feed(&mut self, line: &str) -> Vec<String> {
        self.lines += 1;
        let mut tokens = line.split_whitespace();
        match tokens.next() {
            Some("info") => {}
            None => {
                self.ignored += 1;
                return Vec::new();
            }
            Some(_) => {
                self.note("not an info line", Some(line));
                return Vec::new();
            }
        }
        let info = parse_info(tokens);
        if let Some(first) = info.problems.first() {
            self.note(first, Some(line));
        }
        if info.string {
            self.ignored += 1;
            return Vec::new();
        }
        if let Some(mv) = &info.currmove {
            if info.depth != self.moves_depth {
                self.moves.clear();
                self.moves_depth = info.depth;
            }
            let index = info
                .currmovenumber
                .map_or(self.moves.len() as u64, |n| n.saturating_sub(1));
            self.moves.push((mv.clone(), index));
        }
        match (info.score.clone(), info.depth, info.multipv.unwrap_or(1)) {
            (Some(score), Some(depth), 1) => self.root(&info, score, depth),
            _ => {
                if info.currmove.is_none() && info.problems.is_empty() {
                    self.ignored += 1;
                }
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
        assert_eq!(
            trace.unread(),
            (1, Some("line 5: not an info line, in \"bestmove g1f3\""))
        );
        // A currmove on a scored line is a root move and the line a root.
        let lines = trace.feed("info depth 1 score cp 10 currmove e2e4 currmovenumber 1 pv e2e4");
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(lines[1].contains(r#""move":"e2e4""#), "{}", lines[1]);
    }
}
