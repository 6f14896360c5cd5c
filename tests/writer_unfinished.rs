//! A log its writer never finished (flag bit 1, *unfinished*): the readers take its whole
//! records up to the count the writer stored (0: up to the end of the file), check each, and
//! show it truncated without PVs; and a streamed recording leaves, at every moment of its
//! writing, a file that reads as a prefix of the finished log — but for the two writes between
//! its first batch and marking the file unfinished, where it is refused — never a misread.

use crate::tiny_engine;

use killerscope_chess::Position;
use killerscope_log::{EventLog, LogOutput, LogReader, LogWriter, Recorder, open_mapped};
use std::io::{self, Cursor, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tiny_engine::{header, search::Engine};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("writer_unfinished");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir.join(name)
}

/// The example engine's search of Kiwipete to `depth`, recorded in memory.
fn search(depth: i32) -> EventLog {
    let pos = Position::from_fen(KIWIPETE).expect("a FEN");
    let log = LogWriter::in_memory(header(KIWIPETE, depth));
    let mut engine = Engine::new(pos, Some(log));
    engine.iterate(depth, &mut |_| {});
    engine.trace.take().expect("traced").into_log()
}

fn encode(log: &EventLog) -> Vec<u8> {
    let mut bytes = Vec::new();
    log.write_to(&mut bytes).expect("writes to memory");
    bytes
}

/// Where the events of `log`'s encoding start: after its header and event count.
fn events_at(log: &EventLog) -> usize {
    let empty = EventLog::from_parts(log.header().clone(), vec![], vec![], true);
    encode(&empty).len() - 20 // PV count, trailer marker, count again, checksum
}

/// `log`'s first `records` events as an unfinished file storing `count`, then `extra` bytes
/// of a record cut short.
fn unfinished(log: &EventLog, records: usize, count: u64, extra: usize) -> Vec<u8> {
    let full = encode(log);
    let at = events_at(log);
    let mut bytes = full[..at + 16 * records + extra].to_vec();
    bytes[10..12].copy_from_slice(&3u16.to_le_bytes());
    bytes[at - 8..at].copy_from_slice(&count.to_le_bytes());
    bytes
}

