//! Driving a lesson through `App::update` as the runtime would, but synchronously: a search
//! effect records the search in this thread and feeds its end back with `App::finish_search`,
//! a comparison runs on the compare worker and its rows are put where the runtime puts them,
//! opening a bundled lesson checks it as the runtime does. Timing is zeroed so screens can be
//! snapshotted.

use std::time::Duration;

use crossterm::event::KeyCode;
use killerscope::chess::Position;
use killerscope::search::{Limits, SearchConfig};
use killerscope::trace::record_search;
use killerscope::tui::app::{App, Effect, Settings};
use killerscope::tui::lesson::{self, BUNDLED};
use killerscope::tui::library;
use killerscope::tui::theme::Theme;
use killerscope::tui::worker::{Report, spawn_compare};

use super::draw;

/// Carries out `effects` as the runtime does, each to its end.
pub fn apply(app: &mut App, effects: Vec<Effect>) {
    for effect in effects {
        match effect {
            Effect::Search => {
                app.begin_search();
                let config = SearchConfig {
                    ordering: app.ordering(),
                    selective: app.settings.selective,
                    ..SearchConfig::default()
                };
                let limits = Limits::depth(app.settings.depth);
                let (log, report) = record_search(&app.root, config, &limits);
                app.finish_search(log, report);
                app.elapsed = 0.0;
            }
            Effect::Compare(configs) => {
                let worker = spawn_compare(
                    app.root.clone(),
                    app.settings.depth,
                    configs,
                    app.settings.selective,
                );
                let report = worker
                    .reports
                    .recv_timeout(Duration::from_secs(300))
                    .expect("the comparison finishes");
                let Report::Compared(rows) = report else {
                    panic!("expected the comparison, got {report:?}");
                };
                app.comparison.rows = rows;
                app.comparison.running = false;
            }
            Effect::Discard | Effect::Stop => {}
            Effect::OpenLesson(index) => {
                let checked = lesson::load(BUNDLED[index].1).expect("bundled lessons hold");
                let more = app.open_lesson(checked);
                apply(app, more);
            }
            other => panic!("a lesson asked for {other:?}"),
        }
    }
}

/// A monochrome explorer on the start position, nothing searched, with the library.
pub fn fresh_app() -> App {
    App::new(
        Position::startpos(),
        Settings::default(),
        Theme::mono(),
        library::embedded(),
    )
}

/// The explorer with bundled lesson `name` open at its first step, its effects carried out.
pub fn open(name: &str) -> App {
    let index = BUNDLED
        .iter()
        .position(|(n, _)| *n == name)
        .expect("a bundled lesson");
    let mut app = fresh_app();
    apply(&mut app, vec![Effect::OpenLesson(index)]);
    app
}

/// Presses `code`, carries out its effects and redraws at 160×48 (the tree records its rows).
pub fn key(app: &mut App, code: KeyCode) {
    let effects = super::press(app, code);
    apply(app, effects);
    draw(app, 160, 48);
}
