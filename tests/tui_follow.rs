//! `tui --follow`: the explorer watching a trace that is still being written — a file that
//! grows, a FIFO whose writer closes it — through the same runtime the terminal drives, with
//! batches arriving between frames and the open nodes marked unfinished when it stops.

use crate::other_engine;
use crate::tui_support;

use tui_support::App;

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use killerscope_chess::Position;
use killerscope_explorer::FollowSource;
use killerscope_explorer::Runtime;
use killerscope_explorer::library;
use killerscope_explorer::{Effect, Settings};
use killerscope_trace::jsonl::ImportOptions;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-follow-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn app() -> App {
    let settings = Settings {
        depth: 3,
        killers: 2,
        ..Settings::default()
    };
    tui_support::App::new(killerscope_explorer::Explorer::new(
        Position::startpos(),
        settings,
        library::embedded(),
    ))
}

/// Drains frames until `done` holds (or fails after 10 s).
fn drain_until(runtime: &mut Runtime, app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        runtime.drain(app);
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_growing_file_is_followed_and_stopping_leaves_open_nodes_unfinished() {
    let (trace, truth) = other_engine::trace(3);
    let lines: Vec<&str> = trace.lines().collect();
    let half = lines.len() / 2;
    let dir = scratch("file");
    let path = dir.join("growing.jsonl");
    let mut file = std::fs::File::create(&path).expect("create");
    let mut app = app();
    let mut runtime = Runtime::default();
    runtime.apply(
        &mut app,
        Effect::Follow(FollowSource::Path(path.clone()), ImportOptions::default()),
    );
    assert!(app.is_live());
    for line in &lines[..half] {
        writeln!(file, "{line}").expect("write");
    }
    file.flush().expect("flush");
    let first_half = lines[1..half]
        .iter()
        .filter(|l| !l.contains("probcut"))
        .count();
    drain_until(&mut runtime, &mut app, "the first half", |app| {
        app.session().log().len() == first_half
    });
    assert_eq!(
        app.session().header().engine,
        "other 0.1 (fail-hard, no TT, no quiescence)"
    );
    assert!(
        app.message()
            .as_ref()
            .is_some_and(|m| m.text.contains("following"))
    );
    // A line written in two parts is read once it is whole.
    let (a, b) = lines[half].split_at(10);
    write!(file, "{a}").expect("write");
    file.flush().expect("flush");
    std::thread::sleep(Duration::from_millis(120));
    runtime.drain(&mut app);
    assert_eq!(
        app.session().log().len(),
        first_half,
        "half a line is not an event"
    );
    writeln!(file, "{b}").expect("write");
    file.flush().expect("flush");
    drain_until(&mut runtime, &mut app, "the split line", |app| {
        app.session().log().len() == first_half + 1
    });
    let open = app.session().tree().open_nodes().count();
    assert!(open > 0, "stopped mid-search");
    runtime.apply(&mut app, Effect::Stop);
    assert!(!app.is_live());
    assert!(
        app.session().log().is_truncated(),
        "open nodes are unfinished"
    );
    let message = app
        .message()
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        message.contains(&format!("{open} open nodes left unfinished")),
        "{message}"
    );
    let screen = tui_support::screen(&tui_support::draw(&mut app, 160, 48));
    assert!(
        screen.contains("unfinished"),
        "the open root says so:\n{screen}"
    );
    assert!(truth.nodes.len() > app.session().tree().len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_fifo_ends_when_its_writer_closes_it() {
    let (trace, truth) = other_engine::trace(3);
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(status.success());
    let mut app = app();
    let mut runtime = Runtime::default();
    runtime.apply(
        &mut app,
        Effect::Follow(FollowSource::Path(fifo.clone()), ImportOptions::default()),
    );
    // The UI does not wait for a writer: the reader thread does.
    runtime.drain(&mut app);
    assert!(app.is_live());
    let writer = std::thread::spawn(move || {
        let mut pipe = std::fs::OpenOptions::new()
            .write(true)
            .open(&fifo)
            .expect("open FIFO");
        for line in trace.lines() {
            writeln!(pipe, "{line}").expect("write");
        }
    });
    drain_until(&mut runtime, &mut app, "the end of the trace", |app| {
        !app.is_live()
    });
    writer.join().expect("writer");
    assert_eq!(app.session().tree().len(), truth.nodes.len());
    assert!(!app.session().log().is_truncated());
    let message = app
        .message()
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        message.contains("ended") && message.contains("0 open nodes"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_line_stops_a_strict_follow_with_its_place() {
    let dir = scratch("bad");
    let path = dir.join("bad.jsonl");
    std::fs::write(
        &path,
        "{\"type\":\"header\",\"schema\":1}\n{\"type\":\"node_enter\",\"depth\":1,\"alpha\":-1,\"beta\":1}\n{\"type\":\"move_tried\",\"move\":\"e2e5\"}\n",
    )
    .expect("write");
    let mut app = app();
    let mut runtime = Runtime::default();
    runtime.apply(
        &mut app,
        Effect::Follow(FollowSource::Path(path), ImportOptions::default()),
    );
    drain_until(&mut runtime, &mut app, "the error", |app| !app.is_live());
    let message = app.message().cloned().expect("a message");
    assert!(message.error);
    assert!(
        message.text.contains("line 3, column 29"),
        "{}",
        message.text
    );
    assert_eq!(
        app.session().log().len(),
        1,
        "what came before the bad line stays"
    );
    assert!(app.session().log().is_truncated());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A followed trace with a typo'd key on its fourth line, as `tui --follow FILE [--strict]`
/// follows it to its end: the explorer and its status line.
fn follow_typo(name: &str, strict: bool) -> App {
    let dir = scratch(name);
    let path = dir.join("typo.jsonl");
    let header = r#"{"type":"header","schema":1,"engine":"toy 1.0"}"#;
    let root = r#"{"type":"node_enter","depth":1,"alpha":-100,"beta":100}"#;
    let tried = r#"{"type":"move_tried","move":"e2e4","index":0}"#;
    let typo = r#"{"type":"move_tried","move":"d2d4","index":1,"souce":"tt"}"#;
    std::fs::write(&path, [header, root, tried, typo].join("\n") + "\n").expect("write");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let args = killerscope::cli::tui::TuiArgs {
        follow: Some(fifo.clone()),
        strict,
        depth: 3,
        ..Default::default()
    };
    let prepared =
        killerscope::cli::tui::prepare(&args, library::embedded()).expect("a follow to start");
    let mut app = App::new(prepared.app);
    let mut runtime = Runtime::default();
    runtime.apply_all(&mut app, prepared.effects);
    // A FIFO ends when its writer closes it, so the follow ends without a stop.
    let writer = std::thread::spawn(move || {
        let text = std::fs::read(&path).expect("read");
        std::fs::write(&fifo, text).expect("write the FIFO");
    });
    drain_until(&mut runtime, &mut app, "the end", |app| !app.is_live());
    writer.join().expect("writer");
    let _ = std::fs::remove_dir_all(&dir);
    app
}

#[cfg(unix)]
#[test]
fn strict_stops_a_followed_trace_at_its_first_unknown_key() {
    let app = follow_typo("strict", true);
    let message = app.message().cloned().expect("a message");
    assert!(message.error, "{}", message.text);
    assert!(
        message.text.contains("line 4, column 46")
            && message.text.contains(r#"unknown key "souce""#)
            && message.text.contains("--strict refuses keys"),
        "{}",
        message.text
    );
    assert_eq!(app.session().log().len(), 2, "the lines before it stay");
}

#[cfg(unix)]
#[test]
fn without_strict_the_end_of_a_followed_trace_names_its_first_unknown_key() {
    let app = follow_typo("lax", false);
    let message = app.message().cloned().expect("a message");
    assert!(
        message
            .text
            .contains("1 unknown keys or kinds skipped, the first: line 4, column 46")
            && message
                .text
                .contains(r#"unknown key "souce" in move_tried (did you mean "source"?)"#)
            && message.text.contains("(--strict refuses them)"),
        "{}",
        message.text
    );
    assert_eq!(
        app.session().log().len(),
        3,
        "the line is kept, its key skipped"
    );
}
