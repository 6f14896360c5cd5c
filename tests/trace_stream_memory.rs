//! A streamed recording's memory stays bounded whatever its size: 21 million events (336 MB of
//! records) go through a recorder to an output slower than the producer, with no event cap,
//! while a counting allocator tracks the heap. A recorder that buffered without bound (or an
//! unbounded channel to the writer) would hold most of the 336 MB at its peak.

use killerscope_chess::Move;
use killerscope_engine::HeaderSettings;
use killerscope_engine::Limits;
use killerscope_log::{Bound, Event, MoveSource, NodeKind, SearchObserver};
use killerscope_log::{LogHeader, LogOutput, Recorder};
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{self, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Counts the bytes allocated now and the most ever allocated at once.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = NOW.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            grew(new_size - layout.size());
        } else {
            NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// An output that discards what it is given, a millisecond per write: slower than the search.
#[derive(Default)]
struct SlowSink {
    pos: u64,
}

impl Write for SlowSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        std::thread::sleep(Duration::from_millis(1));
        self.pos += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Seek for SlowSink {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        if let SeekFrom::Start(at) = to {
            self.pos = at;
        }
        Ok(self.pos)
    }
}

impl LogOutput for SlowSink {
    fn set_len(&mut self, _len: u64) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn streaming_memory_stays_bounded_whatever_the_recording_size() {
    const NODES: u64 = 7_000_000;
    const BOUND: usize = 64 << 20;
    let header = LogHeader::new(
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        &Default::default(),
        &Limits::depth(1),
    );
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut recorder = Recorder::new(header)
        .stream_to(Box::new(SlowSink::default()))
        .expect("the sink takes the header");
    let mv = Move::from_raw(0x0218);
    for _ in 0..NODES {
        recorder.observe(Event::NodeEnter {
            ply: 1,
            depth: 0,
            kind: NodeKind::Quiescence,
            mv,
            alpha: -5,
            beta: 5,
        });
        recorder.observe(Event::MoveTried {
            mv,
            index: 0,
            source: MoveSource::from_code(1),
        });
        recorder.observe(Event::NodeExit {
            score: 0,
            bound: Bound::Upper,
        });
    }
    let log = recorder.finish().expect("the sink never fails");
    let peak = PEAK.load(Ordering::Relaxed) - before;
    eprintln!(
        "{} events ({} MB of records) streamed with a heap peak of {:.1} MiB",
        log.events,
        log.events * 16 / 1_000_000,
        peak as f64 / f64::from(1 << 20)
    );
    assert_eq!(log.events, 3 * NODES, "no cap: every event is recorded");
    assert!(!log.truncated && log.write_error.is_none());
    assert!(peak < BOUND, "heap peak {peak} bytes, over {BOUND}");
}
