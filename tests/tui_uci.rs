//! `tui --uci CMD`: the explorer following a UCI engine as it searches, through the same
//! runtime the terminal drives. The engine is `tests/data/fake_uci.sh` (bash; Stockfish not
//! needed), which writes its process id to a file, so each way the search can end — its
//! `bestmove`, `s`, a new search, quitting, an error — is checked to leave no engine process
//! behind, running or zombie (`/proc/PID` is gone only once the process is reaped).
#![cfg(target_os = "linux")]

use crate::tui_support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use killerscope::{cli::tui::TuiArgs, cli::tui::prepare};
use killerscope_explorer::{Effect, Runtime, library};
use killerscope_log::Event;
use killerscope_tui::widgets::stats::StatsPanel;
use tui_support::App;

/// The fake engine's command line, relative to the package root (where tests run), so the
/// screen and the messages that name it are the same on every machine.
const FAKE: &str = "bash tests/data/fake_uci.sh";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-tui-uci-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The explorer `tui --uci "CMD" --depth 3 [--option …]` opens, and the runtime started on it.
fn follow(command: &str, options: &[&str]) -> (App, Runtime) {
    let args = TuiArgs {
        uci: Some(command.to_string()),
        options: options.iter().map(|o| o.to_string()).collect(),
        depth: 3,
        ..TuiArgs::default()
    };
    let prepared = prepare(&args, library::embedded()).expect("the options are good");
    let mut app = App::new(prepared.app);
    let mut runtime = Runtime::default();
    runtime.apply_all(&mut app, prepared.effects);
    (app, runtime)
}

