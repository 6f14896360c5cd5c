//! Where the explorer's search settings come from: the `S` key (selective search on / off,
//! through `Explorer::update`), `killerscope tui --ordering/--search/--killers` (through
//! `cli::tui::prepare`, before any terminal), and the `ordering` / `search` EPD opcodes of a
//! library or `--epd` position, which the command line overrides and which do not outlive the
//! position.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope::{cli::tui::Prepared, cli::tui::TuiArgs, cli::tui::prepare};
use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{HistoryMode, SearchConfig, SelectiveConfig};
use killerscope_explorer::library;
use killerscope_explorer::{Effect, Explorer, Fixed, Mode, Session, Settings};
use tui_support::{App, PUZZLE, app_over, draw, press, puzzle_app, record_config, screen};

/// A library of three positions: one with both opcodes, one with none, one asking only for
/// selective search.
const LIBRARY: &str = "\
8/8/8/4k3/8/8/4P3/4K3 w - - id \"both\"; ordering \"history=off,killers=1\"; search \"lmr=on,nmp=on\";
8/8/8/4k3/8/8/4PP2/4K3 w - - id \"plain\";
8/8/8/4k3/8/8/3PP3/4K3 w - - id \"lmr\"; search \"lmr=on\";
";

fn library_app() -> App {
    library_app_fixed(Fixed::default())
}

/// The puzzle explorer over the test library, with what a command line would fix.
fn library_app_fixed(fixed: Fixed) -> App {
    let root = Position::from_fen(PUZZLE).expect("valid");
    let library = library::parse(LIBRARY).expect("the test library parses");
    let mut app = Explorer::new(root.clone(), Settings::default(), library).with_fixed(fixed, None);
    app.open_session(Session::from_log(root, tui_support::record(PUZZLE, 5, 2)));
    App::new(app)
}

