//! The small things a class notices (issue 36, items 5, 9, 10, 12, 13, 14, 16 and 18), each
//! checked where it can go wrong again: compare columns under their short names, the
//! classroom guide's depth, killer rows in the user's notation in the status line, every lesson
//! file bundled, `lesson --check` numbering events as the screen does, plurals and source names
//! in the feedback, `killerscope --projector`, the compare checklist and the `T` table.

use crate::binary;
use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_explorer::lesson::{self, BUNDLED, score::Score, state};
use tui_support::lesson::{key, open};
use tui_support::{draw, screen};

#[test]
fn lesson_compare_columns_go_by_their_short_names() {
    assert_eq!(
        state::label("killers=0,history=off"),
        "no killers, no history"
    );
    assert_eq!(state::label("history=off"), "killers only");
    assert_eq!(state::label(""), "killers + history");
    // The ladder lesson's columns are told apart by their names alone.
    let text = lesson::bundled("the-limits-of-ordering").expect("bundled");
    let file = lesson::file::parse(text).expect("parses");
    for step in &file.steps {
        let Some(compare) = &step.compare else {
            continue;
        };
        let names: std::collections::HashSet<String> =
            compare.configs.iter().map(|c| state::label(c)).collect();
        assert_eq!(names.len(), compare.configs.len(), "{names:?}");
    }
}

#[test]
fn the_guide_counts_the_ladders_depth_from_the_explorers_default() {
    let guide = std::fs::read_to_string("docs/classroom.md").expect("the guide");
    let default = killerscope_explorer::DEFAULT_DEPTH;
    let said = format!("(`-` three times from the default {default}, then `O`");
    assert!(guide.contains(&said), "the ladder's instruction: {said}");
    assert_eq!(default - 3, 3, "the puzzle at depth 3");
}

/// Opens `why-a-second-slot` and goes to its fourth step (the killer store of Qd4), answering
/// the third step's question right.
fn second_slot_step_four() -> tui_support::App {
    let mut app = open("why-a-second-slot");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    let answer = app
        .lesson()
        .and_then(|s| s.player.step().question.as_ref())
        .map(|q| q.answer)
        .expect("step 3 asks");
    let digit = char::from(b'1' + u8::try_from(answer).expect("a digit"));
    key(&mut app, KeyCode::Char(digit));
    key(&mut app, KeyCode::Right);
    app
}

#[test]
fn the_status_line_writes_every_killer_of_a_store_in_san_and_numbers_events_as_check_does() {
    let mut app = second_slot_step_four();
    let shown = screen(&draw(&mut app, 160, 48));
    let status = shown
        .lines()
        .rfind(|l| l.contains(" event ") && l.contains("store killer"))
        .unwrap_or_else(|| panic!("the status line names the store:\n{shown}"));
    assert!(status.contains("store killer Qd4 → [Qd4, f4]"), "{status}");
    // `lesson --check` numbers the step's event as the status line does.
    let event = status
        .split(" event ")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .expect("the event number");
    let out = binary::run(&["lesson", "why-a-second-slot", "--check"]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let checked = binary::text(&out.stdout);
    let step = checked
        .lines()
        .find(|l| l.trim_start().starts_with("4. "))
        .expect("step 4");
    assert!(
        step.contains(&format!("moves the timeline to event {event};")),
        "screen {event}, check: {step}"
    );
}

#[test]
fn every_lesson_file_is_bundled_listed_and_opened_by_name() {
    let mut files: Vec<String> = std::fs::read_dir("assets/lessons")
        .expect("the lessons")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".toml").map(str::to_string))
        .collect();
    files.sort();
    let mut bundled: Vec<String> = BUNDLED.iter().map(|(n, _)| n.to_string()).collect();
    bundled.sort();
    assert_eq!(files, bundled, "every file in assets/lessons is bundled");
    let listed = binary::text(&binary::run(&["lesson"]).stdout);
    assert!(listed.contains("the-limits-of-ordering  ("), "{listed}");
    let checked = binary::run(&["lesson", "the-limits-of-ordering", "--check"]);
    assert!(
        checked.status.success(),
        "{}",
        binary::text(&checked.stderr)
    );
}

#[test]
fn the_feedback_counts_and_names_sources_as_a_person_would() {
    let score = Score {
        questions: 4,
        answered: 3,
        right: 3,
        second_try: 2,
    };
    let text = score.text().expect("a score");
    assert!(text.contains("(2 second tries)"), "{text}");
    // Answers read from a real search: no "the first of the 1 moves", no "TT (TT)".
    let dir = std::env::temp_dir().join(format!("ks-wording-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("exercise.toml");
    let made = binary::run(&[
        "exercise",
        "--fen",
        tui_support::PUZZLE,
        "--depth",
        "4",
        "--count",
        "12",
        "--seed",
        "5",
        "-o",
        path.to_str().expect("utf-8"),
    ]);
    assert!(made.status.success(), "{}", binary::text(&made.stderr));
    let text = std::fs::read_to_string(&path).expect("written");
    let checked = lesson::load(&text).expect("the exercise holds");
    let whys: Vec<&str> = checked
        .steps
        .iter()
        .filter_map(|s| s.question.as_ref().map(|q| q.why.as_str()))
        .collect();
    assert!(whys.iter().any(|w| w.contains("placed")), "{whys:?}");
    for why in whys {
        assert!(!why.contains("of the 1 moves"), "{why}");
        assert!(!why.contains("TT (TT)"), "{why}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn projector_opens_the_explorer_as_a_bare_killerscope_does() {
    let bare = binary::run(&[]);
    let projector = binary::run(&["--projector"]);
    assert_eq!(projector.status.code(), bare.status.code());
    assert_eq!(
        binary::text(&projector.stderr),
        binary::text(&bare.stderr),
        "--projector reaches the explorer (no terminal here)"
    );
    let mixed = binary::run(&["--projector", "perft", "--depth", "1"]);
    assert_eq!(
        mixed.status.code(),
        Some(2),
        "a subcommand takes its own flags"
    );
}

#[test]
fn the_checklist_offers_follow_up_and_the_ply_table_reaches_the_deepest_ply() {
    let picker = killerscope_explorer::ConfigPicker::new(Default::default());
    assert!(
        picker.presets.iter().any(|p| p.name == "follow-up"),
        "{:?}",
        picker.presets.iter().map(|p| &p.name).collect::<Vec<_>>()
    );
    let log = tui_support::record(tui_support::PUZZLE, 6, 2);
    let mut app = tui_support::app_over(tui_support::PUZZLE, log);
    draw(&mut app, 160, 48);
    tui_support::press(&mut app, KeyCode::Char('T'));
    let shown = screen(&draw(&mut app, 160, 48));
    for ply in 8..=10 {
        assert!(
            shown.lines().any(|l| l.contains(&format!("│ {ply:>2} "))),
            "ply {ply} in the table:\n{shown}"
        );
    }
}
