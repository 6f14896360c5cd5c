//! Bookmarks in the explorer: `b` writes a note on the selected node, Enter saves it to the
//! sidecar beside the log (`FILE.marks`, written by the runtime), `B` lists them to jump to
//! (selecting the node, opening its path) or delete; reopening the log reads them back. A
//! sidecar that does not fit the log keeps the lines that do and names the first that does
//! not by its line number (also when `tui --log FILE` opens it); a search with no file keeps
//! them in memory and says so.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope::{cli::tui::TuiArgs, cli::tui::prepare};
use killerscope_explorer::{Effect, Mode, Runtime, library, views::ViewId};
use killerscope_trace::NodeId;
use killerscope_trace::{bookmarks, bookmarks::sidecar_path};
use killerscope_tui::widgets::line_field::FieldOverlay;
use killerscope_tui::widgets::lists::ListOverlay;
use tui_support::{App, DEPTH, PUZZLE, app_over, press, puzzle_app, record, screen, type_text};

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

fn temp_log(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-bookmarks-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("puzzle.kslog");
    let _ = std::fs::remove_file(sidecar_path(&file));
    file
}

/// Bookmarks node `id` with `note` through the keys; returns the effects of Enter.
fn bookmark(app: &mut App, id: NodeId, note: &str) -> Vec<Effect> {
    app.update(killerscope_explorer::Action::SelectNode(id));
    press(app, KeyCode::Char('b'));
    assert!(matches!(app.mode(), Mode::Note { node, .. } if *node == id));
    type_text(app, note);
    let effects = press(app, KeyCode::Enter);
    assert_eq!(*app.mode(), Mode::Normal);
    effects
}

/// A node below the last iteration's root (not its first move) and its second reply.
fn two_nodes(app: &App) -> (NodeId, NodeId) {
    let s = app.session();
    let root = *s.tree().roots().last().expect("a root");
    let a = s
        .children(Some(root))
        .skip(1)
        .find(|&c| s.children(Some(c)).count() > 1)
        .expect("a child searched with two replies");
    let b = s.children(Some(a)).nth(1).expect("a grandchild");
    (a, b)
}

#[test]
fn bookmarks_round_trip_through_the_sidecar_and_the_list_jumps_and_deletes() {
    let file = temp_log("round");
    let marks = sidecar_path(&file);
    let mut app = puzzle_app();
    app.session().log_to_save().write_file(&file).expect("save");
    app.open_bookmarks(marks.clone(), Ok(None));
    let (a, b) = two_nodes(&app);
    let mut runtime = Runtime::default();
    let effects = bookmark(&mut app, b, "the killer cuts here");
    assert!(matches!(effects.as_slice(), [Effect::Write(w)] if w.path == marks));
    assert!(message(&app).contains("saved in"), "{}", message(&app));
    runtime.apply_all(&mut app, effects);
    let effects = bookmark(&mut app, a, "tab\tand all");
    runtime.apply_all(&mut app, effects);
    let text = std::fs::read_to_string(&marks).expect("the sidecar was written");
    assert!(text.starts_with(bookmarks::HEADER), "{text}");
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 2);

    // Reopened: the same bookmarks, in tree order.
    let mut again = app_over(PUZZLE, record(PUZZLE, DEPTH, 2));
    again.open_bookmarks(marks.clone(), Ok(Some(text.into_bytes())));
    assert_eq!(
        again.views().bookmarks.marks(),
        app.views().bookmarks.marks()
    );
    let listed: Vec<(NodeId, &str)> = again
        .views()
        .bookmarks
        .marks()
        .iter()
        .map(|m| (m.node, m.note.as_str()))
        .collect();
    assert_eq!(listed, [(a, "tab and all"), (b, "the killer cuts here")]);
    assert!(
        message(&again).contains("2 bookmarks"),
        "{}",
        message(&again)
    );

    // B, down, Enter: the second bookmark's node is selected, its path opened.
    press(&mut again, KeyCode::Char('B'));
    assert_eq!(*again.mode(), Mode::list(ViewId::Bookmarks));
    press(&mut again, KeyCode::Char('j'));
    let list = screen(&again.panel(&ListOverlay, 90, 14));
    assert!(
        list.contains("▸") && list.contains("the killer cuts here"),
        "{list}"
    );
    insta::assert_snapshot!("tui_bookmarks_list", list);
    press(&mut again, KeyCode::Enter);
    assert_eq!(*again.mode(), Mode::Normal);
    assert_eq!(again.view().selected_node(), Some(b));
    assert!(again.view().is_open(a), "the path to it is open");

    // B, d: the first is deleted and the sidecar rewritten without it.
    press(&mut again, KeyCode::Char('B'));
    let effects = press(&mut again, KeyCode::Char('d'));
    let [Effect::Write(write)] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    assert_eq!(write.path, marks);
    let text = String::from_utf8_lossy(&write.bytes);
    assert!(!text.contains("tab and all") && text.contains("the killer cuts here"));
    assert_eq!(again.views().bookmarks.marks().len(), 1);
    assert_eq!(
        *again.mode(),
        Mode::list(ViewId::Bookmarks),
        "the list stays open"
    );
    press(&mut again, KeyCode::Esc);
    assert_eq!(*again.mode(), Mode::Normal);
}

