//! The Explain panel scrolls (`(` `)`): on an 80×24 screen the root's explanation keeps its
//! key sentences and says there is more; `)` shows the whole text a line further down, `(`
//! back, and selecting another node starts at the top.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_tui::widgets::explain::ExplainPanel;
use tui_support::{press, puzzle_app, screen};

#[test]
fn the_explain_panel_scrolls_through_the_whole_text_and_starts_over_on_another_node() {
    let mut app = puzzle_app();
    let top = screen(&app.panel(&ExplainPanel, 26, 6));
    assert!(top.contains("more: ) scrolls"), "{top}");
    press(&mut app, KeyCode::Char(')'));
    assert_eq!(app.views().explain.lines(), 1);
    let down = screen(&app.panel(&ExplainPanel, 26, 6));
    assert!(down.contains("lines 2–"), "{down}");
    assert_ne!(down, top);
    // Far past the end, the panel stops at the text's last page.
    for _ in 0..60 {
        press(&mut app, KeyCode::Char(')'));
    }
    let end = screen(&app.panel(&ExplainPanel, 26, 6));
    let of = end
        .rsplit(" of ")
        .next()
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("the note says how many lines:\n{end}"));
    assert!(end.contains(&format!("–{of} of {of}")), "{end}");
    press(&mut app, KeyCode::Char('('));
    assert!(app.views().explain.lines() > 0);
    press(&mut app, KeyCode::Char('j'));
    assert_eq!(
        app.views().explain.lines(),
        0,
        "another node starts at the top"
    );
}
