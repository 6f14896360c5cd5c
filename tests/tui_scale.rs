//! The explorer on trees of shapes no search produces but a log may hold: a line of 100,000
//! nested nodes, a node with a million children, a million top-level nodes. Each test drives
//! keys through the key table and draws every frame on a `TestBackend`, on a thread with a
//! 2 MB stack (so a walk that recursed once per level would overflow), and checks that what
//! the view holds open stays bounded whatever the tree's shape. Time is printed, not asserted
//! (`benches/tui.rs` measures speed).

use crate::tui_support;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use killerscope_explorer::{LEVELS, PAGE};
use tui_support::App;
use tui_support::synthetic::{deep, roots, wide};
use tui_support::{draw, press, screen, synthetic_app};

/// Runs `test` on a thread with a 2 MB stack (the main thread's usual size), so a walk that
/// recursed per level would overflow, and prints how long its keys and frames took. The time is
/// reported, not asserted: speed is proved by `benches/tui.rs`, and what these tests assert is
/// that the work is bounded (`assert_bounded`), which a wall clock on a shared machine cannot say.
fn on_small_stack(test: impl FnOnce(&mut dyn FnMut()) -> Duration + Send + 'static) {
    let thread = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut started = None;
            let took = test(&mut || started = Some(Instant::now()));
            eprintln!("keys and frames took {took:?}");
        })
        .expect("spawn a 2 MB-stack thread");
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
}

/// Checks the tree widget was handed a bounded slice: short paths, few opened rows.
fn assert_bounded(app: &App) {
    let selected = app.view().selected_path().count();
    assert!((1..LEVELS).contains(&selected), "selected path {selected}");
    let opened = app.ui.tree.opened();
    assert!(opened.len() <= LEVELS, "{} opened paths", opened.len());
    assert!(opened.iter().all(|p| p.len() < LEVELS));
}

/// The selected node and its depth below the search root.
fn selected_level(app: &App) -> (u32, usize) {
    let id = app.view().selected_node().expect("a node is selected");
    (id, app.session().tree().ancestors(id).count())
}

const LINE: usize = 100_000;

#[test]
fn a_100k_level_line_opens_steps_and_draws_with_bounded_state() {
    on_small_stack(|start| {
        let mut app = synthetic_app(deep(LINE, false), true);
        start();
        let t = Instant::now();
        draw(&mut app, 160, 48);
        press(&mut app, KeyCode::Char('['));
        let deepest = (LINE - 2) as u32;
        assert_eq!(selected_level(&app), (deepest, LINE - 2));
        assert_bounded(&app);
        let anchor = app.view().anchor().expect("the view moved down");
        let text = screen(&draw(&mut app, 160, 48));
        let above = killerscope_engine::fmt::grouped(anchor.levels as u64);
        assert!(text.contains(&format!("… {above} levels above")), "{text}");
        assert!(text.contains("Nf3") || text.contains("Ng1"), "{text}");

        for _ in 0..200 {
            press(&mut app, KeyCode::Char('['));
        }
        assert_eq!(selected_level(&app).0, deepest - 200);
        for _ in 0..100 {
            press(&mut app, KeyCode::Char(']'));
        }
        assert_eq!(selected_level(&app).0, deepest - 100);
        for _ in 0..100 {
            press(&mut app, KeyCode::Left);
        }
        let climbed = deepest - 150;
        assert_eq!(
            selected_level(&app).0,
            climbed,
            "← closes the open node, then climbs to its parent (open as an ancestor)"
        );
        press(&mut app, KeyCode::PageUp);
        assert_eq!(
            selected_level(&app).0,
            climbed - app.view().page_rows() as u32
        );
        press(&mut app, KeyCode::PageDown);
        press(&mut app, KeyCode::PageDown);
        let down = selected_level(&app).0;
        assert_eq!(
            down,
            climbed + 1,
            "PgDn follows the open line to its first closed node"
        );
        assert_bounded(&app);

        let selected = app.view().selected_node();
        let board = app.session().position_at(selected);
        assert_eq!(
            Some(board),
            killerscope_trace::line::position_at(app.session().tree(), &app.setup().root, down),
            "the board replays the line"
        );

        press(&mut app, KeyCode::Home);
        assert_eq!(selected_level(&app), (0, 0));
        assert_eq!(app.view().anchor(), None);
        press(&mut app, KeyCode::End);
        assert_eq!(
            selected_level(&app).0,
            down,
            "End follows the open line down"
        );
        assert_bounded(&app);
        press(&mut app, KeyCode::Char('t'));
        press(&mut app, KeyCode::Char('z'));
        press(&mut app, KeyCode::Char('Z'));
        assert_bounded(&app);
        t.elapsed()
    });
}

