//! `App::update` (through `handle_key`) for every key of the explorer, on a recorded search of
//! the classroom puzzle. No terminal and no search thread: effects are returned, not run.

use crate::tui_support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use killerscope_chess::Notation;
use killerscope_explorer::Row;
use killerscope_explorer::{CompareRequest, Effect, Mode, SPEEDS};
use killerscope_explorer::{
    keys::Context, keys::KeyPress, keys::Trigger, keys::action_for, keys::bindings,
};
use killerscope_log::Event;
use killerscope_log::MAX_KILLER_SLOTS;
use killerscope_tui::key_press;
use tui_support::{App, PUZZLE, draw, press, puzzle_app, type_text};

#[test]
fn every_bound_key_of_the_normal_view_reaches_its_own_action() {
    for binding in bindings().iter().filter(|b| b.context == Context::Normal) {
        let Trigger::Keys(keys, action) = &binding.trigger else {
            panic!("the normal view has no fallback row");
        };
        for key in keys {
            let event = KeyPress::plain(key.code);
            assert_eq!(
                action_for(Context::Normal, event),
                Some(action.clone()),
                "{key:?}"
            );
        }
    }
}

#[test]
fn arrows_and_hjkl_move_open_and_close() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    let first = app.view().selected_path().collect::<Vec<_>>();
    assert!(
        !first.is_empty(),
        "the first row is selected after the first draw"
    );
    for down in [KeyCode::Down, KeyCode::Char('j')] {
        press(&mut app, down);
    }
    let third = app.view().selected_path().collect::<Vec<_>>();
    assert_ne!(third, first);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        first.as_slice()
    );

    press(&mut app, KeyCode::Right);
    assert!(app.ui.tree.opened().contains(&first));
    press(&mut app, KeyCode::Down);
    let child = app.view().selected_path().collect::<Vec<_>>();
    assert_eq!(child.len(), 2, "moved into the opened node's first child");
    press(&mut app, KeyCode::Left);
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        first.as_slice(),
        "← from a leaf goes to the parent"
    );
    press(&mut app, KeyCode::Char('h'));
    assert!(
        !app.ui.tree.opened().contains(&first),
        "← on an open node closes it"
    );
    press(&mut app, KeyCode::Char('l'));
    assert!(app.ui.tree.opened().contains(&first));
}

#[test]
fn enter_and_space_toggle() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    let first = app.view().selected_path().collect::<Vec<_>>();
    press(&mut app, KeyCode::Enter);
    assert!(app.ui.tree.opened().contains(&first));
    press(&mut app, KeyCode::Char(' '));
    assert!(!app.ui.tree.opened().contains(&first));
}

#[test]
fn g_and_shift_g_and_pages() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    let first = app.view().selected_path().collect::<Vec<_>>();
    press(&mut app, KeyCode::Char('G'));
    let last = app.view().selected_path().collect::<Vec<_>>();
    assert_ne!(last, first);
    press(&mut app, KeyCode::Char('g'));
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        first.as_slice()
    );
    press(&mut app, KeyCode::End);
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        last.as_slice()
    );
    press(&mut app, KeyCode::Home);
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        first.as_slice()
    );
    press(&mut app, KeyCode::Char('G'));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::PageDown);
    assert_eq!(
        app.view().selected_path().count(),
        2,
        "PgDn moved into the children"
    );
    let paged = app.view().selected_path().collect::<Vec<_>>();
    press(&mut app, KeyCode::PageUp);
    assert_ne!(
        app.view().selected_path().collect::<Vec<_>>(),
        paged.as_slice()
    );
    for _ in 0..5 {
        press(&mut app, KeyCode::PageUp);
    }
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        first.as_slice(),
        "PgUp stops at the first row"
    );
}

#[test]
fn z_zooms_in_and_shift_z_out() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    press(&mut app, KeyCode::Char('G'));
    let deepest_iteration = app.view().selected_node().expect("a node is selected");
    press(&mut app, KeyCode::Char('z'));
    assert_eq!(app.view().view_root(), Some(deepest_iteration));
    let top = app.view().selected_node().expect("first child selected");
    assert_eq!(app.session().parent(top), Some(deepest_iteration));
    press(&mut app, KeyCode::Char('Z'));
    assert_eq!(app.view().view_root(), None);
    assert_eq!(app.view().selected_node(), Some(deepest_iteration));
}

