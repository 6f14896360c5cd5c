//! The runtime: owns the terminal and the worker threads, carries out `Effect`s, drains the
//! workers' channels between frames, and redraws at a steady rate while anything moves. Input
//! that is already waiting is handled before the next frame, so a burst of keys (a paste into
//! a terminal without bracketed paste, a held key) costs a frame per burst, not per key.

use std::io;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event as TermEvent, KeyEventKind};

use crate::search::OrderingConfig;
use crate::trace::DEFAULT_EVENT_CAP;
use crate::tui::app::{App, Effect};
use crate::tui::fmt;
use crate::tui::follow::{Followed, Follower, spawn_follow};
use crate::tui::lesson::{self, Lesson};
use crate::tui::setup::selective_label;
use crate::tui::terminal;
use crate::tui::ui;
use crate::tui::worker::{self, FRAME, Report, Worker};

/// Longest the UI spends folding streamed events into the tree per frame, so input and drawing
/// stay smooth however fast the search produces events.
const DRAIN_BUDGET: Duration = Duration::from_millis(12);
/// The budget once a search has ended but its spool is not all indexed yet: the search no
/// longer needs the processor, so the UI indexes most of each frame and does not wait between
/// frames (input is still read every frame).
const CATCH_UP_BUDGET: Duration = Duration::from_millis(25);
/// Input poll interval when nothing is moving.
const IDLE: Duration = Duration::from_millis(250);
/// Most input events handled between two frames: a burst of any length still shows progress.
pub const EVENT_BATCH: usize = 1024;

/// The explorer's worker threads.
#[derive(Default)]
pub struct Runtime {
    search: Option<Worker>,
    compare: Option<Worker>,
    follow: Option<Follower>,
    started: Option<Instant>,
    /// A bundled lesson being checked against the engine on its own thread (its searches
    /// take a moment), so the screen keeps drawing meanwhile.
    checking: Option<Receiver<Result<Lesson, String>>>,
}

impl Runtime {
    /// Carries out one effect.
    pub fn apply(&mut self, app: &mut App, effect: Effect) {
        match effect {
            Effect::Search => {
                self.search = None;
                self.follow = None;
                app.following = None;
                app.begin_search();
                let ordering = app.ordering();
                let spawned = worker::spawn_search(
                    app.root.clone(),
                    app.settings.depth,
                    (ordering, app.settings.selective),
                );
                match spawned {
                    Ok(w) => self.search = Some(w),
                    Err(e) => {
                        app.searching = false;
                        app.error(format!(
                            "cannot search: no temporary file for its events ({e}); set TMPDIR \
                             to a writable directory"
                        ));
                        return;
                    }
                }
                self.started = Some(Instant::now());
                let mut how = format!("{} killer slots", app.settings.killers);
                let changes = OrderingConfig {
                    killer_slots: 2,
                    ..ordering
                }
                .changes();
                if changes != "default" {
                    how.push_str(&format!(", ordering {changes}"));
                }
                if app.settings.selective.any() {
                    how.push_str(&format!(", {}", selective_label(&app.settings.selective)));
                    how.push_str(" search");
                }
                let loaded = app.loaded.take().map_or_else(String::new, |l| l + " · ");
                app.info(format!(
                    "{loaded}searching to depth {} with {how} (s or Esc stops)",
                    app.settings.depth
                ));
            }
            Effect::Stop => {
                for w in [&self.search, &self.compare].into_iter().flatten() {
                    w.stop();
                }
                app.info("stopping…");
                if let Some(name) = app.following.take() {
                    self.follow = None;
                    let open = app.session.tree.open_nodes().count();
                    if open > 0 {
                        app.session.log.mark_truncated();
                    }
                    app.info(format!(
                        "stopped following {name}: {} events, {open} open nodes left unfinished",
                        app.session.log.len()
                    ));
                }
            }
            Effect::Follow(source, options) => {
                self.search = None;
                app.following = Some(source.name());
                app.info(format!(
                    "following {}: waiting for its header line… (s stops)",
                    source.name()
                ));
                self.follow = Some(spawn_follow(source, options));
                self.started = Some(Instant::now());
            }
            Effect::Compare(configs) => {
                self.compare = Some(worker::spawn_compare(
                    app.root.clone(),
                    app.settings.depth,
                    configs,
                    app.settings.selective,
                ));
            }
            Effect::Discard => {
                self.search = None;
                self.follow = None;
                app.following = None;
            }
            Effect::OpenLesson(index) => {
                let Some(&(name, text)) = lesson::BUNDLED.get(index) else {
                    return;
                };
                let (tx, rx) = mpsc::channel();
                thread::spawn(move || {
                    let checked =
                        lesson::load(text).map_err(|e| format!("lesson {name} does not hold: {e}"));
                    let _ = tx.send(checked);
                });
                self.checking = Some(rx);
            }
            Effect::Save(path) => {
                let log = app.session.log_to_save();
                match log.write_file(&path) {
                    Ok(()) => app.info(format!("saved {} events to {}", log.len(), path.display())),
                    Err(e) => app.error(format!("could not save {}: {e}", path.display())),
                }
            }
        }
    }