#[test]
fn a_closed_100k_level_line_steps_back_from_its_last_exit() {
    on_small_stack(|start| {
        let mut app = synthetic_app(deep(LINE, true), false);
        start();
        let t = Instant::now();
        draw(&mut app, 160, 48);
        app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(LINE + 1).into());
        draw(&mut app, 160, 48);
        assert_eq!(selected_level(&app), ((LINE - 1) as u32, LINE - 1));
        for _ in 0..100 {
            press(&mut app, KeyCode::Char(']'));
        }
        assert_eq!(
            selected_level(&app).1,
            LINE - 101,
            "each exit selects the parent"
        );
        for _ in 0..100 {
            press(&mut app, KeyCode::Char('['));
        }
        assert_eq!(selected_level(&app).1, LINE - 1);
        assert_bounded(&app);
        let text = screen(&draw(&mut app, 160, 48));
        assert!(text.contains("levels above"), "{text}");
        t.elapsed()
    });
}

const WIDE: usize = 1_000_000;

/// The index of the selected node among its siblings.
fn selected_index(app: &App) -> usize {
    let id = app.view().selected_node().expect("a node is selected");
    app.session().node(id).expect("in the tree").sibling_index()
}

#[test]
fn a_million_children_page_to_the_far_end_with_bounded_state() {
    let events = wide(WIDE);
    on_small_stack(move |start| {
        let mut app = synthetic_app(events, false);
        start();
        let t = Instant::now();
        draw(&mut app, 160, 48);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::End);
        assert_eq!(selected_index(&app), WIDE - 1);
        let page = app.view().window(app.session(), Some(0));
        assert_eq!((page.before, page.after), (WIDE - PAGE, 0));
        for _ in 0..200 {
            press(&mut app, KeyCode::PageUp);
        }
        assert_eq!(
            selected_index(&app),
            WIDE - 1 - 200 * app.view().page_rows()
        );
        for _ in 0..100 {
            press(&mut app, KeyCode::PageDown);
        }
        assert_eq!(
            selected_index(&app),
            WIDE - 1 - 100 * app.view().page_rows()
        );
        press(&mut app, KeyCode::Char('['));
        assert_eq!(selected_index(&app), WIDE - 1, "the timeline's last child");
        press(&mut app, KeyCode::Home);
        assert_eq!(app.view().selected_node(), Some(0));
        assert_eq!(app.ui.tree.opened().len(), 1);
        t.elapsed()
    });
}

#[test]
fn a_million_top_level_nodes_page_to_the_far_end_with_bounded_state() {
    let events = roots(WIDE);
    on_small_stack(move |start| {
        let mut app = synthetic_app(events, false);
        start();
        let t = Instant::now();
        draw(&mut app, 160, 48);
        press(&mut app, KeyCode::End);
        assert_eq!(selected_index(&app), WIDE - 1);
        let page = app.view().window(app.session(), None);
        assert_eq!((page.before, page.after), (WIDE - PAGE, 0));
        for _ in 0..200 {
            press(&mut app, KeyCode::PageUp);
        }
        assert_eq!(
            selected_index(&app),
            WIDE - 1 - 200 * app.view().page_rows()
        );
        app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(WIDE).into());
        draw(&mut app, 160, 48);
        assert_eq!(
            selected_index(&app),
            WIDE / 2 - 1,
            "the timeline jumps to the middle"
        );
        press(&mut app, KeyCode::Home);
        assert_eq!(selected_index(&app), 0);
        t.elapsed()
    });
}
