//! Driving a lesson through `Explorer::update` as the runtime would, but synchronously: a
//! search effect records the search in this thread and feeds its end back with
//! `Explorer::finish_search`, a view's job (a comparison) and the check of a bundled lesson run
//! here and their reports go where the runtime puts them, files are written as the runtime
//! writes them. Timing is zeroed so screens can be snapshotted.

use std::time::Duration;

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_explorer::LessonSource;
use killerscope_explorer::lesson::BUNDLED;
use killerscope_explorer::library;
use killerscope_explorer::views::lessons;
use killerscope_explorer::{Effect, Explorer, Notice, Settings};
use killerscope_trace::record_search;

use super::{App, draw, run_job};

/// Carries out `effects` as the runtime does, each to its end.
pub fn apply(app: &mut App, effects: Vec<Effect>) {
    for effect in effects {
        match effect {
            Effect::Search(request) => {
                let (log, mut report) =
                    record_search(&request.root, request.config, &request.limits);
                report.elapsed = Duration::ZERO;
                app.finish_search(log, report);
            }
            Effect::Job(job) => {
                let more = run_job(app, job);
                apply(app, more);
            }
            Effect::Discard | Effect::Stop => {}
            Effect::OpenLesson(source) => {
                let more = run_job(app, lessons::check(source));
                let said = app.message().map(|m| m.text.clone());
                assert!(app.lesson().is_some(), "bundled lessons hold: {said:?}");
                apply(app, more);
            }
            Effect::Write(write) => {
                let error = std::fs::write(&write.path, &write.bytes)
                    .err()
                    .map(|e| e.to_string());
                let path = write.path.display().to_string();
                let more = app.notice(Notice::View((write.told)(path, error)));
                apply(app, more);
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
