//! A lesson's question must not give its answer away, its waits must see what the learner
//! already did, and its screens must show what a class reads (board, killers, lesson, the
//! whole α/β window): driven through the keys of the first bundled lesson ("killers in ten
//! minutes"), read back from the drawn screen and the explorer's model.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_explorer::lesson::Wait;
use tui_support::lesson::{key, open};
use tui_support::{App, draw, screen};

/// The tree row of the node `name` (`…Ra5`) on an 80×24 screen.
fn row(app: &mut App, name: &str) -> String {
    let shown = screen(&draw(app, 80, 24));
    shown
        .lines()
        .find(|l| l.contains('▸') && l.contains(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no selected row {name}:\n{shown}"))
        .to_string()
}

#[test]
fn the_asked_nodes_cutting_move_shows_only_once_the_question_is_answered() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let asked = app.lesson().and_then(|l| l.asked_node());
    assert_eq!(asked, app.view().selected_node(), "…Ra5 is asked about");
    assert_eq!(app.asked_node(), asked);
    let waiting = row(&mut app, "…Ra5");
    assert!(
        waiting.contains("✂ ?") && !waiting.contains("Bc6"),
        "{waiting}"
    );
    let shown = screen(&draw(&mut app, 160, 48));
    let rb4 = shown
        .lines()
        .find(|l| l.contains("…Rb4 "))
        .expect("…Rb4's row");
    assert!(rb4.contains("✂ ?"), "the sibling cut by Bc6 too: {rb4}");

    key(&mut app, KeyCode::Char('2'));
    let missed = row(&mut app, "…Ra5");
    assert!(
        missed.contains("✂ ?"),
        "one more try, still hidden: {missed}"
    );
    assert_eq!(app.asked_node(), asked);

    key(&mut app, KeyCode::Char('1'));
    assert_eq!(app.asked_node(), None, "answered");
    let answered = row(&mut app, "…Ra5");
    assert!(answered.contains("✂ Bc6"), "{answered}");
}

#[test]
fn the_cut_answer_names_the_best_move_when_the_cutoff_was_only_good_enough() {
    let app = open("killers-in-ten-minutes");
    let lesson = app.lesson().expect("open").player.lesson();
    let ra5 = lesson.steps[1].question.as_ref().expect("step 2 asks");
    assert_eq!(ra5.answer_san, "Bc6");
    // `killerscope search` of the position after …Ra5 plays Qd2 (issue 26): Bc6 only reached β.
    assert!(
        ra5.why
            .contains("It was good enough to cut, not White's best")
            && ra5.why.contains("prefers Qd2"),
        "{}",
        ra5.why
    );
}

#[test]
fn k_into_rb4s_subtree_is_brought_back_to_rb4_while_its_question_waits_and_ends_the_wait() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('1'));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('K'));
    let state = app.lesson().expect("open");
    let Some(Wait::Select(rb4)) = state.player.step().wait else {
        panic!("step 4 waits for …Rb4");
    };
    // K's next killer cutoff is inside …Rb4's subtree, past the moment the question is about:
    // the selection comes back up to …Rb4 and the timeline to its entry, saying why.
    assert_eq!(app.view().selected_node(), Some(rb4));
    let entered = app.session().node(rb4).map(|n| n.enter_event() + 1);
    assert!(Some(app.session().position()) <= entered);
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("answer first"), "{said}");
    assert!(
        app.lesson().expect("open").player.waited(),
        "…Rb4 selected: the step's wait is over"
    );
}

#[test]
fn teaching_screens_keep_the_board_the_killers_the_lesson_and_whole_windows() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let check = |app: &mut App, w: u16, h: u16, what: &str| {
        let shown = screen(&draw(app, w, h));
        let ra5 = row(app, "…Ra5");
        assert!(ra5.contains("[+110,+111]"), "{what}: {ra5}");
        for panel in ["Ply 1", "Killers", "Lesson:"] {
            assert!(shown.contains(panel), "{what}: no {panel}\n{shown}");
        }
    };
    check(&mut app, 80, 24, "80×24");
    key(&mut app, KeyCode::Char('P'));
    check(&mut app, 160, 48, "projector 160×48");
    check(&mut app, 80, 24, "projector 80×24");
    key(&mut app, KeyCode::Char('F'));
    check(&mut app, 160, 48, "projector and focus 160×48");
    check(&mut app, 80, 24, "focus 80×24");
}

#[test]
fn a_first_miss_on_the_best_move_is_told_why_it_did_not_cut_without_the_answer() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let q = app
        .lesson()
        .and_then(|l| l.player.step().question.clone())
        .expect("step 2 asks");
    let qd2 = q
        .choices
        .iter()
        .position(|c| c == "Qd2")
        .expect("Qd2 is a choice");
    let hint = &q.hints[qd2];
    assert!(
        hint.contains("Qd2 is stronger") && hint.contains("never tried"),
        "{hint}"
    );
    assert!(
        !hint.contains(&q.answer_san),
        "the hint keeps the answer: {hint}"
    );
    assert!(q.hints[q.answer].is_empty());
    let digit = char::from(b'1' + u8::try_from(qd2).expect("a digit"));
    key(&mut app, KeyCode::Char(digit));
    let shown = screen(&draw(&mut app, 160, 48));
    assert!(shown.contains("Qd2 is stronger"), "{shown}");
    assert!(shown.contains("one more try"), "{shown}");
}
