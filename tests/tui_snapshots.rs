//! Snapshot tests of the explorer (ratatui `TestBackend` + insta): the whole screen at 80×24
//! and 160×48 on the classroom puzzle searched to a fixed depth, and single panels — the killer
//! table with g2c6 in slot 1 at ply 1 just after it cut off, a tree row with its cutoff marker,
//! a PVS re-search row, the FEN error line, the help overlay. Monochrome theme, no timing text: deterministic.

use crate::tui_support;

use killerscope_chess::Notation;
use killerscope_chess::{Move, Position};
use killerscope_explorer::KillerMark;
use killerscope_explorer::views::compare::CompareAction;
use killerscope_explorer::{Action, Mode, Settings, SetupAction};
use killerscope_log::Event;
use killerscope_log::MoveSource;
use killerscope_trace::line::node_label_known;
use killerscope_tui::Theme;
use killerscope_tui::widgets::help::HelpOverlay;
use killerscope_tui::widgets::killers::KillersPanel;
use killerscope_tui::widgets::lesson_picker::LessonPickerOverlay;
use killerscope_tui::widgets::line_field::FieldOverlay;
use killerscope_tui::widgets::picker::PickerOverlay;
use killerscope_tui::{widgets::explain, widgets::help, widgets::killers, widgets::tree};
use ratatui::text::Line;
use tui_support::{App, PUZZLE, draw, puzzle_app, screen};

fn g2c6(app: &App) -> Move {
    killerscope_chess::parse_uci(&app.setup().root, "g2c6")
        .or_else(|_| {
            let mut pos = app.setup().root.clone();
            let mut list = killerscope_chess::MoveList::new();
            pos.legal_moves(&mut list);
            let reply = list.first().copied().ok_or(())?;
            pos.make_move(reply);
            killerscope_chess::parse_uci(&pos, "g2c6").map_err(|_| ())
        })
        .expect("g2c6 is a legal White move after Black's reply")
}

/// Index just after the first cutoff by g2c6 from killer slot 1 at ply 1.
fn after_killer_cutoff(app: &App, mv: Move) -> usize {
    let events = app.session().events();
    let i = events
        .iter()
        .enumerate()
        .position(|(i, e)| {
            matches!(e, Event::Cutoff { mv: m, source, .. } if m == mv && source == MoveSource::killer(0))
                && app
                    .session()
                    .node_at_event(i)
                    .and_then(|n| app.session().node(n))
                    .is_some_and(|n| n.ply() == 1)
        })
        .expect("g2c6 cuts off from killer slot 1 at ply 1");
    i + 1
}

fn line_text(line: &Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

#[test]
fn whole_screen_80x24() {
    let mut app = puzzle_app();
    draw(&mut app, 80, 24);
    let terminal = draw(&mut app, 80, 24);
    insta::assert_snapshot!("screen_80x24", screen(&terminal));
}

#[test]
fn whole_screen_160x48_with_the_last_iteration_open() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    tui_support::press(&mut app, crossterm::event::KeyCode::Char('G'));
    tui_support::press(&mut app, crossterm::event::KeyCode::Enter);
    tui_support::press(&mut app, crossterm::event::KeyCode::Down);
    let terminal = draw(&mut app, 160, 48);
    insta::assert_snapshot!("screen_160x48", screen(&terminal));
}

#[test]
fn tiny_and_odd_sizes_do_not_panic() {
    let mut app = puzzle_app();
    for (w, h) in [
        (20, 5),
        (1, 1),
        (0, 0),
        (80, 24),
        (59, 15),
        (200, 60),
        (20, 5),
    ] {
        draw(&mut app, w, h);
    }
    for actions in [
        vec![Action::Help],
        vec![SetupAction::OpenPicker.into()],
        vec![
            SetupAction::EnterFen.into(),
            Action::Paste("x".repeat(300)),
            Action::FenSubmit,
        ],
        vec![CompareAction::OpenPicker.into(), CompareAction::Run.into()],
    ] {
        app.update(Action::Leave);
        for action in actions {
            app.update(action);
        }
        assert_ne!(*app.mode(), Mode::Normal);
        draw(&mut app, 20, 5);
    }
}

#[test]
fn killer_table_shows_g2c6_in_slot_1_at_ply_1_with_a_cutoff_marker() {
    let mut app = puzzle_app();
    let mv = g2c6(&app);
    let at = after_killer_cutoff(&app, mv);
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(at).into());
    let ply = app
        .view()
        .selected_node()
        .and_then(|id| app.session().node(id));
    assert_eq!(
        ply.map(|n| n.ply()),
        Some(1),
        "the panel follows the cutoff's node"
    );
    let selected = app.view().selected_node();
    let pos = killers::row_positions(app.session(), selected, 1..2)[0].clone();
    for (notation, written) in [
        (Notation::San, "Bc6✂"),
        (Notation::Uci, "g2c6✂"),
        (Notation::Long, "Bg2-c6✂"),
    ] {
        let (text, mark) = killers::cell_text(app.session(), (1, 0), true, pos.as_ref(), notation);
        assert!(text.starts_with(written), "{text}");
        assert_eq!(mark, Some(KillerMark::Cutoff(0)));
    }
    let terminal = app.panel(&KillersPanel, 40, 8);
    insta::assert_snapshot!("killer_table_g2c6_cutoff", screen(&terminal));
}

