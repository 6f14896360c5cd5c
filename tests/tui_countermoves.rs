//! The killer panel's countermove tab and mate-killer column, and killer rows by depth, on
//! recorded searches with `countermove=on`, `matekillers=on` and `killerindex=depth`; the explain
//! panel's sentences about those stores.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_chess::Notation;
use killerscope_engine::OrderingConfig;
use killerscope_explorer::{Action, KillerTab};
use killerscope_log::Event;
use killerscope_tui::{widgets::countermoves, widgets::explain};
use killerscope_tui::{widgets::killers::KillersPanel, widgets::killers::focus_row};
use tui_support::{App, PUZZLE, app_over, draw, press, puzzle_app, record_with, screen};

fn ordering(text: &str) -> OrderingConfig {
    text.parse().expect("valid ordering")
}

fn countermove_app() -> App {
    app_over(PUZZLE, record_with(PUZZLE, 4, ordering("countermove=on")))
}

fn panel(app: &mut App, width: u16, height: u16) -> String {
    screen(&app.panel(&KillersPanel, width, height))
}

#[test]
fn tab_switches_the_killer_panel_to_the_countermove_table_and_back() {
    let mut app = countermove_app();
    draw(&mut app, 160, 48);
    // A ply-1 node of the last iteration: White to move, so White's replies are in SAN.
    for code in [KeyCode::Char('G'), KeyCode::Enter, KeyCode::Down] {
        press(&mut app, code);
    }
    assert!(panel(&mut app, 50, 10).contains("Tab: countermoves"));
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.views().killers.tab, KillerTab::Countermoves);
    let shown = panel(&mut app, 50, 10);
    let n = app.session().position();
    let pos = app.session().position_at(app.view().selected_node());
    let list = countermoves::entries(app.session(), n, Some(&pos), Notation::San);
    assert!(list.len() > 3, "the puzzle stores countermoves: {list:?}");
    assert!(
        list.windows(2).all(|w| w[0].event > w[1].event),
        "most recent first"
    );
    assert!(
        shown.contains(&format!("Countermoves · {}", list.len())),
        "{shown}"
    );
    assert!(
        shown.contains("answered") && shown.contains("reply"),
        "{shown}"
    );
    // The lines show consecutive entries, scrolled so that the selected node's own entry —
    // the reply the search tries after the killers there — is on screen.
    let lines: Vec<&str> = shown.lines().skip(2).take(7).collect();
    let start = list
        .iter()
        .position(|e| lines[0].contains(&format!("#{}", e.event)))
        .expect("the first line is an entry");
    for (line, e) in lines.iter().zip(&list[start..]) {
        assert!(
            line.contains(&e.answered) && line.contains(&e.reply),
            "{line} vs {e:?}"
        );
    }
    let selected = app.view().selected_node().expect("a selected node");
    let key = countermoves::key_at(app.session(), selected).expect("a move reached it");
    let own = list.iter().position(|e| e.key == key);
    if let Some(k) = own {
        assert!((start..start + lines.len()).contains(&k), "{shown}");
    }
    insta::assert_snapshot!("countermove_table", shown);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.views().killers.tab, KillerTab::Killers);
}

#[test]
fn the_countermove_table_follows_the_timeline_cursor() {
    let mut app = countermove_app();
    app.update(killerscope_explorer::views::killers::KillersAction::Tab.into());
    assert_eq!(app.views().killers.tab, KillerTab::Countermoves);
    let stores: Vec<usize> = app
        .session()
        .events()
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::CounterStore { .. }))
        .map(|(i, _)| i)
        .collect();
    let second = stores[1];
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(second + 1).into());
    let shown = panel(&mut app, 50, 10);
    let keys: std::collections::HashSet<_> = stores[..2]
        .iter()
        .map(
            |&i| match app.session().events().get(i).expect("an event") {
                Event::CounterStore { key, .. } => key,
                _ => unreachable!("filtered above"),
            },
        )
        .collect();
    assert!(
        shown.contains(&format!("Countermoves · {} ", keys.len())),
        "{shown}"
    );
    assert!(shown.contains(&format!("#{second}")), "{shown}");
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(0).into());
    assert!(panel(&mut app, 50, 10).contains("no countermove stored yet"));
}

#[test]
fn a_search_without_countermoves_says_so() {
    let mut app = puzzle_app();
    app.update(killerscope_explorer::views::killers::KillersAction::Tab.into());
    assert_eq!(app.views().killers.tab, KillerTab::Countermoves);
    let shown = panel(&mut app, 60, 6);
    assert!(shown.contains("countermoves off in this search"), "{shown}");
    assert!(!panel(&mut puzzle_app(), 60, 6).contains("Tab: countermoves"));
}

