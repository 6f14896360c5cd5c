//! The C writer, `include/killerscope_trace.h`, through its example engine (`examples/c`) and
//! the real binary: the example compiles without a warning, its logs read back with the node
//! counts, iterations and killer figures the engine printed, and the header writes exactly the
//! bytes killerscope's own writer writes, for every event kind.
//!
//! The C sources are compiled with `$CC` (else `cc`, `gcc` or `clang`); with no C compiler the
//! tests say so and pass without checking anything else.

use crate::binary;
use binary::{run, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The compiled example engine and log copier, or why there are none.
struct Built {
    engine: PathBuf,
    copier: PathBuf,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_writer");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The first C compiler that answers `--version`.
fn compiler() -> Option<String> {
    let candidates = std::env::var("CC")
        .into_iter()
        .chain(["cc", "gcc", "clang"].map(String::from));
    candidates.into_iter().find(|cc| {
        Command::new(cc)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Compiles `sources` into `out` with `cc -O2 -Wall -Iinclude`; any warning fails the test.
fn compile(cc: &str, sources: &[PathBuf], out: &Path) {
    let result = Command::new(cc)
        .args(["-O2", "-Wall", "-I"])
        .arg(root().join("include"))
        .args(sources)
        .arg("-o")
        .arg(out)
        .output()
        .expect("the C compiler runs");
    assert!(result.status.success(), "{}", text(&result.stderr));
    assert!(
        result.stderr.is_empty(),
        "warnings compiling {sources:?}:\n{}",
        text(&result.stderr)
    );
}

/// Builds the example (`examples/c/*.c`) and the copier once for all tests; `None` (said on
/// stderr) without a C compiler.
fn built() -> Option<&'static Built> {
    static BUILT: OnceLock<Option<Built>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let Some(cc) = compiler() else {
                eprintln!("c_writer: skipped, no C compiler found ($CC, cc, gcc, clang)");
                return None;
            };
            let mut sources: Vec<PathBuf> = std::fs::read_dir(root().join("examples/c"))
                .expect("examples/c")
                .map(|e| e.expect("an entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect();
            sources.sort();
            let dir = scratch();
            let built = Built {
                engine: dir.join("ksc"),
                copier: dir.join("kslog_copy"),
            };
            compile(&cc, &sources, &built.engine);
            let copier = root().join("tests/c_writer/kslog_copy.c");
            compile(&cc, &[copier], &built.copier);
            Some(built)
        })
        .as_ref()
}

fn run_program(program: &Path, args: &[&str]) -> Output {
    let out = Command::new(program)
        .args(args)
        .output()
        .expect("the program runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

/// What the example engine printed: its `info` lines and its `nodes` line.
struct Printed {
    infos: Vec<String>,
    nodes: String,
    events: Option<u64>,
}

fn search(b: &Built, fen: &str, depth: u32, extra: &[&str]) -> Printed {
    let depth = depth.to_string();
    let mut args = vec!["--fen", fen, "--depth", &depth];
    args.extend_from_slice(extra);
    let out = text(&run_program(&b.engine, &args).stdout);
    let infos = out
        .lines()
        .filter(|l| l.starts_with("info "))
        .map(String::from)
        .collect();
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .expect("a nodes line")
        .to_string();
    let events = out.lines().find_map(|l| {
        let count = l.strip_prefix("trace ")?.split(": ").nth(1)?;
        count.split(' ').next()?.parse().ok()
    });
    Printed {
        infos,
        nodes,
        events,
    }
}

fn stats(log: &Path) -> String {
    let out = run(&["log", "stats", log.to_str().expect("UTF-8 path")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The value of `log stats`' line `name:`.
fn field<'a>(stats: &'a str, name: &str) -> &'a str {
    let prefix = format!("{name}:");
    stats
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {name} line in\n{stats}"))
        .trim()
}

/// `log stats`' `tried, cut` figures of killer `label`.
fn killer_figures(stats: &str, label: &str) -> (u64, u64) {
    let prefix = format!("  {label}: tried ");
    let line = stats
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {label} line in\n{stats}"));
    let (tried, rest) = line.split_once(", cut ").expect("tried, cut");
    let cut = rest.split(' ').next().expect("a count");
    (
        tried.parse().expect("a count"),
        cut.parse().expect("a count"),
    )
}

#[test]
fn traced_searches_read_back_with_the_engines_own_figures() {
    let Some(b) = built() else { return };
    // Kiwipete to depth 4 writes more than one buffer (65,536 events) before the last.
    for (name, fen, depth) in [("start", START, 4), ("kiwipete", KIWIPETE, 4)] {
        let log = scratch().join(format!("{name}.kslog"));
        let printed = search(b, fen, depth, &["--trace", log.to_str().expect("UTF-8")]);
        let stats = stats(&log);
        assert_eq!(field(&stats, "fen"), fen);
        assert_eq!(field(&stats, "truncated"), "no");
        assert_eq!(field(&stats, "sources"), "0 TT, 1 Cap, 2 K1, 3 K2, 4 Quiet");
        let events = printed.events.expect("the engine reports its events");
        assert!(
            name == "start" || events > 2 * 65_536,
            "{name}: {events} events"
        );
        assert!(field(&stats, "events").starts_with(&format!("{events} (16 bytes each")));
        // The node count the engine printed, split as it split it, every node closed.
        let nodes = field(&stats, "nodes");
        assert!(
            nodes.starts_with(&format!("{},", printed.nodes)) && nodes.ends_with("open at end 0"),
            "engine: {}; log stats: {nodes}",
            printed.nodes
        );
        // One iteration line per info line: depth, score, nodes and PV.
        let iterations: Vec<&str> = stats
            .lines()
            .filter_map(|l| l.strip_prefix("iteration:  "))
            .collect();
        let infos: Vec<&str> = printed
            .infos
            .iter()
            .map(|l| l.strip_prefix("info ").expect("info"))
            .collect();
        assert_eq!(iterations, infos);
        let tt_hits = field(&stats, "tt");
        assert!(!tt_hits.starts_with("0 hits"), "{tt_hits}");
    }
    // From the start position killers cut: the killer table fills from the header's slots.
    let stats = stats(&scratch().join("start.kslog"));
    let (tried, cut) = killer_figures(&stats, "K1");
    assert!(tried > 0 && cut > 0, "{stats}");
    assert!(field(&stats, "killers").contains("stores"), "{stats}");
}

#[test]
fn tracing_does_not_change_the_search() {
    let Some(b) = built() else { return };
    let log = scratch().join("same.kslog");
    let traced = search(b, KIWIPETE, 3, &["--trace", log.to_str().expect("UTF-8")]);
    let untraced = search(b, KIWIPETE, 3, &[]);
    assert_eq!(traced.infos, untraced.infos);
    assert_eq!(traced.nodes, untraced.nodes);
    assert_eq!(untraced.events, None);
}

#[test]
fn the_header_writes_the_bytes_killerscope_writes() {
    let Some(b) = built() else { return };
    let dir = scratch();
    let path = |name: &str| dir.join(name).to_str().expect("UTF-8").to_string();
    // The engine's log, exported and imported by killerscope, comes back byte for byte.
    search(b, START, 4, &["--trace", &path("own.kslog")]);
    let export = run(&["log", "export", "--jsonl", &path("own.kslog")]);
    assert!(export.status.success(), "{}", text(&export.stderr));
    std::fs::write(path("own.jsonl"), &export.stdout).expect("write");
    let import = run(&[
        "log",
        "import",
        &path("own.jsonl"),
        "-o",
        &path("again.kslog"),
    ]);
    assert!(import.status.success(), "{}", text(&import.stderr));
    let same =
        |a: &str, b: &str| std::fs::read(a).expect("read") == std::fs::read(b).expect("read");
    assert!(same(&path("own.kslog"), &path("again.kslog")));

    // Every event kind: killerscope's search with every selective technique, countermoves and
    // mate killers, and a pseudo-legal engine's trace (illegal tries), copied record by record
    // through the header's calls.
    let every = [
        "search",
        "--fen",
        "6k1/5ppp/8/8/8/3q4/5PPP/3R2K1 w - - 0 1",
        "--depth",
        "7",
        "--ordering",
        "countermove=on,matekillers=on",
        "--search",
        "all=on",
        "--log",
    ];
    let recorded = run(&[&every[..], &[path("every.kslog").as_str()]].concat());
    assert!(recorded.status.success(), "{}", text(&recorded.stderr));
    let fixture = root().join("tests/data/pseudo_legal.jsonl");
    let fixture = fixture.to_str().expect("UTF-8");
    let imported = run(&["log", "import", fixture, "-o", &path("illegal.kslog")]);
    assert!(imported.status.success(), "{}", text(&imported.stderr));
    let mut kinds = std::collections::BTreeSet::new();
    for name in ["every", "illegal"] {
        let (from, to) = (
            path(&format!("{name}.kslog")),
            path(&format!("{name}.copy.kslog")),
        );
        run_program(&b.copier, &[&from, &to]);
        assert!(same(&from, &to), "{name}: the copy differs");
        let stats = stats(Path::new(&from));
        for line in stats
            .lines()
            .skip_while(|l| !l.starts_with("events:"))
            .skip(1)
        {
            let Some((kind, count)) = line.trim().split_once(' ') else {
                break;
            };
            if count.trim().parse::<u64>().is_ok_and(|n| n > 0) {
                kinds.insert(kind.to_string());
            }
        }
    }
    assert_eq!(kinds.len(), 16, "event kinds copied: {kinds:?}");
}

#[test]
fn a_capped_recording_opens_marked_truncated() {
    let Some(b) = built() else { return };
    let log = scratch().join("capped.kslog");
    let path = log.to_str().expect("UTF-8");
    // A cap inside the first buffer, and one past it (the second buffer is cut).
    for (fen, depth, cap) in [(START, 4, 1000), (KIWIPETE, 4, 100_000)] {
        let printed = search(
            b,
            fen,
            depth,
            &["--trace", path, "--trace-cap", &cap.to_string()],
        );
        assert_eq!(printed.events, Some(cap));
        let stats = stats(&log);
        assert!(field(&stats, "truncated").starts_with("yes"), "{stats}");
        assert!(
            field(&stats, "events").starts_with(&format!("{cap} ")),
            "{stats}"
        );
        // Cut mid-search: nodes stay open.
        assert!(
            !field(&stats, "nodes").ends_with("open at end 0"),
            "{stats}"
        );
    }
}

/// A finished `.kslog` carries its event count before the events and a checksum after them:
/// a file cut short anywhere is refused, naming where it ends, never misread. (A log its
/// writer never finished says so in its flags, and reads: see the next test.)
#[test]
fn a_log_cut_short_is_refused_never_misread() {
    let Some(b) = built() else { return };
    let dir = scratch();
    let whole = dir.join("whole.kslog");
    search(b, START, 3, &["--trace", whole.to_str().expect("UTF-8")]);
    let bytes = std::fs::read(&whole).expect("read");
    let cut = dir.join("cut.kslog");
    for keep in [20, 400, bytes.len() / 2, bytes.len() - 30, bytes.len() - 1] {
        std::fs::write(&cut, &bytes[..keep]).expect("write");
        let out = run(&["log", "stats", cut.to_str().expect("UTF-8")]);
        assert_eq!(out.status.code(), Some(2), "{keep} bytes");
        let message = text(&out.stderr);
        assert!(message.contains("truncated?"), "{keep} bytes: {message}");
    }
}

/// A write that fails mid-search (a file-size limit here, a full disk elsewhere) stops the
/// recording; the log is finished in the bytes the file already holds, cut short and marked
/// truncated, and the search goes on to its end.
#[cfg(target_os = "linux")]
#[test]
fn a_write_failing_mid_search_leaves_a_valid_log_cut_short() {
    let Some(b) = built() else { return };
    let log = scratch().join("limited.kslog");
    let script = format!(
        "trap '' XFSZ; ulimit -f 300; exec '{}' --fen '{KIWIPETE}' --depth 4 --trace '{}'",
        b.engine.display(),
        log.display()
    );
    let Ok(out) = Command::new("bash").args(["-c", &script]).output() else {
        eprintln!("c_writer: no bash, the file-size limit is not tried");
        return;
    };
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    assert!(
        printed.contains("nodes 49341 "),
        "the search ran to its end: {printed}"
    );
    assert!(printed.contains("(truncated: a write failed"), "{printed}");
    let size = std::fs::metadata(&log).expect("the log").len();
    assert!(size <= 300 * 1024, "{size} bytes");
    let stats = stats(&log);
    assert!(field(&stats, "truncated").starts_with("yes"), "{stats}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_log_that_cannot_be_written_is_reported() {
    let Some(b) = built() else { return };
    let out = Command::new(&b.engine)
        .args(["--depth", "2", "--trace", "/dev/full"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("/dev/full: cannot write the log file"),
        "{}",
        text(&out.stderr)
    );
}

/// Killed with SIGKILL mid-search, the engine leaves a log that opens: marked unfinished and
/// truncated, it holds the events the engine wrote up to there — those of the same search run
/// to its end — and `log stats` reads it.
#[cfg(unix)]
#[test]
fn an_engine_killed_mid_search_leaves_a_log_that_opens() {
    use killerscope_log::{EventLog, LogReader};
    use std::time::{Duration, Instant};
    let Some(b) = built() else { return };
    let log = scratch().join("killed.kslog");
    // A killed log left by an earlier run would satisfy the wait below before this engine
    // has written a byte.
    let _ = std::fs::remove_file(&log);
    let mut child = Command::new(&b.engine)
        .args(["--fen", KIWIPETE, "--depth", "40", "--trace"])
        .arg(&log)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the engine starts");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !LogReader::open(&log).is_ok_and(|r| r.is_unfinished() && r.len() >= 3 * 65_536) {
        assert!(child.try_wait().expect("the engine").is_none(), "it ended");
        assert!(Instant::now() < deadline, "no events written in 300 s");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let killed = EventLog::read_file(&log).expect("the killed engine's log opens");
    assert!(killed.is_unfinished() && killed.is_truncated() && killed.pvs().is_empty());
    // The same search from the start, a depth deeper each time until it holds as many events:
    // the first iterations of a deeper search are those of a shallower one.
    let full = scratch().join("unkilled.kslog");
    let path = full.to_str().expect("UTF-8");
    let reference = (1..)
        .map(|depth| {
            search(b, KIWIPETE, depth, &["--trace", path]);
            EventLog::read_file(&full).expect("a finished log")
        })
        .find(|done| done.len() >= killed.len())
        .expect("a deep enough search");
    assert_eq!(killed.events(), &reference.events()[..killed.len()]);
    let stats = stats(&log);
    let truncated = field(&stats, "truncated");
    assert!(
        truncated.starts_with("yes: its writer never finished"),
        "{stats}"
    );
}
