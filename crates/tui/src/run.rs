//! The run loop: draws the explorer at a steady rate while anything moves, reads the
//! terminal's input, hands it to the model as key presses and actions, and lets the runtime
//! carry out the effects and drain the workers between frames. Input that is already waiting
//! is handled before the next frame, so a burst of keys (a paste into a terminal without
//! bracketed paste, a held key) costs a frame per burst, not per key.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event as TermEvent, KeyEventKind};

use crate::terminal;
use crate::{input::key_press, input::mouse_action};
use crate::{ui, ui::Ui};
use killerscope_explorer::FRAME;
use killerscope_explorer::{Action, Effect, Explorer, Runtime};

/// Input poll interval when nothing is moving.
const IDLE: Duration = Duration::from_millis(250);
/// Most input events handled between two frames: a burst of any length still shows progress.
pub const EVENT_BATCH: usize = 1024;

/// The effects of one terminal event.
pub fn handle_event(app: &mut Explorer, ui: &Ui, event: TermEvent) -> Vec<Effect> {
    match event {
        TermEvent::Key(key) if key.kind != KeyEventKind::Release => app.handle_key(key_press(key)),
        TermEvent::Mouse(mouse) => {
            mouse_action(app, ui, mouse).map_or_else(Vec::new, |action| app.input(action))
        }
        TermEvent::Paste(text) => app.update(Action::Paste(text)),
        _ => Vec::new(),
    }
}

/// Handles `first` and then the events `waiting` says are already there, up to `EVENT_BATCH`
/// in all or until the user quits, carrying out each one's effects before the next; returns
/// how many were handled. The caller draws once afterwards.
pub fn handle_events(
    app: &mut Explorer,
    ui: &Ui,
    runtime: &mut Runtime,
    first: TermEvent,
    mut waiting: impl FnMut() -> io::Result<Option<TermEvent>>,
) -> io::Result<usize> {
    let mut next = Some(first);
    let mut handled = 0;
    while let Some(event) = next.take() {
        let effects = handle_event(app, ui, event);
        runtime.apply_all(app, effects);
        handled += 1;
        if !app.quit_requested() && handled < EVENT_BATCH {
            next = waiting()?;
        }
    }
    Ok(handled)
}

/// Runs the explorer until the user quits. `first` are the effects to start with (usually a
/// search); a loaded log is already the explorer's session. Returns the error the explorer
/// ended on, if it ended on one (a lesson that does not hold), for the caller to report once
/// the terminal is restored.
pub fn run(mut app: Explorer, mono: bool, first: Vec<Effect>) -> io::Result<Option<String>> {
    let mut guard = terminal::init()?;
    let mut runtime = Runtime::default();
    let mut ui = Ui::new(mono);
    runtime.apply_all(&mut app, first);
    let mut last_tick = Instant::now();
    loop {
        runtime.drain(&mut app);
        guard
            .terminal
            .draw(|frame| ui::render(frame, &mut app, &mut ui))?;
        if app.quit_requested() {
            break;
        }
        let wait = if runtime.catching_up(&app) {
            Duration::ZERO
        } else if app.is_moving() || runtime.busy(&app) {
            FRAME
        } else {
            IDLE
        };
        if event::poll(wait)? {
            let first = event::read()?;
            let waiting = || -> io::Result<Option<TermEvent>> {
                if event::poll(Duration::ZERO)? {
                    event::read().map(Some)
                } else {
                    Ok(None)
                }
            };
            handle_events(&mut app, &ui, &mut runtime, first, waiting)?;
        }
        let now = Instant::now();
        let millis = now.duration_since(last_tick).as_millis();
        last_tick = now;
        app.tick(u64::try_from(millis).unwrap_or(u64::MAX));
    }
    drop(runtime);
    drop(guard);
    Ok(app.exit_error().map(String::from))
}
