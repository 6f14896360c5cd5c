//! Explain says what a root's window was and what happened next without assuming aspiration
//! widens: an MTD-style engine probes with null windows that move (here [+29, +30], which fails
//! high, then [+40, +41], which fails low), and Explain must not call the second a widening.

mod tui_support;

use crossterm::event::KeyCode;
use killerscope_chess::Notation;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use killerscope_tui::widgets::explain;
use tui_support::{app_over, draw, press};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Two MTD probes of depth 1 at the root, each followed by its window's outcome.
const TRACE: &str = r#"{"type":"header","schema":1,"engine":"mtd probe","sources":[{"label":"quiet","role":"quiet"}]}
{"type":"node_enter","depth":1,"alpha":29,"beta":30}
{"type":"move_tried","move":"e2e4","source":"quiet"}
{"type":"node_enter","depth":0,"alpha":-30,"beta":-29,"move":"e2e4"}
{"type":"node_exit","score":-40}
{"type":"cutoff","move":"e2e4","score":40}
{"type":"node_exit","score":40}
{"type":"aspiration","depth":1,"alpha":29,"beta":30,"outcome":"fail_high"}
{"type":"node_enter","depth":1,"alpha":40,"beta":41}
{"type":"move_tried","move":"e2e4","source":"quiet"}
{"type":"node_enter","depth":0,"alpha":-41,"beta":-40,"move":"e2e4"}
{"type":"node_exit","score":-35}
{"type":"node_exit","score":35}
{"type":"aspiration","depth":1,"alpha":40,"beta":41,"outcome":"fail_low"}
{"type":"iteration","depth":1,"score":35,"pv":["e2e4"]}
"#;

#[test]
fn a_moved_probe_window_is_said_as_it_was() {
    let log = import_reader(TRACE.as_bytes(), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
    let mut app = app_over(START, log);
    draw(&mut app, 160, 48);
    let first = app
        .view()
        .selected_node()
        .expect("the first probe is selected");
    let text = explain::text(app.session(), first, Notation::San);
    assert!(
        text.contains("Window [+29, +30] failed high at depth 1 (the score reached β); searched again with the window [+40, +41] (moved, not widened)."),
        "{text}"
    );
    assert!(!text.contains("widened to"), "{text}");
    assert!(
        !text.contains("Aspiration"),
        "another engine's window is not called aspiration: {text}"
    );
    press(&mut app, KeyCode::Down);
    let second = app.view().selected_node().expect("the second probe");
    assert_ne!(first, second);
    let text = explain::text(app.session(), second, Notation::San);
    assert!(
        text.contains("Window [+40, +41] failed low at depth 1 (the score fell to α or below); the log has no further search at this depth."),
        "{text}"
    );
}
