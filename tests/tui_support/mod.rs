//! Shared by the explorer's tests: record real searches and build an explorer over them, draw
//! it on a `TestBackend`, and send it keys and clicks as the terminal does.

#![allow(dead_code)]

use killerscope_engine::HeaderSettings;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::AtomicBool;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers, MouseEvent};
use killerscope_chess::Position;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, Searcher};
use killerscope_explorer::library;
use killerscope_explorer::views::{Control, Job};
use killerscope_explorer::{Effect, Explorer, Notice, Session, Settings};
use killerscope_log::{EventLog, LogHeader, Recorder};
use killerscope_tui::run::handle_event;
use killerscope_tui::widgets::Panel;
use killerscope_tui::{Ctx, Ui, ui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The explorer and the terminal's own state (the tree widget's rows, for clicks), as the run
/// loop holds them. Reads and actions go to the explorer (`Deref`).
pub struct App {
    /// The model.
    pub app: Explorer,
    /// The terminal's state.
    pub ui: Ui,
}

impl App {
    /// A monochrome screen over `app`.
    pub fn new(app: Explorer) -> App {
        App {
            app,
            ui: Ui::new(true),
        }
    }

    /// The same screen over the explorer `change` makes of this one (a builder option).
    pub fn map(self, change: impl FnOnce(Explorer) -> Explorer) -> App {
        App {
            app: change(self.app),
            ui: self.ui,
        }
    }

    /// The same explorer on a colour screen.
    pub fn coloured(mut self) -> App {
        self.ui.mono = false;
        self
    }

    /// A mouse event, as the terminal hands it to the explorer.
    pub fn mouse(&mut self, mouse: MouseEvent) -> Vec<Effect> {
        handle_event(&mut self.app, &self.ui, TermEvent::Mouse(mouse))
    }
}

impl App {
    /// Draws `panel` alone on a fresh `width`×`height` test terminal (the model readied for
    /// the frame as the full screen would ready it).
    pub fn panel(&mut self, panel: &dyn Panel, width: u16, height: u16) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
        let App { app, ui } = self;
        let viewport = ui::frame_viewport(app, ratatui::layout::Rect::new(0, 0, width, height));
        app.prepare_frame(viewport);
        terminal
            .draw(|f| panel.render(f, f.area(), &mut Ctx::new(app, ui)))
            .expect("draw on a test backend");
        terminal
    }

    /// What `read` finds in the panels' view of the explorer (`Ctx`).
    pub fn with_ctx<T>(&mut self, read: impl FnOnce(&Ctx) -> T) -> T {
        let App { app, ui } = self;
        read(&Ctx::new(app, ui))
    }
}

impl Deref for App {
    type Target = Explorer;

    fn deref(&self) -> &Explorer {
        &self.app
    }
}

impl DerefMut for App {
    fn deref_mut(&mut self) -> &mut Explorer {
        &mut self.app
    }
}

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
        &killerscope_engine::Limits::depth(depth),
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
    let mut app = Explorer::new(root.clone(), settings, library::embedded());
    app.open_session(Session::from_log(root, log));
    App::new(app)
}

/// A monochrome explorer over synthetic `events` from the start position (see `synthetic`),
/// with no library.
pub fn synthetic_app(events: Vec<killerscope_log::Event>, truncated: bool) -> App {
    let root = Position::startpos();
    let settings = Settings {
        depth: 1,
        killers: 2,
        ..Settings::default()
    };
    let mut app = Explorer::new(root.clone(), settings, Vec::new());
    app.open_session(Session::from_log(
        root,
        synthetic::log_of(events, truncated),
    ));
    App::new(app)
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
    let mut app = Explorer::new(root.clone(), settings, library::embedded());
    app.open_session(Session::from_log(root, log));
    App::new(app)
}

/// Draws the app on a fresh `width`×`height` test terminal and returns the terminal.
pub fn draw(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    let App { app, ui } = app;
    terminal
        .draw(|frame| ui::render(frame, app, ui))
        .expect("draw on a test backend");
    terminal
}

/// Presses `code` (no modifiers) and redraws at 160×48 so the tree widget knows its rows.
pub fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    let effects = handle_event(&mut app.app, &app.ui, TermEvent::Key(key));
    draw(app, 160, 48);
    effects
}

/// Whether `effects` start exactly one search.
pub fn starts_search(effects: &[Effect]) -> bool {
    matches!(effects, [Effect::Search(_)])
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

/// Works `job` out on this thread, as the runtime does on its own, and hands its report to the
/// explorer; returns what the explorer asks for in return.
pub fn run_job(app: &mut App, job: Job) -> Vec<Effect> {
    let report = job.run(&Control::default());
    app.notice(Notice::View(report))
}

/// The request of the job `effects` asks for, when that is all they ask for and the request is
/// an `R` (the view asked for this work, not another's).
pub fn job_request<R: 'static>(effects: &[Effect]) -> Option<&R> {
    match effects {
        [Effect::Job(job)] => job.request::<R>(),
        _ => None,
    }
}
