//! Outputs for streamed recordings that tests can look into and make fail: an in-memory disk
//! with a capacity (a full disk: writes past it fail, as `write(2)` does with `ENOSPC` or
//! `EFBIG`) or that breaks for good after some bytes (a dead device: every later write fails).
//! It notes each request to set space aside and each cut, and answers the requests as told.
#![allow(dead_code)] // each test binary uses a different subset of these helpers

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, Searcher, SelectiveConfig};
use killerscope_log::{EventLog, LogHeader, LogOutput, Recorder, StreamedLog};
use proptest::prelude::*;
use std::io::{self, Seek, SeekFrom, Write};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// How the disk fails.
#[derive(Clone, Copy, Debug)]
pub enum Failure {
    /// Never.
    Never,
    /// Holds at most this many bytes: a write past them fails (overwrites below still work).
    Full(u64),
    /// After this many bytes written in all, every write fails, wherever it goes.
    Broken(u64),
}

/// How the disk answers requests to set space aside (`LogOutput::reserve`).
#[derive(Clone, Copy, Debug)]
pub enum Reserving {
    /// It cannot (`Unsupported`), as an output that does not implement `reserve`.
    Unsupported,
    /// It sets the space aside.
    Accept,
    /// It fails with this error (`StorageFull`: a full disk).
    Fail(io::ErrorKind),
}

#[derive(Debug, Default)]
struct State {
    bytes: Vec<u8>,
    pos: u64,
    written: u64,
    /// Every request to set space aside, as (from, len), whatever the answer.
    reservations: Vec<(u64, u64)>,
    /// Every length the output was cut to, in order.
    cuts: Vec<u64>,
}

/// A seekable in-memory output; clones share the bytes, so a test keeps one to look at what
/// the recorder's writer thread wrote.
#[derive(Clone, Debug)]
pub struct Disk {
    state: Arc<Mutex<State>>,
    failure: Failure,
    reserving: Reserving,
}

impl Disk {
    /// An empty disk that fails as `failure` says.
    pub fn new(failure: Failure) -> Disk {
        Disk {
            state: Arc::default(),
            failure,
            reserving: Reserving::Unsupported,
        }
    }

    /// The disk, answering requests to set space aside as `reserving` says.
    pub fn reserving(self, reserving: Reserving) -> Disk {
        Disk { reserving, ..self }
    }

    /// The requests to set space aside so far, as (from, len).
    pub fn reservations(&self) -> Vec<(u64, u64)> {
        self.state
            .lock()
            .expect("not poisoned")
            .reservations
            .clone()
    }

    /// The lengths the output was cut to so far.
    pub fn cuts(&self) -> Vec<u64> {
        self.state.lock().expect("not poisoned").cuts.clone()
    }

    /// What the disk holds.
    pub fn bytes(&self) -> Vec<u8> {
        self.state.lock().expect("not poisoned").bytes.clone()
    }

    /// A boxed clone, for `Recorder::stream_to`.
    pub fn output(&self) -> Box<dyn LogOutput> {
        Box::new(self.clone())
    }
}

impl Write for Disk {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut s = self.state.lock().expect("not poisoned");
        let room = match self.failure {
            Failure::Never => buf.len() as u64,
            Failure::Full(capacity) => capacity.saturating_sub(s.pos),
            Failure::Broken(after) => after.saturating_sub(s.written),
        };
        if room == 0 && !buf.is_empty() {
            return Err(match self.failure {
                Failure::Broken(_) => io::Error::other("injected I/O error"),
                _ => io::Error::new(io::ErrorKind::StorageFull, "injected: disk full"),
            });
        }
        let n = buf.len().min(usize::try_from(room).unwrap_or(usize::MAX));
        let at = usize::try_from(s.pos).expect("small test files");
        if s.bytes.len() < at + n {
            s.bytes.resize(at + n, 0);
        }
        s.bytes[at..at + n].copy_from_slice(&buf[..n]);
        s.pos += n as u64;
        s.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Seek for Disk {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let mut s = self.state.lock().expect("not poisoned");
        s.pos = match to {
            SeekFrom::Start(at) => at,
            SeekFrom::End(by) => s.bytes.len() as u64 + by as u64,
            SeekFrom::Current(by) => s.pos + by as u64,
        };
        Ok(s.pos)
    }
}