/// `bytes` read by every reader — from memory, from a file, chunk by chunk and mapped, each
/// checking that the moves fit — which must agree; `Err` when the first refuses it.
fn read_all_ways(bytes: &[u8], name: &str) -> Result<EventLog, String> {
    let streamed = EventLog::read_from(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    let path = scratch(name);
    std::fs::write(&path, bytes).expect("writes");
    let file = EventLog::read_file(&path).expect("the file reads as the stream does");
    let mut reader = LogReader::open(&path)
        .and_then(LogReader::fitting)
        .expect("the chunked reader opens it");
    let (mut chunked, mut buf) = (Vec::new(), Vec::new());
    while reader.next_chunk(&mut buf).expect("its events check") {
        chunked.extend_from_slice(&buf);
    }
    assert_eq!(reader.is_unfinished(), streamed.is_unfinished());
    reader.finish().expect("checked to the end");
    let (mapped, unchecked) = open_mapped(&path).expect("maps");
    let unchecked = unchecked.fitting(&mapped).expect("its PVs fit");
    let check = unchecked.check(mapped.events(), &mut |_| ControlFlow::Continue(()));
    check.expect("the mapped events check");
    assert!(file.events() == streamed.events() && chunked == streamed.events());
    assert_eq!(mapped.len(), streamed.len());
    assert_eq!(mapped.is_unfinished(), streamed.is_unfinished());
    Ok(streamed)
}

#[test]
fn an_unfinished_log_reads_its_whole_records_up_to_the_stored_count() {
    let log = search(3);
    let n = 1000;
    assert!(log.len() > n + 100);
    for (count, extra, expected) in [(0, 0, n), (0, 9, n), (7, 0, 7), (n as u64 + 50, 5, n)] {
        let bytes = unfinished(&log, n, count, extra);
        let read = read_all_ways(&bytes, "crafted.kslog").expect("reads");
        assert!(read.is_unfinished() && read.is_truncated(), "count {count}");
        assert!(read.pvs().is_empty());
        assert_eq!(read.events(), &log.events()[..expected], "count {count}");
    }
    // Its records are checked as any log's: a damaged one is refused with its offset.
    let mut bytes = unfinished(&log, n, 0, 0);
    bytes[events_at(&log) + 16 * 500] = 0xff;
    let refused = refusal(&bytes);
    assert!(
        refused.contains("event #500: unknown event tag"),
        "{refused}"
    );
    // Flags this build does not know are still refused.
    let mut bytes = unfinished(&log, n, 0, 0);
    bytes[10] = 7;
    let refused = refusal(&bytes);
    assert!(refused.contains("unknown header flags"), "{refused}");
}

/// Why reading `bytes` fails (the test fails if it does not).
fn refusal(bytes: &[u8]) -> String {
    match EventLog::read_from(Cursor::new(bytes)) {
        Ok(log) => panic!("read as a log of {} events", log.len()),
        Err(e) => e.to_string(),
    }
}

/// The file's bytes, the write position, and the bytes after each write so far.
type Frames = (Vec<u8>, u64, Vec<Vec<u8>>);

/// An output that keeps every state it passed through: the bytes after each write and cut.
#[derive(Clone, Default)]
struct Film {
    state: Arc<Mutex<Frames>>,
}

impl Write for Film {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut guard = self.state.lock().expect("not poisoned");
        let (bytes, pos, frames) = &mut *guard;
        let at = usize::try_from(*pos).expect("small");
        if bytes.len() < at + buf.len() {
            bytes.resize(at + buf.len(), 0);
        }
        bytes[at..at + buf.len()].copy_from_slice(buf);
        *pos += buf.len() as u64;
        frames.push(bytes.clone());
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Seek for Film {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let mut guard = self.state.lock().expect("not poisoned");
        let SeekFrom::Start(at) = to else {
            return Err(io::Error::other("the writer seeks from the start only"));
        };
        guard.1 = at;
        Ok(at)
    }
}

impl LogOutput for Film {
    fn set_len(&mut self, len: u64) -> io::Result<()> {
        let mut guard = self.state.lock().expect("not poisoned");
        let (bytes, _, frames) = &mut *guard;
        bytes.resize(usize::try_from(len).expect("small"), 0);
        frames.push(bytes.clone());
        Ok(())
    }
}

#[test]
fn a_streamed_log_reads_at_every_moment_of_its_writing() {
    let log = search(3);
    let film = Film::default();
    let mut recorder = Recorder::new(log.header().clone())
        .stream_to(Box::new(film.clone()))
        .expect("streams")
        .with_batch(2000);
    log.replay_into(&mut recorder);
    let done = recorder.finish().expect("finishes");
    assert_eq!(done.events, log.len() as u64);
    let frames = std::mem::take(&mut film.state.lock().expect("not poisoned").2);
    assert!(frames.len() > log.len() / 2000, "{} frames", frames.len());
    let (mut refused, mut unfinished) = (Vec::new(), 0);
    for (k, frame) in frames.iter().enumerate() {
        match read_all_ways(frame, "frame.kslog") {
            Ok(read) => {
                let n = read.len();
                assert_eq!(read.events(), &log.events()[..n], "frame {k}: a prefix");
                unfinished += usize::from(read.is_unfinished());
                if !read.is_unfinished() {
                    // Only the empty log it starts as, and the finished one, are finished.
                    assert!(
                        n == 0 || (k == frames.len() - 1 && read == log),
                        "frame {k}"
                    );
                }
            }
            Err(_) => refused.push(k),
        }
    }
    assert_eq!(frames.last(), Some(&encode(&log)));
    assert!(
        unfinished >= log.len() / 2000,
        "{unfinished} unfinished frames"
    );
    // After the empty log (frame 0): the first batch written over its tail, then its count,
    // before the flag that makes it an unfinished log.
    assert_eq!(refused, [1, 2], "refused frames");
}
