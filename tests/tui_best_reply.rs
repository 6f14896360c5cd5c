//! The best-reply key (`E`) in the explorer (issue 26): on the puzzle, …Ra5 is cut off by
//! White's quiet Bc6, which only had to reach β; `E` searches the position after …Ra5 with the
//! full window to the node's own depth on the runtime's thread, and the Explain panel then sets
//! White's real best move, Qd2, beside the cutting move — the figure the lesson's answer and
//! `search::best_reply` give. A node that did not cut is refused; `s` / Esc stops the search.

use crate::tui_support;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_chess::{parse_uci, san};
use killerscope_engine::{BestReply, best_reply};
use killerscope_explorer::BestView;
use killerscope_explorer::views::best::BestRequest;
use killerscope_explorer::{Action, Effect, NodeId, Runtime};
use killerscope_tui::widgets::explain::ExplainPanel;
use tui_support::{App, PUZZLE, press, puzzle_app, screen};

/// The root move …Ra5 (b5a5) in the last iteration.
fn after_ra5(app: &App) -> NodeId {
    let session = app.session();
    let root = *session.tree().roots().last().expect("a root");
    let ra5 = parse_uci(&Position::from_fen(PUZZLE).expect("FEN"), "b5a5").expect("legal");
    session
        .children(Some(root))
        .find(|&c| session.node(c).is_some_and(|n| n.mv() == ra5))
        .expect("…Ra5 is searched in the last iteration")
}

/// Carries out `effects` on a real runtime and drains it until it is idle.
fn run(app: &mut App, runtime: &mut Runtime, effects: Vec<Effect>) {
    runtime.apply_all(app, effects);
    let start = Instant::now();
    while runtime.busy(app) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the search ends"
        );
        std::thread::sleep(Duration::from_millis(5));
        runtime.drain(app);
    }
}

/// Selects `id` as a click or a lesson step does.
fn select(app: &mut App, id: NodeId) {
    app.update(Action::SelectNode(id));
    assert_eq!(app.view().selected_node(), Some(id));
}

#[test]
fn e_on_the_ra5_cut_names_qd2_beside_bc6() {
    let mut app = puzzle_app();
    let id = after_ra5(&app);
    app.panel(&ExplainPanel, 60, 20);
    select(&mut app, id);
    let node = app.session().node(id).expect("node");
    let at = app.session().position_at(Some(id));
    let cut = node.cutoff().expect("…Ra5 is a cut node");
    assert_eq!(san(&at, cut.mv), "Bc6");

    let effects = press(&mut app, KeyCode::Char('E'));
    let Some(request) = tui_support::job_request::<BestRequest>(&effects) else {
        panic!("one best-reply search, got {effects:?}");
    };
    assert_eq!(
        request.depth, 4,
        "the node's own depth in the depth-5 search"
    );
    assert_eq!(app.best_reply_of(id), BestView::Running(4));
    let running = screen(&app.panel(&ExplainPanel, 60, 20));
    assert!(running.contains("searching this position"), "{running}");

    run(&mut app, &mut Runtime::default(), effects);
    let BestView::Done(found) = app.best_reply_of(id) else {
        panic!("the search ended: {:?}", app.best_reply_of(id));
    };
    // The same answer as the shared function called directly, and as the lesson quotes.
    let direct = best_reply(&at, 4, &AtomicBool::new(false));
    assert_eq!(Some(found.best), direct);
    let BestReply::Move(best, score) = found.best else {
        panic!("{found:?}");
    };
    assert_eq!((san(&at, best).as_str(), score), ("Qd2", 322));
    assert_eq!(found.cut, cut.mv);
    let message = app.message().expect("a status message").text.clone();
    assert!(message.contains("not the move that cut"), "{message}");

    let text = screen(&app.panel(&ExplainPanel, 60, 20));
    for part in ["Best reply: Bc6 reached β +111 and cut;", "is Qd2, +322"] {
        assert!(text.contains(part), "{part}:\n{text}");
    }
    insta::assert_snapshot!("best_reply_ra5_60x20", text);
    // Asking again searches nothing.
    assert!(press(&mut app, KeyCode::Char('E')).is_empty());
}

#[test]
fn the_best_reply_verdict_leaves_the_status_line_with_its_node() {
    let mut app = puzzle_app();
    let id = after_ra5(&app);
    select(&mut app, id);
    let effects = press(&mut app, KeyCode::Char('E'));
    run(&mut app, &mut Runtime::default(), effects);
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("best reply"), "{said}");
    // Keys that keep the node keep the verdict; selecting another node takes it away.
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('j'));
    assert_ne!(app.view().selected_node(), Some(id));
    let left = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(!left.contains("best reply"), "{left}");
}

#[test]
fn e_off_a_cut_node_searches_nothing_and_esc_stops_a_running_search() {
    let mut app = puzzle_app();
    app.panel(&ExplainPanel, 60, 20);
    let root = *app.session().tree().roots().last().expect("a root");
    select(&mut app, root);
    assert!(
        press(&mut app, KeyCode::Char('E')).is_empty(),
        "the root is a PV node"
    );
    let message = app.message().expect("a status message").text.clone();
    assert!(message.contains("did not cut off"), "{message}");

    let id = after_ra5(&app);
    select(&mut app, id);
    let mut runtime = Runtime::default();
    let effects = press(&mut app, KeyCode::Char('E'));
    runtime.apply_all(&mut app, effects);
    let stop = press(&mut app, KeyCode::Esc);
    assert_eq!(stop, vec![Effect::Stop]);
    run(&mut app, &mut runtime, stop);
    assert_eq!(app.best_reply_of(id), BestView::None);
    let message = app.message().expect("a status message").text.clone();
    assert!(message.contains("stopped"), "{message}");
}

#[test]
fn e_on_the_node_a_lesson_question_asks_about_waits_for_the_answer() {
    let mut app = tui_support::lesson::open("killers-in-ten-minutes");
    tui_support::lesson::key(&mut app, KeyCode::Right);
    let asked = app
        .asked_node()
        .expect("step 2 asks which move cut off …Ra5");
    assert_eq!(app.view().selected_node(), Some(asked));
    assert!(press(&mut app, KeyCode::Char('E')).is_empty());
    let message = app.message().expect("a status message").text.clone();
    assert!(message.contains("answer the question first"), "{message}");
    assert_eq!(app.best_reply_of(asked), BestView::None);
}
