//! A lesson a class is graded on keeps its answers: `q` asks before quitting while questions
//! wait for an answer (Ctrl-C still quits at once), and going back to an answered question
//! shows the answer that stands instead of asking it again.

mod tui_support;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers};
use killerscope_tui::run::handle_event;
use tui_support::lesson::{key, open};
use tui_support::{App, draw, screen};

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// The step's question's answer and the digit that picks it.
fn answer_digit(app: &App) -> (String, char) {
    let q = app
        .lesson()
        .and_then(|l| l.player.step().question.clone())
        .expect("the step asks");
    let digit = char::from(b'1' + u8::try_from(q.answer).expect("a digit"));
    (q.answer_san, digit)
}

#[test]
fn q_asks_before_leaving_questions_unanswered_and_ctrl_c_does_not() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.quit_requested(), "the first q only asks");
    let said = message(&app);
    assert!(said.contains("unanswered: q again quits"), "{said}");
    // Another key goes on with the lesson, and the next q asks again.
    key(&mut app, KeyCode::Char('j'));
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.quit_requested(), "asked again after another key");
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit_requested(), "q twice quits");

    let mut app = open("killers-in-ten-minutes");
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    handle_event(&mut app.app, &app.ui, TermEvent::Key(ctrl_c));
    assert!(app.quit_requested(), "Ctrl-C quits at once");
}

#[test]
fn an_answered_question_revisited_shows_its_answer_and_keeps_it() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let (san, digit) = answer_digit(&app);
    key(&mut app, KeyCode::Char(digit));
    let score = |app: &App| {
        app.lesson()
            .map(|l| l.player.score())
            .expect("a lesson is open")
    };
    let after = score(&app);
    assert_eq!((after.answered, after.right), (1, 1));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Left);
    let lesson = app.lesson().expect("open");
    assert!(
        lesson.player.step().question.is_some(),
        "back at the question"
    );
    assert!(!lesson.asking(), "it is not asked again");
    let wrong = if digit == '1' { '2' } else { '1' };
    key(&mut app, KeyCode::Char(wrong));
    assert_eq!(score(&app), after, "the answer stands");
    let shown = screen(&draw(&mut app, 160, 48));
    assert!(
        shown.contains(&san),
        "the standing answer is shown:\n{shown}"
    );
    assert!(!shown.contains("one more try"), "{shown}");
}
