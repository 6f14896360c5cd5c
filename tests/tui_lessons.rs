//! Every bundled lesson played to its end through `App::update`, as a learner would: keys for
//! next and back, the tree walked with `j` / `l` / `h` to the node a step waits for, the
//! digit of the right answer. At every step its claims are checked against the log on screen
//! — not the lesson's own check — the selected node is the one the file names, the timeline
//! is at the event it names, the answer is the move the log gives, pinned node counts are the
//! ones searched, the chart or comparison is open. Also: going back restores a step, a search
//! that is not the lesson's is flagged instead of shown as fact, the lesson keys lie over the
//! normal ones only while a lesson is open.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_analysis::{
    EventRef, NodeRef, cutoff_move, find_event, find_node, moves_tried, parse_move,
};
use killerscope_chess::Position;
use killerscope_explorer::{Effect, Mode};
use killerscope_explorer::{lesson::BUNDLED, lesson::SearchCheck, lesson::View, lesson::Wait};
use killerscope_explorer::{
    lesson::file, lesson::file::AnswerSpec, lesson::file::LessonFile, lesson::file::NodeSpec,
};
use killerscope_trace::{NodeId, record_search};
use tui_support::lesson::{key, open};
use tui_support::{App, draw, screen};

fn node(app: &App, spec: &NodeSpec) -> NodeId {
    let wanted = NodeRef {
        depth: spec.depth,
        path: spec.path.split_whitespace().map(str::to_string).collect(),
    };
    find_node(app.session().tree(), app.session().root(), &wanted)
        .unwrap_or_else(|e| panic!("{} is not in the search on screen: {e}", spec.path))
        .0
}

/// Walks the tree's selection to `target` with the learner's keys: `l` opens, `h` closes or
/// goes up, `j` / `k` move a row.
fn walk_to(app: &mut App, target: NodeId) {
    for _ in 0..20_000 {
        let Some(at) = app.view().selected_node() else {
            key(app, KeyCode::Char('j'));
            continue;
        };
        if at == target {
            return;
        }
        let session = app.session();
        let code = if session.is_ancestor(at, target) {
            if app.view().is_open(at) { 'j' } else { 'l' }
        } else if at > target {
            if session.parent(at).is_some() {
                'h'
            } else {
                'k'
            }
        } else if app.view().is_open(at) {
            'h'
        } else {
            'j'
        };
        key(app, KeyCode::Char(code));
    }
    panic!("could not walk to node {target}");
}

/// Checks what step `k` of `file` claims against the explorer's own log and screen.
fn check_claims(app: &App, file: &LessonFile, k: usize) {
    let spec = &file.steps[k];
    let state = app.lesson().expect("the lesson is open");
    assert_eq!(state.player.index(), k);
    let scene = state.player.scene();
    let session = app.session();
    if let Some(plan) = &scene.search {
        assert_eq!(
            app.lesson_check(),
            Some(SearchCheck::Holds { nodes: plan.nodes }),
            "step {}",
            k + 1
        );
        let report = app
            .session()
            .run()
            .report
            .as_ref()
            .expect("the search finished");
        assert_eq!(report.nodes, plan.nodes);
        assert_eq!(session.header().depth_limit(), Some(plan.depth));
    }
    if let Some(pinned) = spec.search.as_ref().and_then(|s| s.nodes) {
        assert_eq!(
            app.session().run().report.as_ref().map(|r| r.nodes),
            Some(pinned)
        );
    }
    if let Some(sel) = &spec.select {
        assert_eq!(
            app.view().selected_node(),
            Some(node(app, sel)),
            "step {}",
            k + 1
        );
    }
    if let Some(ev) = &spec.timeline {
        let wanted = EventRef {
            kind: ev.event.clone(),
            mv: ev.mv.clone(),
            ply: ev.ply,
            depth: ev.depth,
            within: ev.node.as_ref().map(|n| node(app, n)),
            source: ev.source.clone(),
            nth: ev.nth.unwrap_or(1),
        };
        let found = find_event(session.tree(), session.events(), session.root(), &wanted)
            .expect("the event is in the search on screen");
        assert_eq!(session.position(), found + 1, "step {}", k + 1);
        assert_eq!(app.view().selected_node(), session.node_at_event(found));
    }
    if let Some(chart) = &spec.chart {
        assert_eq!(*app.mode(), Mode::Charts);
        assert_eq!(app.views().charts.kind.key(), chart);
    }
    if let Some(compare) = &spec.compare {
        assert_eq!(*app.mode(), Mode::Compare);
        let measured: Vec<u64> = app
            .views()
            .compare
            .rows
            .iter()
            .map(|r| r.report.nodes)
            .collect();
        assert_eq!(measured.len(), compare.configs.len());
        if let Some(pinned) = &compare.nodes {
            assert_eq!(&measured, pinned, "step {}", k + 1);
        }
        assert!(matches!(scene.view, Some(View::Compare(_))));
    } else if spec.chart.is_none() {
        assert_eq!(*app.mode(), Mode::Normal, "step {}", k + 1);
    }
    if let (Some(q), Some(asked)) = (&spec.question, &state.player.step().question) {
        let (AnswerSpec::CutoffBy(at) | AnswerSpec::FirstTried(at)) = &q.answer;
        let id = node(app, at);
        let pos = session.position_at(Some(id));
        let from_log = match q.answer {
            AnswerSpec::CutoffBy(_) => cutoff_move(session.tree(), id),
            AnswerSpec::FirstTried(_) => moves_tried(session.tree(), session.events(), id)
                .first()
                .copied(),
        }
        .expect("the log answers the question");
        let right = parse_move(&pos, &q.choices[asked.answer]).expect("a legal choice");
        assert_eq!(right, from_log, "step {}", k + 1);
    }
}

