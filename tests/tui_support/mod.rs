//! Shared by the explorer's tests: record real searches and build an `App` over them, draw it on
//! a `TestBackend`, and send it keys.

#![allow(dead_code)]

use std::sync::atomic::AtomicBool;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use killerscope::chess::Position;
use killerscope::search::{Limits, OrderingConfig, SearchConfig, Searcher};
use killerscope::trace::{EventLog, LogHeader, Recorder};
use killerscope::tui::app::{App, Effect, Settings};
use killerscope::tui::library;
use killerscope::tui::session::Session;
use killerscope::tui::theme::Theme;
use killerscope::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

pub mod lesson;
pub mod synthetic;

/// The classroom killer puzzle (Black to move after 1.f4; Bg2-c6 is the killer at ply 1).
pub const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

/// Depth of the recorded test searches: deep enough for g2c6 to become killer 1 at ply 1 and
/// cut off Black's replies from the killer slot.
pub const DEPTH: u8 = 5;

/// Records a search of `fen` to `depth` with `killers` slots.
pub fn record(fen: &str, depth: u8, killers: u8) -> EventLog {
    let ordering = OrderingConfig {
        killer_slots: killers,
        ..OrderingConfig::default()
    };
    record_with(fen, depth, ordering)
}

/// Records a search of `fen` to `depth` under `ordering`.
pub fn record_with(fen: &str, depth: u8, ordering: OrderingConfig) -> EventLog {
    record_config(
        fen,
        depth,
        SearchConfig {
            ordering,
            ..SearchConfig::default()
        },
    )
}

/// Records a search of `fen` to `depth` under `config` (selective settings in the header, as
/// the explorer's own searches write them).
pub fn record_config(fen: &str, depth: u8, config: SearchConfig) -> EventLog {
    let root = Position::from_fen(fen).expect("test FEN is valid");
    let header = LogHeader::new(
        root.to_fen(),
        &config.ordering,
        &killerscope::search::Limits::depth(depth),
    )
    .with_selective(&config.selective);
    let mut recorder = Recorder::new(header);
    let mut searcher = Searcher::new(config);
    let stop = AtomicBool::new(false);
    searcher.search(
        &root,
        &[],
        &Limits::depth(depth),
        &stop,
        &mut recorder,
        &mut |_| {},
    );
    recorder.into_log()
}

/// A monochrome explorer over `log`, a recorded search of `fen` (no search thread).
pub fn app_over(fen: &str, log: EventLog) -> App {
    let root = Position::from_fen(fen).expect("test FEN is valid");
    let settings = Settings {
        depth: log.header().depth_limit().unwrap_or(DEPTH),
        killers: log.header().ordering_config().map_or(2, |c| c.killer_slots),
        selective: log.header().selective_config().unwrap_or_default(),
    };
    let mut app = App::new(root.clone(), settings, Theme::mono(), library::embedded());
    app.session = Session::from_log(root, log);
    app
}

/// A monochrome explorer over synthetic `events` from the start position (see `synthetic`),
/// with no library.
pub fn synthetic_app(events: Vec<killerscope::trace::Event>, truncated: bool) -> App {
    let root = Position::startpos();
    let settings = Settings {
        depth: 1,
        killers: 2,
        ..Settings::default()
    };
    let mut app = App::new(root.clone(), settings, Theme::mono(), Vec::new());
    app.session = Session::from_log(root, synthetic::log_of(events, truncated));
    app
}

/// A monochrome explorer over a recorded search of the puzzle (no search thread).
pub fn puzzle_app() -> App {
    let root = Position::from_fen(PUZZLE).expect("puzzle FEN is valid");
    let log = record(PUZZLE, DEPTH, 2);
    let settings = Settings {
        depth: DEPTH,
        killers: 2,
        ..Settings::default()
    };
    let mut app = App::new(root.clone(), settings, Theme::mono(), library::embedded());
    app.session = Session::from_log(root, log);
    app
}

/// Draws the app on a fresh `width`×`height` test terminal and returns the terminal.
pub fn draw(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| ui::draw(frame, app))
        .expect("draw on a test backend");
    terminal
}

/// Presses `code` (no modifiers) and redraws at 160×48 so the tree widget knows its rows.
pub fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    let effects = app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    draw(app, 160, 48);
    effects
}

/// Types `text` character by character.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// The screen as plain text, one line per row.
pub fn screen(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}
