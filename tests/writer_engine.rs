//! The engine-side writer through its example engine (`crates/log/examples/tiny_engine`, built
//! into this test as a module): what the engine reports is what every reader reads back, event
//! for event, and what `killerscope log stats` summarizes; a capped recording and a writer
//! dropped mid-search leave valid logs marked truncated; and an engine killed mid-search
//! leaves a log that opens, marked truncated, holding what the engine reported up to there.

use crate::binary;
use crate::tiny_engine;

use binary::{run, text};
use killerscope_chess::Position;
use killerscope_log::{Event, EventLog, LogReader, LogWriter, open_mapped};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use tiny_engine::{header, search::Engine};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// White mates on the back rank: checkmates, mate scores through the table.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("writer_engine");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir.join(name)
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// The engine's search of `fen` to `depth` recorded in memory: what it reported, with the
/// lines it prints for each iteration.
fn reported(fen: &str, depth: i32, cap: u64) -> (EventLog, Vec<String>) {
    let pos = Position::from_fen(fen).expect("a FEN");
    let log = LogWriter::in_memory(header(fen, depth)).with_cap(cap);
    let mut engine = Engine::new(pos, Some(log));
    let mut infos = Vec::new();
    engine.iterate(depth, &mut |it| infos.push(tiny_engine::info_line(it)));
    let log = engine.trace.take().expect("traced").into_log();
    (log, infos)
}

/// Every event of `path` through the chunked reader and the mapped reader, each checking the
/// records, that the moves fit the position, the PV count and the checksum.
fn read_every_way(path: &Path) -> (Vec<Event>, Vec<Event>) {
    let mut reader = LogReader::open(path)
        .and_then(LogReader::fitting)
        .expect("opens");
    let (mut chunked, mut buf) = (Vec::new(), Vec::new());
    while reader.next_chunk(&mut buf).expect("a chunk") {
        chunked.extend_from_slice(&buf);
    }
    reader.finish().expect("checked to the end");
    let (log, unchecked) = open_mapped(path).expect("maps");
    let unchecked = unchecked.fitting(&log).expect("fits");
    let mut mapped = Vec::new();
    unchecked
        .check(log.events(), &mut |chunk| {
            mapped.extend_from_slice(chunk);
            ControlFlow::Continue(())
        })
        .expect("checked");
    (chunked, mapped)
}

