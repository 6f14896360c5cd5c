//! One `info` line read word by word, in any order of its fields: every field the UCI
//! specification defines is read (or stepped over, with its values, when a trace has no place
//! for it), a `pv` runs as long as its words are moves, and whatever does not read — a number
//! that is not one, a score of no known kind, a word the protocol does not have — is named, so
//! the caller counts the line instead of dropping it silently.

use serde_json::{Value, json};
use std::iter::Peekable;

/// What one `info` line says, of what a trace can hold.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Info {
    pub depth: Option<u64>,
    pub multipv: Option<u64>,
    pub score: Option<Value>,
    pub bound: Option<&'static str>,
    pub nodes: Option<u64>,
    pub time: Option<u64>,
    pub pv: Vec<String>,
    pub currmove: Option<String>,
    pub currmovenumber: Option<u64>,
    /// An `info string`: text for a human, nothing for a trace.
    pub string: bool,
    /// What did not read, first first (`depth "x" is not a number`).
    pub problems: Vec<String>,
}

/// Fields whose one value is a number a trace does not keep.
const OTHER_NUMBERS: [&str; 6] = ["seldepth", "hashfull", "nps", "tbhits", "sbhits", "cpuload"];

/// Whether `word` is a move in UCI's long algebraic notation (`e2e4`, `e7e8q`, `0000`).
pub(super) fn is_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    word == "0000"
        || match b {
            [f1, r1, f2, r2] => square(*f1, *r1) && square(*f2, *r2),
            [f1, r1, f2, r2, p] => {
                square(*f1, *r1) && square(*f2, *r2) && matches!(p, b'q' | b'r' | b'b' | b'n')
            }
            _ => false,
        }
}

/// The words of a line, shortened and made printable, to quote in a problem.
fn word(text: &str) -> String {
    format!("\"{}\"", killerscope_text::quote(text))
}

/// Reads the words of an `info` line (after `info`).
pub(super) fn parse_info<'a>(tokens: impl Iterator<Item = &'a str>) -> Info {
    let mut tokens = tokens.peekable();
    let mut info = Info::default();
    while let Some(token) = tokens.next() {
        match token {
            "depth" => info.depth = number(&mut tokens, token, &mut info.problems),
            "multipv" => info.multipv = number(&mut tokens, token, &mut info.problems),
            "nodes" => info.nodes = number(&mut tokens, token, &mut info.problems),
            "time" => info.time = number(&mut tokens, token, &mut info.problems),
            "currmovenumber" => {
                info.currmovenumber = number(&mut tokens, token, &mut info.problems);
            }
            t if OTHER_NUMBERS.contains(&t) => {
                number(&mut tokens, token, &mut info.problems);
            }
            "currmove" => match tokens.next_if(|t| is_move(t)) {
                Some(mv) => info.currmove = Some(mv.to_string()),
                None => info
                    .problems
                    .push("currmove is not followed by a move".into()),
            },
            "score" => score(&mut tokens, &mut info),
            "lowerbound" => info.bound = Some("lower"),
            "upperbound" => info.bound = Some("upper"),
            "pv" => {
                info.pv = std::iter::from_fn(|| tokens.next_if(|t| is_move(t)))
                    .map(str::to_string)
                    .collect();
            }
            // Moves a trace has no place for: a refutation line, a thread's current line.
            "refutation" | "currline" => {
                tokens.next_if(|t| t.parse::<u64>().is_ok() && token == "currline");
                while tokens.next_if(|t| is_move(t)).is_some() {}
            }
            "wdl" => {
                for _ in 0..3 {
                    number(&mut tokens, token, &mut info.problems);
                }
            }
            // `string` runs to the end of the line and says nothing a trace holds.
            "string" => {
                info.string = true;
                break;
            }
            other => info
                .problems
                .push(format!("{} is not a word of an info line", word(other))),
        }
    }
    info
}