#[test]
fn brackets_step_the_timeline_and_select_the_node() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    let n = app.session().events().len();
    assert_eq!(app.session().position(), n);
    press(&mut app, KeyCode::Char('['));
    assert_eq!(app.session().position(), n - 1);
    press(&mut app, KeyCode::Char('['));
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(app.session().position(), n - 1);
    press(&mut app, KeyCode::Char('g'));
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(10).into());
    let node = app
        .session()
        .node_at_event(9)
        .expect("event 9 is in a node");
    assert_eq!(app.view().selected_node(), Some(node));
    assert_eq!(app.session().scan().applied(), 10);
}

#[test]
fn t_moves_the_timeline_to_the_end_of_the_selected_node() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Down);
    let id = app.view().selected_node().expect("a child is selected");
    let exit = app
        .session()
        .node(id)
        .and_then(|n| n.exit_event())
        .expect("closed node");
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(app.session().position(), exit + 1);
    assert_eq!(app.view().selected_node(), Some(id), "the selection stays");
}

#[test]
fn braces_jump_between_cutoffs_and_shift_k_to_killer_cutoffs() {
    let mut app = puzzle_app();
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(0).into());
    draw(&mut app, 160, 48);
    press(&mut app, KeyCode::Char('}'));
    let first = app.session().position();
    assert!(matches!(
        app.session().events().get(first - 1).expect("an event"),
        Event::Cutoff { .. }
    ));
    press(&mut app, KeyCode::Char('}'));
    let second = app.session().position();
    assert!(second > first);
    assert!(matches!(
        app.session().events().get(second - 1).expect("an event"),
        Event::Cutoff { .. }
    ));
    press(&mut app, KeyCode::Char('{'));
    assert_eq!(app.session().position(), first);
    press(&mut app, KeyCode::Char('K'));
    let k = app.session().position();
    assert!(matches!(
        app.session().events().get(k - 1).expect("an event"),
        Event::Cutoff { source, .. } if source.is_killer()
    ));
    let end = app.session().events().len();
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(end).into());
    press(&mut app, KeyCode::Char('K'));
    assert_eq!(
        app.session().position(),
        k,
        "K at the end wraps to the first killer cutoff"
    );
    let selected = app.view().selected_node().expect("cutoff node selected");
    let node = app.session().node(selected).expect("node exists");
    assert!(matches!(node.cutoff(), Some(c) if c.source.is_killer()));
}

#[test]
fn p_plays_and_angle_brackets_change_speed() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    let speed = app.views().timeline.playback.speed;
    press(&mut app, KeyCode::Char('>'));
    assert_eq!(app.views().timeline.playback.speed, speed + 1);
    press(&mut app, KeyCode::Char('<'));
    press(&mut app, KeyCode::Char('<'));
    assert_eq!(app.views().timeline.playback.speed, speed - 1);
    press(&mut app, KeyCode::Char('p'));
    assert!(app.views().timeline.playback.playing);
    assert_eq!(
        app.session().position(),
        0,
        "play from the end restarts at the beginning"
    );
    let per_second = u64::from(SPEEDS[app.views().timeline.playback.speed]);
    assert!(app.tick(1000));
    assert_eq!(app.session().position() as u64, per_second);
    press(&mut app, KeyCode::Char('p'));
    assert!(!app.views().timeline.playback.playing);
    assert!(!app.tick(1000));
}

#[test]
fn f_loads_a_fen_and_keeps_the_position_on_bad_input() {
    let mut app = puzzle_app();
    let before = app.setup().root.to_fen();
    press(&mut app, KeyCode::Char('f'));
    assert!(matches!(app.mode(), Mode::Fen { .. }));
    type_text(
        &mut app,
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let effects = press(&mut app, KeyCode::Enter);
    assert!(effects.is_empty());
    let Mode::Fen {
        error: Some(error), ..
    } = &app.mode()
    else {
        panic!("the prompt stays open with an error, got {:?}", app.mode());
    };
    assert!(error.contains("rank"), "{error}");
    assert_eq!(app.setup().root.to_fen(), before);
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);

    press(&mut app, KeyCode::Char('f'));
    type_text(&mut app, "8/8/8/4k3/8/8/4PP2/4K3 w - - 0 1x");
    press(&mut app, KeyCode::Backspace);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(tui_support::starts_search(&effects));
    assert_eq!(*app.mode(), Mode::Normal);
    assert_eq!(
        app.setup().root.to_fen(),
        "8/8/8/4k3/8/8/4PP2/4K3 w - - 0 1"
    );
}