    /// Moves whatever the workers produced into the app, within the per-frame budget.
    pub fn drain(&mut self, app: &mut App) {
        let budget = if self.catching_up(app) {
            CATCH_UP_BUDGET
        } else {
            DRAIN_BUDGET
        };
        let deadline = Instant::now() + budget;
        if let Some(w) = &self.search {
            while let Ok(report) = w.reports.try_recv() {
                match report {
                    Report::Iteration(it) => {
                        app.progress = Some((it.depth, it.nodes + it.qnodes));
                        app.session.log.push_pv(it.pv);
                    }
                    Report::Done(done) => {
                        let (end, report) = *done;
                        app.end_live_search(end, report);
                    }
                    Report::Compared(_) => {}
                }
            }
            // After the reports: a search that just ended has published all its events. The
            // spool stays until the explorer has indexed all of it.
            let caught_up = w
                .spool
                .as_ref()
                .is_none_or(|spool| app.session.follow(&spool.events(), deadline));
            if !app.searching && caught_up {
                self.search = None;
                app.live_search_indexed();
            }
        }
        if let Some(w) = &self.compare {
            if let Ok(Report::Compared(rows)) = w.reports.try_recv() {
                app.comparison.rows = rows;
                app.comparison.running = false;
            }
            if w.is_finished() && w.reports.try_recv().is_err() {
                app.comparison.running = false;
                self.compare = None;
            }
        }
        self.drain_follow(app, deadline);
        self.drain_lesson(app);
        match app.session.poll_index() {
            Some(Ok(())) => {
                let events = fmt::grouped(app.session.log.len() as u64);
                let nodes = fmt::grouped(app.session.tree.len() as u64);
                app.info(format!(
                    "indexed {events} events, {nodes} nodes: [ ] {{ }} K p to step through them"
                ));
            }
            Some(Err(message)) => app.error(format!("the log cannot be shown: {message}")),
            None => {}
        }
        if app.is_live()
            && let Some(t) = self.started
        {
            app.elapsed = t.elapsed().as_secs_f64();
        }
    }