/// Drains frames until `done` holds (or fails after 10 s).
fn drain_until(runtime: &mut Runtime, app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}: {:?}",
            app.message()
        );
        runtime.drain(app);
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn said(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// The fake engine's process id, once it has written it.
fn engine_pid(pidfile: &Path) -> u32 {
    let start = Instant::now();
    loop {
        if let Some(pid) = std::fs::read_to_string(pidfile)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no pid written");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether the process is gone: neither running nor a zombie waiting to be reaped.
fn gone(pid: u32) -> bool {
    !Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn the_engine_is_followed_to_its_bestmove_and_reaped() {
    let dir = scratch("search");
    let pidfile = dir.join("pid");
    let command = format!("{FAKE} search {}", pidfile.display());
    let (mut app, mut runtime) = follow(&command, &["Hash=32"]);
    assert!(app.is_live(), "following from the first frame");
    drain_until(&mut runtime, &mut app, "bestmove", |app| !app.is_live());
    let message = app.message().cloned().expect("a message");
    assert!(!message.error, "{}", message.text);
    assert!(
        message
            .text
            .starts_with(&format!("the UCI engine {command} ended: 18 events")),
        "{}",
        message.text
    );
    assert_eq!(app.session().header().engine, "Fake 1.0");
    let tree = app.session().tree();
    let depths: Vec<i8> = tree
        .roots()
        .iter()
        .map(|&r| tree.node(r).expect("root").depth())
        .collect();
    assert_eq!(
        depths,
        [1, 2, 2, 3],
        "a root per scored line of the first PV"
    );
    let tried = |root: usize| -> Vec<String> {
        app.session()
            .log()
            .events()
            .range(tree.event_range(tree.roots()[root]))
            .filter_map(|e| match e {
                Event::MoveTried { mv, .. } => Some(mv.to_string()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(tried(3), ["d2d4", "e2e4", "g1f3"], "currmove order");
    assert_eq!(
        app.session().log().pvs().len(),
        3,
        "an iteration per exact line"
    );
    let pid = engine_pid(&pidfile);
    assert!(gone(pid), "the engine {pid} was reaped");
    let received = std::fs::read_to_string(dir.join("pid.in")).expect("commands");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        received.lines().collect::<Vec<_>>(),
        [
            "uci",
            "setoption name Hash value 32",
            "isready",
            "ucinewgame",
            &format!("position fen {start}"),
            "isready",
            "go depth 3",
            "quit",
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the endless engine and waits until its search shows on screen; its process id.
fn endless(dir: &Path) -> (App, Runtime, u32) {
    let pidfile = dir.join("pid");
    let (mut app, mut runtime) = follow(&format!("{FAKE} endless {}", pidfile.display()), &[]);
    drain_until(&mut runtime, &mut app, "the search", |app| {
        app.session().tree().len() >= 3
    });
    assert!(app.is_live());
    (app, runtime, engine_pid(&pidfile))
}

#[test]
fn stopping_kills_and_reaps_an_engine_that_ignores_stop_and_quit() {
    let dir = scratch("stop");
    let (mut app, mut runtime, pid) = endless(&dir);
    runtime.apply(&mut app, Effect::Stop);
    assert!(gone(pid), "s kills the engine {pid} and reaps it at once");
    assert!(!app.is_live());
    assert!(
        said(&app).starts_with("stopped following the UCI engine"),
        "{}",
        said(&app)
    );
    let nodes = app.session().tree().len();
    runtime.drain(&mut app);
    assert_eq!(app.session().tree().len(), nodes, "nothing more arrives");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_or_searching_again_ends_the_engine_too() {
    let dir = scratch("quit");
    let (app, runtime, pid) = endless(&dir);
    // The run loop drops the runtime when the user quits (and when a panic unwinds it).
    drop(runtime);
    drop(app);
    assert!(gone(pid), "quitting kills the engine {pid}");
    let (mut app, mut runtime, pid) = endless(&dir);
    let effects = tui_support::press(&mut app, KeyCode::Char('r'));
    assert!(tui_support::starts_search(&effects));
    runtime.apply_all(&mut app, effects);
    assert!(gone(pid), "r replaces the engine's search with ours: {pid}");
    drain_until(&mut runtime, &mut app, "our search", |app| !app.is_live());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_silent_engine_is_waited_for_without_blocking_and_stopped() {
    let dir = scratch("silent");
    let pidfile = dir.join("pid");
    let (mut app, mut runtime) = follow(&format!("{FAKE} silent {}", pidfile.display()), &[]);
    let pid = engine_pid(&pidfile);
    let start = Instant::now();
    for _ in 0..20 {
        runtime.drain(&mut app);
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "frames never wait"
    );
    assert!(app.is_live());
    assert!(said(&app).contains("waiting"), "{}", said(&app));
    runtime.apply(&mut app, Effect::Stop);
    assert!(gone(pid));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Follows the fake engine in `mode` to its end: the error message it ended with.
fn failure(mode: &str) -> (App, String) {
    let dir = scratch(mode);
    let pidfile = dir.join("pid");
    let (mut app, mut runtime) = follow(&format!("{FAKE} {mode} {}", pidfile.display()), &[]);
    drain_until(&mut runtime, &mut app, "the failure", |app| !app.is_live());
    let message = app.message().cloned().expect("a message");
    assert!(message.error, "{mode}: {}", message.text);
    let pid = engine_pid(&pidfile);
    assert!(gone(pid), "{mode}: the engine {pid} was reaped");
    let _ = std::fs::remove_dir_all(&dir);
    (app, message.text)
}

#[test]
fn an_engine_that_fails_says_how_in_the_status_line() {
    let (_, text) = failure("junk");
    assert!(
        text.contains(r#"the engine exited before uciok; its last line was "\u{1}\u{2} junk""#),
        "{text}"
    );
    // Whether writing `uci` or reading its answer fails first is the scheduler's choice.
    let (_, text) = failure("stderr");
    assert!(
        text.contains(r#"; it said "fake engine: no network file found""#)
            && (text.contains("exited before uciok") || text.contains("stopped listening")),
        "{text}"
    );
    let (app, text) = failure("quits");
    assert!(text.contains("the engine exited before bestmove"), "{text}");
    assert_eq!(app.session().tree().len(), 1, "its depth 1 stays");
    let (app, text) = failure("badpv");
    assert!(
        text.contains("the engine's output line 6 after go does not read")
            && text.contains("e7e4 is not a legal move"),
        "{text}"
    );
    assert_eq!(
        app.session().tree().len(),
        3,
        "what came before the bad PV stays: the root its line scored too"
    );
}

#[test]
fn an_engine_that_cannot_start_says_so() {
    let (mut app, mut runtime) = follow("/nonexistent/engine --flag", &[]);
    drain_until(&mut runtime, &mut app, "the failure", |app| !app.is_live());
    let message = app.message().cloned().expect("a message");
    assert!(message.error);
    assert!(
        message
            .text
            .contains(r#"cannot start "/nonexistent/engine": No such file"#),
        "{}",
        message.text
    );
}

#[test]
fn the_followed_search_on_screen() {
    let (mut app, mut runtime) = follow(&format!("{FAKE} search"), &[]);
    drain_until(&mut runtime, &mut app, "bestmove", |app| !app.is_live());
    // The last iteration's root, explained.
    tui_support::press(&mut app, KeyCode::End);
    let screen = tui_support::screen(&tui_support::draw(&mut app, 120, 36));
    insta::assert_snapshot!("uci_followed_120x36", redact_time(&screen));
}

#[test]
fn the_stats_panel_says_how_many_nodes_the_engine_counted() {
    let (mut app, mut runtime) = follow(&format!("{FAKE} search"), &[]);
    drain_until(&mut runtime, &mut app, "bestmove", |app| !app.is_live());
    let written = app.session().tree().len();
    let stats = tui_support::screen(&app.panel(&StatsPanel, 50, 20));
    // The script's last iteration says `nodes 300`; the trace holds its root moves alone.
    assert!(written < 300, "{written} nodes written");
    assert!(stats.contains("engine counted 300"), "{stats}");
    assert!(stats.contains(&format!("nodes {written}")), "{stats}");
}

/// The screen with the Stats panel's contents blanked: it shows the speed and elapsed time
/// only when a frame fell between the trace's header and its end, which is the scheduler's
/// doing, not the engine's (the panel's contents are tested elsewhere).
fn redact_time(screen: &str) -> String {
    let mut rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let top = rows
        .iter()
        .position(|r| r.iter().collect::<String>().contains("┌ Stats "))
        .expect("a Stats panel");
    let text: String = rows[top].iter().collect();
    let left = text[..text.find("┌ Stats ").expect("title")]
        .chars()
        .count();
    let right = left
        + rows[top][left..]
            .iter()
            .position(|&c| c == '┐')
            .expect("corner");
    for row in rows.iter_mut().skip(top + 1) {
        if row[left] == '└' {
            break;
        }
        row[left + 1..right].fill(' ');
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Stockfish from Debian, if installed (`apt-get install stockfish`).
fn stockfish() -> Option<&'static str> {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| Path::new(p).exists())
}

#[test]
fn stockfish_is_followed_iteration_by_iteration() {
    let Some(engine) = stockfish() else {
        eprintln!("skipped: Stockfish is not installed (apt-get install stockfish)");
        return;
    };
    let (mut app, mut runtime) = follow(engine, &["Threads=1", "Hash=16"]);
    drain_until(&mut runtime, &mut app, "bestmove", |app| !app.is_live());
    let message = app.message().cloned().expect("a message");
    assert!(!message.error, "{}", message.text);
    assert!(
        app.session().header().engine.starts_with("Stockfish"),
        "{}",
        app.session().header().engine
    );
    let pvs = app.session().log().pvs();
    assert_eq!(pvs.len(), 3, "an iteration per depth to 3");
    assert!(pvs.iter().all(|pv| !pv.is_empty()));
}