#[test]
fn o_picks_a_library_position() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('o'));
    assert_eq!(*app.mode(), Mode::Picker(0));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Up);
    assert_eq!(*app.mode(), Mode::Picker(1));
    let effects = press(&mut app, KeyCode::Enter);
    assert!(tui_support::starts_search(&effects));
    assert_eq!(app.setup().root.to_fen(), app.setup().library[1].fen);
    press(&mut app, KeyCode::Char('o'));
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Normal);
}

#[test]
fn plus_minus_depth_and_digits_set_killer_slots() {
    let mut app = puzzle_app();
    let depth = app.setup().next.depth;
    press(&mut app, KeyCode::Char('+'));
    assert_eq!(app.setup().next.depth, depth + 1);
    press(&mut app, KeyCode::Char('='));
    press(&mut app, KeyCode::Char('-'));
    press(&mut app, KeyCode::Char('-'));
    assert_eq!(app.setup().next.depth, depth);
    for _ in 0..40 {
        press(&mut app, KeyCode::Char('-'));
    }
    assert_eq!(app.setup().next.depth, 1, "depth never drops below 1");
    for k in 0..=MAX_KILLER_SLOTS as u8 {
        press(&mut app, KeyCode::Char(char::from(b'0' + k)));
        assert_eq!(app.setup().next.killers, k);
        assert_eq!(app.next_ordering().killer_slots, k);
    }
}

#[test]
fn r_reruns_and_s_or_esc_stop_only_a_running_search() {
    let mut app = puzzle_app();
    assert!(
        press(&mut app, KeyCode::Char('s')).is_empty(),
        "nothing to stop"
    );
    assert!(tui_support::starts_search(&press(
        &mut app,
        KeyCode::Char('r')
    )));
    assert!(app.session().run().searching, "the search begins at once");
    assert_eq!(press(&mut app, KeyCode::Char('s')), vec![Effect::Stop]);
    assert_eq!(press(&mut app, KeyCode::Esc), vec![Effect::Stop]);
}

#[test]
fn c_then_enter_compares_killers_off_and_the_current_config() {
    let mut app = puzzle_app();
    assert!(press(&mut app, KeyCode::Char('c')).is_empty());
    assert!(matches!(app.mode(), Mode::ComparePicker(_)));
    let effects = press(&mut app, KeyCode::Enter);
    let Some(request) = tui_support::job_request::<CompareRequest>(&effects) else {
        panic!("expected one comparison, got {effects:?}");
    };
    let slots: Vec<u8> = request.configs.iter().map(|c| c.killer_slots).collect();
    assert_eq!(slots, vec![0, 2]);
    // Named as `compare` and `compare --svg` name them (search::config::name::display_name).
    assert_eq!(
        app.views().compare.labels,
        ["history only", "killers + history"]
    );
    assert_eq!(*app.mode(), Mode::Compare);
    assert!(app.views().compare.running);
    assert_eq!(press(&mut app, KeyCode::Esc), vec![Effect::Stop]);
    assert_eq!(*app.mode(), Mode::Normal);
}

#[test]
fn the_compare_picker_checks_configurations_with_space_and_needs_two() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('c'));
    // Uncheck killers off: the current configuration alone is refused, in the picker.
    press(&mut app, KeyCode::Char(' '));
    assert!(press(&mut app, KeyCode::Enter).is_empty());
    let Mode::ComparePicker(picker) = &app.mode() else {
        panic!("still picking: {:?}", app.mode());
    };
    assert!(
        picker
            .error
            .as_deref()
            .is_some_and(|e| e.contains("at least 2"))
    );
    let shown = tui_support::screen(&draw(&mut app, 160, 48));
    assert!(shown.contains("choose at least 2"), "{shown}");
    assert!(shown.contains("[ ] history only"), "{shown}");
    assert!(
        shown.contains("[x] killers + history") && shown.contains("default (on screen)"),
        "{shown}"
    );
    // Check countermove (line 3) with j j x and relative history (line 5) with j j Space.
    for code in ['j', 'j', 'x', 'j', 'j', ' '] {
        press(&mut app, KeyCode::Char(code));
    }
    let shown = tui_support::screen(&draw(&mut app, 160, 48));
    assert!(
        shown.contains("[x] countermove") && shown.contains("countermove=on"),
        "{shown}"
    );
    let effects = press(&mut app, KeyCode::Enter);
    let Some(configs) = tui_support::job_request::<CompareRequest>(&effects) else {
        panic!("expected one comparison, got {effects:?}");
    };
    let names: Vec<String> = configs.configs.iter().map(|c| c.changes()).collect();
    assert_eq!(names, ["countermove=on", "history=relative", "default"]);
    assert_eq!(
        app.views().compare.labels,
        [
            "countermove",
            "killers + relative history",
            "killers + history"
        ]
    );
}

