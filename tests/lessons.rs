//! Lessons are checked against the engine: the bundled one resolves to the search's own nodes,
//! events and answers, and a lesson naming something the search does not produce is refused
//! with the step and the reason.

use killerscope_analysis::parse_move;
use killerscope_chess::Position;
use killerscope_chess::{parse_san, san};
use killerscope_engine::{Limits, SearchConfig};
use killerscope_explorer::library;
use killerscope_explorer::{lesson, lesson::View, lesson::Wait, lesson::file};
use killerscope_log::Event;
use killerscope_trace::line::Step;
use killerscope_trace::{SearchTree, record_search};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn lesson_text() -> &'static str {
    lesson::bundled("killers-in-ten-minutes").expect("bundled")
}

/// The explorer's search of the puzzle, recorded.
fn puzzle_search() -> (Position, Vec<Event>, SearchTree) {
    let root = Position::from_fen(PUZZLE).expect("valid FEN");
    let (log, _) = record_search(&root, SearchConfig::default(), &Limits::depth(6));
    let tree = SearchTree::build(log.events());
    (root, log.events().to_vec(), tree)
}

/// The line to `id` in SAN, one move a string (the lesson paths hold no passes).
fn san_line(root: &Position, tree: &SearchTree, id: u32) -> Vec<String> {
    let mut pos = root.clone();
    tree.line(id)
        .into_iter()
        .map(|(_, step)| {
            let Step::Move(mv) = step else {
                panic!("a pass on a lesson's path")
            };
            let text = san(&pos, mv);
            pos.make_move(mv);
            text
        })
        .collect()
}

#[test]
fn the_bundled_lesson_points_at_the_searchs_own_nodes_and_events() {
    let lesson = lesson::load(lesson_text()).expect("the lesson holds");
    let (root, events, tree) = puzzle_search();
    let steps = &lesson.steps;
    assert_eq!(steps[0].sets.search.as_ref().map(|s| s.depth), Some(6));

    let ra5 = steps[1].sets.select.expect("step 2 selects a node");
    assert_eq!(san_line(&root, &tree, ra5), ["Ra5"]);
    let cut = tree
        .node(ra5)
        .and_then(|n| n.cutoff())
        .expect("Ra5 is refuted");
    let q = steps[1].question.as_ref().expect("a question");
    assert_eq!(q.choices[q.answer], "Bc6");
    assert_eq!(q.answer_san, "Bc6");
    assert_eq!(
        san(
            &root.after_line(&[tree.node(ra5).unwrap().mv()]).unwrap(),
            cut.mv
        ),
        "Bc6"
    );

    let store = steps[2].sets.timeline.expect("step 3 moves the timeline");
    match events[store] {
        Event::KillerStore { ply, slots, .. } => {
            assert_eq!(ply, 1);
            assert_eq!(
                slots.as_slice()[0],
                cut.mv,
                "Bc6 is in slot 1 after the store"
            );
        }
        other => panic!("step 3 points at {other:?}"),
    }
    assert_eq!(steps[2].wait, Some(Wait::Key('K')));

    let Some(Wait::Select(rb4)) = steps[3].wait else {
        panic!("step 4 waits for a selection");
    };
    assert_eq!(san_line(&root, &tree, rb4), ["Rb4"]);
    assert!(
        tree.node(rb4).unwrap().enter_event() > store,
        "…Rb4 comes after the store"
    );
    let q = steps[3].question.as_ref().expect("a question");
    assert_eq!(q.answer_san, "Bc6");

    let Some(View::Compare(compare)) = &steps[4].sets.view else {
        panic!("step 5 compares: {:?}", steps[4].sets.view)
    };
    assert_eq!(compare[0].1, 732_934);
    assert_eq!(compare[1].1, 452_135);
}

fn refusal(edit: impl Fn(&str) -> String) -> String {
    let text = edit(lesson_text());
    lesson::load(&text)
        .expect_err("the edited lesson is refused")
        .to_string()
}

