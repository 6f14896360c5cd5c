//! The diff view (`tui --diff A B`) on real searches of the classroom puzzle: a search diffed
//! with itself has no divergence marker anywhere and `n` says so; killers off against two
//! killers steps with `n` to the divergences `diff_trees` (the `diff` command's walk) ranks
//! first, in its order; the view is snapshotted in monochrome at 160×48 and 80×24; two
//! searches of other positions are refused with the `diff` command's message, in the model and
//! from the binary before the terminal is touched.

use crate::binary;
use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_analysis::{TreeDiff, diff_trees};
use killerscope_chess::Position;
use killerscope_explorer::Ranking;
use killerscope_explorer::{Mode, Runtime, Session};
use killerscope_trace::FoldControl;
use tui_support::{App, PUZZLE, app_over, draw, press, record, screen};

const DEPTH: u8 = 4;

/// The explorer showing the diff of the puzzle searched with `ka` killer slots (A) and `kb`
/// (B), its divergences ranked on the runtime's thread.
fn diffed(ka: u8, kb: u8) -> App {
    let mut app = app_over(PUZZLE, record(PUZZLE, DEPTH, ka));
    let root = Position::from_fen(PUZZLE).expect("puzzle");
    let b = Session::from_log(root, record(PUZZLE, DEPTH, kb));
    let names = [format!("killers={ka}"), format!("killers={kb}")];
    let effects = app.open_diff(b, names).expect("same position");
    assert_eq!(*app.mode(), Mode::Diff);
    let mut runtime = Runtime::default();
    runtime.apply_all(&mut app, effects);
    let start = std::time::Instant::now();
    while matches!(
        app.views().diff.open().map(|d| d.ranking()),
        Some(Ranking::Running(..))
    ) {
        assert!(start.elapsed().as_secs() < 60, "ranking ends");
        std::thread::sleep(std::time::Duration::from_millis(5));
        runtime.drain(&mut app);
    }
    draw(&mut app, 160, 48);
    app
}

/// The `diff` command's diff of the same two searches, every divergence kept.
fn reference(app: &App) -> TreeDiff {
    let (a, b) = (
        app.session(),
        app.views().diff.open().expect("diff open").b(),
    );
    diff_trees(
        (a.tree(), a.header()),
        (b.tree(), b.header()),
        usize::MAX,
        &mut FoldControl::default(),
    )
    .expect("diff")
}

/// Opens every row down to `levels` levels below the roots.
fn open_levels(app: &mut App, levels: usize) {
    for _ in 0..levels {
        press(app, KeyCode::Char('g'));
        let rows = app.views().diff.open().expect("diff").rows().rows().len();
        for _ in 0..rows {
            press(app, KeyCode::Char('l'));
            press(app, KeyCode::Char('j'));
        }
    }
}

#[test]
fn a_search_diffed_with_itself_shows_no_divergence() {
    let mut app = diffed(2, 2);
    open_levels(&mut app, 2);
    let rows = app.views().diff.open().expect("diff").rows().rows().len();
    assert!(rows > 20, "two levels opened: {rows} rows");
    // Every row, page by page: no marker, and A − B is 0 everywhere.
    press(&mut app, KeyCode::Char('g'));
    for _ in 0..rows.div_ceil(40) + 1 {
        let text = screen(&draw(&mut app, 160, 48));
        assert!(
            !text.contains('◆') && !text.contains("A only") && !text.contains("B only"),
            "{text}"
        );
        press(&mut app, KeyCode::PageDown);
    }
    press(&mut app, KeyCode::Char('n'));
    let said = app.message().expect("n answers").text.clone();
    assert!(said.contains("no divergences"), "{said}");
}

