//! A session that is still growing — a search running in the explorer's worker or a trace
//! another engine is writing — and what the status line says as it grows and ends. The
//! router hands each report of the runtime to one of these and shows what it returns.

use killerscope_engine::HeaderSettings;
use killerscope_engine::SearchReport;
use killerscope_trace::jsonl::Batch;

use super::Session;
use crate::status::Message;
use killerscope_engine::fmt::grouped;

/// Whether the search on screen is still growing, and what it has said so far.
#[derive(Clone, Debug, Default)]
pub struct RunState {
    /// A worker is searching for this session.
    pub searching: bool,
    /// The live search has ended but its events are still being indexed: what needs the whole
    /// tree (a lesson step's node) waits until they are.
    pub indexing_live: bool,
    /// The name of the trace another engine is writing, while the explorer follows it.
    pub following: Option<String>,
    /// Depth and nodes of the last iteration report, for the gauge and nps.
    pub progress: Option<(u8, u64)>,
    /// The final result, once the search has finished.
    pub report: Option<SearchReport>,
    /// Wall-clock seconds the search has run.
    pub elapsed: f64,
}

impl RunState {
    /// Whether the log is still growing: a search running or a trace being followed.
    pub fn is_live(&self) -> bool {
        self.searching || self.following.is_some()
    }
}

/// The search ended with `report`, its best move written `best`: the run keeps the report,
/// and the status line gives the result (with the reason if recording stopped early).
pub fn search_ended(
    session: &mut Session,
    report: SearchReport,
    best: &str,
    write_error: Option<String>,
) -> Message {
    let how = match session.header().selective_config() {
        Some(config) if config.any() => {
            format!(" ({} search)", config.label())
        }
        _ => String::new(),
    };
    let done = format!(
        "search done: depth {}, best {best}, {} nodes{how}",
        report.depth, report.nodes
    );
    let run = session.run_mut();
    run.searching = false;
    run.elapsed = report.elapsed.as_secs_f64();
    run.report = Some(report);
    match write_error {
        Some(e) => Message::error(format!("{done}; recording stopped early: {e}")),
        None => Message::info(done),
    }
}

/// Lines of the followed trace, read since the last batch, go into the session; the status
/// line counts what has arrived.
pub fn follow_batch(session: &mut Session, batch: Batch) -> Option<String> {
    if let Some(sources) = batch.sources {
        session.set_sources(sources);
    }
    session.extend(&batch.events);
    for pv in batch.pvs {
        session.push_pv(pv);
    }
    let name = session.run().following.as_ref()?;
    Some(format!(
        "following {name}: {} events, {} nodes (s stops)",
        session.log().len(),
        session.tree().len()
    ))
}

/// Following ended: the trace's writer closed it (`how` = "ended"), the user stopped it
/// ("stopped following"), or `error` stopped it. Nodes left open mark the log cut short.
pub fn follow_ended(session: &mut Session, error: Option<String>, how: &str) -> Message {
    let name = session.run_mut().following.take().unwrap_or_default();
    let open = session.close_open_nodes();
    let events = session.log().len();
    let done = if how == "ended" {
        format!("{name} ended: {events} events, {open} open nodes left unfinished")
    } else {
        format!("{how} {name}: {events} events, {open} open nodes left unfinished")
    };
    match error {
        Some(e) => Message::error(format!("{done}; {e}")),
        None => Message::info(done),
    }
}

/// The background indexing of a mapped log ended (or failed): what the status line says.
pub fn poll_index(session: &mut Session) -> Option<Message> {
    Some(match session.poll_index()? {
        Ok(()) => Message::info(format!(
            "indexed {} events, {} nodes: [ ] {{ }} K p to step through them",
            grouped(session.log().len() as u64),
            grouped(session.tree().len() as u64)
        )),
        Err(message) => Message::error(format!("the log cannot be shown: {message}")),
    })
}