#[test]
fn the_compare_picker_closes_without_searching() {
    for key in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('c')] {
        let mut app = puzzle_app();
        press(&mut app, KeyCode::Char('c'));
        press(&mut app, KeyCode::Char('k'));
        assert!(press(&mut app, key).is_empty(), "{key:?}");
        assert_eq!(*app.mode(), Mode::Normal, "{key:?}");
        assert!(
            !app.quit_requested(),
            "{key:?} closes the picker, not the explorer"
        );
    }
}

#[test]
fn the_current_config_is_the_one_on_screen_with_the_chosen_killer_slots() {
    let log = tui_support::record_with(PUZZLE, 3, "countermove=on".parse().expect("valid"));
    let mut app = tui_support::app_over(PUZZLE, log);
    press(&mut app, KeyCode::Char('3'));
    assert_eq!(
        app.next_ordering().to_string(),
        "killers=3,history=on,tt=on,mvvlva=on,grandparent=off,placement=after,matekillers=off,countermove=on,killerindex=ply"
    );
    press(&mut app, KeyCode::Char('c'));
    let shown = tui_support::screen(&draw(&mut app, 160, 48));
    let line = shown
        .lines()
        .find(|l| l.contains("(on screen)"))
        .expect("the current configuration's line");
    assert!(
        line.contains("[x] 3 killers + history, countermove")
            && line.contains("killers=3,countermove=on"),
        "{line}"
    );
}

#[test]
fn w_saves_only_a_finished_recording() {
    let mut app = puzzle_app();
    let effects = press(&mut app, KeyCode::Char('w'));
    assert_eq!(effects, vec![Effect::Save("killerscope.kslog".into())]);
    press(&mut app, KeyCode::Char('r'));
    assert!(press(&mut app, KeyCode::Char('w')).is_empty());
    assert!(app.message().as_ref().is_some_and(|m| m.error));
}

#[test]
fn question_mark_shows_help_scrolls_and_any_other_key_closes_it() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(*app.mode(), Mode::Help(0));
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::Up);
    assert_eq!(
        *app.mode(),
        Mode::Help(10),
        "j/k/PgUp/PgDn scroll a tall help"
    );
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(*app.mode(), Mode::Normal);
    assert!(!app.quit_requested());
}

#[test]
fn q_closes_every_picker_and_quits_only_from_the_views() {
    let mut app = puzzle_app();
    for (open, picker) in [('o', "position"), ('L', "lesson"), ('c', "compare")] {
        press(&mut app, KeyCode::Char(open));
        assert_ne!(
            *app.mode(),
            Mode::Normal,
            "{open} opens the {picker} picker"
        );
        press(&mut app, KeyCode::Char('q'));
        assert_eq!(*app.mode(), Mode::Normal, "q closes the {picker} picker");
        assert!(!app.quit_requested(), "and does not quit");
    }
}

#[test]
fn q_and_ctrl_c_quit() {
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit_requested());
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('f'));
    app.handle_key(key_press(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(
        app.quit_requested(),
        "Ctrl-C quits even from the FEN prompt"
    );
}

#[test]
fn mouse_click_selects_a_row_and_wheel_moves() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    let tree = killerscope_tui::layout::compute(ratatui::layout::Rect::new(0, 0, 160, 48)).tree;
    let click = |row: u16| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: tree.x + 4,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.mouse(click(tree.y + 3));
    let third = app.view().selected_path().collect::<Vec<_>>();
    assert!(matches!(third.last(), Some(Row::Node(_))));
    draw(&mut app, 160, 48);
    app.mouse(MouseEvent {
        kind: MouseEventKind::ScrollUp,
        ..click(0)
    });
    draw(&mut app, 160, 48);
    assert_ne!(
        app.view().selected_path().collect::<Vec<_>>(),
        third.as_slice()
    );
    app.mouse(MouseEvent {
        kind: MouseEventKind::ScrollDown,
        ..click(0)
    });
    assert_eq!(
        app.view().selected_path().collect::<Vec<_>>(),
        third.as_slice()
    );
}

