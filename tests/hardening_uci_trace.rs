//! `uci-trace` against engines that misbehave, each a small bash script written here: one that
//! never says `bestmove` under `--depth` or `--nodes` is told to stop after `--silence` and
//! given up on if it does not answer (it waited forever); every valid `info` line is read, in
//! any order of its words, `currmove` with a score and a PV included (it was dropped: "0 root
//! nodes"); lines that do not read — not UTF-8, junk words, a line of megabytes — are counted
//! and the first named; the transcript is streamed to its file, so a flood of output costs no
//! memory (2M lines took 403 MB).

#![cfg(unix)]

use crate::binary;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A scratch directory of the test's own.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-uci-hostile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// A fake engine: the handshake, then on `go` the shell code `search`; `stop` runs `on_stop`.
fn engine(dir: &Path, search: &str, on_stop: &str) -> String {
    let script = format!(
        r#"while read -r command; do
    case $command in
        uci) echo "id name Hostile"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) {search} ;;
        stop) {on_stop} ;;
        quit) exit 0 ;;
    esac
done
"#
    );
    let path = dir.join("engine.sh");
    std::fs::write(&path, script).expect("write the engine");
    format!("bash {}", path.display())
}

struct Run {
    code: Option<i32>,
    stderr: String,
    took: Duration,
    peak_kib: u64,
}

/// `killerscope uci-trace --engine ENGINE ARGS… -o OUT`, timed, its peak memory watched.
fn uci_trace(engine: &str, args: &[&str], out: &Path) -> Run {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(["uci-trace", "--engine", engine, "-o"])
        .arg(out)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stderr = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut text).map(|_| text)
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "uci-trace {args:?} still running after 30 s"
        );
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak_kib = peak_kib.max(hwm.unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stderr: reader.join().expect("reader").unwrap_or_default(),
        took: started.elapsed(),
        peak_kib,
    }
}

const ONE_LINE: &str = r#"echo "info depth 1 score cp 7 nodes 10 pv e2e4""#;

#[test]
fn an_engine_that_never_says_bestmove_is_stopped_after_the_silence_whatever_the_limit() {
    let d = dir("silent");
    let out = d.join("out.jsonl");
    // Ignores stop too: given up on a second after being told.
    let deaf = engine(&d, ONE_LINE, ":");
    for limit in [["--depth", "30"], ["--nodes", "100000000"]] {
        let run = uci_trace(&deaf, &[limit[0], limit[1], "--silence", "1"], &out);
        assert_eq!(run.code, Some(2), "{limit:?}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("printed nothing for 1 s, and did not answer stop")
                && run.stderr.contains("the trace so far is in"),
            "{limit:?}: {}",
            run.stderr
        );
        assert!(
            run.took < Duration::from_secs(6),
            "{limit:?}: {:?}",
            run.took
        );
        let trace = std::fs::read_to_string(&out).expect("the trace so far");
        assert!(trace.contains(r#""score":7"#), "{trace}");
    }
    // Answers stop: the trace is whole up to there, and the stop is said.
    let stops = engine(&d, ONE_LINE, r#"echo "bestmove e2e4""#);
    let run = uci_trace(&stops, &["--depth", "30", "--silence", "1"], &out);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("1 root node, 1 iteration from 1 line of Hostile")
            && run
                .stderr
                .contains("printed nothing for 1 s (--silence 1) and was told to stop"),
        "{}",
        run.stderr
    );
    let stats = binary::run(&["log", "stats", out.to_str().expect("UTF-8")]);
    assert!(stats.status.success(), "{}", binary::text(&stats.stderr));
    // The default and the flag are in --help.
    let help = binary::text(&binary::run(&["uci-trace", "--help"]).stdout);
    assert!(
        help.contains("--silence <SECONDS>") && help.contains("[default: 60]"),
        "{help}"
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn every_valid_info_line_is_read_in_any_order_and_what_does_not_read_is_counted() {
    let d = dir("order");
    let out = d.join("out.jsonl");
    let search = r#"echo "info depth 1 score cp 10 nodes 100 currmove e2e4 currmovenumber 1 pv e2e4 e7e5"
            echo "info pv d2d4 d7d5 nodes 300 score cp 12 time 5 depth 2"
            echo "info depth 3 currmove g1f3 currmovenumber 1"
            echo "info nodes 400 score cp 15 depth 3 lowerbound pv g1f3"
            echo "info string hello"
            echo "info depth x score cp 20 pv e2e4"
            printf 'info \xff\xfe\n'
            echo "Hostile thinks aloud"
            head -c 3000000 /dev/zero | tr '\0' 'x'; echo
            echo "info depth 3 score cp 18 nodes 500 frobnicate 1 pv g1f3 g8f6"
            echo "bestmove g1f3""#;
    let run = uci_trace(&engine(&d, search, ":"), &["--depth", "3"], &out);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for said in [
        "4 root nodes, 3 iterations from 10 lines of Hostile",
        "1 line held nothing for a trace",
        "5 lines not read in full, the first line 6: depth \"x\" is not a number, in \"info depth x",
    ] {
        assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
    }
    assert!(run.stderr.len() < 1_000, "{}", run.stderr.len());
    let trace = std::fs::read_to_string(&out).expect("trace");
    let (log, _) = killerscope_trace::jsonl::import_reader(
        trace.as_bytes(),
        killerscope_trace::jsonl::ImportOptions::default(),
    )
    .expect("reads");
    let pvs: Vec<String> = log
        .pvs()
        .iter()
        .map(|pv| {
            pv.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(pvs, ["e2e4 e7e5", "d2d4 d7d5", "g1f3 g8f6"]);
    assert!(
        trace.contains(r#""move":"e2e4","source":"currmove""#),
        "currmove kept: {trace}"
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn the_transcript_is_streamed_and_a_flood_costs_no_memory() {
    let d = dir("flood");
    let out = d.join("out.jsonl");
    let transcript = d.join("said.txt");
    let search = r#"yes "info depth 1 nodes 5 nps 10 hashfull 0" | head -n 400000
            head -c 30000000 /dev/zero | tr '\0' 'y'; echo
            echo "info depth 1 score cp 3 pv e2e4"
            echo "bestmove e2e4""#;
    let run = uci_trace(
        &engine(&d, search, ":"),
        &[
            "--depth",
            "1",
            "--transcript",
            transcript.to_str().expect("UTF-8"),
        ],
        &out,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("1 root node, 1 iteration from 400002 lines"),
        "{}",
        run.stderr
    );
    let said = std::fs::metadata(&transcript).expect("transcript").len();
    let expected = "id name Hostile\nuciok\nreadyok\nreadyok\n".len()
        + 400_000 * "info depth 1 nodes 5 nps 10 hashfull 0\n".len()
        + 30_000_001
        + "info depth 1 score cp 3 pv e2e4\nbestmove e2e4\n".len();
    assert_eq!(said as usize, expected, "every byte printed, in order");
    assert!(run.peak_kib < 40 << 10, "{} KiB", run.peak_kib);
    eprintln!(
        "flood of {said} bytes: peak {} MiB in {:?}",
        run.peak_kib >> 10,
        run.took
    );
    std::fs::remove_dir_all(&d).ok();
}