#[test]
fn n_steps_through_the_divergences_in_the_diff_commands_order() {
    let mut app = diffed(0, 2);
    let reference = reference(&app);
    let Some(Ranking::Done(ranked)) = app.views().diff.open().map(|d| d.ranking().clone()) else {
        panic!("ranked");
    };
    assert_eq!(ranked.total, reference.total, "every divergence counted");
    assert!(reference.total > 0, "killers change the tree");
    for want in reference.divergences.iter().take(3) {
        press(&mut app, KeyCode::Char('n'));
        let row = app
            .views()
            .diff
            .open()
            .expect("diff")
            .rows()
            .selected_row()
            .copied()
            .expect("selected");
        let pair = (
            want.a.as_ref().map(|f| f.node),
            want.b.as_ref().map(|f| f.node),
        );
        assert_eq!(row.pair, pair, "{}", want.sentence);
        // The normal view follows A's node.
        assert_eq!(app.view().selected_node(), pair.0);
    }
    press(&mut app, KeyCode::Char('N'));
    let row = app
        .views()
        .diff
        .open()
        .expect("diff")
        .rows()
        .selected_row()
        .copied()
        .expect("selected");
    let second = &reference.divergences[1];
    assert_eq!(row.pair.0, second.a.as_ref().map(|f| f.node));
    // Esc leaves for A's tree on the same node; D comes back.
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);
    assert_eq!(app.view().selected_node(), row.pair.0);
    press(&mut app, KeyCode::Char('D'));
    assert_eq!(*app.mode(), Mode::Diff);
    // A new search replaces A: the diff is over, and D says so.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Char('D'));
    assert_eq!(*app.mode(), Mode::Normal);
    assert!(app.views().diff.open().is_none());
}

#[test]
fn the_diff_view_at_the_biggest_divergence() {
    let mut app = diffed(0, 2);
    press(&mut app, KeyCode::Char('n'));
    app.clear_message();
    insta::assert_snapshot!("diff_view_160x48", screen(&draw(&mut app, 160, 48)));
    insta::assert_snapshot!("diff_view_80x24", screen(&draw(&mut app, 80, 24)));
}

#[test]
fn searches_of_other_positions_are_refused() {
    let mut app = app_over(PUZZLE, record(PUZZLE, 2, 2));
    let start = Position::startpos();
    let other = Session::from_log(start.clone(), record(&start.to_fen(), 2, 2));
    let names = ["a.kslog".to_string(), "b.kslog".to_string()];
    let why = app.open_diff(other, names).expect_err("refused");
    assert!(
        why.contains("a diff aligns two searches of the same position"),
        "{why}"
    );
    assert_eq!(*app.mode(), Mode::Normal);
}

#[test]
fn the_binary_refuses_other_positions_before_the_terminal() {
    let dir = std::env::temp_dir().join(format!("ks-tui-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (a, b) = (dir.join("a.kslog"), dir.join("b.kslog"));
    for (path, fen) in [(&a, PUZZLE), (&b, killerscope_chess::START_FEN)] {
        let out = binary::run(&[
            "search",
            "--fen",
            fen,
            "--depth",
            "2",
            "--log",
            path.to_str().expect("utf-8"),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = binary::run(&[
        "tui",
        "--diff",
        a.to_str().expect("utf-8"),
        b.to_str().expect("utf-8"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("a diff aligns two searches of the same position"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `D` with no diff open diffs the search on screen against the one shown before it: search
/// with two killer slots, press `0` and `r`, then `D` — the same divergences as the diff of the
/// two recorded searches opened directly, the searches named by their switches.
#[test]
fn d_diffs_a_new_search_against_the_one_before() {
    let mut app = app_over(PUZZLE, record(PUZZLE, DEPTH, 2));
    press(&mut app, KeyCode::Char('D'));
    assert!(
        app.views().diff.open().is_none(),
        "nothing before the first search"
    );
    press(&mut app, KeyCode::Char('0'));
    let effects = press(&mut app, KeyCode::Char('r'));
    tui_support::lesson::apply(&mut app, effects);
    let effects = press(&mut app, KeyCode::Char('D'));
    assert_eq!(*app.mode(), Mode::Diff);
    let names = app.views().diff.open().expect("diff open").names().clone();
    assert!(
        names[0].starts_with("this search") && names[0].contains("killers=0"),
        "{names:?}"
    );
    assert_eq!(names[1], "the search before");
    let mut runtime = Runtime::default();
    runtime.apply_all(&mut app, effects);
    let start = std::time::Instant::now();
    while matches!(
        app.views().diff.open().map(|d| d.ranking()),
        Some(Ranking::Running(..))
    ) {
        assert!(start.elapsed().as_secs() < 60, "ranking ends");
        std::thread::sleep(std::time::Duration::from_millis(5));
        runtime.drain(&mut app);
    }
    let Some(Ranking::Done(by_keys)) = app.views().diff.open().map(|d| d.ranking().clone()) else {
        panic!("ranked");
    };
    let direct = diffed(0, 2);
    let Some(Ranking::Done(opened)) = direct.views().diff.open().map(|d| d.ranking().clone())
    else {
        panic!("ranked");
    };
    assert!(opened.total > 0, "killers change the tree");
    assert_eq!(by_keys.total, opened.total);
    assert_eq!(by_keys.total, reference(&app).total);
}