/// Plays lesson `name` to its end, checking each step; returns the explorer at the end.
fn play_through(name: &str) -> App {
    let text = BUNDLED.iter().find(|(n, _)| *n == name).expect("bundled").1;
    let file = file::parse(text).expect("the bundled file parses");
    let mut app = open(name);
    for k in 0..file.steps.len() {
        check_claims(&app, &file, k);
        let step = app.lesson().expect("open").player.step().clone();
        match step.wait {
            Some(Wait::Key(c)) => key(&mut app, KeyCode::Char(c)),
            Some(Wait::Select(id)) => walk_to(&mut app, id),
            None => {}
        }
        let player = &app.lesson().expect("open").player;
        if player.index() > k {
            assert!(
                step.question.is_none(),
                "a step with a question waits for it"
            );
            continue;
        }
        assert!(player.waited(), "step {} waits for nothing more", k + 1);
        if let Some(q) = &step.question {
            key(&mut app, KeyCode::Right);
            assert_eq!(app.lesson().map(|l| l.player.index()), Some(k));
            let digit = char::from(b'1' + q.answer as u8);
            key(&mut app, KeyCode::Char(digit));
            let panel = screen(&draw(&mut app, 160, 48));
            assert!(
                panel.contains(&format!("✓ Right: {}.", q.answer_san)),
                "{panel}"
            );
        }
        key(&mut app, KeyCode::Right);
    }
    let player = &app.lesson().expect("open").player;
    assert!(player.at_end());
    app
}

#[test]
fn killers_in_ten_minutes_plays_through() {
    play_through("killers-in-ten-minutes");
}

#[test]
fn why_a_second_slot_plays_through() {
    play_through("why-a-second-slot");
}

#[test]
fn killers_and_history_disagree_plays_through() {
    play_through("killers-and-history-disagree");
}

#[test]
fn alpha_beta_from_the_ground_up_plays_through() {
    play_through("alpha-beta-from-the-ground-up");
}

#[test]
fn move_ordering_lab_plays_through() {
    play_through("move-ordering-lab");
}

