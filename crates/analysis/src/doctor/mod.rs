//! The move-ordering doctor: reads a search once, front to back, and names what is wrong with
//! its engine's ordering — a move tried twice, a capture stored as a killer, one move in two
//! slots, a killer stored without a cutoff, killers read from the wrong row or labelled with the
//! wrong slot, slots out of order, killers after the quiet moves, a legal move never tried, the
//! TT move late or twice — each with a stable code ([`Code`]), a severity, how often it
//! happened out of how many chances, and the first few nodes it happened at.
//!
//! Any engine's log reads: the checks go by the log's own source table (which sources are
//! killers, which slot each is, which are ordinary quiets) and by what its header declares
//! ([`Declared`]): a finding the engine's declared settings explain is not a finding.
//!
//! It is a fold over the event stream ([`NodeWalk`] following positions, plus a frame per open
//! node and a mirror of the killer rows): memory grows with the search's depth, never with the
//! log's length, so a 100-million-event `.kslog` is diagnosed streaming.

mod code;
mod coverage;
mod declared;
mod finding;
mod frame;
mod rows;
mod state;
mod stores;
mod tries;

pub use code::{CODES, Code, CodeInfo, Severity};
pub use declared::{Arrangement, Declared, RowIndex};
pub use finding::{Check, Counter, Diagnosis, Example, Finding, KillerFigures, Unchecked};

use killerscope_chess::Position;
use killerscope_log::LogHeader;
use killerscope_log::{Event, SearchObserver};
use killerscope_trace::NodeWalk;
use killerscope_trace::{FoldControl, FoldError, RecordStream};
use state::{Kind, State};

/// Examples kept per code unless asked otherwise.
pub const DEFAULT_EXAMPLES: usize = 3;

/// The doctor's fold: feed it every event in order, then [`Doctor::finish`].
pub struct Doctor {
    walk: NodeWalk,
    state: State,
}

impl Doctor {
    /// A doctor for a log whose header is `header`.
    pub fn new(header: &LogHeader) -> Doctor {
        let root = Position::from_fen(&header.fen).ok();
        Doctor {
            walk: NodeWalk::with_positions(root.clone()),
            state: State::new(Declared::of(header), header.sources.clone(), root),
        }
    }

    /// Keeps the first `n` nodes of each finding (3 by default).
    pub fn with_examples(mut self, n: usize) -> Doctor {
        self.state.examples = n;
        self
    }

    /// The diagnosis of every event of `record`.
    pub fn run(
        record: RecordStream,
        examples: usize,
        control: &mut FoldControl<'_>,
    ) -> Result<Diagnosis, FoldError> {
        let mut doctor = Doctor::new(record.header()).with_examples(examples);
        record.run(control, &mut |chunk| doctor.feed(chunk))?;
        Ok(doctor.finish())
    }

    /// Folds in the next events.
    pub fn feed(&mut self, chunk: &[Event]) {
        let Doctor { walk, state } = self;
        for event in chunk {
            state.event(event);
            walk.feed(std::slice::from_ref(event), &mut |node, path| {
                state.close(node, path)
            });
        }
    }

    /// After the last event: the nodes still open are closed unfinished, an iteration the log
    /// ends inside of is left out of `move-never-tried`, and the diagnosis.
    pub fn finish(self) -> Diagnosis {
        let Doctor { walk, mut state } = self;
        walk.finish(&mut |node, path| state.close(node, path));
        state.settle_ambiguous();
        if state.iterations == 0 {
            let segment = std::mem::take(&mut state.segment);
            let limit = state.examples;
            state.counters[Code::MoveNeverTried.index()].merge(segment, limit);
        }
        let unchecked = unchecked(&state);
        let skipped = |code: Code| unchecked.iter().any(|u| u.code == code);
        let mut findings = Vec::new();
        let mut checks = Vec::new();
        for (code, counter) in Code::ALL.into_iter().zip(state.counters) {
            if skipped(code) {
                continue;
            }
            checks.push(Check {
                code,
                count: counter.count,
                chances: counter.chances,
            });
            if counter.count > 0 {
                findings.push(Finding {
                    code,
                    count: counter.count,
                    chances: counter.chances,
                    examples: counter.examples,
                });
            }
        }
        Diagnosis {
            findings,
            checks,
            unchecked,
            nodes: state.nodes,
            unfinished: state.unfinished,
            killers: state.killers,
        }
    }
}

/// The doctor run while the search runs, with no log in between.
impl SearchObserver for Doctor {
    fn observe(&mut self, event: Event) {
        self.feed(std::slice::from_ref(&event));
    }
}

/// The checks this log does not allow, each with its reason (the first reason per code).
fn unchecked(state: &State) -> Vec<Unchecked> {
    let d = &state.declared;
    let mut out: Vec<Unchecked> = Vec::new();
    let mut skip = |codes: &[Code], reason: String| {
        for &code in codes {
            if !out.iter().any(|u| u.code == code) {
                out.push(Unchecked {
                    code,
                    reason: reason.clone(),
                });
            }
        }
    };
    if let Some(filter) = &d.filter {
        skip(
            &[Code::RowMismatch, Code::SlotLabel],
            format!(
                "the log records only part of the search (filter `{filter}`): the killer \
                 stores outside it are missing"
            ),
        );
    }
    let coverage_judged = state.counters[Code::MoveNeverTried.index()].chances > 0;
    if let Some(filter) = d.filter.as_ref().filter(|_| !coverage_judged)
        && state.coverage_unjudged > 0
    {
        skip(
            &[Code::MoveNeverTried],
            format!(
                "the log records only part of the search (filter `{filter}`): none of its \
                 {} full-width nodes has the searches below it recorded, so a move it does not \
                 show may have been searched",
                state.coverage_unjudged
            ),
        );
    }
    if d.pruning_unrecorded {
        skip(
            &[Code::MoveNeverTried],
            "the header says moves pruned without a search are in no record \
             (`pruned=unrecorded`): a move a node did not try may have been pruned"
                .into(),
        );
    }
    if !state.tried_any_move() && state.nodes > 0 {
        skip(
            &[Code::MoveNeverTried],
            "the log records no move_tried: which moves its nodes tried is unknown (a trace \
             that records the nodes searched, but not the moves tried nor those pruned)"
                .into(),
        );
    }
    if state.stores == 0 && state.killers.tries > 0 {
        skip(
            &[Code::RowMismatch, Code::SlotLabel],
            "the log records no killer_store: the rows the killers were read from are unknown"
                .into(),
        );
    }
    if let Some(reason) = d.order_unreadable() {
        let codes = [
            Code::SlotOrder,
            Code::KillerAfterQuiet,
            Code::TtMoveNotFirst,
        ];
        skip(&codes, reason.into());
    }
    if d.killers_among_quiets {
        skip(
            &[Code::KillerAfterQuiet],
            "the header's `placement` puts the killers among the quiet moves".into(),
        );
    }
    let kinds = state.kinds.iter();
    if !kinds.clone().any(|k| matches!(k, Kind::Killer(Some(_)))) {
        skip(
            &[Code::SlotLabel, Code::SlotOrder],
            "the header names no killer slot (a source with `killer_slot`)".into(),
        );
    }
    if !kinds.clone().any(|k| *k == Kind::Quiet) {
        skip(
            &[Code::KillerAfterQuiet],
            "no source of the header has the role `history` or `quiet`".into(),
        );
    }
    if state.root.is_none() {
        skip(
            &[Code::MoveNeverTried],
            "the header's FEN does not read: the positions are unknown".into(),
        );
    }
    out.sort_by_key(|u| u.code);
    out
}
