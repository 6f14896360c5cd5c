//! `compare` stays within one transposition table's memory whatever its arguments. It peaked at
//! about 2 GB for `compare --library --techniques --depth 3`, and at 55 MB or 268 MB for
//! `--library --depth 2` depending on the length of the program's path: every search allocated
//! a 64-byte-aligned 16 MiB table, which glibc served from its heap once its dynamic mmap
//! threshold had risen, and whose freed hole the next aligned request did not fit.
//!
//! The peak is read from `/proc/<pid>/status` (`VmHWM`) while the process runs, so this test is
//! Linux-only; the node counts are checked against fresh searchers, one per search.

use crate::binary;

use killerscope_chess::Position;
use killerscope_engine::parse_switches;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::NullObserver;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The bound the README states: the `--hash` table plus this much for everything else.
const BEYOND_THE_TABLE_KIB: u64 = 64 << 10;

/// Runs `killerscope ARGS` and returns its peak resident memory in KiB, as last seen before it
/// exited (the peak only grows, so a late reading is the true one up to the final moments).
#[cfg(target_os = "linux")]
fn peak_kib(args: &[&str]) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{args:?}: {status}");
            return peak;
        }
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn compare_stays_within_its_table_whatever_the_arguments() {
    let padded = format!("{:0>12}", 16);
    for (args, hash_mib) in [
        (vec!["--library", "--techniques", "--depth", "3"], 16),
        (vec!["--library", "--depth", "2", "--hash", &padded], 16),
        (vec!["--library", "--depth", "3", "--hash", "1"], 1),
        (vec!["--library", "--depth", "2", "--hash", "4096"], 4096),
    ] {
        let mut all = vec!["compare"];
        all.extend(&args);
        let peak = peak_kib(&all);
        let bound = hash_mib * 1024 + BEYOND_THE_TABLE_KIB;
        assert!(peak > 0, "{all:?}: no reading");
        assert!(peak <= bound, "{all:?}: {peak} KiB, bound {bound} KiB");
    }
}

/// One searcher serves the whole run, cleared between searches: every count is the one a fresh
/// searcher finds.
#[test]
fn compare_counts_are_those_of_a_fresh_searcher_per_search() {
    let configs = ["killers=0", "history=off", "countermove=on,lmr=on"];
    let mut args = vec!["compare", "--library", "--depth", "3", "--json"];
    for config in configs {
        args.extend(["--config", config]);
    }
    let out = binary::run(&args);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let library = killerscope_explorer::library::embedded();
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), library.len());
    for (entry, row) in library.iter().zip(positions) {
        let root = Position::from_fen(&entry.fen).expect("library FEN");
        for (k, config) in configs.iter().enumerate() {
            let (ordering, selective) = parse_switches(config).expect("test config");
            let config = SearchConfig {
                ordering,
                selective,
                ..SearchConfig::default()
            };
            let fresh = Searcher::new(config).search(
                &root,
                &[],
                &Limits::depth(3),
                &AtomicBool::new(false),
                &mut NullObserver,
                &mut |_| {},
            );
            let printed = row["results"][k]["nodes"].as_u64().expect("nodes");
            assert_eq!(printed, fresh.nodes, "{} under {}", entry.id, configs[k]);
        }
    }
}