#[test]
fn the_puzzle_fen_is_the_first_library_entry() {
    let app = puzzle_app();
    assert_eq!(app.setup().library[0].fen, PUZZLE);
}

#[test]
fn a_killer_store_shows_an_empty_slot_as_a_dot_not_the_null_move() {
    let app = puzzle_app();
    let first_store = app
        .session()
        .events()
        .iter()
        .position(|e| matches!(e, Event::KillerStore { slots, .. } if slots.as_slice().iter().any(|m| m.is_null())))
        .expect("the puzzle's first killer store leaves slot 2 empty");
    let text = killerscope_tui::widgets::timeline::describe(
        app.session(),
        first_store,
        killerscope_chess::Notation::Uci,
    );
    assert!(text.contains("store killer"), "{text}");
    assert!(text.contains(", ·]"), "{text}");
    assert!(!text.contains("0000"), "{text}");
}

#[test]
fn n_cycles_the_notation_of_every_move_on_screen() {
    let mut app = puzzle_app();
    draw(&mut app, 160, 48);
    for code in [KeyCode::Char('G'), KeyCode::Enter, KeyCode::Down] {
        press(&mut app, code);
    }
    let shown = |app: &mut App| tui_support::screen(&draw(app, 160, 48));
    let san = shown(&mut app);
    assert!(san.contains("after Nf6 ·") && san.contains("…Nf6"), "{san}");
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.prefs().notation, Notation::Uci);
    assert!(
        app.message()
            .as_ref()
            .is_some_and(|m| m.text == "moves in UCI")
    );
    let uci = shown(&mut app);
    assert!(
        uci.contains("after h5f6 ·") && uci.contains("…h5f6"),
        "{uci}"
    );
    assert!(!uci.contains("…Nf6"), "the tree follows too: {uci}");
    press(&mut app, KeyCode::Char('n'));
    let long = shown(&mut app);
    assert!(
        long.contains("after Nh5-f6 ·") && long.contains("…Nh5-f6"),
        "{long}"
    );
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.prefs().notation, Notation::San, "n wraps around");
}

#[test]
fn the_compare_view_names_its_columns_and_the_sources_they_use() {
    use killerscope_explorer::views::compare::CompareAction;
    let mut app = puzzle_app();
    press(&mut app, KeyCode::Char('c'));
    for code in ['j', 'j', 'x'] {
        press(&mut app, KeyCode::Char(code));
    }
    let effects = press(&mut app, KeyCode::Enter);
    let Some(configs) = tui_support::job_request::<CompareRequest>(&effects) else {
        panic!("expected one comparison, got {effects:?}");
    };
    let mut request = configs.clone();
    request.depth = 3;
    let labels = app.views().compare.labels.clone();
    let effects = app.update(CompareAction::Start(labels, Box::new(request)).into());
    let [Effect::Job(_)] = effects.as_slice() else {
        panic!("expected the comparison at depth 3, got {effects:?}");
    };
    for effect in effects {
        if let Effect::Job(job) = effect {
            tui_support::run_job(&mut app, job);
        }
    }
    assert!(
        !app.views().compare.rows.is_empty(),
        "the comparison finished"
    );
    let table = app.with_ctx(killerscope_tui::widgets::compare::rows);
    assert_eq!(
        table[0],
        ["", "history only", "countermove", "killers + history"]
    );
    let labels: Vec<&str> = table.iter().map(|r| r[0].as_str()).collect();
    assert!(
        labels.contains(&"  by CM") && labels.contains(&"  by K1"),
        "{labels:?}"
    );
    assert!(
        !labels.contains(&"  by MK"),
        "no column uses mate killers: {labels:?}"
    );
    let best = table
        .iter()
        .find(|r| r[0] == "best move")
        .expect("a best move row");
    assert_eq!(best[1], "Nf6", "in SAN: {best:?}");
    let shown = tui_support::screen(&draw(&mut app, 160, 48));
    assert!(
        shown.contains("Compare 1/3 · numbers · depth") && shown.contains("countermove"),
        "{shown}"
    );
}