#[test]
fn tree_row_carries_the_cutoff_marker() {
    let app = puzzle_app();
    let mv = g2c6(&app);
    let at = after_killer_cutoff(&app, mv);
    let node = app
        .session()
        .node_at_event(at - 1)
        .expect("the cutoff's node");
    let parent = app.session().position_at(app.session().parent(node));
    let info = app.session().node(node).expect("node exists");
    let (label, pos) = node_label_known(Some(&parent), info, Notation::San);
    assert!(label.starts_with('…'), "Black's reply at ply 0: {label}");
    let style = tree::RowStyle {
        theme: &Theme::mono(),
        notation: Notation::San,
        ascii: false,
        live: false,
        hidden_cut: None,
        compact: false,
    };
    let line = tree::row_line(
        app.session(),
        style,
        node,
        &label,
        pos.as_ref(),
        app.session().on_pv(node),
    );
    let text = line_text(&line);
    assert!(text.contains("✂ Bc6 K1"), "{text}");
    insta::assert_snapshot!("tree_row_cutoff", text);
}

#[test]
fn a_pvs_re_search_is_marked_in_its_row_and_explained() {
    let app = puzzle_app();
    let session = app.session();
    let (first, second) = (0..session.tree().len() as u32)
        .find_map(|id| {
            let parent = session.parent(id)?;
            let mut kids = session.children(Some(parent)).skip_while(|&c| c != id);
            let (a, b) = (kids.next()?, kids.next()?);
            let same = session.node(a)?.mv() == session.node(b)?.mv();
            same.then_some((a, b))
        })
        .expect("the puzzle search re-searches some move after a null-window fail-high");
    assert!(!session.is_research(first));
    assert!(session.is_research(second));
    let parent = session.position_at(session.parent(second));
    let info = session.node(second).expect("node exists");
    let (label, pos) = node_label_known(Some(&parent), info, Notation::San);
    let style = tree::RowStyle {
        theme: &Theme::mono(),
        notation: Notation::San,
        ascii: false,
        live: false,
        hidden_cut: None,
        compact: false,
    };
    let text = line_text(&tree::row_line(
        session,
        style,
        second,
        &label,
        pos.as_ref(),
        false,
    ));
    assert!(text.contains('↻'), "{text}");
    let text = line_text(&tree::row_line(
        session,
        style,
        first,
        &label,
        pos.as_ref(),
        false,
    ));
    assert!(!text.contains('↻'), "{text}");
    let explained = |id| explain::text(session, id, Notation::San);
    assert!(explained(second).contains("Re-search"));
    assert!(!explained(first).contains("Re-search"));
}

#[test]
fn fen_error_line() {
    let bad = "6k1/3q1ppp/p7p/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
    let error = Position::from_fen(bad)
        .expect_err("rank 6 has 9 squares")
        .to_string();
    let root = Position::from_fen(PUZZLE).expect("puzzle FEN is valid");
    let settings = Settings {
        depth: 1,
        killers: 2,
        ..Settings::default()
    };
    let mut app = tui_support::App::new(killerscope_explorer::Explorer::new(
        root,
        settings,
        Vec::new(),
    ));
    for action in [
        SetupAction::EnterFen.into(),
        Action::Paste(bad.into()),
        Action::FenSubmit,
    ] {
        app.update(action);
    }
    let Mode::Fen { error: shown, .. } = app.mode() else {
        panic!("the FEN box stays open on a bad FEN");
    };
    assert_eq!(shown.as_deref(), Some(error.as_str()));
    let text = screen(&app.panel(&FieldOverlay, 100, 6));
    assert!(text.contains("✗ FEN"), "{text}");
    insta::assert_snapshot!("fen_error", text);
}

#[test]
fn help_overlay_lists_every_key_of_the_table() {
    let theme = Theme::mono();
    let text: String = help::key_lines(&theme)
        .iter()
        .map(|l| line_text(l) + "\n")
        .collect();
    for binding in killerscope_explorer::keys::bindings()
        .iter()
        .filter(|b| !b.label.is_empty())
    {
        assert!(
            text.contains(binding.label.as_str()),
            "help lacks {}",
            binding.label
        );
    }
    let mut app = puzzle_app();
    app.update(Action::Help);
    insta::assert_snapshot!("help_overlay", screen(&app.panel(&HelpOverlay, 160, 48)));
}

#[test]
fn puzzle_constant_matches_the_library() {
    assert_eq!(puzzle_app().setup().root.to_fen(), PUZZLE);
}

/// The two choosers share one popup: the library with the highlighted position's settings and
/// comment, and the lessons with the highlighted one's summary.
#[test]
fn choosers_show_the_highlighted_row_and_what_it_is() {
    let mut app = puzzle_app();
    app.update(SetupAction::OpenPicker.into());
    app.update(Action::PickerNext);
    assert_eq!(*app.mode(), Mode::Picker(1));
    insta::assert_snapshot!(
        "position_picker",
        screen(&app.panel(&PickerOverlay, 100, 30))
    );
    app.update(Action::Leave);
    app.update(killerscope_explorer::views::lessons::LessonsAction::OpenPicker.into());
    app.update(Action::PickerNext);
    assert_eq!(*app.mode(), Mode::LessonPicker(1));
    let shown = screen(&app.panel(&LessonPickerOverlay, 100, 30));
    insta::assert_snapshot!("lesson_picker", shown);
}
