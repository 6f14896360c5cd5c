//! Recording over an old log (`stream_to_file`, what `search --log` does when run again): the
//! old file is written over in place when nothing else can see it — the same file, cut to the
//! new log's length or grown to it, byte for byte the new log — and replaced by a new file
//! when a reader of this program holds it open, whose map goes on reading the old log whole.
//! (Hard links and symlinks: `trace_stream.rs`.)
#![cfg(unix)]

use crate::trace_stream_support;

use killerscope_chess::Position;
use killerscope_engine::SearchConfig;
use killerscope_log::{Recorder, open_mapped};
use std::ops::ControlFlow;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use trace_stream_support::{Case, encode};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn case(depth: u8) -> Case {
    let config = SearchConfig::default();
    Case {
        root: Position::from_fen(PUZZLE).expect("valid FEN"),
        depth,
        ordering: config.ordering,
        selective: config.selective,
    }
}

/// Records `case` to `path` through the streaming recorder.
fn record(case: &Case, path: &Path) {
    let mut recorder = Recorder::new(case.header())
        .stream_to_file(path)
        .expect("the log is opened");
    case.search(&mut recorder);
    recorder.finish().expect("the log is finished");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("killerscope-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn inode(path: &Path) -> u64 {
    std::fs::metadata(path).expect("the log exists").ino()
}

#[test]
fn a_log_is_written_over_the_old_one_in_place_cut_or_grown_to_its_own_length() {
    let dir = temp_dir("in-place");
    let path = dir.join("again.kslog");
    record(&case(3), &path);
    let file = inode(&path);
    let mut lengths = Vec::new();
    // Shorter than the old log (cut), longer (grown), then the same search again.
    for depth in [1, 4, 4] {
        let case = case(depth);
        record(&case, &path);
        assert_eq!(
            inode(&path),
            file,
            "depth {depth}: written over the old file"
        );
        let bytes = std::fs::read(&path).expect("reads");
        assert!(
            bytes == encode(&case.in_memory(usize::MAX)),
            "depth {depth}: the file is the new log, byte for byte, and nothing after it"
        );
        lengths.push(bytes.len());
    }
    assert!(
        lengths[0] < lengths[1],
        "the depths give logs of different lengths"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_log_a_reader_holds_open_is_replaced_and_the_reader_keeps_the_old_one() {
    let dir = temp_dir("held");
    let path = dir.join("explored.kslog");
    let old = case(4);
    record(&old, &path);
    let held = inode(&path);
    let (log, unchecked) = open_mapped(&path).expect("the old log maps");
    // A shorter log: written over the old file in place, it would cut the mapped file short,
    // and reading the map past the new end would end this process with SIGBUS.
    let new = case(1);
    record(&new, &path);
    assert_ne!(inode(&path), held, "a new file under the name");
    assert!(std::fs::read(&path).expect("reads") == encode(&new.in_memory(usize::MAX)));
    unchecked
        .check(log.events(), &mut |_| ControlFlow::Continue(()))
        .expect("the mapped old log still reads whole");
    assert!(
        log.events()
            .iter()
            .eq(old.in_memory(usize::MAX).events().iter().copied()),
        "the map still holds the old log's events"
    );
    drop(log);
    // Once the reader is gone, the next recording is written in place again.
    let current = inode(&path);
    record(&old, &path);
    assert_eq!(inode(&path), current);
    std::fs::remove_dir_all(&dir).ok();
}
