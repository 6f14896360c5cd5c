//! The charts view (`v`) on a recorded search of the classroom puzzle: the numbers behind the
//! charts (nodes per ply, cutoff ranks, per-iteration nodes and EBF) checked against the
//! search's own statistics and tree, following the timeline cursor; every chart drawn at 80×24
//! and 160×48 and snapshotted (monochrome, and the icicle by source in colour too); and the
//! keys and clicks that cycle the charts and move through the icicle.

use crate::tui_support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use killerscope_engine::CutoffStats;
use killerscope_explorer::Mode;
use killerscope_explorer::{charts::ChartKind, charts::Colouring};
use killerscope_explorer::{charts::data::Counts, charts::data::Cursor, charts::data::RANKS};
use killerscope_log::Events;
use killerscope_log::SearchObserver;
use killerscope_log::SourceTable;
use killerscope_tui::key_press;
use ratatui::style::Color;
use tui_support::{App, draw, press, puzzle_app, screen};

/// The explorer with the charts view open on `kind`.
fn charts_on(kind: ChartKind) -> App {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(*app.mode(), Mode::Charts);
    while app.views().charts.kind != kind {
        press(&mut app, KeyCode::Tab);
    }
    app
}

/// The fold of the first `n` events, from scratch.
fn fresh(events: &Events, n: usize) -> Counts {
    let mut counts = Counts::default();
    for e in events.range(0..n) {
        counts.observe(e);
    }
    counts
}

#[test]
fn nodes_per_ply_and_cutoff_ranks_add_up_to_the_search_statistics() {
    let app = puzzle_app();
    let events = app.session().events();
    for n in [events.len(), events.len() / 3, 1000] {
        let counts = fresh(events, n);
        let mut stats = CutoffStats::new();
        events.range(0..n).for_each(|e| stats.observe(e));
        assert_eq!(counts.nodes(), stats.nodes(), "at {n}");
        let main: u64 = counts.plies().iter().map(|p| p.main).sum();
        assert_eq!(main, stats.main_nodes);
        assert_eq!(counts.cutoffs(), stats.cutoffs, "ranks sum to the cutoffs");
        let r = counts.ranks();
        let buckets = [r[0], r[1..5].iter().sum(), r[5..10].iter().sum(), r[10]];
        assert_eq!(
            buckets, stats.by_rank,
            "finer ranks regroup into the stats' buckets"
        );
    }
    let counts = fresh(events, events.len());
    assert_eq!(counts.plies()[0].main, 5, "one root per iteration");
    assert!(counts.ranks()[1] > 0 && counts.ranks()[RANKS - 1] > 0);
}

#[test]
fn per_iteration_nodes_are_the_root_subtrees_and_ebf_their_ratio() {
    let app = puzzle_app();
    let session = app.session();
    let iterations = fresh(session.events(), session.events().len()).iterations();
    assert_eq!(iterations.len(), 5);
    let sizes: Vec<u64> = session
        .tree()
        .roots()
        .iter()
        .map(|&r| u64::from(session.tree().subtree_size(r)))
        .collect();
    let nodes: Vec<u64> = iterations.iter().map(|it| it.nodes).collect();
    assert_eq!(
        nodes, sizes,
        "one root per iteration, no aspiration re-search here"
    );
    assert_eq!(iterations[0].ebf, None);
    for pair in iterations.windows(2) {
        let expected = pair[1].nodes as f64 / pair[0].nodes as f64;
        assert_eq!(pair[1].ebf, Some(expected), "depth {}", pair[1].depth);
    }
    assert_eq!(
        iterations.iter().map(|it| it.depth).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
}

#[test]
fn the_chart_fold_follows_the_cursor_both_ways() {
    let app = puzzle_app();
    let events = app.session().events();
    let mut cursor = Cursor::default();
    let sources = SourceTable::builtin();
    for target in [
        events.len(),
        70_000,
        200_123,
        65_536,
        65_535,
        0,
        131_073,
        events.len() + 9,
    ] {
        cursor.seek(events, &sources, target);
        let expected = fresh(events, target.min(events.len()));
        assert_eq!(cursor.fold(), &expected, "seek to {target}");
    }
    let mut app = charts_on(ChartKind::Plies);
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(1000).into());
    draw(&mut app, 80, 24);
    assert_eq!(
        app.session().chart_counts().applied(),
        1000,
        "the panel moved the fold"
    );
    let early = app.session().chart_counts().nodes();
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(app.session().chart_counts().applied(), 1001);
    assert!(app.session().chart_counts().nodes() >= early);
}

#[test]
fn every_chart_at_80x24_and_160x48() {
    for kind in ChartKind::ALL {
        let mut app = charts_on(kind);
        let small = draw(&mut app, 80, 24);
        let name = kind.title().replace(' ', "_");
        insta::assert_snapshot!(format!("charts_{name}_80x24"), screen(&small));
        let big = draw(&mut app, 160, 48);
        insta::assert_snapshot!(format!("charts_{name}_160x48"), screen(&big));
    }
}

#[test]
fn the_icicle_by_source_in_colour_and_in_monochrome() {
    let mut app = charts_on(ChartKind::Icicle);
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(app.views().charts.colouring, Colouring::Source);
    let mono = screen(&draw(&mut app, 80, 24));
    insta::assert_snapshot!("charts_icicle_by_source_mono_80x24", mono);
    app.ui.mono = false;
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("charts_icicle_by_source_colour_80x24", screen(&terminal));
    let buffer = terminal.backend().buffer();
    let area = app.views().charts.area;
    let coloured = (area.y..area.bottom())
        .flat_map(|y| (area.x..area.right()).map(move |x| (x, y)))
        .filter(|&xy| buffer[xy].symbol() == "▓")
        .map(|xy| buffer[xy].fg)
        .collect::<Vec<_>>();
    assert!(
        coloured.contains(&Color::Yellow),
        "killer cutoffs in the killers' colour"
    );
    assert!(
        coloured.contains(&Color::Cyan),
        "TT cutoffs in the TT's colour"
    );
}

