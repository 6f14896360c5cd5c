//! Parsing of `go`. Every `go` is answered by exactly one `bestmove`, however it is written: a
//! GUI that sent one waits for that answer, and a `go` dropped for a typo would leave it waiting
//! forever. So a malformed part (`depth -1`, `movetime abc`, `mate 0`, `nodes` with no number,
//! an unknown word) is skipped and listed in [`GoParams::ignored`]; the engine searches with the
//! parts that parse and says in an `info string` which were ignored.

use killerscope_chess::Color;
use killerscope_engine::Limits;
use killerscope_text::quote;
use std::time::Duration;

/// What a `go` line asks for beyond the search limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Depth, nodes, time, mate limits (`searchmoves` is filled in by the engine, which knows
    /// the position the moves belong to).
    pub limits: Limits,
    /// The `searchmoves` list as sent, in UCI notation.
    pub searchmoves: Vec<String>,
    /// `go ponder`: search until `ponderhit` or `stop`, never ending on its own.
    pub ponder: bool,
    /// The parts of the line that were skipped, each with why (input quoted short and
    /// escaped), at most `MAX_IGNORED` of them.
    pub ignored: Vec<String>,
}

/// How many skipped parts are listed; a line of junk is summed up after that.
pub const MAX_IGNORED: usize = 8;

impl GoParams {
    /// Whether the search waits for `stop` (or `ponderhit`) before answering.
    pub fn waits_for_stop(&self) -> bool {
        self.limits.infinite || self.ponder
    }

    /// Whether the limits end the search on their own, for `side` to move: a depth, a node
    /// count, a move time, a mate distance or that side's clock.
    pub fn ends_on_its_own(&self, side: Color) -> bool {
        let l = &self.limits;
        let clock = match side {
            Color::White => l.wtime,
            Color::Black => l.btime,
        };
        !self.waits_for_stop()
            && (l.depth.is_some()
                || l.nodes.is_some()
                || l.movetime.is_some()
                || l.mate.is_some()
                || clock.is_some())
    }
}

/// The keywords of `go`, which end a `searchmoves` list.
const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// Parses the words after `go`; never fails (see the module documentation).
pub fn parse_go(args: &[&str]) -> GoParams {
    let mut go = GoParams::default();
    let mut skipped = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1).copied();
        let limits = &mut go.limits;
        let found = (key, value, &mut skipped);
        i += match key {
            "infinite" => {
                limits.infinite = true;
                1
            }
            "ponder" => {
                go.ponder = true;
                1
            }
            "depth" => set(
                &mut limits.depth,
                found,
                |v| v.parse().ok(),
                "a depth 0..=255",
            ),
            "nodes" => set(&mut limits.nodes, found, |v| v.parse().ok(), "a node count"),
            "mate" => set(
                &mut limits.mate,
                found,
                positive,
                "a number of moves from 1",
            ),
            "movestogo" => set(
                &mut limits.movestogo,
                found,
                |v| v.parse().ok(),
                "a move count",
            ),
            "movetime" => set(&mut limits.movetime, found, millis, "milliseconds"),
            "wtime" => set(&mut limits.wtime, found, millis, "milliseconds"),
            "btime" => set(&mut limits.btime, found, millis, "milliseconds"),
            "winc" => set(&mut limits.winc, found, millis, "milliseconds"),
            "binc" => set(&mut limits.binc, found, millis, "milliseconds"),
            // The moves run up to the next keyword; the engine checks them against the position.
            "searchmoves" => {
                let moves: Vec<&str> = args[i + 1..]
                    .iter()
                    .take_while(|t| !GO_KEYWORDS.contains(t))
                    .copied()
                    .collect();
                let kept = moves.iter().take(killerscope_chess::MAX_MOVES);
                go.searchmoves.extend(kept.map(|m| m.to_string()));
                1 + moves.len()
            }
            "perft" => {
                skipped.push("perft (not a search; run `killerscope perft`)".to_string());
                // Its depth, if any, goes with it.
                1 + usize::from(value.is_some_and(|v| v.parse::<u32>().is_ok()))
            }
            other => {
                skipped.push(format!("'{}' (not a go keyword)", quote(other)));
                1
            }
        };
    }
    go.ignored = summed_up(skipped);
    go
}

/// Stores the parsed value of `key` and returns how many words it took: the key and its value,
/// or the key alone when the value is missing or is the next keyword (then read as such).
fn set<T>(
    slot: &mut Option<T>,
    (key, value, skipped): (&str, Option<&str>, &mut Vec<String>),
    parse: fn(&str) -> Option<T>,
    want: &str,
) -> usize {
    match value {
        None => {
            skipped.push(format!("{key} (no value; want {want})"));
            1
        }
        Some(text) if GO_KEYWORDS.contains(&text) => {
            skipped.push(format!("{key} (found the keyword '{text}'; want {want})"));
            1
        }
        Some(text) => {
            match parse(text) {
                Some(v) => *slot = Some(v),
                None => skipped.push(format!("{key} '{}' (want {want})", quote(text))),
            }
            2
        }
    }
}

