//! The position library behind the `o` picker and the bare `killerscope` start: the classroom
//! positions of `assets/positions.epd`, embedded in the binary so it works from any directory.

/// The EPD text compiled into the binary.
pub const EMBEDDED_EPD: &str = include_str!("../../assets/positions.epd");

/// One library position: an EPD line's board (as a full FEN) with its `id` and `c0` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The `id` operation, e.g. `killer-puzzle`.
    pub id: String,
    /// The position as a six-field FEN (EPD has no clocks; they are set to `0 1`).
    pub fen: String,
    /// The `c0` comment: what to look for in this position.
    pub comment: String,
}

pub use crate::chess::epd::EpdError;

/// Parses the library's EPD text (see [`crate::chess::epd::parse`]); a line without an `id`
/// is called `line N`.
pub fn parse(text: &str) -> Result<Vec<Entry>, EpdError> {
    Ok(crate::chess::epd::parse(text)?
        .into_iter()
        .map(|r| Entry {
            id: r.id.unwrap_or_else(|| format!("line {}", r.line)),
            fen: r.fen,
            comment: r.comment,
        })
        .collect())
}

/// The embedded library. It is part of the binary and covered by a test, so failure to parse it
/// is a build defect; an empty list is returned rather than a panic all the same.
pub fn embedded() -> Vec<Entry> {
    parse(EMBEDDED_EPD).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_library_parses_and_starts_with_the_classroom_puzzle() {
        let entries = parse(EMBEDDED_EPD).expect("embedded EPD parses");
        assert!(entries.len() >= 2);
        assert_eq!(entries[0].id, "killer-puzzle");
        assert_eq!(
            entries[0].fen,
            "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1"
        );
        assert!(entries[0].comment.contains("Bg2-c6"));
    }
}
