//! Running a fold over every event of a record, front to back, with the two things a long run
//! needs: progress to show and a way to cancel. The workbench's folds (node queries, the
//! ordering report) are fed through here whether the events come from a `.kslog` read a chunk at
//! a time (constant memory, checked as it goes), a trace or a Texel tree log imported into
//! memory, or the events a viewer already holds (mapped or in memory).

use super::jsonl::{ImportOptions, ImportSummary, import_file};
use super::load::{Format, LoadError, format_of};
use super::texel::read_texel_file;
use killerscope_log::Event;
use killerscope_log::EventLog;
use killerscope_log::LogError;
use killerscope_log::LogHeader;
use killerscope_log::LogReader;
use killerscope_log::{EventSource, Events};
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// How far a fold has got, in events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldProgress {
    /// Events folded so far.
    pub done: u64,
    /// Events in the record.
    pub total: u64,
}

/// What a caller gives a long fold: a flag that cancels it (checked between chunks of 64 Ki
/// events, so a cancel takes effect within milliseconds) and a callback told the progress after
/// every chunk. Both optional: `FoldControl::default()` runs to the end silently.
#[derive(Default)]
pub struct FoldControl<'a> {
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut dyn FnMut(FoldProgress)>,
}

impl<'a> FoldControl<'a> {
    /// Cancels the fold once `flag` is set.
    pub fn cancel_on(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Calls `f` after every chunk.
    pub fn on_progress(mut self, f: &'a mut dyn FnMut(FoldProgress)) -> Self {
        self.progress = Some(f);
        self
    }

    /// Reports progress, then says whether to go on.
    pub fn step(&mut self, done: u64, total: u64) -> Result<(), FoldError> {
        if let Some(f) = self.progress.as_mut() {
            f(FoldProgress { done, total });
        }
        match self.cancel {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(FoldError::Cancelled),
            _ => Ok(()),
        }
    }
}

/// Why a fold did not finish.
#[derive(Debug)]
pub enum FoldError {
    /// The caller cancelled it.
    Cancelled,
    /// The record could not be opened or read (a damaged `.kslog` is found as the fold reaches
    /// the damage, or at the end by its checksum).
    Load(LoadError),
}

impl fmt::Display for FoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FoldError::Cancelled => f.write_str("cancelled"),
            FoldError::Load(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FoldError {}

impl From<LogError> for FoldError {
    fn from(e: LogError) -> FoldError {
        FoldError::Load(LoadError::Log(e))
    }
}

/// A record ready to be folded once: a `.kslog` streamed from its file, or events in hand.
pub struct RecordStream {
    header: LogHeader,
    source: Source,
    summary: Option<ImportSummary>,
    truncated: bool,
}

enum Source {
    Kslog(Box<LogReader>),
    Events(Events),
}

impl RecordStream {
    /// Opens the record at `path`, told apart by content: a `.kslog` is read a chunk at a time
    /// as the fold goes (its header and tail now), a JSON Lines trace is imported with
    /// `options` into memory.
    pub fn open(path: &Path, options: ImportOptions) -> Result<RecordStream, LoadError> {
        match format_of(path)? {
            Format::Kslog => {
                let reader = LogReader::open(path).map_err(LoadError::Log)?;
                Ok(RecordStream {
                    header: reader.header().clone(),
                    truncated: reader.is_truncated(),
                    source: Source::Kslog(Box::new(reader)),
                    summary: None,
                })
            }
            Format::Jsonl => {
                let (log, summary) = import_file(path, options).map_err(LoadError::Trace)?;
                Ok(RecordStream::in_memory(log, Some(summary)))
            }
            Format::Texel => {
                let (log, _) = read_texel_file(path).map_err(LoadError::Texel)?;
                Ok(RecordStream::in_memory(log, None))
            }
        }
    }

    /// The same stream, also checking that a `.kslog`'s moves fit its header's position
    /// (`LogReader::fitting`: its FEN and PVs now, each chunk's moves as the fold reads them),
    /// as `read_record` checks a log it maps; a trace is read as `read_record` reads it.
    pub fn fitting(self) -> Result<RecordStream, LoadError> {
        let source = match self.source {
            Source::Kslog(reader) => {
                Source::Kslog(Box::new(reader.fitting().map_err(LoadError::Log)?))
            }
            events => events,
        };
        Ok(RecordStream { source, ..self })
    }

    /// A record imported into memory.
    fn in_memory(log: EventLog, summary: Option<ImportSummary>) -> RecordStream {
        RecordStream {
            header: log.header().clone(),
            truncated: log.is_truncated(),
            source: Source::Events(Events::from(log.into_events())),
            summary,
        }
    }

    /// Events a caller already holds (a viewer's mapped log), under `header`.
    pub fn from_events(header: LogHeader, events: Events, truncated: bool) -> RecordStream {
        RecordStream {
            header,
            source: Source::Events(events),
            summary: None,
            truncated,
        }
    }

    /// What was searched.
    pub fn header(&self) -> &LogHeader {
        &self.header
    }

    /// Whether the record ends mid-search.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// What an import skipped (traces only).
    pub fn import_summary(&self) -> Option<&ImportSummary> {
        self.summary.as_ref()
    }

    /// Number of events.
    pub fn event_count(&self) -> u64 {
        match &self.source {
            Source::Kslog(reader) => reader.len(),
            Source::Events(events) => events.len() as u64,
        }
    }

    /// Feeds every event to `fold`, a chunk at a time, in order, under `control`. A `.kslog`
    /// is checked to its checksum: an error anywhere means the fold's result must not be used.
    pub fn run(
        self,
        control: &mut FoldControl<'_>,
        fold: &mut dyn FnMut(&[Event]),
    ) -> Result<(), FoldError> {
        let total = self.event_count();
        match self.source {
            Source::Kslog(mut reader) => {
                let mut buf = Vec::new();
                let mut done = 0;
                while reader.next_chunk(&mut buf)? {
                    fold(&buf);
                    done += buf.len() as u64;
                    control.step(done, total)?;
                }
                reader.finish()?;
                Ok(())
            }
            Source::Events(events) => fold_events(&events, control, fold),
        }
    }
}

/// Feeds `events` to `fold` a chunk at a time under `control`.
pub fn fold_events<S: EventSource + ?Sized>(
    events: &S,
    control: &mut FoldControl<'_>,
    fold: &mut dyn FnMut(&[Event]),
) -> Result<(), FoldError> {
    const STEP: usize = 1 << 16;
    let total = events.event_count();
    let mut at = 0;
    while at < total {
        let end = (at + STEP).min(total);
        events.for_each_chunk(at..end, &mut |chunk| fold(chunk));
        at = end;
        control.step(at as u64, total as u64)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::Move;
    use killerscope_log::{Bound, NodeKind};

    fn events(n: usize) -> Vec<Event> {
        (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    Event::NodeEnter {
                        ply: 0,
                        depth: 1,
                        kind: NodeKind::Main,
                        mv: Move::NULL,
                        alpha: -1,
                        beta: 1,
                    }
                } else {
                    Event::NodeExit {
                        score: 0,
                        bound: Bound::Exact,
                    }
                }
            })
            .collect()
    }

    #[test]
    fn progress_reaches_the_total_and_a_cancel_stops_the_fold() {
        let all = events(200_000);
        let mut seen = Vec::new();
        let mut record = |p: FoldProgress| seen.push(p);
        let mut folded = 0;
        let mut control = FoldControl::default().on_progress(&mut record);
        fold_events(&all, &mut control, &mut |chunk| folded += chunk.len()).expect("runs");
        assert_eq!(folded, all.len());
        assert_eq!(
            seen.last().map(|p| (p.done, p.total)),
            Some((200_000, 200_000))
        );

        let cancel = AtomicBool::new(true);
        let mut folded = 0;
        let mut control = FoldControl::default().cancel_on(&cancel);
        let stopped = fold_events(&all, &mut control, &mut |chunk| folded += chunk.len());
        assert!(matches!(stopped, Err(FoldError::Cancelled)));
        assert!(
            folded < all.len(),
            "stopped after the first chunk ({folded})"
        );
    }
}
