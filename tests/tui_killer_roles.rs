//! Killers that are not slots: another engine's "killer" is the best move it stores per
//! position, and its trace's header gives that source the killer role without a slot. The
//! explorer's killer views follow the role, not this build's slots: `K` jumps to its cutoff,
//! the stats panel lists it with the killers and counts it in the killer hit rate, and the
//! killer panel gives it a line.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_log::Event;
use killerscope_log::MoveSource;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use killerscope_tui::widgets::killers::KillersPanel;
use killerscope_tui::widgets::stats::StatsPanel;
use tui_support::{App, app_over, press, screen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A depth-2 search in which Black's reply to 1.d4 is tried first as the engine's stored best
/// move ("best", role killer, no slot) and cuts off.
const TRACE: &str = r#"{"type":"header","schema":1,"engine":"per-position killer","sources":[{"label":"hash","role":"tt"},{"label":"best","name":"best move","role":"killer","colour":"yellow"},{"label":"quiet","role":"quiet"}]}
{"type":"node_enter","depth":2,"alpha":-1000,"beta":1000}
{"type":"move_tried","move":"e2e4","source":"quiet"}
{"type":"node_enter","depth":1,"alpha":-1000,"beta":1000,"move":"e2e4"}
{"type":"move_tried","move":"e7e5","source":"quiet"}
{"type":"node_enter","depth":0,"alpha":-1000,"beta":1000,"move":"e7e5"}
{"type":"node_exit","score":0}
{"type":"node_exit","score":0}
{"type":"move_tried","move":"d2d4","source":"quiet"}
{"type":"node_enter","depth":1,"alpha":-1000,"beta":0,"move":"d2d4"}
{"type":"move_tried","move":"e7e5","source":"best"}
{"type":"node_enter","depth":0,"alpha":0,"beta":1000,"move":"e7e5"}
{"type":"node_exit","score":-50}
{"type":"cutoff","move":"e7e5","score":50}
{"type":"node_exit","score":50}
{"type":"node_exit","score":0}
{"type":"iteration","depth":2,"score":0,"pv":["e2e4","e7e5"]}
"#;

fn app() -> App {
    let log = import_reader(TRACE.as_bytes(), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
    app_over(START, log)
}

#[test]
fn k_jumps_to_a_cutoff_by_a_killer_that_is_not_a_slot() {
    let mut app = app();
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(0).into());
    press(&mut app, KeyCode::Char('K'));
    let at = app.session().position();
    let cut = at
        .checked_sub(1)
        .and_then(|i| app.session().events().get(i));
    let best = app
        .session()
        .header()
        .sources
        .rows()
        .iter()
        .find(|r| r.label == "best")
        .map(|r| MoveSource::from_code(r.code));
    assert!(
        matches!(cut, Some(Event::Cutoff { source, .. }) if Some(source) == best),
        "K stops right after the cutoff by `best`: {cut:?} at {at}"
    );
}

#[test]
fn stats_and_the_killer_panel_count_it_as_a_killer() {
    let mut app = app();
    let stats = screen(&app.panel(&StatsPanel, 50, 16));
    insta::assert_snapshot!("per_position_killer_stats", stats);
    assert!(
        stats.contains("killer hit rate 100.0% (1 of 1 tries)"),
        "{stats}"
    );
    let killers = screen(&app.panel(&KillersPanel, 60, 6));
    assert!(
        killers.contains("best move (killer, not a slot) 1/1 cut 100.0%"),
        "{killers}"
    );
}