/// The status line's text.
fn said(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// Opens the picker, moves to entry `index` and loads it.
fn pick(app: &mut App, index: usize) -> Vec<Effect> {
    press(app, KeyCode::Char('o'));
    for _ in 0..index {
        press(app, KeyCode::Char('j'));
    }
    press(app, KeyCode::Enter)
}

fn args() -> TuiArgs {
    TuiArgs {
        depth: 6,
        ..TuiArgs::default()
    }
}

#[test]
fn shift_s_switches_selective_search_and_searches_again() {
    let mut app = puzzle_app();
    assert!(!app.setup().next.selective.any(), "full width by default");
    assert!(tui_support::starts_search(&press(
        &mut app,
        KeyCode::Char('S')
    )));
    assert_eq!(app.setup().next.selective, SelectiveConfig::ALL);
    app.clear_message();
    let hints = screen(&draw(&mut app, 160, 48));
    assert!(hints.contains("depth 5 · killers 2 · selective"), "{hints}");
    assert_eq!(
        app.session().header().selective_config(),
        Some(SelectiveConfig::ALL),
        "the search it starts records the switches"
    );
    assert!(tui_support::starts_search(&press(
        &mut app,
        KeyCode::Char('S')
    )));
    assert_eq!(app.setup().next.selective, SelectiveConfig::default());
    let lmr = "lmr=on".parse().expect("valid");
    let ordering = app.next_ordering();
    app.update(killerscope_explorer::SetupAction::Plan(5, ordering, lmr).into());
    press(&mut app, KeyCode::Char('S'));
    assert!(
        !app.setup().next.selective.any(),
        "some techniques on: S turns them off"
    );
    assert_eq!(
        press(&mut app, KeyCode::Char('s')),
        vec![Effect::Stop],
        "s still stops the search begun above"
    );
}

#[test]
fn the_tree_title_names_selective_search_only_when_it_was_on() {
    let config = SearchConfig {
        selective: "nmp=on,lmr=on".parse().expect("valid"),
        ..SearchConfig::default()
    };
    let mut app = app_over(PUZZLE, record_config(PUZZLE, 3, config));
    assert_eq!(app.setup().next.selective, config.selective);
    let text = screen(&draw(&mut app, 160, 48));
    assert!(text.contains("Search tree · nmp+lmr · "), "{text}");
    let mut full = puzzle_app();
    let text = screen(&draw(&mut full, 160, 48));
    assert!(text.contains("Search tree · 88.4k nodes"), "{text}");
}

#[test]
fn a_library_position_brings_its_settings_and_takes_them_away_again() {
    let mut app = library_app();
    press(&mut app, KeyCode::Char('o'));
    let shown = screen(&draw(&mut app, 160, 48));
    let expected = "Searched with ordering killers=1,history=off. Search: nmp+lmr.";
    assert!(
        shown.contains(expected),
        "the picker shows the settings:\n{shown}"
    );
    press(&mut app, KeyCode::Esc);
    assert!(tui_support::starts_search(&pick(&mut app, 0)));
    let ordering = app.next_ordering();
    assert_eq!(
        (ordering.killer_slots, ordering.history),
        (1, HistoryMode::Off)
    );
    assert_eq!(app.setup().next.killers, 1);
    assert!(app.setup().next.selective.lmr && app.setup().next.selective.null_move);
    assert!(!app.setup().next.selective.futility);
    let note = said(&app);
    assert!(
        note.contains("loaded both: ordering killers=1,history=off; search nmp+lmr"),
        "{note}"
    );
    assert_eq!(
        app.session().header().ordering_setting("history"),
        Some("off")
    );

    pick(&mut app, 1);
    assert_eq!(
        app.next_ordering().history,
        HistoryMode::Plain,
        "back to the settings before"
    );
    assert_eq!(app.setup().next.killers, 2);
    assert!(!app.setup().next.selective.any());
    assert!(
        said(&app).starts_with("loaded plain · searching"),
        "{}",
        said(&app)
    );

    pick(&mut app, 2);
    assert!(app.setup().next.selective.lmr);
    press(&mut app, KeyCode::Char('f'));
    tui_support::type_text(&mut app, "8/8/8/4k3/8/8/4P3/4K3 b - - 0 1");
    assert!(tui_support::starts_search(&press(&mut app, KeyCode::Enter)));
    assert_eq!(*app.mode(), Mode::Normal);
    assert!(
        !app.setup().next.selective.any(),
        "a typed FEN has no opcodes"
    );
}

#[test]
fn the_command_line_wins_over_a_positions_opcodes() {
    let mut app = library_app_fixed(Fixed {
        selective: true,
        killers: true,
        ordering: false,
    });
    pick(&mut app, 0);
    assert!(
        !app.setup().next.selective.any(),
        "--search fixed full width"
    );
    assert_eq!(app.setup().next.killers, 2, "--killers fixed the slots");
    assert_eq!(
        app.next_ordering().history,
        HistoryMode::Off,
        "the rest of the ordering applies"
    );
    let note = said(&app);
    assert!(
        note.contains("its search opcode gives way to --config"),
        "{note}"
    );
    let mut app = library_app_fixed(Fixed {
        selective: true,
        killers: true,
        ordering: true,
    });
    pick(&mut app, 0);
    assert_eq!(app.next_ordering().history, HistoryMode::Plain);
}

#[test]
fn tui_flags_set_the_first_search_and_killers_override_the_ordering() {
    let Prepared { app, effects, .. } = prepare(
        &TuiArgs {
            ordering: Some("killers=3,history=off".into()),
            killers: Some(1),
            selective: Some("all=on".into()),
            ..args()
        },
        library::embedded(),
    )
    .expect("valid flags");
    assert!(tui_support::starts_search(&effects));
    assert_eq!(
        app.setup().next.killers,
        1,
        "--killers overrides --ordering's killers"
    );
    assert_eq!(app.next_ordering().killer_slots, 1);
    assert_eq!(app.next_ordering().history, HistoryMode::Off);
    assert_eq!(app.setup().next.selective, SelectiveConfig::ALL);
    let fixed = app.setup().fixed;
    assert!(fixed.ordering && fixed.killers && fixed.selective);

    let plain = prepare(&args(), library::embedded()).expect("defaults").app;
    assert_eq!(plain.setup().next.killers, 2);
    assert!(
        !plain.setup().next.selective.any(),
        "the explorer starts full width"
    );
    assert_eq!(plain.next_ordering(), Default::default());
    assert!(!plain.prefs().projector);

    let projected = prepare(
        &TuiArgs {
            projector: true,
            no_color: true,
            ..args()
        },
        library::embedded(),
    )
    .expect("valid flags");
    assert!(
        projected.app.prefs().projector,
        "--projector starts in projector mode"
    );
    assert!(projected.mono, "and keeps --no-color monochrome");
}

#[test]
fn bad_flags_are_refused_by_name() {
    let refused = |a: TuiArgs| match prepare(&a, library::embedded()) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    let err = refused(TuiArgs {
        selective: Some("lmr=maybe".into()),
        ..args()
    });
    assert!(err.starts_with("--search: search config: `lmr`"), "{err}");
    let err = refused(TuiArgs {
        ordering: Some("history=sometimes".into()),
        ..args()
    });
    assert!(
        err.starts_with("--ordering: ordering config: `history`"),
        "{err}"
    );
}

#[test]
fn an_epd_position_uses_its_opcodes_unless_the_command_line_names_them() {
    let dir = std::env::temp_dir().join(format!("ks-tui-setup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let epd = dir.join("set.epd");
    std::fs::write(&epd, LIBRARY).expect("write EPD");
    let from_file = |extra: TuiArgs| {
        prepare(
            &TuiArgs {
                epd: Some(epd.clone()),
                id: Some("both".into()),
                ..extra
            },
            library::embedded(),
        )
        .expect("valid")
        .app
    };
    let app = from_file(args());
    assert_eq!(app.setup().next.killers, 1);
    assert_eq!(app.next_ordering().history, HistoryMode::Off);
    assert!(app.setup().next.selective.lmr && app.setup().next.selective.null_move);
    let app = from_file(TuiArgs {
        ordering: Some("killers=2".into()),
        selective: Some("all=off".into()),
        ..args()
    });
    assert_eq!(app.setup().next.killers, 2);
    assert_eq!(app.next_ordering().history, HistoryMode::Plain);
    assert!(!app.setup().next.selective.any());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_selective_log_re_runs_selective_unless_told_otherwise() {
    let dir = std::env::temp_dir().join(format!("ks-tui-setup-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("sel.kslog");
    let config = SearchConfig {
        selective: SelectiveConfig::ALL,
        ..SearchConfig::default()
    };
    record_config(PUZZLE, 3, config)
        .write_file(&path)
        .expect("write the log");
    let open = |selective: Option<&str>| {
        let a = TuiArgs {
            log: Some(path.clone()),
            selective: selective.map(String::from),
            ..args()
        };
        prepare(&a, library::embedded()).expect("valid").app
    };
    assert_eq!(open(None).setup().next.selective, SelectiveConfig::ALL);
    assert!(!open(Some("all=off")).setup().next.selective.any());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn depth_keys_change_the_next_search_and_not_the_stats_of_the_one_on_screen() {
    use killerscope_tui::widgets::stats::StatsPanel;
    let mut app = puzzle_app();
    let asked = tui_support::DEPTH;
    let before = screen(&app.panel(&StatsPanel, 50, 20));
    let figure = format!("depth {asked}/{asked} (score");
    assert!(before.contains(&figure), "{before}");
    press(&mut app, KeyCode::Char('+'));
    assert_eq!(app.setup().next.depth, asked + 1, "+ sets the next search");
    assert_eq!(
        app.session().shown().depth,
        Some(asked),
        "the search on screen"
    );
    let after = screen(&app.panel(&StatsPanel, 50, 20));
    assert!(
        after.contains(&figure),
        "+ leaves the stats alone:\n{after}"
    );
    assert!(!after.contains(&format!("/{}", asked + 1)), "{after}");
    assert_eq!(before, after);
    let next = format!("depth {} for the next search", asked + 1);
    assert!(said(&app).contains(&next), "{}", said(&app));
    app.clear_message();
    let hints = screen(&draw(&mut app, 160, 48));
    let next = format!("depth {} · killers 2", asked + 1);
    assert!(
        hints.contains(&next),
        "the hint line names the next search:\n{hints}"
    );
    assert!(
        hints.contains(&figure),
        "and the stats the one on screen:\n{hints}"
    );
}
