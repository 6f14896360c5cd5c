//! The ordering ladder in the explorer's compare view (`O`, issue 22): the puzzle searched at
//! the explorer's depth under every rung, from the worst order to the oracle's, on the
//! runtime's thread with its progress in the status line — the same counts as
//! `search::ladder::climb` called directly, the oracle's tree no larger than the normal one and
//! that no larger than the worst order's — drawn as a table with bars beside the Knuth–Moore
//! count; Esc leaves the view and stops a climb.

use crate::tui_support;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_engine::{ladder::climb, ladder::rungs};
use killerscope_explorer::ComparePage;
use killerscope_explorer::views::ladder::LadderRequest;
use killerscope_explorer::{Effect, Mode, Runtime};
use killerscope_explorer::{HASH_MIB, SEED};
use tui_support::{App, PUZZLE, draw, press, puzzle_app, screen};

/// The ladder's depth: the puzzle app's 5, two presses of `-` down (quick, whole tree).
const DEPTH: u8 = 3;

fn at_depth_3() -> App {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('-'));
    press(&mut app, KeyCode::Char('-'));
    assert_eq!(app.setup().next.depth, DEPTH);
    app
}

/// Carries out `effects` on `runtime` and drains it until idle.
fn run(app: &mut App, runtime: &mut Runtime, effects: Vec<Effect>) {
    runtime.apply_all(app, effects);
    let start = Instant::now();
    while runtime.busy(app) {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the ladder ends"
        );
        std::thread::sleep(Duration::from_millis(5));
        runtime.drain(app);
    }
}

#[test]
fn o_climbs_the_ladder_with_the_counts_search_ladder_gives() {
    let mut app = at_depth_3();
    let effects = press(&mut app, KeyCode::Char('O'));
    let Some(request) = tui_support::job_request::<LadderRequest>(&effects) else {
        panic!("one ladder, got {effects:?}");
    };
    assert_eq!(request.key.depth, DEPTH);
    assert_eq!(*app.mode(), Mode::Compare);
    assert_eq!(app.views().compare.page, ComparePage::Ladder);
    let said = app.message().expect("progress").text.clone();
    assert!(said.contains("0 of 9 rungs climbed"), "{said}");
    assert!(screen(&draw(&mut app, 80, 24)).contains("Climbing at depth 3"));

    run(&mut app, &mut Runtime::default(), effects);
    let (key, ladder) = app.views().ladder.slot.done().cloned().expect("climbed");
    assert_eq!(key.depth, DEPTH);
    let root = Position::from_fen(PUZZLE).expect("FEN");
    let never = AtomicBool::new(false);
    let direct = climb(&root, DEPTH, &rungs(SEED), HASH_MIB, &|_| {}, &never);
    assert_eq!(ladder.rungs, direct.rungs, "rung by rung, nodes and leaves");
    assert_eq!(ladder.knuth_moore, direct.knuth_moore);
    let nodes = |k: &str| {
        let found = ladder.rungs.iter().find(|(r, _)| r.key == k);
        found.expect("every rung").1.nodes
    };
    assert!(nodes("oracle") <= nodes("tt"), "oracle ≤ normal");
    assert!(nodes("tt") <= nodes("worst"), "normal ≤ worst");
    let said = app.message().expect("the result").text.clone();
    assert!(said.contains("the worst order searched"), "{said}");

    let shown = screen(&draw(&mut app, 80, 24));
    assert!(
        shown.contains("Knuth–Moore b^2 + b^1") && shown.contains("1,547 leaves (┆)"),
        "{shown}"
    );
    insta::assert_snapshot!("ladder_puzzle_depth3_80x24", shown);
    // On screen already: O climbs nothing again.
    assert!(press(&mut app, KeyCode::Char('O')).is_empty());
    // Tab goes on to the numbers page, which has no comparison yet.
    press(&mut app, KeyCode::Tab);
    let numbers = screen(&draw(&mut app, 80, 24));
    assert!(numbers.contains("No comparison yet"), "{numbers}");
}

#[test]
fn esc_leaves_the_ladder_and_stops_its_climb() {
    let mut app = puzzle_app();
    let mut runtime = Runtime::default();
    let effects = press(&mut app, KeyCode::Char('O'));
    runtime.apply_all(&mut app, effects);
    let stop = press(&mut app, KeyCode::Esc);
    assert_eq!(stop, vec![Effect::Stop]);
    assert_eq!(*app.mode(), Mode::Normal);
    // At once, however long the rung (or the branching factor before the first) would take:
    // the view is told, and the runtime no longer waits for the thread.
    runtime.apply_all(&mut app, stop);
    assert!(!runtime.busy(&app), "nothing left running");
    assert!(app.views().ladder.slot.running().is_none());
    assert!(app.views().ladder.slot.done().is_none());
    let said = app.message().expect("a status message").text.clone();
    assert!(said.contains("stopped"), "{said}");
}
