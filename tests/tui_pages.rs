//! Pages of children in the tree panel, on a recorded search of a position with 218 legal
//! moves: the page follows the selection by key, and the "… N before" / "… N more" rows page
//! by mouse.

use crate::tui_support;

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use killerscope_explorer::Row;
use tui_support::{draw, press};

#[test]
fn a_wide_node_shows_a_page_that_follows_the_selection_and_pages_by_mouse() {
    use killerscope_chess::Position;
    use killerscope_explorer::PAGE;
    use killerscope_explorer::Session;
    use killerscope_explorer::Settings;
    let fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let root = Position::from_fen(fen).expect("218-move position");
    let settings = Settings {
        depth: 1,
        killers: 2,
        ..Settings::default()
    };
    let mut app = tui_support::App::new(killerscope_explorer::Explorer::new(
        root.clone(),
        settings,
        Vec::new(),
    ));
    app.open_session(Session::from_log(root, tui_support::record(fen, 1, 2)));
    draw(&mut app, 160, 48);
    let top = app.view().selected_node().expect("the iteration root");
    let total = app.session().child_count(Some(top));
    assert!(total >= 218, "every legal move (PVS re-searches add rows)");
    let page = |app: &tui_support::App| {
        let w = app.view().window(app.session(), Some(top));
        (w.before, w.shown, w.after)
    };
    let index = |app: &tui_support::App| {
        let id = app.view().selected_node().expect("a node is selected");
        app.session().node(id).expect("in the tree").sibling_index()
    };
    press(&mut app, KeyCode::Enter);
    assert_eq!(page(&app), (0, PAGE, total - PAGE));

    press(&mut app, KeyCode::Char('G'));
    assert_eq!(
        index(&app),
        total - 1,
        "G selects the last child, not a '… more' row"
    );
    assert_eq!(page(&app), (total - PAGE, PAGE, 0));
    press(&mut app, KeyCode::Char('g'));
    let screen = tui_support::screen(&draw(&mut app, 160, 48));
    assert!(
        screen.contains(&format!("… {} before", total - PAGE)),
        "{screen}"
    );
    press(&mut app, KeyCode::Down);
    assert_eq!(index(&app), total - PAGE, "↓ goes to the first child drawn");
    press(&mut app, KeyCode::Up);
    assert_eq!(index(&app), total - PAGE - 1, "↑ walks out of the page");
    assert_eq!(
        page(&app),
        (total - PAGE - 1, PAGE, 1),
        "the page slid by one"
    );
    let rows = app.view().page_rows();
    press(&mut app, KeyCode::PageUp);
    assert_eq!(index(&app), total - PAGE - 1 - rows);
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::PageDown);
    assert_eq!(index(&app), (total - PAGE - 1 + rows).min(total - 1));

    // A screen tall enough for a whole page shows both "…" rows around it.
    let rendered = |app: &tui_support::App, wanted: fn(&Row) -> bool| {
        (0..100u16)
            .find(|&y| {
                app.ui
                    .tree
                    .rendered_at(ratatui::layout::Position::new(60, y))
                    .is_some_and(|p| p.last().is_some_and(wanted))
            })
            .expect("the row is on screen")
    };
    let click = |row| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 60,
        row,
        modifiers: KeyModifiers::NONE,
    };
    press(&mut app, KeyCode::Char('G'));
    press(&mut app, KeyCode::Char('g'));
    draw(&mut app, 160, 100);
    let before = page(&app).0;
    app.mouse(click(rendered(&app, |r| matches!(r, Row::Before(_)))));
    assert_eq!(
        page(&app).0,
        before - PAGE,
        "'… N before' shows the previous page"
    );
    assert_eq!(index(&app), before - 1, "and selects its last row");
    draw(&mut app, 160, 100);
    app.mouse(click(rendered(&app, |r| matches!(r, Row::More(_)))));
    assert_eq!(page(&app).0, before, "'… N more' shows the next page");
    assert_eq!(index(&app), before, "and selects its first row");
}
