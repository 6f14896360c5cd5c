//! `TraceFilter`: which part of a search to record when the whole of it would be too big, and
//! how to read one from the command line (`--trace-line g2c6,d7e8`, `--trace-plies 0..4`).

use crate::chess::notation::parse_uci;
use crate::chess::{Move, Position};
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
            let mv = parse_uci(&pos, word)
                .map_err(|e| format!("trace line move {} ({word:?}): {e}", i + 1))?;
            pos.make_move(mv);
            line.push(mv);
        }
        Ok(TraceFilter::Line(line))
    }

    /// Parses a ply range `A..B` (B exclusive) or `A..=B`, e.g. `0..4`.
    pub fn parse_plies(text: &str) -> Result<TraceFilter, String> {
        let bad = || format!("trace plies {text:?}: expected a range like 0..4 or 2..=5");
        let (a, b) = text.trim().split_once("..").ok_or_else(bad)?;
        let start: u8 = a.trim().parse().map_err(|_| bad())?;
        let end: u8 = match b.trim().strip_prefix('=') {
            Some(inclusive) => inclusive
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(|e| e.checked_add(1))
                .ok_or_else(bad)?,
            None => b.trim().parse().map_err(|_| bad())?,
        };
        if start >= end {
            return Err(format!("trace plies {text:?}: the range is empty"));
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
    use crate::chess::Position;

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
        for bad in ["", "4", "a..b", "3..3", "5..2", "0..=255"] {
            assert!(TraceFilter::parse_plies(bad).is_err(), "{bad:?}");
        }
    }
}
