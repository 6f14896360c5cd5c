//! Driving a lesson through `Explorer::update` as the runtime would, but synchronously: a
//! search effect records the search in this thread and feeds its end back with
//! `Explorer::finish_search`, a comparison runs on the compare worker and its rows go where the
//! runtime puts them, opening a bundled lesson checks it as the runtime does. Timing is zeroed
//! so screens can be snapshotted.

use std::time::Duration;

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_engine::Limits;
use killerscope_explorer::LessonSource;
use killerscope_explorer::library;
use killerscope_explorer::{Effect, Explorer, Notice, Settings};
use killerscope_explorer::{Report, spawn_compare};
use killerscope_explorer::{lesson, lesson::BUNDLED};
use killerscope_trace::record_search;

use super::{App, draw};

/// Carries out `effects` as the runtime does, each to its end.
pub fn apply(app: &mut App, effects: Vec<Effect>) {
    for effect in effects {
        match effect {
            Effect::Search(request) => {
                let limits = Limits::depth(request.depth);
                let (log, mut report) = record_search(&request.root, request.config, &limits);
                report.elapsed = Duration::ZERO;
                app.finish_search(log, report);
            }
            Effect::Compare(request) => {
                let worker = spawn_compare(*request);
                let report = worker
                    .reports
                    .recv_timeout(Duration::from_secs(300))
                    .expect("the comparison finishes");
                let Report::Compared(rows) = report else {
                    panic!("expected the comparison, got {report:?}");
                };
                app.notice(Notice::Compared(rows));
            }
            Effect::Discard | Effect::Stop => {}
            Effect::OpenLesson(source) => {
                let checked = lesson::load(&source.text).expect("bundled lessons hold");
                let more = app.open_graded_lesson(checked, source.results);
                apply(app, more);
            }
            Effect::SaveResults(path, text) => {
                let error = std::fs::write(&path, text).err().map(|e| e.to_string());
                let path = path.display().to_string();
                app.notice(Notice::ResultsSaved { path, error });
            }
            other => panic!("a lesson asked for {other:?}"),
        }
    }
}

/// A monochrome explorer on the start position, nothing searched, with the library.
pub fn fresh_app() -> App {
    App::new(Explorer::new(
        Position::startpos(),
        Settings::default(),
        library::embedded(),
    ))
}

/// The explorer with bundled lesson `name` open at its first step, its effects carried out.
pub fn open(name: &str) -> App {
    let index = BUNDLED
        .iter()
        .position(|(n, _)| *n == name)
        .expect("a bundled lesson");
    let mut app = fresh_app();
    let source = LessonSource::bundled(index).expect("a bundled lesson");
    apply(&mut app, vec![Effect::OpenLesson(source)]);
    app
}

/// Presses `code`, carries out its effects and redraws at 160×48 (the tree records its rows).
pub fn key(app: &mut App, code: KeyCode) {
    let effects = super::press(app, code);
    apply(app, effects);
    draw(app, 160, 48);
}
