//! Snapshots of the explorer with a lesson open (monochrome, timing zeroed): the question step
//! of the first lesson at 80×24 and 160×48 before the answer (the asked node's cutting move
//! and killer squares hidden), after one wrong pick (one more try, still hidden) and after the
//! answer, a compare step beside
//! its lesson, projector mode at 160×48 (7×3-cell board) and at 80×24 (the usual board), focus
//! mode, and tiny terminals that must not panic.

use crate::tui_support;

use crossterm::event::KeyCode;
use tui_support::App;
use tui_support::lesson::{key, open};
use tui_support::{draw, screen};

/// The first lesson at its question step (…Ra5 selected), unanswered.
fn at_question() -> App {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    app.clear_message();
    app
}

#[test]
fn lesson_question_80x24() {
    let mut app = at_question();
    insta::assert_snapshot!("lesson_question_80x24", screen(&draw(&mut app, 80, 24)));
}

#[test]
fn lesson_question_160x48() {
    let mut app = at_question();
    insta::assert_snapshot!("lesson_question_160x48", screen(&draw(&mut app, 160, 48)));
}

#[test]
fn lesson_missed_once_80x24() {
    let mut app = at_question();
    key(&mut app, KeyCode::Char('2'));
    app.clear_message();
    insta::assert_snapshot!("lesson_missed_once_80x24", screen(&draw(&mut app, 80, 24)));
}

#[test]
fn lesson_answered_80x24_and_160x48() {
    let mut app = at_question();
    key(&mut app, KeyCode::Char('2'));
    key(&mut app, KeyCode::Char('3'));
    app.clear_message();
    insta::assert_snapshot!("lesson_answered_80x24", screen(&draw(&mut app, 80, 24)));
    insta::assert_snapshot!("lesson_answered_160x48", screen(&draw(&mut app, 160, 48)));
}

#[test]
fn lesson_compare_step_80x24_and_160x48() {
    let mut app = open("alpha-beta-from-the-ground-up");
    for _ in 0..20 {
        let state = app.lesson().expect("open");
        if state.player.at_end() {
            break;
        }
        if let Some(q) = &state.player.step().question {
            let digit = char::from(b'1' + q.answer as u8);
            if let Some(killerscope_explorer::lesson::Wait::Select(id)) = state.player.step().wait {
                app.update(killerscope_explorer::Action::SelectNode(id));
                key(&mut app, KeyCode::Char('F'));
                key(&mut app, KeyCode::Char('F'));
            }
            key(&mut app, KeyCode::Char(digit));
        }
        key(&mut app, KeyCode::Right);
    }
    app.clear_message();
    insta::assert_snapshot!("lesson_compare_80x24", screen(&draw(&mut app, 80, 24)));
    insta::assert_snapshot!("lesson_compare_160x48", screen(&draw(&mut app, 160, 48)));
}

#[test]
fn projector_160x48_and_80x24() {
    let mut app = at_question();
    key(&mut app, KeyCode::Char('P'));
    app.clear_message();
    insta::assert_snapshot!("lesson_projector_160x48", screen(&draw(&mut app, 160, 48)));
    insta::assert_snapshot!("lesson_projector_80x24", screen(&draw(&mut app, 80, 24)));
    key(&mut app, KeyCode::Char('F'));
    app.clear_message();
    insta::assert_snapshot!(
        "lesson_projector_focus_160x48",
        screen(&draw(&mut app, 160, 48))
    );
    insta::assert_snapshot!("lesson_focus_80x24", screen(&draw(&mut app, 80, 24)));
}

#[test]
fn tiny_terminals_draw_without_panicking() {
    let mut app = at_question();
    for projector in [false, true] {
        if projector {
            key(&mut app, KeyCode::Char('P'));
        }
        for (w, h) in [
            (0, 0),
            (1, 1),
            (10, 3),
            (30, 8),
            (59, 15),
            (60, 16),
            (79, 23),
        ] {
            draw(&mut app, w, h);
        }
    }
}