fn stats(path: &Path) -> String {
    let out = run(&["log", "stats", path.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn field<'a>(stats: &'a str, name: &str) -> &'a str {
    let prefix = format!("{name}:");
    let line = stats.lines().find_map(|l| l.strip_prefix(&prefix));
    line.unwrap_or_else(|| panic!("no {name} line in\n{stats}"))
        .trim()
}

#[test]
fn the_engines_log_reads_back_event_for_event() {
    // Kiwipete to depth 5 writes several batches of 65,536 events.
    for (name, fen, depth) in [
        ("kiwi", KIWIPETE, 5),
        ("start", START, 5),
        ("mate", BACK_RANK, 4),
    ] {
        let (memory, infos) = reported(fen, depth, u64::MAX);
        let path = scratch(&format!("{name}.kslog"));
        let mut printed = Vec::new();
        let depth_arg = depth.to_string();
        let command = ["--fen", fen, "--depth", &depth_arg, "--trace"];
        let command = [&command[..], &[path.to_str().expect("UTF-8")]].concat();
        tiny_engine::run(&args(&command), &mut printed).expect("the engine runs");
        let printed = text(&printed);

        let read = EventLog::read_file(&path).expect("reads");
        assert_eq!(read.header(), memory.header(), "{name}");
        assert_eq!(read.events(), memory.events(), "{name}");
        assert_eq!(read.pvs(), memory.pvs(), "{name}");
        assert!(!read.is_truncated() && !read.is_unfinished());
        let (chunked, mapped) = read_every_way(&path);
        assert!(chunked == memory.events() && mapped == memory.events());
        let written = format!("{}: {} events\n", path.display(), memory.len());
        assert!(printed.ends_with(&written), "{printed}");
        assert!(
            name != "kiwi" || memory.len() > 3 * 65_536,
            "{}",
            memory.len()
        );

        let stats = stats(&path);
        assert_eq!(field(&stats, "truncated"), "no");
        let nodes = printed.lines().find_map(|l| l.strip_prefix("nodes "));
        let nodes = nodes.expect("a nodes line");
        assert!(field(&stats, "nodes").starts_with(&format!("{nodes},")));
        let iterations: Vec<&str> = stats
            .lines()
            .filter_map(|l| l.strip_prefix("iteration:  "))
            .collect();
        assert_eq!(iterations, infos, "{name}");
        let printed_infos: Vec<&str> = printed
            .lines()
            .filter_map(|l| l.strip_prefix("info "))
            .collect();
        assert_eq!(printed_infos, infos);
    }
    let mate = stats(&scratch("mate.kslog"));
    assert!(mate.contains("score mate 1"), "{mate}");
    assert!(!mate.contains("static_score                 0"), "{mate}");
}

#[test]
fn a_capped_recording_keeps_the_first_events_marked_truncated() {
    let (memory, _) = reported(KIWIPETE, 4, u64::MAX);
    let path = scratch("capped.kslog");
    let command = ["--fen", KIWIPETE, "--depth", "4", "--trace-cap", "70000"];
    let command = [&command[..], &["--trace", path.to_str().expect("UTF-8")]].concat();
    let mut printed = Vec::new();
    tiny_engine::run(&args(&command), &mut printed).expect("runs");
    assert!(text(&printed).ends_with("70000 events (truncated)\n"));
    let read = EventLog::read_file(&path).expect("reads");
    assert!(read.is_truncated() && !read.is_unfinished());
    assert_eq!(read.events(), &memory.events()[..70_000]);
    let stats = stats(&path);
    let truncated = field(&stats, "truncated");
    assert!(
        truncated.starts_with("yes: the log ends mid-search with ")
            && truncated.contains("an event cap"),
        "{truncated}"
    );
}

#[test]
fn a_writer_dropped_mid_search_finishes_its_log_truncated() {
    let (memory, _) = reported(START, 4, u64::MAX);
    let path = scratch("dropped.kslog");
    let mut log = LogWriter::create(&path, memory.header().clone()).expect("creates");
    // Half the search, then the engine gives up without finishing (an early return).
    let half = &memory.events()[..memory.len() / 2];
    for &event in half {
        log.event(event);
    }
    drop(log);
    let read = EventLog::read_file(&path).expect("a valid log");
    assert!(read.is_truncated() && !read.is_unfinished());
    assert_eq!(read.events(), half);
    let iterations = half
        .iter()
        .filter(|e| matches!(e, Event::Iteration { .. }))
        .count();
    assert_eq!(read.pvs().len(), iterations, "an empty PV per iteration");
}

/// Runs the example engine in a process of its own (this test binary, run again with
/// `CHILD` set), kills it once its log holds `at_least` events, and returns the log.
#[cfg(unix)]
fn killed_mid_search(path: &Path, test: &str, at_least: u64) -> EventLog {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    // A test's name in the harness is its module path within the test crate.
    let module = module_path!()
        .split_once("::")
        .map_or("", |(_, inner)| inner);
    let name = if module.is_empty() {
        test.to_string()
    } else {
        format!("{module}::{test}")
    };
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args([name.as_str(), "--exact", "--test-threads=1"])
        .env(CHILD, path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the child starts");
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let reader = LogReader::open(path).ok();
        if reader.is_some_and(|r| r.is_unfinished() && r.len() >= at_least) {
            break;
        }
        let ended = child.try_wait().expect("the child");
        assert!(ended.is_none(), "the search ended before it was killed");
        assert!(Instant::now() < deadline, "no events written in 300 s");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    EventLog::read_file(path).expect("the killed engine's log opens")
}

/// The variable that makes this test binary the engine to be killed.
const CHILD: &str = "KILLERSCOPE_WRITER_ENGINE_CHILD";

/// Killed with SIGKILL mid-search, over an older, longer log of the same name (overwritten in
/// place): the file reads as an unfinished log holding exactly the first events the engine
/// reported, none of the old log's, and `log stats` opens it.
#[cfg(unix)]
#[test]
fn an_engine_killed_mid_search_leaves_a_log_that_opens() {
    if let Ok(path) = std::env::var(CHILD) {
        // The child: a search far too deep to finish before it is killed.
        let command = ["--fen", KIWIPETE, "--depth", "30", "--trace", &path];
        let _ = tiny_engine::run(&args(&command), &mut std::io::sink());
        return;
    }
    let path = scratch("killed.kslog");
    let (old, _) = reported(START, 5, u64::MAX);
    old.write_file(&path).expect("an old log");
    let inode =
        |p: &Path| std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).expect("a file"));
    let before = inode(&path);
    let killed = killed_mid_search(
        &path,
        "an_engine_killed_mid_search_leaves_a_log_that_opens",
        3 * 65_536,
    );
    assert_eq!(inode(&path), before, "the old log was overwritten in place");
    assert!(killed.is_unfinished() && killed.is_truncated());
    assert!(killed.pvs().is_empty());
    // The same search from scratch, one depth more each time, until it has reported as many
    // events: the first iterations of a deeper search are those of a shallower one.
    let n = killed.len();
    let reference = (1..)
        .map(|depth| reported(KIWIPETE, depth, u64::MAX).0)
        .find(|log| log.len() >= n)
        .expect("a deep enough search");
    assert_eq!(killed.events(), &reference.events()[..n]);
    let (chunked, mapped) = read_every_way(&path);
    assert!(chunked == killed.events() && mapped == killed.events());
    let stats = stats(&path);
    let truncated = field(&stats, "truncated");
    assert!(
        truncated.starts_with("yes: its writer never finished"),
        "{truncated}"
    );
    assert!(stats.contains("pv (not stored)"), "{stats}");
}
