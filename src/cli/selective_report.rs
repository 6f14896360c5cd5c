//! The selective-search lines of `search` and `log stats`: null moves tried and cut, late move
//! reductions by size with how often each size was searched again, pruned moves and nodes by
//! rule, aspiration windows by outcome. Printed only when selective search did something, so a
//! full-width report stays as it was.

use killerscope_engine::REDUCTION_LABELS;
use killerscope_engine::SelectiveCounts;
use killerscope_engine::percent;
use serde_json::{Value, json};

/// The report lines, each starting with its label padded to `width`; none for a full-width
/// search.
pub fn selective_lines(counts: &SelectiveCounts, width: usize) -> Vec<String> {
    if !counts.any() {
        return Vec::new();
    }
    let by_size: Vec<String> = REDUCTION_LABELS
        .iter()
        .zip(counts.reductions.iter().zip(&counts.re_searched))
        .filter(|(_, (n, _))| **n > 0)
        .map(|(label, (n, again))| format!("{label} {n} ({} re-searched)", percent(*again, *n)))
        .collect();
    let line = |label: &str, text: String| format!("{label:<width$}{text}");
    vec![
        line(
            "null moves",
            format!(
                "{} tried, {} cut the node ({})",
                counts.null_moves,
                counts.null_cutoffs,
                percent(counts.null_cutoffs, counts.null_moves)
            ),
        ),
        line(
            "reductions",
            format!(
                "{} late moves reduced, {} re-searched at full depth ({}){}",
                counts.reductions_total(),
                counts.re_searched_total(),
                percent(counts.re_searched_total(), counts.reductions_total()),
                if by_size.is_empty() {
                    String::new()
                } else {
                    format!(": {}", by_size.join(" · "))
                }
            ),
        ),
        line(
            "pruned",
            format!(
                "{} moves by futility, {} nodes by reverse futility, {} by mate distance",
                counts.futility, counts.reverse_futility, counts.mate_distance
            ),
        ),
        line(
            "aspiration",
            format!(
                "{} windows held, {} failed low, {} failed high",
                counts.windows_inside, counts.windows_failed_low, counts.windows_failed_high
            ),
        ),
    ]
}

/// The same counts as a JSON object, for `search --json`.
pub fn selective_json(counts: &SelectiveCounts) -> Value {
    json!({
        "null_moves": counts.null_moves,
        "null_cutoffs": counts.null_cutoffs,
        "reductions": counts.reductions,
        "re_searched": counts.re_searched,
        "reduction_labels": REDUCTION_LABELS,
        "futility_pruned": counts.futility,
        "reverse_futility_pruned": counts.reverse_futility,
        "mate_distance_pruned": counts.mate_distance,
        "windows_inside": counts.windows_inside,
        "windows_failed_low": counts.windows_failed_low,
        "windows_failed_high": counts.windows_failed_high,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_width_search_prints_no_selective_lines() {
        assert!(selective_lines(&SelectiveCounts::default(), 14).is_empty());
    }

    #[test]
    fn reductions_are_listed_by_size_with_their_re_search_rate() {
        let mut counts = SelectiveCounts::default();
        counts.reductions = [4, 2, 0, 0];
        counts.re_searched = [1, 0, 0, 0];
        counts.null_moves = 3;
        counts.null_cutoffs = 2;
        let lines = selective_lines(&counts, 14);
        assert_eq!(lines[0], "null moves    3 tried, 2 cut the node (66.7%)");
        assert_eq!(
            lines[1],
            "reductions    6 late moves reduced, 1 re-searched at full depth (16.7%): \
             R1 4 (25.0% re-searched) · R2 2 (0.0% re-searched)"
        );
    }
}
