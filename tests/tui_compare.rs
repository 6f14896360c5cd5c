//! The compare view's pictures on a real comparison of the classroom puzzle: `Tab` cycles the
//! numbers, nodes per ply and the icicles like the charts view's charts; the per-ply counts are
//! each search's own; the icicles put the first configuration over another on one scale,
//! `←` / `→` choose the other, `m` colours by cutoff source, a search too big to record says
//! so; every picture snapshotted in monochrome at 80×24 and 160×48.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_explorer::charts::Colouring;
use killerscope_explorer::views::{Control, JobEvent, ViewNotice};
use killerscope_explorer::{ComparePage, Compared};
use killerscope_explorer::{CompareRequest, Effect, Mode, Notice};
use tui_support::{App, draw, press, puzzle_app, screen};

/// The explorer with the compare view open on a finished comparison of the configurations the
/// picker has checked after `keys` (killers off and the current one without any).
fn compared(keys: &[char]) -> App {
    compared_with(keys, |_| {})
}

/// `compared`, with the worker's rows changed by `edit` before the explorer gets them.
fn compared_with(keys: &[char], edit: impl FnOnce(&mut Vec<Compared>)) -> App {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('c'));
    for &key in keys {
        press(&mut app, KeyCode::Char(key));
    }
    let effects = press(&mut app, KeyCode::Enter);
    let [Effect::Job(job)] = effects.as_slice() else {
        panic!("expected one comparison, got {effects:?}");
    };
    assert!(job.request::<CompareRequest>().is_some(), "{job:?}");
    let Some(Effect::Job(job)) = effects.into_iter().next() else {
        unreachable!("matched above");
    };
    let ViewNotice::Compare(JobEvent::Done(Some(mut rows))) = job.run(&Control::default()) else {
        panic!("expected the comparison");
    };
    edit(&mut rows);
    let done = ViewNotice::Compare(JobEvent::Done(Some(rows)));
    app.notice(Notice::View(done));
    assert_eq!(*app.mode(), Mode::Compare);
    app
}

/// Presses Tab until the compare view shows `page`.
fn to_page(app: &mut App, page: ComparePage) {
    for _ in 0..ComparePage::ALL.len() {
        if app.views().compare.page == page {
            return;
        }
        press(app, KeyCode::Tab);
    }
    assert_eq!(app.views().compare.page, page, "Tab reaches every page");
}

#[test]
fn tab_cycles_the_pictures_like_the_charts_view() {
    let mut app = compared(&[]);
    assert_eq!(app.views().compare.page, ComparePage::Numbers);
    let mut seen = Vec::new();
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
        seen.push(app.views().compare.page);
    }
    let order = [
        ComparePage::Plies,
        ComparePage::Icicle,
        ComparePage::Numbers,
    ];
    assert_eq!(seen, order);
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.views().compare.page, ComparePage::Icicle);
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(app.views().compare.page, ComparePage::Numbers);
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(app.views().compare.colouring, Colouring::Source);
    assert_eq!(
        *app.mode(),
        Mode::Compare,
        "the keys stay in the compare view"
    );
}

#[test]
fn each_configurations_nodes_per_ply_add_up_to_its_search() {
    let mut app = compared(&[]);
    for row in &app.views().compare.rows {
        let per_ply: u64 = row.plies.iter().map(|p| p.total()).sum();
        assert_eq!(per_ply, row.stats.nodes());
        let tree = row.tree.as_ref().expect("a classroom search is recorded");
        assert_eq!(
            tree.len() as u64,
            row.stats.nodes(),
            "one tree node per node"
        );
    }
    press(&mut app, KeyCode::Tab);
    let shown = screen(&draw(&mut app, 160, 48));
    let [off, on] = [0, 1].map(|k| app.views().compare.rows[k].stats.nodes());
    let total = format!(
        "all {:>6} {:>6} {:>6}",
        killerscope_engine::fmt::count(off),
        killerscope_engine::fmt::count(on),
        format!("×{:.2}", on as f64 / off as f64)
    );
    assert!(shown.contains(&total), "{total} in\n{shown}");
    assert!(
        shown.contains("█ history only  ▓ killers + history"),
        "{shown}"
    );
}

#[test]
fn the_icicles_share_one_scale() {
    let mut app = compared(&[]);
    to_page(&mut app, ComparePage::Icicle);
    let shown = screen(&draw(&mut app, 160, 48));
    let lines: Vec<&str> = shown.lines().collect();
    let roots: Vec<usize> = lines
        .iter()
        .filter(|l| l.starts_with("│ depth 5 "))
        .map(|l| l.trim_end_matches(['│', ' ']).chars().count())
        .collect();
    assert_eq!(roots.len(), 2, "{shown}");
    let sizes = [0, 1].map(|k| {
        let row = &app.views().compare.rows[k];
        let tree = row.tree.as_ref().expect("recorded");
        let root = *tree.roots().last().expect("a root");
        f64::from(tree.subtree_size(root))
    });
    let inner = 158.0;
    let expected = (inner * sizes[1] / sizes[0]).round();
    let drawn = (roots[1] - 1) as f64;
    assert!(sizes[1] < sizes[0], "killers shrink the last iteration");
    assert!(
        (drawn - expected).abs() <= 1.0,
        "{drawn} cells for {expected}"
    );
}

#[test]
fn left_and_right_choose_the_configuration_under_the_first() {
    let mut app = compared(&[]);
    press(&mut app, KeyCode::Right);
    assert_eq!(
        app.views().compare.partner(),
        1,
        "two configurations: nothing to choose"
    );
    assert!(
        app.message()
            .as_ref()
            .is_some_and(|m| m.text.contains("three or more"))
    );
    // Check countermove (line 3) too: killers off, countermove, current.
    let mut app = compared(&['j', 'j', 'x']);
    to_page(&mut app, ComparePage::Icicle);
    assert_eq!(app.views().compare.partner(), 1);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.views().compare.partner(), 2);
    let shown = screen(&draw(&mut app, 80, 24));
    assert!(
        shown.contains("▒ killers + history: depth 5 iteration"),
        "{shown}"
    );
    press(&mut app, KeyCode::Right);
    assert_eq!(app.views().compare.partner(), 1, "wraps around");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.views().compare.partner(), 2);
}

#[test]
fn a_search_too_big_to_record_keeps_its_numbers_and_says_why_it_has_no_icicle() {
    let mut app = compared_with(&[], |rows| rows[1].tree = None);
    to_page(&mut app, ComparePage::Icicle);
    let shown = screen(&draw(&mut app, 80, 24));
    assert!(
        shown.contains("▓ killers + history: too big to draw here"),
        "{shown}"
    );
    assert!(
        shown.contains("█ history only: depth 5 iteration"),
        "{shown}"
    );
}

#[test]
fn every_picture_at_80x24_and_160x48() {
    let mut app = compared(&[]);
    for page in [ComparePage::Plies, ComparePage::Icicle] {
        to_page(&mut app, page);
        let name = page.title().replace(' ', "_");
        let small = draw(&mut app, 80, 24);
        insta::assert_snapshot!(format!("compare_{name}_80x24"), screen(&small));
        let big = draw(&mut app, 160, 48);
        insta::assert_snapshot!(format!("compare_{name}_160x48"), screen(&big));
    }
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(app.views().compare.colouring, Colouring::Source);
    let small = draw(&mut app, 80, 24);
    insta::assert_snapshot!("compare_icicles_by_source_80x24", screen(&small));
}
