//! A pseudo-legal engine's search in the explorer (`tests/data/pseudo_legal.jsonl`: a pinned
//! knight's two illegal tries, one searched and refuted by the king capture, one refuted
//! without a search, and a null move made in check): every try is a row of its own, marked;
//! rows below an illegal step are in coordinates; the stats count the tries; and the board
//! never draws a position that the line to the selection cannot reach legally — nor do the
//! killer panel, the countermove tab, the timeline's words or the icicle write moves as if
//! there were one (`pseudo_legal_stores.jsonl`).

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_chess::Notation;
use killerscope_explorer::Action;
use killerscope_explorer::charts::ChartKind;
use killerscope_log::Event;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_file};
use killerscope_tui::widgets::killers::KillersPanel;
use killerscope_tui::widgets::timeline::describe;
use std::path::Path;
use tui_support::{App, app_over, draw, press, screen};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pseudo_legal.jsonl");
const FEN: &str = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";

fn app() -> App {
    let log = import_file(Path::new(FIXTURE), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
    app_over(FEN, log)
}

/// Opens every node, walking down the rows with Right (open) and Down, and returns the
/// screen at each row reached, with the selected node.
fn walk_all(app: &mut App) -> Vec<(u32, String)> {
    let mut seen = Vec::new();
    for _ in 0..40 {
        press(app, KeyCode::Right);
        let text = screen(&draw(app, 160, 48));
        let Some(id) = app.view().selected_node() else {
            break;
        };
        if seen.iter().any(|&(n, _)| n == id) {
            press(app, KeyCode::Down);
            if app.view().selected_node() == Some(id) {
                break;
            }
            continue;
        }
        seen.push((id, text));
    }
    seen
}

#[test]
fn the_illegal_try_and_its_refutation_are_rows_in_coordinates() {
    let mut app = app();
    draw(&mut app, 160, 48);
    for key in [KeyCode::Right, KeyCode::Down, KeyCode::Right, KeyCode::Down] {
        press(&mut app, key);
    }
    let text = screen(&draw(&mut app, 160, 48));
    // The searched illegal try e2c3 (marked, with the king capture e8e1 below it, written in
    // coordinates); the unsearched one, e2g1, a row of its own after the root's children; the
    // board says why it draws nothing; the stats count both tries and the pass in check.
    insta::assert_snapshot!("pseudo_legal_below_illegal_try", text);
    assert!(
        text.contains("e2c3") && text.contains("✗ illegal"),
        "{text}"
    );
    assert!(text.contains("e8e1"), "the capture in coordinates:\n{text}");
    assert!(
        !text.contains("Rxe1"),
        "no SAN below an illegal try:\n{text}"
    );
    assert!(
        text.contains("e2g1    ✗ illegal try, refuted without a search"),
        "{text}"
    );
    assert!(text.contains("no chess position"), "{text}");
    assert!(
        text.contains("illegal tries 2  null moves in check 1"),
        "{text}"
    );
}

#[test]
fn the_null_move_in_check_is_marked_and_the_board_never_shows_a_wrong_position() {
    let mut app = app();
    let screens = walk_all(&mut app);
    assert_eq!(screens.len(), 8, "every node of the fixture is reached");
    let session = app.session();
    let null = screens
        .iter()
        .find(|(id, _)| session.node(*id).is_some_and(|n| n.is_null_move()))
        .expect("the null move's row");
    assert!(
        null.1.contains("-- ") && null.1.contains("✗ in check"),
        "{}",
        null.1
    );
    for (id, text) in &screens {
        // The oracle: the line replayed with legality checked at every step.
        let legal = killerscope_trace::line::position_at(session.tree(), session.root(), *id);
        match legal {
            Some(pos) => {
                let side = match pos.side_to_move() {
                    killerscope_chess::Color::White => "White to move",
                    killerscope_chess::Color::Black => "Black to move",
                };
                assert!(text.contains(side), "node {id}:\n{text}");
            }
            None => {
                assert!(text.contains("no chess position"), "node {id}:\n{text}");
                assert!(
                    !text.contains("a    b    c"),
                    "no board drawn, node {id}:\n{text}"
                );
                assert!(
                    !text.contains("White to move") && !text.contains("Black to move"),
                    "no side to move, node {id}:\n{text}"
                );
            }
        }
    }
    let unknown = screens
        .iter()
        .filter(|(id, _)| session.known_position_at(Some(*id)).is_none())
        .count();
    assert_eq!(
        unknown, 4,
        "e2c3, its capture, the pass in check and its capture"
    );
}

#[test]
fn r_over_the_trace_asks_first_and_the_title_says_whose_search_is_shown() {
    let mut app = app();
    let text = screen(&draw(&mut app, 160, 48));
    assert!(
        text.contains("Search tree · pseudo-legal fixture's search · 8 nodes"),
        "{text}"
    );
    assert!(
        press(&mut app, KeyCode::Char('r')).is_empty(),
        "the first r only asks"
    );
    let text = screen(&draw(&mut app, 160, 48));
    assert!(
        text.contains("r again replaces it with killerscope's own"),
        "{text}"
    );
    assert!(press(&mut app, KeyCode::Down).is_empty());
    let text = screen(&draw(&mut app, 160, 48));
    assert!(text.contains("kept the trace on screen"), "{text}");
    assert!(
        press(&mut app, KeyCode::Char('r')).is_empty(),
        "asked again"
    );
    assert!(tui_support::starts_search(&press(
        &mut app,
        KeyCode::Char('r')
    )));
    let text = screen(&draw(&mut app, 160, 48));
    assert!(
        text.contains("Search tree · killerscope's own search")
            && text.contains("replaced pseudo-legal fixture's search with killerscope's own"),
        "{text}"
    );
}

/// `tests/data/pseudo_legal_stores.jsonl`: below the illegal try e2c3, Black's g8h8 and White's
/// e1d1 cutting off there, stored as the killer of ply 2 and the countermove to …Kh8. Read in
/// the root position (where White is to move and the knight still shields the king) e1d1 would
/// be `Kd1`: every view must write it in coordinates and say there is no chess position.
const STORES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/pseudo_legal_stores.jsonl"
);

