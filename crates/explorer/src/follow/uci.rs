//! Following a UCI engine (`tui --uci`): the engine is started here, on the explorer's
//! thread (so the follower owns its process from the first moment), and a thread introduces
//! the search to it and imports the trace its output makes, a batch per line that completed
//! trace lines, as `uci-trace` would write it. Whatever stops the search — the engine's
//! `bestmove`, an error, the user — the thread ends with [`Followed::Ended`] and the
//! follower's drop kills and reaps the engine.

use std::sync::mpsc::Sender;
use std::thread;

use killerscope_trace::jsonl::ImportOptions;
use killerscope_trace::{
    uci_engine, uci_engine::EngineProcess, uci_engine::TraceFeed, uci_engine::UciRun,
    uci_engine::UciSearch,
};

use super::Followed;

/// Starts the engine and the thread that follows its search; the engine's process, or `None`
/// if it could not be started (then the only thing sent is why).
pub(super) fn spawn(
    search: UciSearch,
    options: ImportOptions,
    tx: Sender<Followed>,
) -> Option<EngineProcess> {
    let mut feed = TraceFeed::new(options);
    let (process, io) = match uci_engine::start(&search.command, None) {
        Ok(started) => started,
        Err(why) => {
            let _ = tx.send(ended(&feed, Some(why)));
            return None;
        }
    };
    thread::spawn(move || {
        let error = follow(io, &search, &mut feed, &tx).err();
        // The lines imported before an error stay, as a followed file's do.
        let rest = feed.importer.take_batch();
        if !rest.events.is_empty() {
            let _ = tx.send(Followed::Batch(rest));
        }
        let _ = tx.send(ended(&feed, error));
    });
    Some(process)
}

fn ended(feed: &TraceFeed, error: Option<String>) -> Followed {
    let summary = feed.importer.summary().clone();
    Followed::Ended(Box::new((summary, feed.importer.open_nodes(), error)))
}

/// Runs the search, handing the explorer the header and then each engine line's events as they
/// are imported; ends at `bestmove`, or with what went wrong. Stops early (without error) when
/// the explorer no longer listens.
fn follow(
    io: uci_engine::EngineIo,
    search: &UciSearch,
    feed: &mut TraceFeed,
    tx: &Sender<Followed>,
) -> Result<(), String> {
    let (mut engine, header) = UciRun::go(io, search)?;
    feed.line(&header)
        .map_err(|e| format!("the trace's header does not read: {e}"))?;
    if let Some((header, root)) = feed.header() {
        let start = Followed::Header(Box::new((header.clone(), root.clone())));
        if tx.send(start).is_err() {
            return Ok(());
        }
    }
    while let Some(line) = engine.next_line()? {
        if line.traced.is_empty() {
            continue;
        }
        for traced in &line.traced {
            feed.line(traced).map_err(|e| line.blame(&e))?;
        }
        if tx
            .send(Followed::Batch(feed.importer.take_batch()))
            .is_err()
        {
            return Ok(());
        }
    }
    match engine.stopped() {
        Some(silence) => Err(format!(
            "the engine printed nothing for {} s and was told to stop",
            silence.as_secs()
        )),
        None => Ok(()),
    }
}