/// The number after `field`, or a problem naming what stood there instead.
fn number<'a, I: Iterator<Item = &'a str>>(
    tokens: &mut Peekable<I>,
    field: &str,
    problems: &mut Vec<String>,
) -> Option<u64> {
    match tokens.next_if(|t| t.parse::<u64>().is_ok()) {
        Some(n) => n.parse().ok(),
        None => {
            problems.push(match tokens.peek() {
                Some(t) => format!("{field} {} is not a number", word(t)),
                None => format!("{field} has no value"),
            });
            None
        }
    }
}

/// `score cp N` or `score mate N` (a bound word may follow, or come anywhere in the line).
fn score<'a, I: Iterator<Item = &'a str>>(tokens: &mut Peekable<I>, info: &mut Info) {
    let kind = tokens.next_if(|t| matches!(*t, "cp" | "mate"));
    let value = kind.and_then(|_| tokens.next_if(|t| t.parse::<i64>().is_ok()));
    match (kind, value.and_then(|v| v.parse::<i64>().ok())) {
        (Some("cp"), Some(v)) => info.score = Some(json!(v)),
        (Some(_), Some(v)) => info.score = Some(json!({ "mate": v })),
        (Some(kind), None) => info.problems.push(match tokens.peek() {
            Some(t) => format!("score {kind} {} is not a number", word(t)),
            None => format!("score {kind} has no value"),
        }),
        (None, _) => info.problems.push(match tokens.peek() {
            Some(t) => format!("score {} is neither cp nor mate", word(t)),
            None => "score has no value".into(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Info {
        parse_info(line.split_whitespace())
    }

    #[test]
    fn fields_read_in_any_order_and_a_pv_ends_at_its_last_move() {
        let a = read("depth 3 score cp 10 nodes 100 pv e2e4 e7e5 currmove e2e4 currmovenumber 1");
        let b = read("pv e2e4 e7e5 currmovenumber 1 nodes 100 currmove e2e4 score cp 10 depth 3");
        assert_eq!(a, b);
        assert_eq!(a.pv, ["e2e4", "e7e5"]);
        assert_eq!(
            (a.depth, a.nodes, a.currmovenumber),
            (Some(3), Some(100), Some(1))
        );
        assert!(a.problems.is_empty(), "{:?}", a.problems);
        let c = read(
            "depth 20 seldepth 30 multipv 1 score mate -3 upperbound wdl 0 0 1000 \
                      nodes 9 nps 5 hashfull 10 tbhits 0 time 2 pv e7e8q 0000 refutation e2e4 e7e5",
        );
        assert_eq!(c.score, Some(json!({ "mate": -3 })));
        assert_eq!(c.bound, Some("upper"));
        assert_eq!(c.pv, ["e7e8q", "0000"]);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
    }

    #[test]
    fn what_does_not_read_is_named() {
        let bad = read("depth x score cp y nodes 5 frobnicate pv e2e4");
        assert_eq!(
            bad.problems,
            [
                "depth \"x\" is not a number",
                "\"x\" is not a word of an info line",
                "score cp \"y\" is not a number",
                "\"y\" is not a word of an info line",
                "\"frobnicate\" is not a word of an info line",
            ]
        );
        assert_eq!(
            (bad.nodes, bad.pv.len()),
            (Some(5), 1),
            "the rest still reads"
        );
        assert!(read("string depth x").problems.is_empty());
        assert_eq!(
            read("score wdl 1").problems[0],
            "score \"wdl\" is neither cp nor mate"
        );
        assert_eq!(read("depth").problems, ["depth has no value"]);
    }

    #[test]
    fn moves_are_long_algebraic() {
        for good in ["e2e4", "a7a8q", "h2h1n", "0000"] {
            assert!(is_move(good), "{good}");
        }
        for bad in ["e2e9", "i2e4", "e2e4k", "e2", "depth", "O-O", "e2e4e5"] {
            assert!(!is_move(bad), "{bad}");
        }
    }
}
