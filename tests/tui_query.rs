//! The query line (`/`) in the explorer: the language and evaluator of `killerscope log query`
//! run over the session's nodes. Its matches are the ones `log query` counts on the same log
//! (the real binary, over the log saved to a file); they are marked in the tree and `.` / `,`
//! step through them in tree order; a query that does not read keeps the line open with the
//! column of the mistake.

use crate::binary;
use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_engine::fmt::grouped;
use killerscope_explorer::{Action, Mode};
use killerscope_tui::widgets::line_field::FieldOverlay;
use killerscope_tui::widgets::tree::TreePanel;
use serde_json::Value;
use tui_support::{App, press, puzzle_app, screen, type_text};

/// `log query`'s count of `query` over the puzzle app's log, saved to a file.
fn cli_count(app: &App, query: &str) -> u64 {
    let dir = std::env::temp_dir().join(format!("ks-tui-query-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("puzzle.kslog");
    app.session()
        .log_to_save()
        .write_file(&file)
        .expect("save the log");
    let out = binary::run(&[
        "log",
        "query",
        file.to_str().expect("path"),
        query,
        "--json",
    ]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    json["count"].as_u64().expect("a count")
}

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

fn run_query(app: &mut App, query: &str) {
    press(app, KeyCode::Char('/'));
    assert!(
        matches!(app.mode(), Mode::Query { .. }),
        "/ opens the query line"
    );
    type_text(app, query);
    press(app, KeyCode::Enter);
}

#[test]
fn the_query_line_finds_what_log_query_counts_and_steps_through_it_in_tree_order() {
    let mut app = puzzle_app();
    let query = "type=CUT and cut.rank>1";
    let expected = cli_count(&app, query);
    assert!(
        expected > 2,
        "the puzzle search has late cutoffs: {expected}"
    );
    run_query(&mut app, query);
    assert_eq!(*app.mode(), Mode::Normal, "{}", message(&app));
    let (text, set) = app.views().query.found().expect("the query ran");
    assert_eq!(text, query);
    assert_eq!(set.count(), expected, "the same matches as log query");
    let said = message(&app);
    let count = grouped(expected);
    assert!(said.contains(&format!("{count} of")), "{said}");
    let first = set.next_after(None).expect("a first match") as u32;
    let second = set.next_after(Some(u64::from(first))).expect("a second") as u32;
    let last = set.prev_before(None).expect("a last match") as u32;
    assert_eq!(
        app.view().selected_node(),
        Some(first),
        "Enter selects the first match"
    );

    press(&mut app, KeyCode::Char('.'));
    assert_eq!(app.view().selected_node(), Some(second));
    assert_eq!(message(&app), format!("match 2 of {count}"));
    press(&mut app, KeyCode::Char(','));
    press(&mut app, KeyCode::Char(','));
    assert_eq!(app.view().selected_node(), Some(last), "wraps to the last");
    assert_eq!(message(&app), format!("match {count} of {count}"));
    let session = app.session();
    let node = session.node(last).expect("the match exists");
    assert!(
        node.result()
            .is_some_and(|(_, b)| b == killerscope_log::Bound::Lower)
    );
}

#[test]
fn matching_rows_are_marked_in_the_tree() {
    let mut app = puzzle_app();
    run_query(&mut app, "type=CUT and cut.rank>1 and ply=1");
    let screen = screen(&app.panel(&TreePanel, 110, 16));
    assert!(screen.contains('◆'), "{screen}");
    insta::assert_snapshot!("tui_query_marked_tree", screen);
}

#[test]
fn a_query_that_does_not_read_keeps_the_line_open_with_its_column() {
    let mut app = puzzle_app();
    run_query(&mut app, "type=CUT and cut.rnk>1");
    let Mode::Query { error, .. } = app.mode() else {
        panic!("the line stays open: {:?}", app.mode());
    };
    let error = error.clone().expect("the error is shown");
    assert!(error.starts_with("column 14:"), "{error}");
    insta::assert_snapshot!(
        "tui_query_line_error",
        screen(&app.panel(&FieldOverlay, 90, 6))
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);
    assert!(app.views().query.found().is_none(), "nothing ran");
    press(&mut app, KeyCode::Char('.'));
    assert!(
        message(&app).contains("/ opens the query line"),
        "{}",
        message(&app)
    );
}

#[test]
fn the_line_reopens_with_the_last_query_and_a_new_search_forgets_the_matches() {
    let mut app = puzzle_app();
    run_query(&mut app, "ply=0");
    assert!(app.views().query.found().is_some());
    press(&mut app, KeyCode::Char('/'));
    let Mode::Query { input, .. } = app.mode() else {
        panic!("the line opens");
    };
    assert_eq!(input.text(), "ply=0");
    press(&mut app, KeyCode::Esc);
    app.update(killerscope_explorer::SetupAction::ShowPosition.into());
    assert!(
        app.views().query.found().is_none(),
        "the ids named the old tree's nodes"
    );
}

#[test]
fn a_big_log_is_queried_in_the_background_behind_a_gauge_and_marks_what_a_query_at_once_marks() {
    let query = "type=CUT and cut.rank>1";
    let mut at_once = puzzle_app();
    run_query(&mut at_once, query);
    let (_, expected) = at_once
        .views()
        .query
        .found()
        .expect("the query ran at once");
    let expected = expected.clone();

    // Every log counts as big here: the query goes to the runtime's thread.
    let mut app = puzzle_app().map(|e| e.with_background_query(10));
    assert!(app.session().tree().len() > 10);
    press(&mut app, KeyCode::Char('/'));
    type_text(&mut app, query);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(
        tui_support::job_request::<killerscope_explorer::views::query::QueryJob>(&effects)
            .is_some(),
        "{effects:?}"
    );
    assert_eq!(*app.mode(), Mode::Normal);
    assert!(
        message(&app).contains("in the background"),
        "{}",
        message(&app)
    );
    let (text, progress) = app.views().query.running().expect("the query runs");
    assert_eq!(text, query);
    assert_eq!(progress.done, 0);
    assert!(
        app.views().query.found().is_none(),
        "no matches before it ends"
    );
    let hint = screen(&tui_support::draw(&mut app, 160, 48));
    assert!(
        hint.contains(&format!("querying {query}: 0% of")),
        "the gauge replaces the hint line:\n{hint}"
    );

    let mut runtime = killerscope_explorer::Runtime::default();
    runtime.apply_all(&mut app, effects);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while app.views().query.running().is_some() {
        assert!(
            std::time::Instant::now() < deadline,
            "the query never ended"
        );
        runtime.drain(&mut app);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let (_, found) = app
        .views()
        .query
        .found()
        .expect("the background query ended");
    assert_eq!(*found, expected, "the same marks as the query run at once");
    assert_eq!(message(&app), message(&at_once), "and the same words");
    assert_eq!(
        app.view().selected_node(),
        at_once.view().selected_node(),
        "its first match selected"
    );
}

#[test]
fn a_paste_cut_at_the_lines_capacity_is_said_when_the_query_is_refused() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('/'));
    // 600 characters: the line keeps 512, so the last word is cut mid-way ("id>=" …).
    let mut query = "id>=0".to_string();
    while query.len() < 600 {
        query.push_str(" and id>=0");
    }
    app.update(Action::Paste(query.clone()));
    let Mode::Query { error, input } = app.mode() else {
        panic!("{:?}", app.mode());
    };
    assert_eq!(input.text().chars().count(), 512);
    assert!(
        error.as_deref().is_some_and(|e| e.contains("left out")),
        "{error:?}"
    );
    press(&mut app, KeyCode::Enter);
    let Mode::Query { error, .. } = app.mode() else {
        panic!("a cut query does not read: {:?}", app.mode());
    };
    let error = error.clone().expect("refused");
    let cut = query.chars().count() - 512;
    assert!(
        error.contains(&format!(
            "the paste was cut at 512 characters ({cut} left out)"
        )),
        "{error}"
    );
    // Emptied and typed again, the line is no longer a cut paste.
    app.update(Action::FenEdit(killerscope_explorer::Edit::KillToStart));
    type_text(&mut app, "type=CUT and");
    press(&mut app, KeyCode::Enter);
    let Mode::Query { error, .. } = app.mode() else {
        panic!("{:?}", app.mode());
    };
    assert!(
        !error.clone().unwrap_or_default().contains("paste"),
        "{error:?}"
    );
}
