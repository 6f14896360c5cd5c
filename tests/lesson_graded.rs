//! A lesson a class is graded on keeps its answers: `q` asks before quitting while questions
//! wait for an answer (Ctrl-C still quits at once), and going back to an answered question
//! shows the answer that stands instead of asking it again.

use crate::tui_support;

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

/// Where the question's answer would show: the asked node open or zoomed into, the selection
/// below it, the timeline past the moment it was entered.
fn leak(app: &App) -> Option<String> {
    let asked = app.asked_node()?;
    let session = app.session();
    let moment = session.node(asked).map(|n| n.enter_event() + 1)?;
    if app.view().is_open(asked) {
        return Some("the asked node is open".into());
    }
    if app
        .view()
        .zoom
        .iter()
        .any(|&z| z == asked || session.is_ancestor(asked, z))
    {
        return Some("zoomed into the asked node".into());
    }
    if let Some(selected) = app.view().selected_node()
        && selected != asked
        && session.is_ancestor(asked, selected)
    {
        return Some(format!("node {selected} below the asked node is selected"));
    }
    (session.position() > moment).then(|| {
        format!(
            "the timeline is at {} past the moment {moment}",
            session.position()
        )
    })
}

#[test]
fn a_waiting_question_keeps_its_node_closed_and_the_timeline_before_it_until_answered() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let asked = app.asked_node().expect("step 2 asks about …Ra5");
    assert_eq!(leak(&app), None, "the step's own scene holds back");
    assert_eq!(app.view().selected_node(), Some(asked));
    for code in [
        KeyCode::Char('l'),
        KeyCode::Enter,
        KeyCode::Char('z'),
        KeyCode::Char('t'),
        KeyCode::Char('}'),
        KeyCode::Char('K'),
        KeyCode::Char(']'),
        KeyCode::Char('G'),
    ] {
        key(&mut app, code);
        assert_eq!(leak(&app), None, "after {code:?}");
        assert!(app.lesson().is_some_and(|l| l.asking()), "{code:?}");
    }
    key(&mut app, KeyCode::Char('t'));
    let said = message(&app);
    assert!(said.contains("answer first"), "{said}");
    key(&mut app, KeyCode::Char('y'));
    let said = message(&app);
    assert!(said.contains("answer the question first"), "{said}");
    assert!(
        app.views().why.chain_at(Some(asked)).is_none(),
        "no score chain drawn"
    );

    // Answered, everything opens: the timeline is free again (the lesson goes on to the step
    // that shows Bc6 stored as a killer, past the moment), and l opens …Ra5.
    let moment = app.session().node(asked).map(|n| n.enter_event() + 1);
    let (_, digit) = answer_digit(&app);
    key(&mut app, KeyCode::Char(digit));
    assert_eq!(app.asked_node(), None);
    assert!(Some(app.session().position()) > moment);
    app.update(killerscope_explorer::Action::SelectNode(asked));
    key(&mut app, KeyCode::Char('l'));
    assert!(app.view().is_open(asked), "l opens it now");
}

/// Every key of the normal view and the lesson's (but the lesson's own stepping, answering and
/// closing, and saving a file), as the help lists them.
fn every_key() -> Vec<killerscope_explorer::keys::KeyPress> {
    use killerscope_explorer::keys::{Context, Trigger, action_for, bindings};
    use killerscope_explorer::views::lessons::LessonsAction;
    use killerscope_explorer::{Action, views::ViewAction};
    bindings()
        .iter()
        .filter(|b| matches!(b.context, Context::Normal | Context::Lesson))
        .filter_map(|b| match &b.trigger {
            Trigger::Keys(keys, action) => Some((keys, action)),
            _ => None,
        })
        .filter(|(_, action)| {
            !matches!(
                action,
                Action::SaveLog | Action::View(ViewAction::Lessons(LessonsAction::Close))
            ) && !LessonsAction::is_lesson(action)
        })
        .flat_map(|(keys, _)| keys.iter().map(|k| k.press()))
        // A key the lesson takes for its own (← steps back while a lesson is open).
        .filter(|&press| {
            let lesson = action_for(Context::Lesson, press);
            !lesson.as_ref().is_some_and(LessonsAction::is_lesson)
                && action_for(Context::Question, press).is_none()
        })
        .collect()
}

/// Presses every key at the waiting question, each from the question's screen (an overlay a
/// key opened is left with Esc), and checks that none shows the answer. What the keys ask of
/// the runtime is dropped (the ladder alone would search millions of nodes): what the screen
/// shows is the explorer's state, which is checked after each key.
fn walk_every_key(app: &mut App, lesson: &str) {
    let step = app.lesson().map(|l| l.player.index());
    for press in every_key() {
        app.handle_key(press);
        if *app.mode() != killerscope_explorer::Mode::Normal {
            key(app, KeyCode::Esc);
        }
        assert_eq!(
            app.lesson().map(|l| l.player.index()),
            step,
            "{lesson}: {press:?} left the step"
        );
        assert!(
            app.lesson().is_some_and(|l| l.asking()),
            "{lesson}: {press:?}"
        );
        assert_eq!(leak(app), None, "{lesson} step {step:?}: after {press:?}");
    }
}

#[test]
fn every_bundled_question_hides_its_answer_against_every_key_in_the_help() {
    use killerscope_explorer::lesson::{BUNDLED, Wait};
    let mut asked = 0;
    for (name, _) in BUNDLED {
        let mut app = open(name);
        let mut walked = None;
        loop {
            let Some(lesson) = app.lesson() else {
                panic!("{name}: the lesson stays open");
            };
            let index = lesson.player.index();
            if lesson.asking() && app.asked_node().is_some() && walked != Some(index) {
                walk_every_key(&mut app, name);
                walked = Some(index);
                asked += 1;
                continue;
            }
            // A step's wait done (which may take the lesson on by itself), then its answer,
            // each looked at afresh.
            match lesson.player.step().wait {
                Some(Wait::Select(node)) if !lesson.player.waited() => {
                    app.input(killerscope_explorer::Action::SelectNode(node));
                    continue;
                }
                Some(Wait::Key(c)) if !lesson.player.waited() => {
                    key(&mut app, KeyCode::Char(c));
                    continue;
                }
                _ => {}
            }
            if lesson.asking() {
                let (_, digit) = answer_digit(&app);
                key(&mut app, KeyCode::Char(digit));
                continue;
            }
            if lesson.player.at_end() {
                break;
            }
            key(&mut app, KeyCode::Right);
            let lesson = app.lesson().expect("open");
            assert_ne!(
                lesson.player.index(),
                index,
                "{name}: step {index} goes on ({:?})",
                message(&app)
            );
        }
    }
    assert!(asked >= 8, "the bundled lessons ask {asked} questions");
}
