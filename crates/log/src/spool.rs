//! A live search's events on disk instead of in memory, so the explorer's live view has no
//! event cap: the recorder hands full buffers of 16-byte records to a writer thread (as when
//! streaming a `.kslog`, `stream.rs`), which appends them to a temporary file and publishes
//! how many it has written; the explorer maps that file once and reads the published records.
//!
//! The spool is a bare run of records (no header, no trailer: the explorer keeps those), in a
//! file removed from its directory as soon as it is open, so nothing is left behind however the
//! program ends. Records are published only after the write that holds them returned, and the
//! file only grows, so every published record lies inside it. A failed write (a full disk)
//! stops the recording, marked truncated; the search goes on.
//!
//! The recorder's side (`Recorder::spool_to`, `finish`) is in `stream.rs`, beside the `.kslog`
//! stream's, which hands its buffers over the same way (`Handoff`).

use super::events::Events;
use super::mapped::map;
use super::stream::{Handoff, Intake};
use super::stream_file::Record;
use crate::EVENT_BYTES;
use killerscope_chess::Move;
use memmap2::Mmap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread::{self, JoinHandle};
/// Map sizes tried, largest first: 64 GiB holds the most events a tree can index (`u32`
/// event numbers); a smaller one serves where address space is limited, and caps the search.
const MAP_BYTES: [u64; 3] = [1 << 36, 1 << 32, 1 << 28];

/// A spool file and its map: what the explorer reads a live search from.
#[derive(Debug)]
pub struct Spool {
    file: File,
    map: Arc<Mmap>,
    published: Arc<AtomicU64>,
    /// The file's name while it still has one (platforms that cannot remove an open file).
    path: Option<PathBuf>,
}

impl Spool {
    /// Creates an empty spool in the system's temporary directory.
    pub fn create() -> io::Result<Spool> {
        static SERIAL: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir();
        let name = format!(
            "killerscope-live-{}-{}.spool",
            std::process::id(),
            SERIAL.fetch_add(1, Ordering::Relaxed)
        );
        let path = dir.join(name);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        let path = if cfg!(unix) {
            std::fs::remove_file(&path)?;
            None
        } else {
            Some(path)
        };
        let mut last = None;
        for bytes in MAP_BYTES {
            match usize::try_from(bytes).map(|len| map(&file, Some(len))) {
                Ok(Ok(map)) => {
                    return Ok(Spool {
                        file,
                        map: Arc::new(map),
                        published: Arc::new(AtomicU64::new(0)),
                        path,
                    });
                }
                Ok(Err(e)) => last = Some(e),
                Err(_) => {}
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("cannot map the spool")))
    }

    /// The events published so far (a view that later calls lengthen).
    pub fn events(&self) -> Events {
        let published = self.published.load(Ordering::Acquire);
        let len = usize::try_from(published).unwrap_or(usize::MAX);
        Events::mapped(Arc::clone(&self.map), 0, len.min(self.capacity()))
    }

    /// The most events the map holds: the recording stops there.
    pub fn capacity(&self) -> usize {
        (self.map.len() / EVENT_BYTES).min(u32::MAX as usize)
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The store of a spooled recording: a writer thread and the handoff to it.
#[derive(Debug)]
pub struct Spooling {
    handoff: Handoff,
    /// Ends with the write error that stopped it, if any, and the iteration events written.
    writer: Option<JoinHandle<(Option<io::Error>, usize)>>,
}

super::stream::handoff_store!(Spooling, u32::MAX as u64);

/// What a spooled recording left: the PVs of the iterations written and the truncation mark
/// (the events are in the spool), and the write error that stopped it early, if one did.
#[derive(Debug)]
pub struct SpoolEnd {
    /// The PV of every recorded iteration, in order.
    pub pvs: Vec<Vec<Move>>,
    /// Whether the recording stopped early (the spool's capacity or a write error).
    pub truncated: bool,
    /// The write error, if one stopped the recording.
    pub write_error: Option<io::Error>,
}

impl Spooling {
    /// Starts the thread that appends the buffers `handoff` brings to `spool`'s file.
    pub(super) fn start(
        spool: &Spool,
        (handoff, intake): (Handoff, Intake),
    ) -> io::Result<Spooling> {
        let mut file = spool.file.try_clone()?;
        let published = Arc::clone(&spool.published);
        let writer = thread::Builder::new()
            .name("spool writer".into())
            .spawn(move || {
                let iteration = crate::EventKind::Iteration as u8;
                let mut iterations = 0;
                for mut batch in intake.queue {
                    if let Err(e) = file.write_all(batch.as_flattened()) {
                        return (Some(e), iterations);
                    }
                    published.fetch_add(batch.len() as u64, Ordering::Release);
                    iterations += batch.iter().filter(|r| r[0] == iteration).count();
                    batch.clear();
                    let _ = intake.spare.send(batch);
                }
                (None, iterations)
            })?;
        Ok(Spooling {
            handoff,
            writer: Some(writer),
        })
    }

    /// Hands the writer the last events `rest`, waits until they are written (or failed) and
    /// says what the recording left, given its PVs and truncation mark.
    pub(super) fn end(
        &mut self,
        rest: Vec<Record>,
        mut pvs: Vec<Vec<Move>>,
        truncated: bool,
    ) -> SpoolEnd {
        self.handoff.close(rest);
        let (write_error, iterations) = match self.writer.take().map(JoinHandle::join) {
            Some(Ok(end)) => end,
            Some(Err(_)) => (Some(io::Error::other("the spool writer panicked")), 0),
            None => (None, 0),
        };
        // A batch lost to a write error may have held iterations whose PVs were kept.
        pvs.truncate(iterations);
        SpoolEnd {
            pvs,
            truncated: truncated || write_error.is_some(),
            write_error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LogHeader;
    use crate::recorder::Recorder;
    use killerscope_chess::Position;

    fn search_into(recorder: &mut Recorder<Spooling>, depth: u8) {
        crate::sample::search(recorder, depth);
    }

    fn header(depth: u8) -> LogHeader {
        LogHeader {
            fen: Position::startpos().to_fen(),
            limits: crate::owned_settings([("depth", depth.to_string())]),
            ..LogHeader::default()
        }
    }

    #[test]
    fn a_spooled_search_publishes_every_event_and_its_pvs() {
        let spool = Spool::create().expect("a temporary file");
        let mut recorder = Recorder::new(header(4)).spool_to(&spool).expect("spools");
        search_into(&mut recorder, 4);
        let end = recorder.finish();
        assert!(end.write_error.is_none() && !end.truncated);
        let mut memory = Recorder::new(header(4));
        crate::sample::search(&mut memory, 4);
        let memory = memory.into_log();
        assert!(spool.events().iter().eq(memory.events().iter().copied()));
        assert_eq!(end.pvs, memory.pvs());
    }

    #[test]
    fn a_failed_write_stops_the_recording_and_publishes_nothing_unwritten() {
        let mut spool = Spool::create().expect("a temporary file");
        let path = std::env::temp_dir().join(format!("ks-spool-ro-{}", std::process::id()));
        std::fs::write(&path, b"").expect("writes");
        spool.file = File::open(&path).expect("opens read-only");
        let mut recorder = Recorder::new(header(3)).spool_to(&spool).expect("spools");
        search_into(&mut recorder, 3);
        let end = recorder.finish();
        let _ = std::fs::remove_file(&path);
        assert!(
            end.write_error.is_some(),
            "writing to a read-only file fails"
        );
        assert!(end.truncated);
        assert!(end.pvs.is_empty(), "no iteration event was written");
        assert!(spool.events().is_empty());
    }
}
