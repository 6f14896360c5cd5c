//! The audit key (`a`) in the explorer: on a node whose null-move cut is known unsound (the
//! zugzwang after Rf1), the runtime searches it again without null-move pruning and the
//! Explain panel says the verdict with both scores and the window — the same verdict
//! `log audit` gives; a node without a selective decision gets a status message and no search.

use crate::tui_support;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use killerscope_analysis::{Auditor, Technique, decisions_at};
use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use killerscope_engine::{SearchConfig, SelectiveConfig};
use killerscope_explorer::AuditView;
use killerscope_explorer::views::audit::AuditRequest;
use killerscope_explorer::{Action, Effect, NodeId, Runtime};
use tui_support::{App, app_over, draw, press, record_config, screen};

/// White to move; after Rf1 Black is in zugzwang and the null move (a pass) fails high where
/// every real move fails low.
const ZUGZWANG: &str = "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1";

fn zugzwang_app() -> App {
    let config = SearchConfig {
        selective: SelectiveConfig {
            null_move: true,
            ..SelectiveConfig::default()
        },
        ..SearchConfig::default()
    };
    app_over(ZUGZWANG, record_config(ZUGZWANG, 7, config))
}

/// The node after Rf1 in the last iteration.
fn after_rf1(app: &App) -> NodeId {
    let session = app.session();
    let root = *session.tree().roots().last().expect("a root");
    let rf1 = parse_uci(&Position::from_fen(ZUGZWANG).expect("FEN"), "e1f1").expect("legal");
    session
        .children(Some(root))
        .find(|&c| session.node(c).is_some_and(|n| n.mv() == rf1))
        .expect("Rf1 is searched in the last iteration")
}

/// Carries out `effects` on a real runtime and drains it until the audit has ended.
fn run_audit(app: &mut App, effects: Vec<Effect>) {
    let mut runtime = Runtime::default();
    runtime.apply_all(app, effects);
    let start = Instant::now();
    while runtime.busy(app) {
        assert!(start.elapsed() < Duration::from_secs(120), "the audit ends");
        std::thread::sleep(Duration::from_millis(5));
        runtime.drain(app);
    }
}

#[test]
fn the_audit_key_judges_the_zugzwang_null_move_cut_unsound_160x48() {
    let mut app = zugzwang_app();
    let id = after_rf1(&app);
    app.update(Action::SelectNode(id));
    let effects = press(&mut app, KeyCode::Char('a'));
    let Some(request) = tui_support::job_request::<AuditRequest>(&effects) else {
        panic!("one audit job, got {effects:?}");
    };
    assert_eq!(request.decisions.len(), 1);
    assert_eq!(request.decisions[0].technique, Technique::NullMove);
    assert_eq!(app.audit_of(id), AuditView::Running(1));
    let running = screen(&draw(&mut app, 160, 48));
    assert!(
        running.contains("searching its selective decision again"),
        "{running}"
    );

    run_audit(&mut app, effects);
    let AuditView::Done(judged) = app.audit_of(id) else {
        panic!("the audit ended: {:?}", app.audit_of(id));
    };
    let judged = judged.to_vec();
    // The CLI's own judge, on the same decision, gives the same score.
    let auditor = Auditor::new(app.session().header()).expect("our own log");
    let cli = auditor.judge(&judged[0].decision).expect("searchable");
    let verdict = judged[0].verdict.clone().expect("searched");
    assert_eq!(verdict, cli);
    assert!(!verdict.sound);
    let message = app.message().expect("a status message").text.clone();
    assert!(message.contains("UNSOUND"), "{message}");

    let text = screen(&draw(&mut app, 160, 48));
    let d = &judged[0].decision;
    // Word by word (the panel wraps): the verdict, the claim, both scores.
    for part in [
        "UNSOUND.".to_string(),
        killerscope_engine::fmt::score(d.beta),
        killerscope_engine::fmt::score(d.claimed),
        killerscope_engine::fmt::score(verdict.score),
    ] {
        assert!(text.contains(&part), "{part} missing:\n{text}");
    }
    insta::assert_snapshot!("audit_unsound_160x48", text);
    insta::assert_snapshot!("audit_unsound_80x24", screen(&draw(&mut app, 80, 24)));
}

#[test]
fn a_node_without_a_selective_decision_says_so_and_searches_nothing() {
    let mut app = zugzwang_app();
    let root = *app.session().tree().roots().last().expect("a root");
    let plain = app
        .session()
        .tree()
        .subtree(root)
        .find(|&id| decisions_at(app.session().tree(), app.session().events(), id).is_empty())
        .expect("a node without a decision");
    app.update(Action::SelectNode(plain));
    let effects = press(&mut app, KeyCode::Char('a'));
    assert!(effects.is_empty(), "{effects:?}");
    let message = app.message().expect("a status message").text.clone();
    assert!(
        message.contains("nothing to audit at this node"),
        "{message}"
    );
    assert_eq!(app.audit_of(plain), AuditView::None);
}

#[test]
fn every_decision_of_a_node_is_audited_once() {
    let mut app = zugzwang_app();
    let root = *app.session().tree().roots().last().expect("a root");
    let (id, n) = app
        .session()
        .tree()
        .subtree(root)
        .map(|id| {
            (
                id,
                decisions_at(app.session().tree(), app.session().events(), id).len(),
            )
        })
        .find(|&(_, n)| n > 0)
        .expect("a node with a decision");
    app.update(Action::SelectNode(id));
    let effects = app.update(killerscope_explorer::views::audit::AuditAction::Start.into());
    run_audit(&mut app, effects);
    let AuditView::Done(judged) = app.audit_of(id) else {
        panic!("the audit ended");
    };
    assert_eq!(judged.len(), n);
    // Asking again searches nothing: the verdict is on screen.
    assert!(
        app.update(killerscope_explorer::views::audit::AuditAction::Start.into())
            .is_empty()
    );
}
