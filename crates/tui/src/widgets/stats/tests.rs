//! The stats panel's tests: how its rows wrap at a width, numbers kept whole.

use super::*;

fn text(line: &Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

#[test]
fn a_row_too_wide_continues_between_groups_and_keeps_every_number_whole() {
    let group = |k: &str, v: &str| vec![Span::raw(k.to_string()), Span::raw(v.to_string())];
    let row = vec![
        group("  1st ", "46.7k"),
        group("  2nd-5th ", "6.00k"),
        group("  6th-10th ", "337"),
        group("  later ", "191"),
    ];
    let lines = pack(vec![row.clone()], 48);
    let texts: Vec<String> = lines.iter().map(text).collect();
    assert_eq!(
        texts,
        ["  1st 46.7k  2nd-5th 6.00k  6th-10th 337", "  later 191"]
    );
    assert_eq!(pack(vec![row], 80).len(), 1);
}