#[test]
fn going_back_restores_the_step_after_the_learner_wandered() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let asked = app.view().selected_node().expect("step 2 selects …Ra5");
    let entered = app
        .session()
        .node(asked)
        .expect("in the tree")
        .enter_event();
    assert_eq!(
        app.session().at(),
        Some(entered + 1),
        "step 2 shows the moment …Ra5 was entered, not the end of the search"
    );
    key(&mut app, KeyCode::Char('1'));
    key(&mut app, KeyCode::Right);
    let store = app.session().position();
    key(&mut app, KeyCode::Char('K'));
    let player = &app.lesson().expect("open").player;
    assert_eq!(player.index(), 3, "pressing K ended step 3's wait");
    assert_ne!(app.session().position(), store, "K moved the timeline on");
    key(&mut app, KeyCode::Char('G'));
    key(&mut app, KeyCode::Left);
    assert_eq!(app.session().position(), store, "step 3's event again");
    let player = &app.lesson().expect("open").player;
    assert_eq!((player.index(), player.waited()), (2, false));
    key(&mut app, KeyCode::Left);
    let state = app.lesson().expect("open");
    assert_eq!(state.player.choice(), Some(0), "the answer given stands");
    let asked = state
        .player
        .step()
        .sets
        .select
        .expect("step 2 selects …Ra5");
    assert_eq!(app.view().selected_node(), Some(asked));
    let entered = app
        .session()
        .node(asked)
        .expect("in the tree")
        .enter_event();
    assert_eq!(
        app.session().at(),
        Some(entered + 1),
        "step 2 shows the moment …Ra5 was entered"
    );
}

#[test]
fn a_search_that_is_not_the_lessons_is_flagged_not_shown_as_fact() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    // Each key that would change the lesson's search asks first; pressed again it goes ahead.
    key(&mut app, KeyCode::Char('-'));
    assert_eq!(app.setup().next.depth, 6, "the first - only asks");
    key(&mut app, KeyCode::Char('-'));
    assert_eq!(app.setup().next.depth, 5);
    key(&mut app, KeyCode::Char('r'));
    assert!(app.lesson_holds(), "the first r only asks");
    key(&mut app, KeyCode::Char('r'));
    let check = app.lesson_check();
    assert!(
        matches!(&check, Some(SearchCheck::Differs(why)) if why.contains("depth 5, not the step's depth 6")),
        "{check:?}"
    );
    let panel = screen(&draw(&mut app, 160, 48));
    assert!(
        panel.contains("✗ the tree was searched to depth 5"),
        "{panel}"
    );
    assert!(!panel.contains("▸ Selected"), "{panel}");
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Right);
    assert!(
        app.lesson_holds(),
        "back and next restore the step's search"
    );

    let effects = app.update(killerscope_explorer::views::lessons::LessonsAction::Back.into());
    assert!(
        effects.is_empty(),
        "step 1's search is on screen: nothing to re-run"
    );
    let effects = app.update(killerscope_explorer::Action::Rerun);
    let [Effect::Search(request)] = effects.as_slice() else {
        panic!("r searches: {effects:?}");
    };
    let (log, mut report) = record_search(&request.root, request.config, &request.limits);
    report.nodes -= 1000;
    app.finish_search(log, report);
    let check = app.lesson_check();
    assert!(
        matches!(&check, Some(SearchCheck::Differs(why)) if why.contains("stopped after")),
        "{check:?}"
    );
    let panel = screen(&draw(&mut app, 160, 48));
    assert!(!panel.contains("✓ 312,966 nodes"), "{panel}");
}

#[test]
fn the_lesson_search_selects_its_node_only_once_it_has_finished() {
    let mut app = tui_support::lesson::fresh_app();
    let text = BUNDLED[0].1;
    let lesson = killerscope_explorer::lesson::load(text).expect("holds");
    let effects = app.open_lesson(lesson);
    let [Effect::Search(request)] = effects.as_slice() else {
        panic!("the first step searches: {effects:?}");
    };
    let request = request.clone();
    let effects = app.update(killerscope_explorer::views::lessons::LessonsAction::Next.into());
    assert!(effects.is_empty(), "the step's search is running already");
    assert_eq!(app.lesson_check(), Some(SearchCheck::Running { depth: 6 }));
    assert_eq!(app.view().selected_node(), None, "nothing to select yet");
    assert_eq!(
        app.setup().root,
        Position::from_fen(tui_support::PUZZLE).expect("fen")
    );
    let (log, report) = record_search(&request.root, request.config, &request.limits);
    app.finish_search(log, report);
    let ra5 = app.lesson().and_then(|l| l.player.step().sets.select);
    assert!(ra5.is_some());
    assert_eq!(
        app.view().selected_node(),
        ra5,
        "selected when the search ended"
    );
}