#[test]
fn a_lesson_naming_what_the_search_did_not_produce_is_refused_with_the_step() {
    let wrong_path = refusal(|t| t.replace("path = \"Ra5\" }", "path = \"Ra5 h4\" }"));
    assert!(
        wrong_path.starts_with("step 2:")
            && wrong_path.contains("h4 (move 2 of the path) was not searched"),
        "{wrong_path}"
    );

    let illegal = refusal(|t| t.replace("path = \"Rb4\"", "path = \"Rb9\""));
    assert!(
        illegal.starts_with("step 4:") && illegal.contains("Rb9"),
        "{illegal}"
    );

    let no_store = refusal(|t| t.replace("move = \"Bc6\", ply = 1", "move = \"Bc6\", ply = 2"));
    assert!(
        no_store.starts_with("step 3:") && no_store.contains("killer_store"),
        "{no_store}"
    );

    let answer_missing = refusal(|t| t.replace("[\"Qd2\", \"Bc6\",", "[\"Qd2\", \"Kf1\","));
    assert!(
        answer_missing.starts_with("step 4:") && answer_missing.contains("Bc6"),
        "{answer_missing}"
    );

    let wrong_count = refusal(|t| t.replace("452135", "452136"));
    assert!(
        wrong_count.starts_with("step 5:") && wrong_count.contains("452135"),
        "{wrong_count}"
    );

    let unknown_id = refusal(|t| t.replace("load = \"killer-puzzle\"", "load = \"no-such\""));
    assert!(
        unknown_id.starts_with("step 1:") && unknown_id.contains("no-such"),
        "{unknown_id}"
    );

    let both = refusal(|t| t.replace("compare = {", "chart = \"ranks\"\ncompare = {"));
    assert!(
        both.starts_with("step 5:") && both.contains("either a chart or a comparison"),
        "{both}"
    );

    let syntax = refusal(|t| t.replace("[[step]]", "[[stpe]]"));
    assert!(syntax.contains("stpe"), "{syntax}");
}

#[test]
fn the_lesson_command_lists_checks_and_refuses_through_the_binary() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_killerscope"))
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let list = run(&["lesson"]);
    assert!(list.status.success());
    assert!(String::from_utf8_lossy(&list.stdout).starts_with("killers-in-ten-minutes  (5 steps)"));

    let checked = run(&["lesson", "killers-in-ten-minutes", "--check"]);
    let text = String::from_utf8_lossy(&checked.stdout);
    assert!(checked.status.success(), "{text}");
    assert!(text.contains("answer Bc6 (choice 2 of 4)"), "{text}");

    let dir = std::env::temp_dir().join(format!("ks-lesson-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        lesson_text().replace("path = \"Rb4\"", "path = \"Rb9\""),
    )
    .expect("write");
    let refused = run(&[
        "lesson",
        "--file",
        bad.to_str().expect("utf-8 path"),
        "--check",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.starts_with("error: step 4:") && err.contains("Rb9"),
        "{err}"
    );
    assert!(refused.stdout.is_empty());

    let opened = run(&["lesson", "--file", bad.to_str().expect("utf-8 path")]);
    assert_eq!(opened.status.code(), Some(2), "refused before any terminal");
    let err = String::from_utf8_lossy(&opened.stderr);
    assert!(
        err.starts_with("error: step 4:") && err.contains("Rb9"),
        "{err}"
    );
    assert!(opened.stdout.is_empty(), "no explorer was drawn");
    let _ = std::fs::remove_dir_all(&dir);

    let no_tty = run(&["lesson", "killers-in-ten-minutes", "--projector"]);
    assert_eq!(no_tty.status.code(), Some(2));
    let err = String::from_utf8_lossy(&no_tty.stderr);
    assert!(
        err.contains("needs a terminal"),
        "checked, then refused: {err}"
    );
    let both = run(&["lesson", "killers-in-ten-minutes", "--check", "--projector"]);
    assert_eq!(both.status.code(), Some(2));
    let unknown = run(&["lesson", "no-such-lesson"]);
    let err = String::from_utf8_lossy(&unknown.stderr);
    assert!(err.contains("killers-in-ten-minutes"), "the names: {err}");
}