/// A mate distance: at least one move (`mate 0` asks for nothing).
fn positive(text: &str) -> Option<u32> {
    text.parse().ok().filter(|&n| n > 0)
}

/// Milliseconds; GUIs sometimes send negative clock times when flagging, which we clamp to zero.
fn millis(text: &str) -> Option<Duration> {
    let ms: i64 = text.parse().ok()?;
    Some(Duration::from_millis(ms.max(0) as u64))
}

/// The first [`MAX_IGNORED`] reasons, then how many more there were.
fn summed_up(mut skipped: Vec<String>) -> Vec<String> {
    if skipped.len() > MAX_IGNORED {
        let more = skipped.len() - (MAX_IGNORED - 1);
        skipped.truncate(MAX_IGNORED - 1);
        skipped.push(format!("{more} more"));
    }
    skipped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.first(), Some(&"go"));
        parse_go(&words[1..])
    }

    #[test]
    fn go_parameters() {
        let p = go("go wtime 1000 btime -5 winc 10 binc 10 movestogo 20").limits;
        assert_eq!(p.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(p.btime, Some(Duration::ZERO));
        assert_eq!(p.movestogo, Some(20));
        let p = go("go ponder depth 7 infinite");
        assert_eq!(p.limits.depth, Some(7));
        assert!(p.limits.infinite && p.ponder && p.ignored.is_empty());
        assert_eq!(go("go mate 3").limits.mate, Some(3));
    }

    #[test]
    fn a_malformed_part_is_skipped_and_named_and_the_rest_kept() {
        for (line, named) in [
            ("go depth -1", "depth '-1' (want a depth 0..=255)"),
            ("go depth", "depth (no value"),
            ("go nodes -5", "nodes '-5'"),
            ("go movetime abc", "movetime 'abc' (want milliseconds)"),
            ("go mate 0", "mate '0'"),
            ("go mate -3", "mate '-3'"),
            ("go depth 99999999999999", "depth '99999999999999'"),
            ("go btime", "btime (no value"),
            ("go nodes 99999999999999999999999", "nodes '9999"),
            ("go banana", "'banana' (not a go keyword)"),
        ] {
            let p = go(line);
            assert_eq!(p.limits, Limits::default(), "{line}");
            assert_eq!(p.ignored.len(), 1, "{line}: {:?}", p.ignored);
            assert!(p.ignored[0].starts_with(named), "{line}: {:?}", p.ignored);
        }
        let p = go("go depth x movetime 50");
        assert_eq!(p.limits.movetime, Some(Duration::from_millis(50)));
        assert_eq!(p.ignored, ["depth 'x' (want a depth 0..=255)"]);
    }

    #[test]
    fn a_keyword_where_a_number_belongs_is_read_as_the_keyword() {
        let p = go("go nodes depth 4");
        assert_eq!(p.limits.depth, Some(4));
        assert_eq!(p.limits.nodes, None);
        assert_eq!(
            p.ignored,
            ["nodes (found the keyword 'depth'; want a node count)"]
        );
    }

    #[test]
    fn perft_is_refused_with_its_depth() {
        let p = go("go perft 3");
        assert_eq!(p.ignored.len(), 1, "{:?}", p.ignored);
        assert!(p.ignored[0].contains("killerscope perft"));
    }

    #[test]
    fn a_line_of_junk_is_summed_up_with_each_word_quoted_short() {
        let junk = format!(
            "go {} depth 3",
            ["\u{1b}[2J", &"x".repeat(500)].repeat(20).join(" ")
        );
        let p = go(&junk);
        assert_eq!(p.limits.depth, Some(3));
        assert_eq!(p.ignored.len(), MAX_IGNORED);
        assert_eq!(p.ignored[MAX_IGNORED - 1], "33 more");
        for reason in &p.ignored {
            assert!(reason.chars().count() < 100, "{reason}");
            assert!(!reason.chars().any(char::is_control), "{reason:?}");
        }
    }

    #[test]
    fn searchmoves_run_to_the_next_keyword() {
        let p = go("go searchmoves a2a3 h2h3 depth 5");
        assert_eq!(p.searchmoves, ["a2a3", "h2h3"]);
        assert_eq!(p.limits.depth, Some(5));
        assert_eq!(go("go depth 2 searchmoves e2e4").searchmoves, ["e2e4"]);
    }

    #[test]
    fn only_limits_that_end_the_search_make_it_end_on_its_own() {
        assert!(go("go depth 3").ends_on_its_own(Color::White));
        assert!(go("go btime 100").ends_on_its_own(Color::Black));
        assert!(!go("go btime 100").ends_on_its_own(Color::White));
        assert!(!go("go depth 3 infinite").ends_on_its_own(Color::White));
        assert!(!go("go ponder movetime 10").ends_on_its_own(Color::White));
        assert!(!go("go").ends_on_its_own(Color::White));
    }
}