#[test]
fn lesson_keys_lie_over_the_normal_ones_only_while_a_lesson_is_open() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    let state = app.lesson().expect("open");
    assert_eq!(state.player.index(), 1, "→ steps the lesson");
    let before = app.setup().next.killers;
    key(&mut app, KeyCode::Char('9'));
    assert_eq!(app.lesson().and_then(|l| l.player.choice()), None);
    key(&mut app, KeyCode::Char('2'));
    let state = app.lesson().expect("open");
    assert_eq!(state.player.missed(), Some(1), "2 was a first, wrong pick");
    key(&mut app, KeyCode::Char('1'));
    let state = app.lesson().expect("open");
    assert_eq!(state.player.choice(), Some(0), "1 answered the question");
    assert_eq!(app.setup().next.killers, before, "not the killer slots");
    key(&mut app, KeyCode::Char('3'));
    assert_eq!(
        app.setup().next.killers,
        before,
        "answered: a digit first asks, the lesson's search being on screen"
    );
    key(&mut app, KeyCode::Char('3'));
    assert_eq!(
        app.setup().next.killers,
        3,
        "answered: the digit again sets the killer slots"
    );
    let selected = app.view().selected_node();
    key(&mut app, KeyCode::Char('l'));
    assert!(
        app.view().is_open(selected.expect("a node")),
        "l still opens nodes"
    );
    key(&mut app, KeyCode::Char('x'));
    assert!(app.lesson().is_none());
    key(&mut app, KeyCode::Char('h'));
    let ra5 = selected.expect("a node");
    assert!(!app.view().is_open(ra5));
    key(&mut app, KeyCode::Right);
    assert!(app.view().is_open(ra5), "→ opens nodes again");
}

#[test]
fn l_opens_the_lesson_picker_and_enter_opens_the_lesson() {
    let mut app = tui_support::lesson::fresh_app();
    key(&mut app, KeyCode::Char('L'));
    assert_eq!(*app.mode(), Mode::LessonPicker(0));
    key(&mut app, KeyCode::Char('j'));
    key(&mut app, KeyCode::Char('j'));
    key(&mut app, KeyCode::Char('j'));
    let picker = screen(&draw(&mut app, 80, 24));
    assert!(picker.contains("Alpha-beta from the ground up"), "{picker}");
    key(&mut app, KeyCode::Enter);
    let state = app.lesson().expect("a lesson opened");
    assert_eq!(state.player.lesson().title, "Alpha-beta from the ground up");
    assert!(app.lesson_holds());
    key(&mut app, KeyCode::Char('L'));
    key(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);
    assert!(
        app.lesson().is_some(),
        "closing the picker keeps the lesson"
    );
}

#[test]
fn keys_that_would_change_the_lessons_search_ask_first() {
    let mut app = open("killers-in-ten-minutes");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('1'));
    assert!(
        app.lesson().expect("open").player.choice().is_some(),
        "1 answered"
    );
    let slots = app.setup().next.killers;
    for (k, asked) in [
        ('2', "2 killer slots"),
        ('S', "selective"),
        ('f', "another position"),
    ] {
        key(&mut app, KeyCode::Char(k));
        let said = app.message().map(|m| m.text.clone());
        assert!(
            // The whole question fits an 80-column status line.
            said.as_deref().is_some_and(|t| t.contains(asked)
                && t.contains("press again")
                && t.chars().count() <= 80),
            "{k}: {said:?}"
        );
    }
    assert_eq!(app.setup().next.killers, slots, "no digit set the slots");
    assert!(app.lesson_holds(), "the lesson's search is still on screen");
    assert!(!app.is_live(), "nothing searched");
    // Another key in between keeps the lesson's: the digit asks again.
    key(&mut app, KeyCode::Char('2'));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Char('2'));
    assert_eq!(
        app.setup().next.killers,
        slots,
        "asked again after another key"
    );
    key(&mut app, KeyCode::Char('2'));
    assert_eq!(app.setup().next.killers, 2, "the same key twice goes ahead");
}
