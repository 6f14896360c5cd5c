//! The doctor's findings in the explorer (`X`): the diagnosis is a job, its findings are the ones
//! `killerscope doctor` makes of the same log (the same fold, checked against the analysis run
//! here), the list steps through their nodes and Enter selects one in the tree. Killerscope's
//! own search has none; a seeded engine's bug is found and shown where it happened.

use crate::doctor_support;
use crate::tui_support;

use crossterm::event::KeyCode;
use doctor_support::{Bug, trace};
use killerscope_analysis::doctor::Doctor;
use killerscope_explorer::views::doctor::DoctorJob;
use killerscope_explorer::{Effect, Mode, views::Job, views::ViewId};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use tui_support::{App, app_over, draw, job_request, press, puzzle_app, run_job, screen};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

/// `X`, then the job it asks for worked out as the runtime would.
fn diagnose(app: &mut App) {
    let job = doctor_job(press(app, KeyCode::Char('X')));
    run_job(app, job);
}

/// The doctor's job, which `effects` must be all about.
fn doctor_job(mut effects: Vec<Effect>) -> Job {
    assert!(
        job_request::<DoctorJob>(&effects).is_some(),
        "X asks for the doctor's job: {effects:?}"
    );
    match effects.pop() {
        Some(Effect::Job(job)) => job,
        other => panic!("{other:?}"),
    }
}

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

#[test]
fn killerscopes_own_search_has_no_finding_and_says_so() {
    let mut app = puzzle_app();
    diagnose(&mut app);
    assert_eq!(*app.mode(), Mode::list(ViewId::Doctor));
    let said = message(&app);
    assert!(said.contains("no finding in"), "{said}");
    let shown = screen(&draw(&mut app, 120, 36));
    assert!(shown.contains("No finding in"), "{shown}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);
    // X again opens the findings at once: the search was diagnosed already.
    let effects = press(&mut app, KeyCode::Char('X'));
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(*app.mode(), Mode::list(ViewId::Doctor));
}

#[test]
fn a_seeded_bug_is_listed_and_enter_selects_its_node() {
    let text = trace(PUZZLE, 4, Bug::SlotOrder);
    let options = ImportOptions {
        lenient: false,
        strict: true,
    };
    let (log, _) = import_reader(text.as_bytes(), options).expect("the trace imports");
    // The oracle: the analysis run directly on the same events.
    let mut doctor = Doctor::new(log.header()).with_examples(3);
    doctor.feed(log.events());
    let expected = doctor.finish();
    let finding = expected
        .findings
        .iter()
        .find(|f| f.code.name() == "slot-order")
        .expect("the seeded engine orders its slots backwards");
    let mut app = app_over(PUZZLE, log);
    diagnose(&mut app);
    assert_eq!(
        app.views().doctor.diagnosis(),
        Some(&expected),
        "the explorer's diagnosis is the doctor's"
    );
    let shown = screen(&draw(&mut app, 160, 48));
    assert!(shown.contains("slot-order"), "{shown}");
    assert!(shown.contains(finding.code.info().why.split(' ').next().unwrap_or("")));

    // Down to the finding's second node (the list starts on the first node of the first
    // finding), then Enter: that node is selected in the tree.
    let nodes: Vec<u64> = app.views().doctor.nodes().iter().map(|e| e.node).collect();
    assert!(nodes.len() >= 2, "{nodes:?}");
    press(&mut app, KeyCode::Char('j'));
    assert_eq!(app.mode().list_index(ViewId::Doctor), Some(1));
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.mode(), Mode::Normal);
    assert_eq!(
        app.view().selected_node().map(u64::from),
        Some(nodes[1]),
        "Enter selects the highlighted node"
    );
    assert!(message(&app).starts_with(&format!("node {}", nodes[1])));
}

#[test]
fn the_job_is_dropped_when_another_search_comes_on_screen() {
    let mut app = puzzle_app();
    let job = doctor_job(press(&mut app, KeyCode::Char('X')));
    assert!(app.views().doctor.running().is_some());
    // Another position searched and shown: the old search's findings would name its nodes.
    let other = tui_support::record(PUZZLE, 2, 1);
    app.app
        .open_session(killerscope_explorer::Session::from_log(
            killerscope_chess::Position::from_fen(PUZZLE).expect("FEN"),
            other,
        ));
    assert!(app.views().doctor.running().is_none());
    run_job(&mut app, job);
    assert!(app.views().doctor.diagnosis().is_none());
    assert_eq!(*app.mode(), Mode::Normal);
}

#[test]
fn the_findings_overlay_at_80x24() {
    let text = trace(PUZZLE, 3, Bug::SlotOrder);
    let options = ImportOptions {
        lenient: false,
        strict: true,
    };
    let (log, _) = import_reader(text.as_bytes(), options).expect("the trace imports");
    let mut app = app_over(PUZZLE, log);
    diagnose(&mut app);
    insta::assert_snapshot!("tui_doctor_findings_80x24", screen(&draw(&mut app, 80, 24)));
}

/// A UCI trace allows few of the checks (it holds the root alone, and only the moves the engine
/// reported): the explorer lists those it could not make, with why, and does not call the
/// ordering sound.
#[test]
fn checks_a_log_does_not_allow_are_listed_not_passed_over() {
    let session = include_str!("data/stockfish_15_1_movetime_5000.txt");
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let text =
        killerscope_trace::UciTrace::convert("Stockfish 15.1", fen, &[], &[], session.lines());
    let options = ImportOptions {
        lenient: false,
        strict: true,
    };
    let (log, _) = import_reader(text.as_bytes(), options).expect("the trace imports");
    let mut app = app_over(fen, log);
    diagnose(&mut app);
    let diagnosis = app.views().doctor.diagnosis().expect("diagnosed").clone();
    assert!(diagnosis.findings.is_empty(), "{:?}", diagnosis.findings);
    assert!(
        diagnosis
            .unchecked
            .iter()
            .any(|u| u.code.name() == "move-never-tried"),
        "{:?}",
        diagnosis.unchecked
    );
    let said = message(&app);
    assert!(!said.contains("looks sound"), "{said}");
    assert!(
        said.contains(&format!(
            "{} more this log does not allow",
            diagnosis.unchecked.len()
        )),
        "{said}"
    );
    let shown = screen(&draw(&mut app, 160, 48));
    for skipped in &diagnosis.unchecked {
        let row = format!("not     {:<22}", skipped.code.name());
        assert!(shown.contains(&row), "{row}\n{shown}");
    }
    assert!(shown.contains("checks it does not allow"), "{shown}");
}
