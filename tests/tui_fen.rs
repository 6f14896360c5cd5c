//! The FEN box: readline keys through the key table, the cursor drawn where it is, a pasted
//! or typed flood of characters handled in bounded time and capped with a message.

use crate::tui_support;

use killerscope_tui::key_press;
use std::time::Instant;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers};
use killerscope_explorer::CAPACITY;
use killerscope_explorer::Mode;
use killerscope_explorer::Runtime;
use killerscope_tui::{run::EVENT_BATCH, run::handle_events};
use ratatui::layout::Position;
use tui_support::{draw, press, puzzle_app, type_text};

const FEN: &str = "8/8/8/4k3/8/8/4PP2/4K3 w - - 0 1";

fn ctrl(app: &mut tui_support::App, c: char) {
    app.handle_key(key_press(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::CONTROL,
    )));
}

/// The typed text and the error line of the FEN box.
fn fen_box(app: &tui_support::App) -> (String, Option<String>) {
    match &app.mode() {
        Mode::Fen { input, error } => (input.text().to_string(), error.clone()),
        other => panic!("the FEN box is closed: {other:?}"),
    }
}

#[test]
fn readline_keys_move_the_cursor_and_edit_at_it() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('f'));
    type_text(&mut app, "4k3/8/8/4PP2/4K3 w - - 0 1");
    ctrl(&mut app, 'a');
    type_text(&mut app, "8/8/8/");
    assert_eq!(fen_box(&app).0, FEN, "typed at the cursor, not at the end");
    press(&mut app, KeyCode::End);
    ctrl(&mut app, 'w');
    ctrl(&mut app, 'w');
    assert_eq!(fen_box(&app).0, "8/8/8/4k3/8/8/4PP2/4K3 w - - ");
    type_text(&mut app, "0 1");
    ctrl(&mut app, 'b');
    ctrl(&mut app, 'b');
    press(&mut app, KeyCode::Left);
    ctrl(&mut app, 'k');
    assert_eq!(fen_box(&app).0, "8/8/8/4k3/8/8/4PP2/4K3 w - - ");
    press(&mut app, KeyCode::Home);
    ctrl(&mut app, 'f');
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(fen_box(&app).0, "8/8/4k3/8/8/4PP2/4K3 w - - ");
    ctrl(&mut app, 'e');
    ctrl(&mut app, 'u');
    assert_eq!(fen_box(&app).0, "");
    type_text(&mut app, FEN);
    ctrl(&mut app, 'a');
    for _ in 0..4 {
        ctrl(&mut app, 'f');
    }
    let terminal = &mut draw(&mut app, 100, 30);
    let cursor = terminal.get_cursor_position().expect("a test backend");
    let screen = tui_support::screen(terminal);
    let row = screen
        .lines()
        .nth(usize::from(cursor.y))
        .expect("the cursor's row");
    assert!(row.contains(&format!("FEN> {FEN}")), "{row}");
    let at = row.find("FEN> ").expect("the prompt");
    let prompt = row[..at].chars().count() + "FEN> ".len();
    assert_eq!(cursor, Position::new(prompt as u16 + 4, cursor.y), "{row}");
    let effects = press(&mut app, KeyCode::Enter);
    assert!(tui_support::starts_search(&effects));
    assert_eq!(app.setup().root.to_fen(), FEN);
}

#[test]
fn a_5000_character_paste_goes_in_at_once_capped_with_a_message() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('f'));
    type_text(&mut app, FEN);
    press(&mut app, KeyCode::Home);
    let paste = TermEvent::Paste("x".repeat(5_000));
    let start = Instant::now();
    let handled = handle_events(
        &mut app.app,
        &app.ui,
        &mut Runtime::default(),
        paste,
        || Ok(None),
    )
    .expect("no terminal involved");
    draw(&mut app, 160, 48);
    let took = start.elapsed();
    assert_eq!(handled, 1);
    let (text, error) = fen_box(&app);
    assert_eq!(text.chars().count(), CAPACITY);
    assert!(
        text.ends_with(FEN),
        "pasted at the cursor, the typed text kept"
    );
    let error = error.expect("a message says the paste was cut");
    assert!(
        error.contains("512") && error.contains("4,520 left out"),
        "{error}"
    );
    eprintln!("the paste took {took:?} (reported, not asserted)");
    press(&mut app, KeyCode::Backspace);
    assert_eq!(fen_box(&app).1, None, "the message goes at the next edit");
}

#[test]
fn a_paste_outside_the_fen_box_is_not_taken_for_commands() {
    let mut app = puzzle_app();
    let depth = app.setup().next.depth;
    let paste = TermEvent::Paste("+++rq".into());
    handle_events(
        &mut app.app,
        &app.ui,
        &mut Runtime::default(),
        paste,
        || Ok(None),
    )
    .expect("no terminal");
    assert_eq!(
        (app.setup().next.depth, app.quit_requested()),
        (depth, false)
    );
    assert_eq!(*app.mode(), Mode::Normal);
}

#[test]
fn typing_5000_characters_one_event_each_draws_a_frame_per_batch() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('f'));
    let mut keys = (0..5_000).map(|i| {
        let c = char::from(b'a' + (i % 26) as u8);
        TermEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    });
    let mut runtime = Runtime::default();
    let start = Instant::now();
    let mut frames = 0;
    while let Some(first) = keys.next() {
        handle_events(&mut app.app, &app.ui, &mut runtime, first, || {
            Ok(keys.next())
        })
        .expect("no terminal");
        draw(&mut app, 160, 48);
        frames += 1;
    }
    let took = start.elapsed();
    assert_eq!(frames, 5_000_usize.div_ceil(EVENT_BATCH));
    let (text, error) = fen_box(&app);
    assert_eq!(text.chars().count(), CAPACITY);
    assert!(text.starts_with("abcdefghijklmnopqrstuvwxyzabc"));
    assert!(error.is_some_and(|e| e.contains("512")));
    eprintln!("5,000 keys took {took:?} in {frames} frames (reported, not asserted)");
}

/// A position no game can reach (three checkers) is searched as given: the status line says so
/// when it is loaded, and the board's title keeps saying it after the search's own messages
/// have replaced the status line.
#[test]
fn an_unreachable_fen_is_searched_and_the_board_keeps_saying_so() {
    const CHECKED_THRICE: &str = "4k3/8/8/8/8/5n2/3p4/r3K3 w - - 0 1";
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('f'));
    type_text(&mut app, CHECKED_THRICE);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(tui_support::starts_search(&effects));
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("no game can reach"), "{said}");
    app.clear_message();
    let terminal = app.panel(&killerscope_tui::widgets::board::BoardPanel, 60, 14);
    let screen = tui_support::screen(&terminal);
    assert!(
        screen
            .lines()
            .next()
            .unwrap_or("")
            .contains("no game reaches this position"),
        "{screen}"
    );
}