#[test]
fn a_sidecar_that_does_not_fit_keeps_the_lines_that_do_and_names_the_first_that_does_not() {
    let mut app = puzzle_app();
    let (a, b) = two_nodes(&app);
    let path_a = bookmarks::path_text(app.session().tree(), a).expect("a path");
    let path_b = bookmarks::path_text(app.session().tree(), b).expect("a path");
    let text = format!(
        "{}\n{a}\t{path_a}\tkept\n{b}\t{path_a}\twrong line\nx\t-\tbad id\n{b}\tonly two\n99999999\t-\tgone\n{b}\t{path_b}\talso kept\n",
        bookmarks::HEADER
    );
    app.open_bookmarks("puzzle.kslog.marks".into(), Ok(Some(text.into_bytes())));
    let kept: Vec<&str> = app
        .views()
        .bookmarks
        .marks()
        .iter()
        .map(|m| m.note.as_str())
        .collect();
    assert_eq!(kept, ["kept", "also kept"]);
    let said = message(&app);
    assert!(said.contains("4 lines left out"), "{said}");
    assert!(
        said.contains("line 3: node"),
        "the first bad line by number: {said}"
    );
    let (_, problems) = bookmarks::read(
        &format!("x\t-\tbad\n{b}\tonly two\n99999999\t-\tgone\n"),
        app.session().tree(),
    );
    assert_eq!(problems.len(), 3);
    assert!(
        problems[0].starts_with("line 1: the node id"),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with("line 2: expected three"),
        "{problems:?}"
    );
    assert!(
        problems[2].starts_with("line 3: no node 99999999"),
        "{problems:?}"
    );
}

#[test]
fn without_a_log_file_bookmarks_are_kept_in_memory_and_the_status_says_so() {
    let mut app = puzzle_app();
    let (a, _) = two_nodes(&app);
    let effects = bookmark(&mut app, a, "only here");
    assert!(effects.is_empty(), "nothing to write: {effects:?}");
    assert!(message(&app).contains("not saved"), "{}", message(&app));
    assert_eq!(app.views().bookmarks.marks().len(), 1);
    // b on a bookmarked node opens with its note, to edit.
    press(&mut app, KeyCode::Char('b'));
    let Mode::Note { input, .. } = app.mode() else {
        panic!("{:?}", app.mode());
    };
    assert_eq!(input.text(), "only here");
}

#[test]
fn saving_a_search_carries_its_bookmarks_to_a_sidecar_beside_the_saved_log() {
    let file = temp_log("saved");
    let marks = sidecar_path(&file);
    let mut app = puzzle_app();
    let mut runtime = Runtime::default();
    let (a, b) = two_nodes(&app);
    assert!(bookmark(&mut app, a, "kept in memory").is_empty());
    // What `w` asks for, to a file of the test's own rather than ./killerscope.kslog.
    runtime.apply(&mut app, Effect::Save(file.clone()));
    let said = message(&app);
    assert!(
        said.contains("saved") && said.contains("1 bookmarks saved in"),
        "{said}"
    );
    let text = std::fs::read_to_string(&marks).expect("the sidecar was written");
    let log = killerscope_log::EventLog::read_file(&file).expect("the saved log");
    let tree = killerscope_trace::SearchTree::build(log.events());
    let (read, problems) = bookmarks::read(&text, &tree);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(read.len(), 1, "{text}");
    assert_eq!((read[0].node, read[0].note.as_str()), (a, "kept in memory"));
    // Later bookmarks follow it there.
    let effects = bookmark(&mut app, b, "after the save");
    assert!(
        matches!(effects.as_slice(), [Effect::Write(w)] if w.path == marks),
        "{effects:?}"
    );
}

#[test]
fn tui_log_reads_the_sidecar_beside_the_log_when_it_opens_it() {
    let file = temp_log("prepare");
    let app = puzzle_app();
    app.session().log_to_save().write_file(&file).expect("save");
    let (a, b) = two_nodes(&app);
    let path_a = bookmarks::path_text(app.session().tree(), a).expect("a path");
    let text = format!(
        "{}\n{a}\t{path_a}\tkept\n{b}\t{path_a}\twrong line\n",
        bookmarks::HEADER
    );
    std::fs::write(sidecar_path(&file), text).expect("write the sidecar");
    let args = TuiArgs {
        log: Some(file.clone()),
        ..TuiArgs::default()
    };
    let prepared = prepare(&args, library::embedded()).expect("the log opens");
    let app = prepared.app;
    let kept: Vec<(NodeId, &str)> = app
        .views()
        .bookmarks
        .marks()
        .iter()
        .map(|m| (m.node, m.note.as_str()))
        .collect();
    assert_eq!(kept, [(a, "kept")]);
    assert_eq!(
        app.views().bookmarks.file(),
        Some(sidecar_path(&file).as_path())
    );
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(
        said.contains("1 line left out (kept in the file), line 3: node"),
        "{said}"
    );
}

#[test]
fn the_note_box_shows_its_prompt_its_node_and_where_the_note_goes() {
    let mut app = puzzle_app();
    let (a, _) = two_nodes(&app);
    app.update(killerscope_explorer::Action::SelectNode(a));
    press(&mut app, KeyCode::Char('b'));
    type_text(&mut app, "why here");
    let text = screen(&app.panel(&FieldOverlay, 100, 6));
    assert!(text.contains(&format!(" Bookmark node {a} ")), "{text}");
    assert!(text.contains("note> why here"), "{text}");
    let hint = format!("Enter: bookmark node {a} (kept in memory: this search has no log file)");
    assert!(text.contains(&hint), "{text}");
    // Closed, the overlay draws nothing.
    press(&mut app, KeyCode::Esc);
    assert!(!screen(&app.panel(&FieldOverlay, 100, 6)).contains("note>"));
}
