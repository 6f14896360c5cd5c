//! A log whose header names sources this build does not have (or names none for a code) still
//! opens in the explorer, and every view labels the sources as the log's header says — escaped,
//! when the header's text holds terminal escapes.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_explorer::Session;
use killerscope_explorer::Settings;
use killerscope_explorer::library;
use killerscope_log::{Event, MoveSource, SourceColour};
use killerscope_log::{EventLog, SourceRow, SourceTable};
use tui_support::{PUZZLE, draw, press, record, screen};

/// The puzzle's log as another engine might have written it: history moves carry code 42,
/// which the header calls `FU` / `follow-up` (a heuristic this build does not have); quiet moves
/// carry code 99, which it does not name at all.
fn foreign_log() -> EventLog {
    let log = record(PUZZLE, 5, 2);
    let recode = |source: MoveSource| match source {
        MoveSource::HISTORY => MoveSource::from_code(42),
        MoveSource::QUIET => MoveSource::from_code(99),
        other => other,
    };
    let events = log
        .events()
        .iter()
        .map(|&e| match e {
            Event::MoveTried { mv, index, source } => Event::MoveTried {
                mv,
                index,
                source: recode(source),
            },
            Event::Cutoff {
                mv,
                index,
                source,
                score,
                beta,
            } => Event::Cutoff {
                mv,
                index,
                source: recode(source),
                score,
                beta,
            },
            other => other,
        })
        .collect();
    let mut header = log.header().clone();
    let mut rows: Vec<SourceRow> = SourceTable::builtin()
        .rows()
        .iter()
        .filter(|r| {
            ![
                MoveSource::HISTORY,
                MoveSource::QUIET,
                MoveSource::RELATIVE_HISTORY,
                MoveSource::COUNTERMOVE,
                MoveSource::MATE_KILLER,
            ]
            .contains(&MoveSource::from_code(r.code))
        })
        .cloned()
        .collect();
    rows.push(SourceRow {
        code: 42,
        label: "FU".into(),
        name: "follow-up".into(),
        colour: SourceColour::Magenta,
        killer_slot: None,
    });
    header.sources = SourceTable::from_rows(rows);
    header.engine = "elsewhere 1.0".into();
    EventLog::from_parts(header, events, log.pvs().to_vec(), false)
}

#[test]
fn the_explorer_labels_sources_from_the_log_header() {
    let mut bytes = Vec::new();
    foreign_log().write_to(&mut bytes).expect("Vec write");
    let log = EventLog::read_from(bytes.as_slice()).expect("a foreign vocabulary reads");
    let root = Position::from_fen(PUZZLE).expect("puzzle FEN");
    let settings = Settings {
        depth: 5,
        killers: 2,
        ..Settings::default()
    };
    let mut app = tui_support::App::new(killerscope_explorer::Explorer::new(
        root.clone(),
        settings,
        library::embedded(),
    ));
    app.open_session(Session::from_log(root, log));
    let text = screen(&draw(&mut app, 160, 48));
    assert!(
        text.contains("follow-up"),
        "the header's name is shown:\n{text}"
    );
    assert!(
        text.contains("#99"),
        "an unnamed code shows as #code:\n{text}"
    );
    assert!(
        !text.contains("history "),
        "this build's own name is not used:\n{text}"
    );
}

/// The puzzle's log with every source label and name carrying a screen-clearing escape and a
/// right-to-left override, and an engine name that retitles the terminal window.
fn hostile_log() -> EventLog {
    let log = record(PUZZLE, 5, 2);
    let mut header = log.header().clone();
    let rows = header
        .sources
        .rows()
        .iter()
        .map(|r| SourceRow {
            label: format!("{}\u{1b}[2J", r.label),
            name: format!("{}\u{202e}\u{1b}[31m", r.name),
            ..r.clone()
        })
        .collect();
    header.sources = SourceTable::from_rows(rows);
    header.engine = "\u{1b}]0;pwned\u{7}".into();
    EventLog::from_parts(header, log.events().to_vec(), log.pvs().to_vec(), false)
}

#[test]
fn header_text_reaches_the_screen_escaped() {
    let root = Position::from_fen(PUZZLE).expect("puzzle FEN");
    let settings = Settings {
        depth: 5,
        killers: 2,
        ..Settings::default()
    };
    let mut app = tui_support::App::new(killerscope_explorer::Explorer::new(
        root.clone(),
        settings,
        library::embedded(),
    ));
    app.open_session(Session::from_log(root, hostile_log()));
    let half = app.session().events().len() / 2;
    app.update(killerscope_explorer::views::timeline::TimelineAction::Seek(half).into());
    let main = screen(&draw(&mut app, 200, 60));
    press(&mut app, KeyCode::Char('?'));
    let help = screen(&draw(&mut app, 200, 60));
    for text in [&main, &help] {
        assert!(
            !text.contains('\u{1b}'),
            "an escape reached the screen:\n{text}"
        );
        assert!(
            !text.contains('\u{202e}'),
            "an override reached the screen:\n{text}"
        );
        assert!(
            !text.contains('\u{7}'),
            "a bell reached the screen:\n{text}"
        );
    }
    assert!(
        main.contains("\\u{1b}[2J"),
        "labels show their escapes:\n{main}"
    );
    assert!(
        help.contains("\\u{202e}"),
        "names show their escapes:\n{help}"
    );
}