#[test]
fn explain_mentions_a_countermove_store_after_the_cutoff() {
    let app = countermove_app();
    let session = app.session();
    let store = session
        .events()
        .iter()
        .position(|e| matches!(e, Event::CounterStore { .. }))
        .expect("a countermove store");
    let node = session.node_at_event(store).expect("the storing node");
    let text = explain::text(session, node, Notation::San);
    assert!(text.contains("beta cutoff"), "{text}");
    assert!(text.contains("Stored as the countermove to "), "{text}");
    let killer_stored = matches!(
        session.events().get(store - 1).expect("an event"),
        Event::KillerStore { .. }
    );
    assert_eq!(text.contains("Stored as killer 1"), killer_stored, "{text}");
}

/// Black to move with both back ranks weak: in many lines a quiet rook move mates, so mates
/// are found below the root and stored as mate killers.
const BACK_RANK: &str = "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1";

#[test]
fn mate_killers_get_a_column_next_to_the_killer_slots() {
    let log = record_with(BACK_RANK, 5, ordering("matekillers=on"));
    let ply = log
        .events()
        .iter()
        .find_map(|e| match e {
            Event::MateKillerStore { ply, .. } => Some(*ply),
            _ => None,
        })
        .expect("a mate is found below the root and stored as a mate killer");
    let mut app = app_over(BACK_RANK, log);
    let mv = app
        .session()
        .replay()
        .mate_killer(ply, app.session().events().len());
    draw(&mut app, 160, 48);
    while app.prefs().notation != Notation::Uci {
        app.update(Action::CycleNotation);
    }
    let shown = panel(&mut app, 50, 12);
    let words = |line: &str| line.split_whitespace().collect::<Vec<_>>().join(" ");
    let header = words(shown.lines().nth(1).expect("a header line"));
    assert!(header.contains("ply mate slot 1 slot 2"), "{shown}");
    let row = shown
        .lines()
        .map(words)
        .find(|l| l.starts_with(&format!("│ {ply} ")))
        .expect("the mate killer's row");
    assert!(row.starts_with(&format!("│ {ply} {mv} ")), "{row}\n{shown}");
    let store = app
        .session()
        .events()
        .iter()
        .position(|e| matches!(e, Event::MateKillerStore { .. }))
        .expect("a mate-killer store");
    let node = app
        .session()
        .node_at_event(store)
        .expect("the storing node");
    let text = explain::text(app.session(), node, Notation::San);
    assert!(text.contains("stored as the mate killer at ply"), "{text}");
    let without = app_over(
        BACK_RANK,
        record_with(BACK_RANK, 3, OrderingConfig::default()),
    );
    let mut without = without;
    assert!(!panel(&mut without, 50, 12).contains("mate"));
}

#[test]
fn killers_by_depth_are_headed_depth_and_follow_the_selected_nodes_depth() {
    let mut app = app_over(
        PUZZLE,
        record_with(PUZZLE, 4, ordering("killerindex=depth")),
    );
    draw(&mut app, 160, 48);
    for code in [KeyCode::Char('G'), KeyCode::Enter, KeyCode::Down] {
        press(&mut app, code);
    }
    let node = app
        .view()
        .selected_node()
        .and_then(|id| app.session().node(id))
        .expect("a selected node");
    assert_eq!(node.ply(), 1);
    let depth = usize::from(node.depth() as u8);
    assert_eq!(app.with_ctx(focus_row), depth);
    assert_ne!(app.with_ctx(focus_row), 1, "a depth, not the ply");
    let shown = panel(&mut app, 50, 12);
    assert!(shown.contains("Killers by depth"), "{shown}");
    let header = shown.lines().nth(1).expect("a header line");
    assert!(header.contains("depth slot 1"), "{shown}");
    let killer = killerscope_log::MoveSource::killer(0);
    let session = app.session();
    let (cut, ply, depth) = (0..session.events().len())
        .find_map(|i| {
            let by_killer = matches!(
                session.events().get(i).expect("an event"),
                Event::Cutoff { source, .. } if source == killer
            );
            let node = session.node(session.node_at_event(i)?)?;
            let apart = i32::from(node.ply()) != i32::from(node.depth());
            (by_killer && apart).then_some((i, node.ply(), node.depth()))
        })
        .expect("a cutoff from killer slot 1 at a node whose ply and depth differ");
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(cut + 1).into());
    let scan = app.session().scan();
    let cutoff = Some(killerscope_explorer::KillerMark::Cutoff(0));
    assert_eq!(
        scan.mark(usize::from(depth as u8)),
        cutoff,
        "on the depth row"
    );
    assert_ne!(scan.mark(usize::from(ply)), cutoff, "not on the ply row");
}