    /// Opens the lesson whose check has ended, carrying out its first step's effects, or says
    /// why it was not opened.
    fn drain_lesson(&mut self, app: &mut App) {
        let Some(rx) = &self.checking else {
            return;
        };
        let result = match rx.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                Err("the lesson check ended without a result".into())
            }
        };
        self.checking = None;
        match result {
            Ok(checked) => {
                for effect in app.open_lesson(checked) {
                    self.apply(app, effect);
                }
            }
            Err(why) => app.error(why),
        }
    }

    /// Whether a finished search's events are still being indexed.
    pub fn catching_up(&self, app: &App) -> bool {
        self.search.is_some() && !app.searching
    }

    /// Whether something moves without the user: a search's spool still being indexed, a log
    /// being indexed in the background or a lesson being checked (so the loop redraws at
    /// frame rate to pick up the result).
    pub fn busy(&self, app: &App) -> bool {
        self.search.is_some() || app.session.index_state().is_some() || self.checking.is_some()
    }

    /// Moves what the trace reader read into the app, within the frame's budget.
    fn drain_follow(&mut self, app: &mut App, deadline: Instant) {
        let Some(follower) = &self.follow else {
            return;
        };
        let mut ended = None;
        while Instant::now() < deadline {
            match follower.rx.try_recv() {
                Ok(Followed::Header(header)) => {
                    let (header, root) = *header;
                    app.begin_trace(header, root);
                }
                Ok(Followed::Batch(batch)) => {
                    if let Some(sources) = batch.sources {
                        app.session.log.set_sources(sources);
                    }
                    app.session.extend(&batch.events);
                    for pv in batch.pvs {
                        app.session.log.push_pv(pv);
                    }
                    if app.session.log.len() >= DEFAULT_EVENT_CAP {
                        ended = Some(Some(format!(
                            "the trace passed the {DEFAULT_EVENT_CAP}-event cap: following stopped"
                        )));
                        break;
                    }
                    if let Some(name) = &app.following {
                        let message = format!(
                            "following {name}: {} events, {} nodes (s stops)",
                            app.session.log.len(),
                            app.session.tree.len()
                        );
                        app.info(message);
                    }
                }
                Ok(Followed::Ended(end)) => {
                    let (summary, _, error) = *end;
                    ended = Some(error.or_else(|| {
                        (summary.skipped > 0)
                            .then(|| format!("{} bad lines skipped (--lenient)", summary.skipped))
                    }));
                    break;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    ended = Some(None);
                    break;
                }
            }
        }
        let Some(error) = ended else {
            return;
        };
        self.follow = None;
        let name = app.following.take().unwrap_or_default();
        let open = app.session.tree.open_nodes().count();
        if open > 0 {
            app.session.log.mark_truncated();
        }
        let done = format!(
            "{name} ended: {} events, {open} open nodes left unfinished",
            app.session.log.len()
        );
        match error {
            Some(e) => app.error(format!("{done}; {e}")),
            None => app.info(done),
        }
    }
}

/// Handles `first` and then the events `waiting` says are already there, up to `EVENT_BATCH`
/// in all or until the user quits, carrying out each one's effects before the next; returns
/// how many were handled. The caller draws once afterwards.
pub fn handle_events(
    app: &mut App,
    runtime: &mut Runtime,
    first: TermEvent,
    mut waiting: impl FnMut() -> io::Result<Option<TermEvent>>,
) -> io::Result<usize> {
    let mut next = Some(first);
    let mut handled = 0;
    while let Some(event) = next.take() {
        let effects = match event {
            TermEvent::Key(key) if key.kind != KeyEventKind::Release => app.handle_key(key),
            TermEvent::Mouse(mouse) => app.on_mouse(mouse),
            TermEvent::Paste(text) => {
                app.paste(&text);
                Vec::new()
            }
            _ => Vec::new(),
        };
        for effect in effects {
            runtime.apply(app, effect);
        }
        handled += 1;
        if !app.quit && handled < EVENT_BATCH {
            next = waiting()?;
        }
    }
    Ok(handled)
}

/// Runs the explorer until the user quits. `first` are the effects to start with (usually a
/// search); a loaded log is passed in `app.session` with no effects.
pub fn run(mut app: App, first: Vec<Effect>) -> io::Result<()> {
    let mut guard = terminal::init()?;
    let mut runtime = Runtime::default();
    for effect in first {
        runtime.apply(&mut app, effect);
    }
    let mut last_tick = Instant::now();
    loop {
        runtime.drain(&mut app);
        guard.terminal.draw(|frame| ui::draw(frame, &mut app))?;
        if app.quit {
            break;
        }
        let busy =
            app.is_live() || app.playback.playing || app.comparison.running || runtime.busy(&app);
        let wait = if runtime.catching_up(&app) {
            Duration::ZERO
        } else if busy {
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
            handle_events(&mut app, &mut runtime, first, waiting)?;
        }
        let now = Instant::now();
        let millis = now.duration_since(last_tick).as_millis();
        last_tick = now;
        app.tick(u64::try_from(millis).unwrap_or(u64::MAX));
    }
    drop(runtime);
    drop(guard);
    Ok(())
}
