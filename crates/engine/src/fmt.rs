//! Number formatting shared by the panels: scores as the side to move sees them, mates as `#n`,
//! infinite window bounds as `∞`, and large counts shortened (`12.3k`, `4.56M`).

use crate::{score::INFINITY, score::mate_distance};

/// A score in centipawns with its sign (`+310`, `-40`, `0`), a mate as `#3` / `#-2`, and the
/// window's infinite bounds as `∞` / `-∞`.
pub fn score(s: i32) -> String {
    if s >= INFINITY {
        "∞".into()
    } else if s <= -INFINITY {
        "-∞".into()
    } else if let Some(moves) = mate_distance(s) {
        format!("#{moves}")
    } else if s > 0 {
        format!("+{s}")
    } else {
        s.to_string()
    }
}

/// A count in at most five characters: `999`, `12.3k`, `4.56M`, `1.20G`.
pub fn count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..10_000 => format!("{:.2}k", n as f64 / 1e3),
        10_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.2}M", n as f64 / 1e6),
        _ => format!("{:.2}G", n as f64 / 1e9),
    }
}

/// A count in full with thousands separators (`9,952`), where the exact number matters more
/// than the width (how many levels a view hides above it).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub use crate::stats::percent;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    /// Each `(input, text)` pair: `format` must write `input` as `text`.
    fn check<T: Copy + std::fmt::Debug>(format: fn(T) -> String, cases: &[(T, &str)]) {
        for &(input, text) in cases {
            assert_eq!(format(input), text, "{input:?}");
        }
    }

    #[test]
    fn scores() {
        check(
            score,
            &[
                (310, "+310"),
                (-40, "-40"),
                (0, "0"),
                (INFINITY, "∞"),
                (-INFINITY, "-∞"),
                (MATE - 5, "#3"),
            ],
        );
    }

    #[test]
    fn counts() {
        let cases = [
            (999, "999"),
            (1234, "1.23k"),
            (12_345, "12.3k"),
            (4_560_000, "4.56M"),
        ];
        check(count, &cases);
        assert_eq!(percent(1, 4), "25.0%");
        assert_eq!(percent(1, 0), "–");
    }

    #[test]
    fn grouped_counts() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (9_952, "9,952"),
            (100_000, "100,000"),
            (1_234_567, "1,234,567"),
        ];
        check(grouped, &cases);
    }
}
