//! `--jobs N` changes how many searches run at once, never what is printed: each command's
//! output with `--jobs 1` and `--jobs 3` is the same byte for byte, once the measured times
//! (which differ from run to run whatever N) are taken out.

use crate::binary;

use binary::{run, text};
use serde_json::Value;
use std::path::PathBuf;

/// Runs `args` with `--jobs N` appended and returns its stdout, checking it succeeded.
fn with_jobs(args: &[&str], jobs: &str) -> Vec<u8> {
    let mut all = args.to_vec();
    all.extend(["--jobs", jobs]);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{all:?}: {}", text(&o.stderr));
    assert!(!o.stdout.is_empty(), "{all:?} printed nothing");
    o.stdout
}

/// `args` under `--jobs 1` and `--jobs 3`, each output passed through `untimed`, compared.
fn same_output(args: &[&str], untimed: impl Fn(Vec<u8>) -> Vec<u8>) {
    let one = untimed(with_jobs(args, "1"));
    let three = untimed(with_jobs(args, "3"));
    assert!(
        one == three,
        "{args:?}: --jobs 1 and --jobs 3 differ\n--- 1:\n{}\n--- 3:\n{}",
        text(&one),
        text(&three)
    );
}

/// A CSV table with the named columns emptied (they hold measured times).
fn without_columns(csv_bytes: Vec<u8>, timed: &[&str]) -> Vec<u8> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(csv_bytes.as_slice());
    let head = reader.headers().expect("a header").clone();
    let drop: Vec<usize> = timed
        .iter()
        .map(|name| {
            head.iter()
                .position(|h| h == *name)
                .unwrap_or_else(|| panic!("no column {name} in {head:?}"))
        })
        .collect();
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(&head).expect("to memory");
    for record in reader.records() {
        let record = record.expect("a row");
        let row = record
            .iter()
            .enumerate()
            .map(|(k, field)| if drop.contains(&k) { "" } else { field });
        out.write_record(row).expect("to memory");
    }
    out.into_inner().expect("to memory")
}

/// A JSON document with the named keys of its `positions` removed.
fn without_keys(json: Vec<u8>, timed: &[&str]) -> Vec<u8> {
    let mut doc: Value = serde_json::from_slice(&json).expect("one JSON document");
    let positions = doc["positions"].as_array_mut().expect("a positions array");
    for position in positions {
        let object = position.as_object_mut().expect("an object per position");
        for key in timed {
            assert!(object.remove(*key).is_some(), "no {key} in {object:?}");
        }
    }
    serde_json::to_vec(&doc).expect("serialises")
}

#[test]
fn the_lab_prints_the_same_whatever_the_jobs() {
    let lab = [
        "compare",
        "--library",
        "--depth",
        "3",
        "--config",
        "killers=0",
        "--config",
        "killers=2",
        "--format",
        "csv",
    ];
    same_output(&lab, |out| without_columns(out, &["time_ms"]));
    let json = ["compare", "--library", "--depth", "3", "--format", "json"];
    let o = with_jobs(&json, "2");
    serde_json::from_slice::<Value>(&o).expect("compare --format json is one document");
}

#[test]
fn techniques_and_ladder_print_the_same_whatever_the_jobs() {
    let techniques = ["compare", "--library", "--depth", "3", "--techniques"];
    same_output(&techniques, |out| out);
    let ladder = [
        "compare",
        "--library",
        "--depth",
        "3",
        "--ladder",
        "--rungs",
        "random,generation,killers,oracle",
        "--format",
        "csv",
    ];
    same_output(&ladder, |out| out);
}

#[test]
fn bench_prints_the_same_whatever_the_jobs() {
    let bench = ["bench", "--depth", "3", "--report", "--format", "json"];
    same_output(&bench, |out| without_keys(out, &["time_ms", "nps"]));
}

#[test]
fn log_audit_prints_the_same_whatever_the_jobs() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_jobs");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let log = dir.join("selective.kslog");
    let log = log.to_str().expect("a UTF-8 path");
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let o = run(&[
        "search", "--fen", fen, "--depth", "5", "--config", "all=on", "-o", log,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    same_output(&["log", "audit", log, "--limit", "20"], |out| out);
}

#[test]
fn exercise_draws_the_same_whatever_the_jobs() {
    let worksheet = ["exercise", "--depth", "5", "--count", "12", "--seed", "7"];
    same_output(&worksheet, |out| out);
    let kinds = [
        "exercise",
        "--depth",
        "4",
        "--count",
        "9",
        "--kinds",
        "refutation,node-type,cutoff-source",
        "--fen",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ];
    same_output(&kinds, |out| out);
}
