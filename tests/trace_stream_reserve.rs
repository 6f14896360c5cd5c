//! Setting disk space aside ahead of a streamed log's writes (`LogOutput::reserve`): it changes
//! no byte of the log and leaves the file exactly the log's length, the space past it freed; an
//! output that cannot is asked once and never cut for it (`/dev/null` cannot be cut); a full
//! disk that refuses the space still leaves a valid truncated log, cut to its length.

use crate::trace_stream_support;

use killerscope_chess::Position;
use killerscope_engine::SearchConfig;
use killerscope_log::{EventLog, Recorder};
use std::io;
use trace_stream_support::{Case, Disk, Failure, Reserving, encode};

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

#[test]
fn space_set_aside_ahead_changes_no_byte_and_is_cut_at_the_end() {
    let case = case(4);
    let expected = encode(&case.in_memory(usize::MAX));
    let disk = Disk::new(Failure::Never).reserving(Reserving::Accept);
    let log = case.streamed(&disk, 64, usize::MAX).expect("streams");
    assert!(!log.truncated && log.write_error.is_none());
    assert!(disk.bytes() == expected, "the log, byte for byte");
    let len = expected.len() as u64;
    let asked = disk.reservations();
    assert_eq!(asked.len(), 1, "one step covers this log: {asked:?}");
    let (from, reserved) = asked[0];
    assert!(
        from < 1024 && from + reserved > len,
        "asked before the first batch, for the whole log and more: {asked:?}, log {len}"
    );
    assert_eq!(disk.cuts(), [len], "cut once, to the log's length");
}

#[test]
fn an_output_that_cannot_set_space_aside_is_asked_once_and_never_cut() {
    let case = case(3);
    let expected = encode(&case.in_memory(usize::MAX));
    for kind in [io::ErrorKind::Unsupported, io::ErrorKind::Other] {
        let disk = Disk::new(Failure::Never).reserving(Reserving::Fail(kind));
        let log = case.streamed(&disk, 16, usize::MAX).expect("streams");
        assert!(!log.truncated && log.write_error.is_none(), "{kind:?}");
        assert!(disk.bytes() == expected, "{kind:?}: the log, byte for byte");
        assert_eq!(disk.reservations().len(), 1, "{kind:?}: not asked again");
        assert!(disk.cuts().is_empty(), "{kind:?}: nothing to cut");
    }
}

#[test]
fn a_full_disk_refusing_the_space_leaves_a_valid_log_cut_to_its_length() {
    let case = case(3);
    let full = case.in_memory(usize::MAX);
    let capacity = encode(&full).len() as u64 / 2;
    let disk =
        Disk::new(Failure::Full(capacity)).reserving(Reserving::Fail(io::ErrorKind::StorageFull));
    let log = case.streamed(&disk, 16, usize::MAX).expect("streams");
    assert!(log.truncated && log.write_error.is_some());
    let bytes = disk.bytes();
    let read = EventLog::read_from(bytes.as_slice()).expect("a valid log");
    assert!(read.is_truncated() && read.len() as u64 == log.events);
    assert!(read.events() == &full.events()[..read.len()]);
    assert_eq!(disk.reservations().len(), 1, "not asked again");
    assert_eq!(
        disk.cuts().last().copied(),
        Some(bytes.len() as u64),
        "whatever the refused request left is cut away"
    );
}

/// On a real file: while the log is written, disk space lies set aside past its end (where the
/// file system can), and the finished file is the log, its length exact, the space freed.
#[cfg(target_os = "linux")]
#[test]
fn a_new_file_has_space_ahead_while_written_and_keeps_only_the_log() {
    use std::os::unix::fs::MetadataExt;
    use std::time::{Duration, Instant};
    let dir = std::env::temp_dir().join(format!("killerscope-reserve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("new.kslog");
    let case = case(4);
    let expected = encode(&case.in_memory(usize::MAX));
    let allocated = |path: &std::path::Path| {
        let meta = std::fs::metadata(path).expect("exists");
        (meta.len(), meta.blocks() * 512)
    };
    let mut recorder = Recorder::new(case.header())
        .stream_to_file(&path)
        .expect("created")
        .with_batch(256);
    case.search(&mut recorder);
    if can_set_aside(&dir.join("probe")) {
        let start = Instant::now();
        let ahead = loop {
            let (len, blocks) = allocated(&path);
            if blocks >= len + (16 << 20) || start.elapsed() > Duration::from_secs(10) {
                break (len, blocks);
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(
            ahead.1 >= ahead.0 + (16 << 20),
            "space set aside past the end: {ahead:?}"
        );
    }
    recorder.finish().expect("finished");
    assert!(std::fs::read(&path).expect("reads") == expected, "the log");
    let (len, blocks) = allocated(&path);
    assert_eq!(len, expected.len() as u64);
    assert!(
        blocks < len + (1 << 20),
        "the space past the log is freed: {blocks} bytes"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Whether the file system under `probe` sets space aside past a file's end.
#[cfg(target_os = "linux")]
fn can_set_aside(probe: &std::path::Path) -> bool {
    use rustix::fs::{FallocateFlags, fallocate};
    let file = std::fs::File::create(probe).expect("probe");
    fallocate(&file, FallocateFlags::KEEP_SIZE, 0, 1 << 20).is_ok()
}