impl LogOutput for Disk {
    fn set_len(&mut self, len: u64) -> io::Result<()> {
        let mut s = self.state.lock().expect("not poisoned");
        s.bytes
            .resize(usize::try_from(len).expect("small test files"), 0);
        s.cuts.push(len);
        Ok(())
    }

    fn reserve(&mut self, from: u64, len: u64) -> io::Result<()> {
        let mut s = self.state.lock().expect("not poisoned");
        s.reservations.push((from, len));
        match self.reserving {
            Reserving::Unsupported => Err(io::ErrorKind::Unsupported.into()),
            Reserving::Accept => Ok(()),
            Reserving::Fail(kind) => Err(io::Error::new(kind, "injected: cannot set aside")),
        }
    }
}

/// One search to record: where, how deep, with which switches.
#[derive(Clone, Debug)]
pub struct Case {
    pub root: Position,
    pub depth: u8,
    pub ordering: OrderingConfig,
    pub selective: SelectiveConfig,
}

impl Case {
    /// The header the recorders of this case write.
    pub fn header(&self) -> LogHeader {
        LogHeader::new(
            self.root.to_fen(),
            &self.ordering,
            &Limits::depth(self.depth),
        )
        .with_selective(&self.selective)
    }

    /// Runs the search (a fresh searcher each time, so runs are identical) with `observer`.
    pub fn search(&self, observer: &mut impl killerscope_log::SearchObserver) {
        let config = SearchConfig {
            ordering: self.ordering,
            selective: self.selective,
            hash_mib: 1,
            ..SearchConfig::default()
        };
        let limits = Limits::depth(self.depth);
        let stop = AtomicBool::new(false);
        Searcher::new(config).search(&self.root, &[], &limits, &stop, observer, &mut |_| {});
    }

    /// The search recorded in memory (up to `cap` events).
    pub fn in_memory(&self, cap: usize) -> EventLog {
        let mut recorder = Recorder::new(self.header()).with_cap(cap);
        self.search(&mut recorder);
        recorder.into_log()
    }

    /// The search streamed to `disk` in batches of `batch` events (up to `cap` events).
    pub fn streamed(&self, disk: &Disk, batch: usize, cap: usize) -> io::Result<StreamedLog> {
        let mut recorder = Recorder::new(self.header())
            .with_cap(cap)
            .stream_to(disk.output())?
            .with_batch(batch);
        self.search(&mut recorder);
        recorder
            .finish()
            .map_err(|e| io::Error::other(e.to_string()))
    }
}

/// The `.kslog` bytes of `log`, written in memory.
pub fn encode(log: &EventLog) -> Vec<u8> {
    let mut bytes = Vec::new();
    log.write_to(&mut bytes).expect("writing to memory");
    bytes
}

/// Ordering and selective settings as the command line spells them, one value per key.
pub fn switches() -> impl Strategy<Value = (String, String)> {
    let on_off = || prop_oneof![Just("on"), Just("off")];
    (
        0..=4u8,
        prop_oneof![Just("off"), Just("plain"), Just("relative")],
        (on_off(), on_off(), on_off(), on_off(), on_off()),
        prop_oneof![Just("after"), Just("between"), Just("before")],
        prop_oneof![Just("ply"), Just("depth")],
        (on_off(), on_off(), on_off(), on_off(), on_off()),
    )
        .prop_map(
            |(killers, history, (tt, mvvlva, grand, mate, counter), placement, index, sel)| {
                let (aspiration, nmp, lmr, futility, mdp) = sel;
                (
                    format!(
                        "killers={killers},history={history},tt={tt},mvvlva={mvvlva},\
                         grandparent={grand},matekillers={mate},countermove={counter},\
                         placement={placement},killerindex={index}"
                    ),
                    format!(
                        "aspiration={aspiration},nmp={nmp},lmr={lmr},futility={futility},\
                         mdp={mdp}"
                    ),
                )
            },
        )
}
