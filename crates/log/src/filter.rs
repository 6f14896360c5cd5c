//! `TraceFilter`: which part of a search to record when the whole of it would be too big, and
//! how to read one from the command line (`--trace-line g2c6,d7e8`, `--trace-plies 0..4`).

use crate::MAX_PLY;
use killerscope_chess::parse_uci;
use killerscope_chess::{Move, Position};
use killerscope_text::quote;
use std::fmt;
use std::ops::Range;

/// Which nodes to record in a search too big to record whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceFilter {
    /// Only the nodes on this line from the root (the root, the node after the first move, ...)
    /// and every node below its end.
    Line(Vec<Move>),
    /// Only the nodes whose ply lies in the range.
    Plies(Range<u8>),
}

impl TraceFilter {
    /// Parses a comma-separated line of UCI moves (`g2c6,d7e8`) played from `root`; every move
    /// must be legal where it is played, so the error names the first one that is not.
    pub fn parse_line(root: &Position, text: &str) -> Result<TraceFilter, String> {
        let mut pos = root.clone();
        let mut line = Vec::new();
        for (i, word) in text.split(',').map(str::trim).enumerate() {
            let mv =
                parse_uci(&pos, word).map_err(|e| format!("trace line move {}: {e}", i + 1))?;
            pos.make_move(mv);
            line.push(mv);
        }
        Ok(TraceFilter::Line(line))
    }

    /// Parses a ply range `A..B` (B exclusive) or `A..=B`, e.g. `0..4`, of plies a search can
    /// reach (`0..MAX_PLY`). A well-formed range with a ply outside that is told apart from a
    /// malformed one, so the message says which number to change.
    pub fn parse_plies(text: &str) -> Result<TraceFilter, String> {
        let shown = quote(text);
        let bad = || format!("trace plies \"{shown}\": expected a range like 0..4 or 2..=5");
        let (a, b) = text.trim().split_once("..").ok_or_else(bad)?;
        let (b, inclusive) = match b.trim().strip_prefix('=') {
            Some(end) => (end.trim(), true),
            None => (b.trim(), false),
        };
        let last = MAX_PLY - 1;
        let ply = |word: &str, limit: usize| -> Result<u8, String> {
            let digits = word.strip_prefix('-').unwrap_or(word);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            match word.parse::<usize>() {
                Ok(n) if n <= limit => u8::try_from(n).map_err(|_| bad()),
                _ => Err(format!(
                    "trace plies \"{shown}\": {} is out of range: a search reaches plies 0..={last}",
                    quote(word)
                )),
            }
        };
        let start = ply(a.trim(), last)?;
        let end = if inclusive {
            ply(b, last)? + 1
        } else {
            ply(b, MAX_PLY)?
        };
        if start >= end {
            return Err(format!("trace plies \"{shown}\": the range is empty"));
        }
        Ok(TraceFilter::Plies(start..end))
    }
}

/// `line g2c6,d7e8` or `plies 0..4`, as stored in the log header.
impl fmt::Display for TraceFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceFilter::Line(line) => {
                f.write_str("line ")?;
                for (i, mv) in line.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{mv}")?;
                }
                Ok(())
            }
            TraceFilter::Plies(r) => write!(f, "plies {}..{}", r.start, r.end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TraceFilter;
    use killerscope_chess::Position;

    #[test]
    fn parses_lines_and_ranges_and_names_errors() {
        let start = Position::startpos();
        let line = TraceFilter::parse_line(&start, "e2e4, e7e5,g1f3").expect("legal line");
        assert_eq!(line.to_string(), "line e2e4,e7e5,g1f3");
        let err = TraceFilter::parse_line(&start, "e2e4,e2e4").expect_err("illegal second move");
        assert!(err.contains("move 2") && err.contains("e2e4"), "{err}");
        assert_eq!(
            TraceFilter::parse_plies("0..4"),
            Ok(TraceFilter::Plies(0..4))
        );
        assert_eq!(
            TraceFilter::parse_plies("2..=5"),
            Ok(TraceFilter::Plies(2..6))
        );
        for bad in ["", "4", "a..b", "3..3", "5..2", "0..=255", "..4", "1..x"] {
            assert!(TraceFilter::parse_plies(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            TraceFilter::parse_plies("0..128"),
            Ok(TraceFilter::Plies(0..128))
        );
    }

    #[test]
    fn a_ply_out_of_range_is_named_with_the_allowed_range() {
        for (text, culprit) in [
            ("0..=255", "255"),
            ("0..=128", "128"),
            ("0..129", "129"),
            ("-1..4", "-1"),
            ("2..99999999999999999999999", "99999999999999999999999"),
        ] {
            let err = TraceFilter::parse_plies(text).expect_err(text);
            assert!(
                err.contains(&format!("{culprit} is out of range")) && err.contains("0..=127"),
                "{text}: {err}"
            );
            assert!(!err.contains("expected a range"), "{text}: {err}");
        }
        let err = TraceFilter::parse_plies("0..4x").expect_err("junk");
        assert!(err.contains("expected a range like"), "{err}");
    }

    #[test]
    fn bad_input_is_quoted_short_and_escaped() {
        let junk = format!("\u{1b}[2J{}", "9".repeat(100_000));
        let err = TraceFilter::parse_plies(&junk).expect_err("junk");
        assert!(err.len() < 300 && !err.contains('\u{1b}'), "{err}");
        let err =
            TraceFilter::parse_plies(&format!("0..{}", "9".repeat(100_000))).expect_err("big");
        assert!(err.len() < 300, "{err}");
        let start = Position::startpos();
        let err = TraceFilter::parse_line(&start, &"\u{1b}x".repeat(50_000)).expect_err("junk");
        assert!(err.len() < 400 && !err.contains('\u{1b}'), "{err}");
    }
}
