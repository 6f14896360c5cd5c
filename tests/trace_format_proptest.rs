//! Property tests of the `.kslog` reader on hostile bytes: random bytes, random bytes behind a
//! valid start, a real log mutated (with its checksum left wrong, and recomputed so the reader
//! looks past it), and a header claiming a huge event count. The reader returns `Ok` or an
//! error at an offset inside the input, never panics, finishes in bounded time, and never
//! allocates more up front than the input can fill; whatever it accepts, the tree index,
//! replay, JSON and DOT writers and `log stats`' replay handle without panicking.

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{CutoffStats, Limits, SearchConfig, Searcher};
use killerscope_log::{EventLog, LogHeader, Recorder};
use killerscope_trace::{Replay, SearchTree, write_dot, write_jsonl};
use proptest::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Tracks the largest single allocation made by the current thread, so that one test's
/// allocations are measured apart from the others running in parallel.
struct Largest;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Largest {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = LARGEST.try_with(|l| l.set(l.get().max(layout.size())));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = LARGEST.try_with(|l| l.set(l.get().max(new_size)));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Largest = Largest;

/// Generous for a loaded machine; a quadratic or unbounded read would blow through it.
const BOUND: Duration = Duration::from_secs(2);

/// The bytes of a real recorded search (a few thousand events).
fn valid_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let fen = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
        let root = Position::from_fen(fen).expect("valid FEN");
        let config = SearchConfig::default();
        let limits = Limits::depth(2);
        let mut recorder = Recorder::new(LogHeader::new(fen, &config.ordering, &limits));
        let stop = AtomicBool::new(false);
        Searcher::new(config).search(&root, &[], &limits, &stop, &mut recorder, &mut |_| {});
        let mut bytes = Vec::new();
        recorder.into_log().write_to(&mut bytes).expect("Vec write");
        bytes
    })
}

/// Reads `bytes` as a stream; checks time and the error's offset; on success runs every
/// consumer of a log over it.
fn check(bytes: &[u8]) {
    let started = Instant::now();
    let result = EventLog::read_from(bytes);
    assert!(
        started.elapsed() < BOUND,
        "read took {:?}",
        started.elapsed()
    );
    match result {
        Err(e) => assert!(e.offset <= bytes.len() as u64, "{e} past {}", bytes.len()),
        Ok(log) => {
            let tree = SearchTree::build(log.events());
            let replay = Replay::from_log(&log);
            let _ = (tree.path_at(log.len() / 2), replay.killer_row(1, log.len()));
            let mut stats = CutoffStats::new();
            log.replay_into(&mut stats);
            write_jsonl(&log, std::io::sink()).expect("sink");
            let root = Position::from_fen(&log.header().fen).ok();
            if let Some(&start) = tree.roots().last() {
                let sources = &log.header().sources;
                write_dot(&tree, start, 3, root.as_ref(), sources, std::io::sink()).expect("sink");
            }
        }
    }
}

/// `bytes` with its trailing CRC-32 recomputed, so the reader checks what lies before it.
fn with_checksum(mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.len() >= 4 {
        let end = bytes.len() - 4;
        let sum = crc32fast::hash(&bytes[..end]);
        bytes[end..].copy_from_slice(&sum.to_le_bytes());
    }
    bytes
}

/// One edit of a byte string.
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Flip(usize, u8),
    Cut(usize),
    Insert(usize, Vec<u8>),
    Remove(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        4 => (any::<usize>(), 0u8..8).prop_map(|(i, bit)| Edit::Flip(i, 1 << bit)),
        1 => any::<usize>().prop_map(Edit::Cut),
        1 => (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..40))
            .prop_map(|(i, b)| Edit::Insert(i, b)),
        1 => (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Remove(i, n)),
    ]
}

/// Applies `edits`; positions are taken modulo the length, biased to the header (the first
/// 600 bytes) half of the time, where one byte changes the most.
fn mutate(edits: &[Edit]) -> Vec<u8> {
    let mut bytes = valid_bytes().to_vec();
    for e in edits {
        let len = bytes.len().max(1);
        let at = |i: usize| {
            if i.is_multiple_of(2) {
                (i / 2) % len.min(600)
            } else {
                (i / 2) % len
            }
        };
        match e {
            Edit::Set(i, b) if !bytes.is_empty() => bytes[at(*i)] = *b,
            Edit::Flip(i, m) if !bytes.is_empty() => bytes[at(*i)] ^= m,
            Edit::Cut(i) => bytes.truncate(at(*i)),
            Edit::Insert(i, b) => {
                let i = at(*i).min(bytes.len());
                bytes.splice(i..i, b.iter().copied());
            }
            Edit::Remove(i, n) if !bytes.is_empty() => {
                let i = at(*i);
                bytes.drain(i..(i + n).min(bytes.len()));
            }
            _ => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        check(&bytes);
    }

    #[test]
    fn random_bytes_after_a_valid_start(
        keep in 0usize..600,
        tail in proptest::collection::vec(any::<u8>(), 0..2048),
    ) {
        let valid = valid_bytes();
        let mut bytes = valid[..keep.min(valid.len())].to_vec();
        bytes.extend(tail);
        check(&bytes);
        check(&with_checksum(bytes));
    }

    #[test]
    fn a_mutated_log(edits in proptest::collection::vec(edit(), 1..6)) {
        let bytes = mutate(&edits);
        check(&bytes);
        check(&with_checksum(bytes));
    }
}

#[test]
fn the_unmutated_log_reads() {
    let log = EventLog::read_from(valid_bytes()).expect("a valid log");
    assert!(log.len() > 100);
}

#[test]
fn a_huge_claimed_event_count_is_not_allocated_up_front() {
    let fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
    let header = LogHeader::new(fen, &SearchConfig::default().ordering, &Limits::depth(1));
    let mut bytes = Vec::new();
    EventLog::new(header)
        .write_to(&mut bytes)
        .expect("Vec write");
    // An empty log ends with: event count (8), PV count (4), KEND (4), count (8), CRC (4).
    let count_at = bytes.len() - 28;
    for claimed in [u64::MAX, 1 << 40, 1 << 28, 1 << 20] {
        let mut lying = bytes[..count_at].to_vec();
        lying.extend_from_slice(&claimed.to_le_bytes());
        lying.extend_from_slice(&[0u8; 64]);
        LARGEST.with(|l| l.set(0));
        let err = EventLog::read_from(lying.as_slice()).expect_err("cut short");
        let largest = LARGEST.with(Cell::get);
        assert!(
            largest <= 1 << 20,
            "a claim of {claimed} events allocated {largest} bytes at once ({err})"
        );
    }
}

#[test]
fn every_bit_flip_behind_a_fixed_checksum_reads_or_fails_cleanly() {
    let valid = valid_bytes();
    let mut accepted = 0;
    for i in 0..valid.len() - 4 {
        for bit in [0, 5] {
            let mut bytes = valid.to_vec();
            bytes[i] ^= 1 << bit;
            let bytes = with_checksum(bytes);
            check(&bytes);
            accepted += usize::from(EventLog::read_from(bytes.as_slice()).is_ok());
        }
    }
    assert!(
        accepted > 100,
        "only {accepted} flips read back: the consumers were hardly exercised"
    );
}
