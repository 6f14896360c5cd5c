//! What the world tells the explorer (`Notice`): the runtime's search worker and trace follower
//! report here, as the keys report through `Action`, and a view's job reports to the view that
//! asked (`View`). `Explorer::notice` takes one in; nothing else writes what a worker found.

use killerscope_chess::{Move, Position};
use killerscope_engine::SearchReport;
use killerscope_log::{LogHeader, SpoolEnd};
use killerscope_trace::jsonl::Batch;

use super::views::ViewNotice;

/// One report of a worker.
#[derive(Debug)]
pub enum Notice {
    /// The search could not start (no temporary file for its events): why.
    SearchFailed(String),
    /// An iteration of the live search finished: its depth, nodes and PV.
    Iteration {
        /// The iteration's depth.
        depth: u8,
        /// Nodes searched so far, quiescence included.
        nodes: u64,
        /// Its principal variation.
        pv: Vec<Move>,
    },
    /// Wall-clock seconds the live search or the followed trace has run.
    Elapsed(f64),
    /// The live search ended: its PVs, whether recording stopped early, and its result. Its
    /// last events may still be indexing; `SearchIndexed` follows when they are.
    SearchEnded(Box<(SpoolEnd, SearchReport)>),
    /// Every event of the ended live search is indexed.
    SearchIndexed,
    /// The explorer starts following the trace so named.
    FollowStarted(String),
    /// The followed trace's header arrived: its log header and root.
    FollowHeader(Box<(LogHeader, Position)>),
    /// Lines of the followed trace, read since the last batch.
    FollowBatch(Batch),
    /// Following ended: the writer closed the trace (`how` = "ended"), the user stopped it
    /// ("stopped following"), or `error` stopped it.
    FollowEnded {
        /// What stopped it, if an error did.
        error: Option<String>,
        /// How it ended, in words.
        how: &'static str,
    },
    /// A view's job got further, ended, or wrote its file.
    View(ViewNotice),
}