#[test]
fn monochrome_charts_tell_main_from_quiescence_by_character_and_use_no_colour() {
    let mut app = charts_on(ChartKind::Plies);
    let terminal = draw(&mut app, 80, 24);
    let text = screen(&terminal);
    assert!(text.contains('█') && text.contains('░'), "{text}");
    let buffer = terminal.backend().buffer();
    assert!(
        buffer
            .content()
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
        "no colour in monochrome"
    );
}

#[test]
fn icicle_blocks_sit_under_their_parents_without_overlap() {
    for (w, h) in [(80, 24), (160, 48)] {
        let mut app = charts_on(ChartKind::Icicle);
        draw(&mut app, w, h);
        let drawn = app.views().charts.icicle(app.session()).expect("drawn");
        assert!(
            drawn.bands.len() >= 4,
            "{w}x{h}: blocks down to ply 3 at least"
        );
        assert_eq!(drawn.bands[0].len(), 1);
        for (b, band) in drawn.bands.iter().enumerate() {
            for pair in band.windows(2) {
                assert!(pair[0].x + pair[0].width <= pair[1].x, "band {b} overlaps");
            }
            assert!(
                band.iter()
                    .all(|k| k.width >= 1 && k.x + k.width <= drawn.area.width)
            );
            if b == 0 {
                continue;
            }
            for block in band.iter().filter(|k| k.node.is_some()) {
                let parent = block.node.and_then(|id| app.session().parent(id));
                let above = drawn.bands[b - 1].iter().find(|k| k.node == parent);
                let above = above.expect("a block's parent has a block in the band above");
                let (from, to) = (above.x, above.x + above.width);
                assert!(from <= block.x && block.x + block.width <= to, "band {b}");
            }
        }
    }
}

#[test]
fn keys_cycle_the_charts_and_close_the_view() {
    let mut app = charts_on(ChartKind::Plies);
    let mut seen = vec![app.views().charts.kind];
    for _ in 0..ChartKind::ALL.len() {
        press(&mut app, KeyCode::Char('v'));
        seen.push(app.views().charts.kind);
    }
    assert_eq!(
        seen[..5],
        ChartKind::ALL,
        "v goes through every chart in order"
    );
    assert_eq!(seen[5], ChartKind::Plies, "and wraps around");
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.views().charts.kind, ChartKind::Icicle);
    press(&mut app, KeyCode::Char('V'));
    assert_eq!(app.views().charts.kind, ChartKind::Ebf);
    press(&mut app, KeyCode::Left);
    assert!(
        app.message().is_some(),
        "arrows outside the icicle say where they work"
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(
        app.views().charts.kind,
        ChartKind::Ebf,
        "the view remembers its chart"
    );
    press(&mut app, KeyCode::Char('q'));
    assert!(
        !app.quit_requested() && *app.mode() == Mode::Normal,
        "q closes the charts, not the explorer"
    );
}

#[test]
fn moving_in_the_icicle_selects_the_tree_node() {
    let mut app = charts_on(ChartKind::Icicle);
    let last = *app.session().tree().roots().last().expect("a root");
    press(&mut app, KeyCode::Down);
    assert_eq!(
        app.view().selected_node(),
        Some(last),
        "from outside, the root first"
    );
    press(&mut app, KeyCode::Down);
    let first = app.session().first_child(Some(last));
    assert_eq!(
        app.view().selected_node(),
        first,
        "↓ goes to the first child"
    );
    press(&mut app, KeyCode::Right);
    let second = first.and_then(|c| app.session().next_sibling(c));
    assert_eq!(app.view().selected_node(), second, "→ goes along the band");
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(app.view().selected_node(), first);
    press(&mut app, KeyCode::Up);
    assert_eq!(
        app.view().selected_node(),
        Some(last),
        "↑ goes to the parent"
    );
    press(&mut app, KeyCode::Up);
    assert_eq!(
        app.view().selected_node(),
        Some(last),
        "nothing above the root"
    );

    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('z'));
    assert_eq!(
        app.views().charts.root,
        first,
        "z roots the icicle at the selected block"
    );
    draw(&mut app, 160, 48);
    assert_eq!(
        app.views().charts.icicle(app.session()).map(|d| d.root),
        first
    );
    press(&mut app, KeyCode::Char('Z'));
    assert_eq!(app.views().charts.root, Some(last));
    press(&mut app, KeyCode::Char('Z'));
    assert_eq!(
        app.views().charts.root,
        None,
        "back to following the latest iteration"
    );
}

#[test]
fn clicking_a_block_selects_its_node_and_a_second_click_roots_the_icicle() {
    let mut app = charts_on(ChartKind::Icicle);
    let drawn = app
        .views()
        .charts
        .icicle(app.session())
        .expect("the icicle was drawn");
    let band = &drawn.bands[1];
    let block = band
        .iter()
        .find(|b| b.node.is_some() && b.width > 1)
        .expect("a block");
    let (column, row) = (drawn.area.x + block.x + 1, drawn.area.y + 1);
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.mouse(click);
    assert_eq!(app.view().selected_node(), block.node);
    draw(&mut app, 160, 48);
    app.mouse(click);
    assert_eq!(app.views().charts.root, block.node);
    let key = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE);
    assert!(
        app.handle_key(key_press(key)).is_empty(),
        "an unbound key does nothing"
    );
}
