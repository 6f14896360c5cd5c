//! Streaming a recording to an output: the file equals the in-memory encoding byte for byte;
//! a full disk at any size leaves a valid log, cut short and marked truncated, keeping nearly
//! every event that fitted; a dead device is reported and the search goes on; an output that
//! cannot take even the header is refused before the search.

use crate::trace_stream_support;

use killerscope_chess::Position;
use killerscope_engine::{CutoffStats, SearchConfig};
use killerscope_log::EventKind;
use killerscope_log::{BATCH, Event, EventLog, Recorder};
use trace_stream_support::{Case, Disk, Failure, encode};

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn case(fen: &str, depth: u8) -> Case {
    let config = SearchConfig::default();
    Case {
        root: Position::from_fen(fen).expect("valid FEN"),
        depth,
        ordering: config.ordering,
        selective: config.selective,
    }
}

/// Bytes before the first event: what a log with no events holds minus its 24-byte tail.
fn events_at(case: &Case) -> usize {
    encode(&EventLog::from_parts(case.header(), vec![], vec![], true)).len() - 24
}

#[test]
fn streamed_file_is_byte_identical_to_the_in_memory_encoding() {
    for (fen, depth) in [(PUZZLE, 4), (KIWIPETE, 3)] {
        let case = case(fen, depth);
        let memory = case.in_memory(usize::MAX);
        assert!(!memory.is_truncated() && memory.len() > 10_000);
        let expected = encode(&memory);
        for batch in [1, 3, 64, 4096, BATCH] {
            let disk = Disk::new(Failure::Never);
            let log = case.streamed(&disk, batch, usize::MAX).expect("streams");
            assert_eq!(log.events, memory.len() as u64);
            assert!(!log.truncated && log.write_error.is_none());
            assert!(
                disk.bytes() == expected,
                "{fen} depth {depth}, batch {batch}"
            );
        }
        for cap in [0, 1, memory.len() / 3, memory.len() - 1] {
            let disk = Disk::new(Failure::Never);
            let log = case.streamed(&disk, 100, cap).expect("streams");
            assert!(log.truncated && log.events == cap as u64);
            assert!(disk.bytes() == encode(&case.in_memory(cap)), "cap {cap}");
        }
    }
}

#[test]
fn a_full_disk_at_any_size_leaves_a_valid_truncated_log() {
    let case = case(PUZZLE, 3);
    let full = case.in_memory(usize::MAX);
    let full_bytes = encode(&full);
    let events_at = events_at(&case);
    let tail = full_bytes.len() - events_at - 16 * full.len();
    let minimal = events_at + 24;
    let mut sizes: Vec<usize> = (0..minimal + 80).collect();
    sizes.extend((minimal..full_bytes.len() + 40).step_by(997));
    sizes.extend(full_bytes.len() - 40..full_bytes.len() + 2);
    for batch in [50, BATCH] {
        for &size in &sizes {
            let disk = Disk::new(Failure::Full(size as u64));
            let log = match case.streamed(&disk, batch, usize::MAX) {
                Err(e) => {
                    assert!(size < minimal, "size {size}: {e}");
                    continue;
                }
                Ok(log) => log,
            };
            assert!(size >= minimal, "size {size}: an empty log does not fit");
            let bytes = disk.bytes();
            assert!(
                bytes.len() <= size,
                "size {size}: the file grew past the disk"
            );
            let read = EventLog::read_from(bytes.as_slice())
                .unwrap_or_else(|e| panic!("size {size}, batch {batch}: {e}"));
            let n = read.len();
            assert_eq!(n as u64, log.events);
            if size >= full_bytes.len() {
                assert!(
                    log.write_error.is_none() && bytes == full_bytes,
                    "size {size}"
                );
                continue;
            }
            assert!(log.truncated && read.is_truncated() && log.write_error.is_some());
            assert_eq!(read.events(), &full.events()[..n], "size {size}: a prefix");
            let iterations = read.counts()[EventKind::Iteration.index()] as usize;
            assert_eq!(read.pvs(), &full.pvs()[..iterations]);
            let fitted = size.saturating_sub(events_at + tail) / 16;
            assert!(
                n + batch >= fitted,
                "size {size}, batch {batch}: kept {n} events where {fitted} fitted"
            );
        }
    }
}

