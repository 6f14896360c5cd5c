//! The killer table writes every killer in the notation chosen: a killer that is not a move of
//! the selected node's line (a ply-1 killer seen from the root, say) is written from the
//! position it was stored in, never in coordinates beside SAN.

use crate::tui_support;

use killerscope_explorer::Action;
use killerscope_tui::widgets::killers::KillersPanel;
use tui_support::{puzzle_app, screen};

/// Whether a word starts like a coordinate move (`g2c6`).
fn coordinates(word: &str) -> bool {
    let c: Vec<char> = word.chars().take(4).collect();
    c.len() == 4
        && ('a'..='h').contains(&c[0])
        && ('1'..='8').contains(&c[1])
        && ('a'..='h').contains(&c[2])
        && ('1'..='8').contains(&c[3])
}

#[test]
fn at_the_root_every_killer_is_written_in_san_from_where_it_was_stored() {
    let mut app = puzzle_app();
    app.update(
        killerscope_explorer::views::tree::TreeAction::Move(
            killerscope_explorer::views::tree::TreeMove::First,
        )
        .into(),
    );
    let shown = screen(&app.panel(&KillersPanel, 44, 14));
    let ply1 = shown
        .lines()
        .find(|l| l.trim_start_matches('│').trim_start().starts_with("1 "))
        .expect("a row for ply 1");
    assert!(ply1.contains("Bc6"), "{shown}");
    let words = shown.split(|c: char| c.is_whitespace() || c == '│');
    let raw: Vec<&str> = words.filter(|w| coordinates(w)).collect();
    assert!(raw.is_empty(), "coordinates {raw:?} in\n{shown}");
    app.update(Action::CycleNotation);
    app.update(Action::CycleNotation);
    let long = screen(&app.panel(&KillersPanel, 44, 14));
    assert!(long.contains("Bg2-c6"), "the long form too:\n{long}");
}