/// The stores fixture with node `id` selected (0 the root, 1 e2c3, 2 g8h8, 3 e1d1).
fn stores_at(id: u32) -> App {
    let log = import_file(Path::new(STORES), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
    let mut app = app_over(FEN, log);
    draw(&mut app, 160, 48);
    app.update(Action::SelectNode(id));
    assert_eq!(app.view().selected_node(), Some(id));
    assert!(app.session().known_position_at(Some(id)).is_none());
    app
}

#[test]
fn the_killer_panel_writes_coordinates_where_there_is_no_position() {
    let mut app = stores_at(2);
    let text = screen(&app.panel(&KillersPanel, 40, 8));
    assert!(text.contains("e1d1") && !text.contains("Kd1"), "{text}");
    assert!(text.contains("no chess position"), "{text}");
    press(&mut app, KeyCode::Tab);
    let text = screen(&app.panel(&KillersPanel, 60, 8));
    assert!(text.contains("Countermoves"), "{text}");
    assert!(text.contains("e1d1") && !text.contains("Kd1"), "{text}");
    assert!(text.contains("no chess position"), "{text}");
}

#[test]
fn the_timeline_says_an_event_has_no_position() {
    let app = stores_at(3);
    let events = app.session().events();
    let store = events
        .iter()
        .position(|e| matches!(e, Event::KillerStore { .. }))
        .expect("a killer store");
    let text = describe(app.session(), store, Notation::San);
    assert!(
        text.contains("store killer e1d1") && !text.contains("Kd1"),
        "{text}"
    );
    assert!(text.contains("no chess position"), "{text}");
    let enter = events
        .iter()
        .position(|e| matches!(e, Event::NodeEnter { ply: 3, .. }))
        .expect("e1d1 entered");
    let text = describe(app.session(), enter, Notation::San);
    assert!(text.contains("enter e1d1 at ply 3"), "{text}");
    assert!(text.contains("no chess position"), "{text}");
    let root_try = describe(app.session(), 1, Notation::San);
    assert!(!root_try.contains("no chess position"), "{root_try}");
}

#[test]
fn the_icicle_labels_and_names_blocks_below_an_illegal_try_in_coordinates() {
    let mut app = stores_at(3);
    press(&mut app, KeyCode::Char('v'));
    while app.views().charts.kind != ChartKind::Icicle {
        press(&mut app, KeyCode::Tab);
    }
    app.update(Action::SelectNode(3));
    let text = screen(&draw(&mut app, 160, 48));
    insta::assert_snapshot!("pseudo_legal_icicle_below_illegal_try", text);
    assert!(!text.contains("Kd1"), "{text}");
    assert!(text.contains("e1d1 ply 3 (no chess position)"), "{text}");
}