#[test]
fn a_dead_device_is_reported_and_the_search_goes_on() {
    let case = case(PUZZLE, 4);
    let mut unrecorded = CutoffStats::new();
    case.search(&mut unrecorded);
    for after in [2_000, 20_000, 200_000] {
        let disk = Disk::new(Failure::Broken(after));
        let mut recorder = Recorder::new(case.header())
            .stream_to(disk.output())
            .expect("the header fits")
            .with_batch(100);
        let mut stats = CutoffStats::new();
        case.search(&mut (&mut recorder, &mut stats));
        assert_eq!(stats.nodes(), unrecorded.nodes(), "the search went on");
        let err = recorder
            .finish()
            .expect_err("nothing can be written any more");
        assert!(err.to_string().contains("injected I/O error"), "{err}");
    }
}

#[test]
fn an_output_too_small_for_the_header_is_refused_before_the_search() {
    let case = case(PUZZLE, 2);
    for failure in [Failure::Full(40), Failure::Broken(0)] {
        let disk = Disk::new(failure);
        assert!(
            Recorder::new(case.header())
                .stream_to(disk.output())
                .is_err()
        );
    }
}

/// A log replaces an existing file by a new file under its name (the old one is not truncated
/// in place): the name reads as the new log, and another hard link to the old file keeps the
/// old bytes; a symlink is written through, to the file it names.
#[test]
fn stream_to_file_replaces_an_existing_file_with_a_new_one() {
    let case = case(PUZZLE, 2);
    let dir = std::env::temp_dir().join(format!("killerscope-replace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("again.kslog");
    let link = dir.join("old-link");
    std::fs::write(&path, b"an older file, much longer than nothing").expect("old file");
    std::fs::hard_link(&path, &link).expect("hard link");
    let mut recorder = Recorder::new(case.header())
        .stream_to_file(&path)
        .expect("replaced");
    case.search(&mut recorder);
    recorder.finish().expect("finished");
    assert_eq!(
        EventLog::read_file(&path).expect("a valid log"),
        case.in_memory(usize::MAX)
    );
    assert_eq!(
        std::fs::read(&link).expect("the other link"),
        b"an older file, much longer than nothing"
    );
    #[cfg(unix)]
    {
        let through = dir.join("through.kslog");
        std::os::unix::fs::symlink(&link, &through).expect("symlink");
        let mut recorder = Recorder::new(case.header())
            .stream_to_file(&through)
            .expect("written through the symlink");
        case.search(&mut recorder);
        recorder.finish().expect("finished");
        let meta = std::fs::symlink_metadata(&through).expect("still there");
        assert!(meta.file_type().is_symlink(), "the symlink is kept");
        assert_eq!(
            EventLog::read_file(&link).expect("the target is the log"),
            case.in_memory(usize::MAX)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn stream_to_file_writes_a_file_that_reads_back_as_the_search() {
    let case = case(PUZZLE, 3);
    let dir = std::env::temp_dir().join(format!("killerscope-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("puzzle.kslog");
    let mut recorder = Recorder::new(case.header())
        .stream_to_file(&path)
        .expect("created");
    case.search(&mut recorder);
    let log = recorder.finish().expect("finished");
    let read = EventLog::read_file(&path).expect("a valid log");
    assert_eq!(read, case.in_memory(usize::MAX));
    assert_eq!(log.events, read.len() as u64);
    assert!(matches!(
        read.events().first(),
        Some(Event::NodeEnter { .. })
    ));
    let err = Recorder::new(case.header())
        .stream_to_file(&dir)
        .expect_err("a directory is no log");
    assert!(err.to_string().contains("is a directory"), "{err}");
    #[cfg(unix)]
    {
        let mut recorder = Recorder::new(case.header())
            .stream_to_file("/dev/null")
            .expect("/dev/null discards");
        case.search(&mut recorder);
        assert_eq!(recorder.finish().expect("finished").events, log.events);
    }
    std::fs::remove_dir_all(&dir).ok();
}