#[test]
fn a_lesson_the_explorer_could_not_follow_is_refused() {
    let unbound = refusal(|t| t.replace("wait = { key = \"K\" }", "wait = { key = \"u\" }"));
    assert!(
        unbound.starts_with("step 3:") && unbound.contains("does nothing on u"),
        "{unbound}"
    );
    let lesson_key = refusal(|t| t.replace("wait = { key = \"K\" }", "wait = { key = \"x\" }"));
    assert!(
        lesson_key.starts_with("step 3:") && lesson_key.contains("lesson's own keys"),
        "{lesson_key}"
    );
    let mixed = refusal(|t| {
        t.replace(
            "configs = [\"killers=0,history=off\", \"killers=2,history=off\"], nodes = [732934, 452135]",
            "configs = [\"killers=0,history=off\", \"killers=2,history=off,lmr=on\"]",
        )
    });
    assert!(
        mixed.starts_with("step 5:") && mixed.contains("one selective setting"),
        "{mixed}"
    );
    let many = refusal(|t| {
        t.replace(
            "choices = [\"Bc6\", \"Qd2\", \"a4\", \"Rc7\"]",
            "choices = [\"Bc6\", \"Qd2\", \"a4\", \"Rc7\", \"a3\", \"h3\", \"h4\", \"g4\", \"Kf2\", \"Kh1\"]",
        )
    });
    assert!(
        many.starts_with("step 2:") && many.contains("at most 9 choices"),
        "{many}"
    );
}

#[test]
fn an_event_at_a_node_from_a_source_must_be_exactly_that() {
    let text = lesson::bundled("why-a-second-slot").expect("bundled");
    let lesson = lesson::load(text).expect("the lesson holds");
    assert_eq!(
        lesson.steps[0].sets.search.as_ref().map(|s| s.nodes),
        Some(86_740)
    );
    let wrong_slot = text.replace(
        "source = \"K2\", node = { depth = 3, path = \"Rc4 h6\" }",
        "source = \"K1\", node = { depth = 3, path = \"Rc4 h6\" }",
    );
    let err = lesson::load(&wrong_slot)
        .expect_err("f4 cut from slot 2")
        .to_string();
    assert!(
        err.starts_with("step 6:") && err.contains("from K1"),
        "{err}"
    );
    let bad_label = text.replace("source = \"K2\"", "source = \"K9\"");
    let err = lesson::load(&bad_label)
        .expect_err("no such source")
        .to_string();
    assert!(err.contains("unknown source K9"), "{err}");
}

/// The position a bundled lesson's question asks about, found without the lesson checker: the
/// step's root (the last `load` or `fen` up to it) and the answer's path played move by move.
fn question_position(root: &Position, path: &str) -> Position {
    let mut pos = root.clone();
    for text in path.split_whitespace() {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{path}: {e}"));
        pos.make_move(mv);
    }
    pos
}

#[test]
fn every_bundled_lessons_choices_are_legal_moves_written_in_san() {
    let positions = library::embedded();
    let mut questions = 0;
    for (name, text) in lesson::BUNDLED {
        let parsed = file::parse(text).expect("parses");
        let mut root = None;
        for (k, step) in parsed.steps.iter().enumerate() {
            if let Some(id) = &step.load {
                let entry = positions
                    .iter()
                    .find(|e| &e.id == id)
                    .expect("in the library");
                root = Position::from_fen(&entry.fen).ok();
            }
            if let Some(fen) = &step.fen {
                root = Position::from_fen(fen).ok();
            }
            let Some(q) = &step.question else { continue };
            let (file::AnswerSpec::CutoffBy(node) | file::AnswerSpec::FirstTried(node)) = &q.answer;
            let pos = question_position(root.as_ref().expect("a root"), &node.path);
            for choice in &q.choices {
                let mv = parse_san(&pos, choice)
                    .unwrap_or_else(|e| panic!("{name} step {}: {e}", k + 1));
                assert_eq!(
                    san(&pos, mv),
                    *choice,
                    "{name} step {}: as SAN writes it",
                    k + 1
                );
            }
            questions += 1;
        }
        lesson::load(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    assert_eq!(questions, 8, "the bundled lessons ask eight questions");
}
