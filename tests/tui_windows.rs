//! Explain says what a root's window was and what happened next without assuming aspiration
//! widens: an MTD-style engine probes with null windows that move (here [+29, +30], which fails
//! high, then [+40, +41], which fails low), and Explain must not call the second a widening.

use crate::tui_support;

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

/// The screen sizes a class meets, smallest first.
const SIZES: [(u16, u16); 4] = [(60, 18), (80, 24), (120, 36), (160, 48)];

/// Every node row in the tree panel of `app`'s last frame: the node, and the text of its line
/// inside the panel's border.
fn drawn_rows(app: &tui_support::App, shown: &str) -> Vec<(killerscope_explorer::NodeId, String)> {
    let panel = ratatui::widgets::Block::bordered().inner(app.ui.areas.tree);
    let lines: Vec<&str> = shown.lines().collect();
    let mut rows = Vec::new();
    for y in panel.top()..panel.bottom() {
        let text: String = lines[usize::from(y)]
            .chars()
            .skip(usize::from(panel.x))
            .take(usize::from(panel.width))
            .collect();
        if text.trim().is_empty() {
            continue;
        }
        let at = ratatui::layout::Position::new(panel.x, y);
        if let Some(&killerscope_explorer::Row::Node(id)) =
            app.ui.tree.rendered_at(at).and_then(<[_]>::last)
        {
            rows.push((id, text));
        }
    }
    rows
}

/// Draws `app` at every size and checks that each node row of the tree shows its window whole.
fn check_windows(app: &mut tui_support::App, what: &str) -> usize {
    let mut checked = 0;
    for (w, h) in SIZES {
        let shown = tui_support::screen(&draw(app, w, h));
        if app.ui.areas.tree.is_empty() {
            continue;
        }
        for (id, text) in drawn_rows(app, &shown) {
            let node = app.session().node(id).expect("a drawn node");
            let (alpha, beta) = node.window();
            let window = format!(
                "[{},{}]",
                killerscope_engine::fmt::score(alpha),
                killerscope_engine::fmt::score(beta)
            );
            assert!(
                text.contains(&window),
                "{what} at {w}×{h}: the row of a ply-{} node lacks {window}:\n{text}\n{shown}",
                node.ply()
            );
            checked += 1;
        }
    }
    checked
}

/// Walks the line from the depth-6 iteration that starts with its `skip`+1st reply and then
/// takes first children to a leaf, checking the windows at each ply; returns the plies seen.
fn walk(app: &mut tui_support::App, skip: usize, what: &str) -> u8 {
    press(app, KeyCode::Char('G'));
    let mut deepest = 0;
    for step in 0.. {
        let id = app.view().selected_node().expect("a selected node");
        let node = app.session().node(id).expect("the selected node");
        let (ply, leaf) = (node.ply(), node.child_count() == 0);
        deepest = deepest.max(ply);
        assert!(check_windows(app, what) > 0, "{what}: no row checked");
        if leaf {
            break;
        }
        press(app, KeyCode::Right);
        press(app, KeyCode::Down);
        if step == 0 {
            for _ in 0..skip {
                press(app, KeyCode::Down);
            }
        }
    }
    deepest
}

#[test]
fn the_tree_never_cuts_a_window_at_any_ply_of_the_classroom_search() {
    let log = tui_support::record(tui_support::PUZZLE, 6, 2);
    for projector in [false, true] {
        for (skip, line) in [(0, "the first line"), (7, "the eighth reply's line")] {
            let mut app = app_over(tui_support::PUZZLE, log.clone());
            draw(&mut app, 160, 48);
            if projector {
                press(&mut app, KeyCode::Char('P'));
                assert!(app.prefs().projector);
            }
            let mode = if projector { "projector" } else { "plain" };
            let deepest = walk(&mut app, skip, &format!("{mode}, {line}"));
            assert!(
                deepest >= 6,
                "{mode}, {line}: the walk reached ply {deepest} only"
            );
        }
    }
}

#[test]
fn the_killer_table_keeps_its_counts_at_80x24() {
    let log = tui_support::record(tui_support::PUZZLE, 6, 2);
    let mut app = app_over(tui_support::PUZZLE, log);
    let shown = tui_support::screen(&draw(&mut app, 80, 24));
    let panel = app.ui.areas.killers;
    assert!(!panel.is_empty(), "{shown}");
    let lines: Vec<String> = shown
        .lines()
        .skip(usize::from(panel.y))
        .take(usize::from(panel.height))
        .map(|l| {
            l.chars()
                .skip(usize::from(panel.x))
                .take(usize::from(panel.width))
                .collect()
        })
        .collect();
    let row = |ply: &str| {
        lines
            .iter()
            .find(|l| l.trim_start_matches('│').trim_start().starts_with(ply))
            .cloned()
            .unwrap_or_default()
    };
    // Ply 1: Bf1 tried 17 times from slot 1, 11 cutoffs; a4 10 and 7 in slot 2.
    let one = row("1 ");
    assert!(
        one.contains("17/11") && one.contains("10/7"),
        "{}",
        lines.join("\n")
    );
    assert!(lines[0].contains("tried/cut"), "{}", lines[0]);
    let with_counts = lines.iter().filter(|l| l.contains('/')).count();
    assert!(
        with_counts >= 3,
        "most rows keep their counts:\n{}",
        lines.join("\n")
    );
}

#[test]
fn explain_keeps_the_killer_store_in_view_at_80x24_and_says_there_is_more() {
    let log = tui_support::record(tui_support::PUZZLE, 6, 2);
    let mut app = app_over(tui_support::PUZZLE, log);
    draw(&mut app, 160, 48);
    press(&mut app, KeyCode::Char('g'));
    for _ in 0..4 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Right);
    for _ in 0..40 {
        let id = app.view().selected_node().expect("selected");
        if explain::text(app.session(), id, Notation::San).starts_with("…Ra5:") {
            break;
        }
        press(&mut app, KeyCode::Down);
    }
    let id = app.view().selected_node().expect("…Ra5");
    let full = explain::text(app.session(), id, Notation::San);
    assert!(
        full.contains("Stored as killer 1 at ply 1; a4 moved to slot 2."),
        "{full}"
    );
    let shown = tui_support::screen(&draw(&mut app, 80, 24));
    let panel = app.ui.areas.explain;
    let rows: Vec<String> = shown
        .lines()
        .skip(usize::from(panel.y))
        .take(usize::from(panel.height))
        .map(|l| {
            l.chars()
                .skip(usize::from(panel.x))
                .take(usize::from(panel.width))
                .collect()
        })
        .collect();
    let inside: Vec<String> = rows[1..rows.len() - 1]
        .iter()
        .map(|r| r.trim_matches('│').trim().to_string())
        .collect();
    let read = inside.join(" ");
    assert!(
        read.contains("Stored as killer 1 at ply 1; a4 moved to slot 2."),
        "the key sentence is in view:\n{}",
        rows.join("\n")
    );
    assert!(read.contains("cut off …Ra5"), "{read}");
    assert!(
        rows[rows.len() - 1].contains("more"),
        "the bottom border says there is more:\n{}",
        rows.join("\n")
    );
}
