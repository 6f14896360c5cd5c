//! The explorer on a mapped log and on a live search spooled to disk: the first screen comes
//! before the indexes, with the panels that need them saying how far the indexing has come
//! and the board already drawn; a corrupted file is reported in those panels with its byte
//! offset; and a live search read back from its spool gives exactly the session of the same
//! search recorded in memory, with its events mapped rather than held.

use crate::tui_support;

use killerscope_explorer::Action;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use killerscope_chess::Position;
use killerscope_engine::{OrderingConfig, SearchConfig, SelectiveConfig};
use killerscope_explorer::Runtime;
use killerscope_explorer::Session;
use killerscope_explorer::Settings;
use killerscope_explorer::library;
use killerscope_log::{EventLog, open_mapped};
use tui_support::{App, draw, record_config, screen};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-mapped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn app() -> App {
    let settings = Settings {
        depth: 4,
        killers: 2,
        ..Settings::default()
    };
    let root = Position::from_fen(KIWIPETE).expect("valid");
    tui_support::App::new(killerscope_explorer::Explorer::new(
        root,
        settings,
        library::embedded(),
    ))
}

fn kiwipete(depth: u8) -> EventLog {
    record_config(KIWIPETE, depth, SearchConfig::default())
}

/// An app browsing `path` as `tui --log` opens a big log: mapped, indexed in the background.
fn browsing(path: &std::path::Path) -> App {
    let (log, unchecked) = open_mapped(path).expect("maps");
    let mut app = app();
    let root = app.setup().root.clone();
    app.open_session(Session::from_mapped(root, log, unchecked));
    app
}

#[test]
fn the_first_screen_comes_before_the_index_and_says_how_far_it_is() {
    let path = scratch("gauge.kslog");
    let log = kiwipete(4);
    log.write_file(&path).expect("writes");
    let mut app = browsing(&path);
    let text = screen(&draw(&mut app, 160, 48));
    assert!(text.contains("indexing…"), "{text}");
    let total = killerscope_engine::fmt::grouped(log.len() as u64);
    assert!(text.contains(&format!("of {total} events")), "{text}");
    assert!(text.contains("Ply 0"), "the board is drawn: {text}");
    assert!(app.session().tree().is_empty(), "no index yet");
    app.wait_index().expect("a valid log");
    let text = screen(&draw(&mut app, 160, 48));
    assert!(!text.contains("indexing…"), "{text}");
    assert!(text.contains("Search tree"), "{text}");
    let whole = Session::from_log(app.setup().root.clone(), log);
    assert_eq!(app.session().tree().len(), whole.tree().len());
    assert!(app.session().scan() == whole.scan());
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_corrupted_log_is_reported_in_the_panels_with_its_offset() {
    let path = scratch("flipped.kslog");
    let mut bytes = Vec::new();
    kiwipete(3).write_to(&mut bytes).expect("to memory");
    let at = bytes.len() / 2 / 16 * 16 + 13;
    bytes[at] ^= 0x80;
    std::fs::write(&path, &bytes).expect("writes");
    let mut app = browsing(&path);
    let error = app.wait_index().expect_err("corrupted");
    assert!(error.contains("byte "), "{error}");
    let text = screen(&draw(&mut app, 160, 48));
    assert!(text.contains("the log cannot be shown"), "{text}");
    assert!(text.contains("Ply 0"), "the board is still drawn: {text}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_live_search_read_from_its_spool_equals_the_search_in_memory() {
    let mut app = app();
    let mut runtime = Runtime::default();
    let effects = app.update(Action::Rerun);
    runtime.apply_all(&mut app, effects);
    let start = Instant::now();
    while app.session().run().searching || runtime.busy(&app) {
        assert!(start.elapsed() < Duration::from_secs(60), "the search ends");
        runtime.drain(&mut app);
        std::thread::sleep(Duration::from_millis(2));
    }
    let session = app.session();
    assert!(session.events().is_mapped(), "the events stay on disk");
    let ordering = OrderingConfig::default();
    let config = SearchConfig {
        ordering,
        selective: SelectiveConfig::default(),
        ..SearchConfig::default()
    };
    let memory = record_config(KIWIPETE, 4, config);
    assert_eq!(session.events().len(), memory.len());
    assert!(session.events().iter().eq(memory.events().iter().copied()));
    assert_eq!(session.log().pvs(), memory.pvs());
    assert!(!session.log().is_truncated());
    let whole = Session::from_log(app.setup().root.clone(), memory);
    assert_eq!(session.tree().len(), whole.tree().len());
    assert!((0..whole.tree().len() as u32).all(|id| session.node(id) == whole.node(id)));
    assert_eq!(session.iterations(), whole.iterations());
    assert!(session.scan() == whole.scan());
}
