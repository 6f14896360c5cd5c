//! The lesson panel's tests: its title, and how its text wraps and fits.

use super::*;

#[test]
fn the_title_keeps_the_step_count_and_shortens_the_name() {
    let text =
        killerscope_explorer::lesson::bundled("alpha-beta-from-the-ground-up").expect("bundled");
    let state = LessonState::new(killerscope_explorer::lesson::load(text).expect("holds"));
    let full = " Lesson: Alpha-beta from the ground up — step 1 of 7 ";
    assert_eq!(title(&state, 80), full);
    assert_eq!(
        title(&state, 54),
        full.trim_end(),
        "the frame's corner closes it"
    );
    let short = title(&state, 40);
    assert_eq!(short, " Alpha-beta from the g… — step 1 of 7 ");
    assert_eq!(short.chars().count(), 38, "the width inside the borders");
}

#[test]
fn wrapping_breaks_between_words_and_splits_only_overlong_ones() {
    assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
    assert_eq!(wrap("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
    assert_eq!(wrap("one\n\ntwo", 10), ["one", "", "two"]);
    assert_eq!(wrap("x", 0), ["x"]);
}

#[test]
fn fitting_keeps_the_way_on_and_cuts_the_text_last() {
    let part = |n: usize, text: bool, optional: bool| Part {
        lines: (0..n).map(|i| Line::raw(format!("{i}"))).collect(),
        text,
        optional,
    };
    let parts = vec![
        part(6, true, false),
        part(1, false, true),
        part(2, false, false),
        part(1, false, false),
    ];
    let lines = fit(parts, 6, 3);
    assert_eq!(lines.len(), 6);
    let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    assert_eq!(text[..3], ["0", "1", "2 …"], "the text cut, marked");
    assert_eq!(text[5], "0", "the footer stays in the last row");
    assert_eq!(fit(vec![part(1, false, false)], 0, 3).len(), 0);
}
