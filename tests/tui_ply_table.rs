//! The ordering table by ply (`T`, a tool of `explorer::tools`) and its walk (`J`), driven by
//! keys on recorded searches. Oracles computed apart from the tool's fold: the search tree's
//! nodes (their ply, kind and cutting move) and `CutoffStats`, the search's own counters, fed
//! the same events.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_engine::CutoffStats;
use killerscope_explorer::Action;
use killerscope_explorer::PlyOrdering;
use killerscope_explorer::views::ViewId;
use killerscope_log::EventSource;
use killerscope_log::{NodeKind, SearchObserver};
use killerscope_trace::NodeId;
use tui_support::{App, draw, press, puzzle_app, screen, synthetic, synthetic_app};

/// The table's figures per ply as drawn last.
fn table(app: &App) -> Vec<PlyOrdering> {
    assert_eq!(app.panel_view(), Some(ViewId::Plies), "the table on screen");
    app.views().plies.fold().plies().to_vec()
}

/// Per-ply figures from the tree: every main-search node entered in the first `events` events,
/// and, when the whole log is counted, their cutting moves.
fn from_tree(app: &App, events: usize) -> Vec<PlyOrdering> {
    let tree = app.session().tree();
    let mut plies: Vec<PlyOrdering> = Vec::new();
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id).expect("a node");
        if node.kind() != NodeKind::Main || node.enter_event() >= events {
            continue;
        }
        let ply = usize::from(node.ply());
        if plies.len() <= ply {
            plies.resize(ply + 1, PlyOrdering::default());
        }
        let figures = &mut plies[ply];
        figures.nodes += 1;
        if events < app.session().events().event_count() {
            continue;
        }
        if let Some(cut) = node.cutoff() {
            figures.cutoffs += 1;
            figures.first += u64::from(cut.index == 0);
            figures.rank_sum += u64::from(cut.index) + 1;
        }
    }
    plies
}

/// The figures the tree cannot give (killer tries and cutoffs) left out.
fn without_killers(plies: &[PlyOrdering]) -> Vec<PlyOrdering> {
    let strip = |f: &PlyOrdering| PlyOrdering {
        killer_tries: 0,
        killer_cutoffs: 0,
        ..*f
    };
    plies.iter().map(strip).collect()
}

#[test]
fn the_table_matches_the_tree_and_the_search_counters() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('T'));
    let shown = table(&app);
    let all = app.session().events().event_count();
    assert_eq!(without_killers(&shown), from_tree(&app, all));

    let mut stats = CutoffStats::new();
    let events = app.session().events();
    events.for_each_chunk(0..all, &mut |chunk| {
        chunk.iter().for_each(|e| stats.observe(*e));
    });
    assert_eq!(app.panel_view(), Some(ViewId::Plies), "open");
    let total = app.views().plies.fold().total();
    assert_eq!(total.nodes, stats.main_nodes);
    assert_eq!(total.cutoffs, stats.cutoffs);
    assert_eq!(total.first, stats.by_rank[0]);
    assert_eq!(total.killer_cutoffs, stats.killer_cutoffs_total());
    assert_eq!(total.killer_tries, stats.killer_tries_total());
    assert!(total.killer_cutoffs > 0, "the puzzle's killers cut off");

    // The panel shows the same figures: the whole search's row.
    let text = screen(&draw(&mut app, 160, 48));
    let rate = format!("{:.0}%", total.first_rate().unwrap() * 100.0);
    let all_row = text
        .lines()
        .find(|l| l.contains("│all"))
        .expect("the all row");
    assert!(all_row.contains(&rate), "{all_row} shows {rate}");

    press(&mut app, KeyCode::Char('T'));
    assert!(app.panel_view().is_none(), "T again hides it");
    assert!(screen(&draw(&mut app, 160, 48)).contains(" Stats "));
}

#[test]
fn the_table_follows_the_timeline_back_and_forth() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('T'));
    let all = app.session().events().event_count();
    // Back past several checkpoints, further back, then forward again.
    for at in [all / 2, all / 5, 70_000, 3 * all / 4] {
        app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(at).into());
        draw(&mut app, 160, 48);
        assert_eq!(
            table(&app).iter().map(|f| f.nodes).collect::<Vec<_>>(),
            from_tree(&app, at)
                .iter()
                .map(|f| f.nodes)
                .collect::<Vec<_>>(),
            "at event {at}"
        );
    }
}

#[test]
fn j_walks_the_late_cutoffs_at_the_selected_ply_in_search_order() {
    let mut app = puzzle_app();
    let tree = app.session().tree();
    let late: Vec<NodeId> = (0..tree.len() as NodeId)
        .filter(|&id| {
            let node = tree.node(id).unwrap();
            node.ply() == 2
                && node.kind() == NodeKind::Main
                && node.cutoff().is_some_and(|c| c.index > 0)
        })
        .collect();
    assert!(late.len() > 3, "the puzzle has late cutoffs at ply 2");
    let first_at_ply_2 = (0..tree.len() as NodeId)
        .find(|&id| tree.node(id).unwrap().ply() == 2)
        .unwrap();
    app.update(Action::SelectNode(first_at_ply_2));
    let expected = late.iter().copied().filter(|&id| id > first_at_ply_2);
    for (k, id) in expected.take(4).enumerate() {
        press(&mut app, KeyCode::Char('J'));
        assert_eq!(app.view().selected_node(), Some(id), "J press {k}");
        let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(
            said.starts_with(&format!("ply 2: node {id} was cut off by its ")),
            "{said}"
        );
    }
    // From the last late cutoff the walk wraps around to the first.
    app.update(Action::SelectNode(*late.last().unwrap()));
    press(&mut app, KeyCode::Char('J'));
    assert_eq!(app.view().selected_node(), Some(late[0]));
    assert_eq!(app.panel_view(), Some(ViewId::Plies), "J shows the table");
}

#[test]
fn a_big_log_is_counted_a_frame_at_a_time_while_the_keys_work() {
    // 8M events: more than the three frames' budgets a key press, its frame and the next fold.
    let mut app = synthetic_app(synthetic::wide(4_000_000), false);
    press(&mut app, KeyCode::Char('T'));
    assert!(app.views().plies.behind, "not all counted in one frame");
    assert!(
        app.is_moving(),
        "the explorer keeps drawing while it counts"
    );
    let title = screen(&draw(&mut app, 160, 48));
    let mut frames = 1;
    assert!(title.contains("counting…"), "the title says it is counting");
    while app.views().plies.behind {
        draw(&mut app, 160, 48);
        frames += 1;
        assert!(frames < 10, "caught up within a few frames");
    }
    let shown = table(&app);
    assert_eq!(shown[1].nodes, 4_000_000);
    assert!(!screen(&draw(&mut app, 160, 48)).contains("counting…"));
}

#[test]
fn the_table_fits_the_compact_and_the_wide_layout() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('G'));
    press(&mut app, KeyCode::Char('l'));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Char('l'));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Char('T'));
    insta::assert_snapshot!("tui_ply_table_160x48", screen(&draw(&mut app, 160, 48)));
    insta::assert_snapshot!("tui_ply_table_80x24", screen(&draw(&mut app, 80, 24)));
    // Below 60×16 there is no stats panel: the table takes the tree's place.
    let tiny = screen(&draw(&mut app, 50, 12));
    assert!(tiny.contains("Ordering by ply"), "{tiny}");
}
