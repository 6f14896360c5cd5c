//! What the world tells the explorer (`Notice`): the runtime's workers — the search, the
//! followed trace, the comparison, the audit, the best reply, the ladder, the diff's ranking, the query, the lesson check — report
//! here, as the keys report through `Action`. `Explorer::notice` takes one in; nothing else
//! writes what a worker found.

use killerscope_chess::{Move, Position};
use killerscope_engine::SearchReport;
use killerscope_log::{LogHeader, SpoolEnd};
use killerscope_trace::jsonl::Batch;

use super::audit::{AuditKey, Judged};
use super::compare::Compared;
use super::diff::Ranking;
use super::ladder::LadderKey;
use killerscope_engine::ladder::Ladder;

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
    /// The comparison's searches.
    Compared(Vec<Compared>),
    /// The comparison worker ended (finished, stopped, or gave up).
    ComparisonEnded,
    /// The audit of a node ended with these verdicts.
    Audited(AuditKey, Vec<Judged>),
    /// The audit stopped before it ended (a new search, the user left).
    AuditStopped,
    /// The full-window search of a cut node (`E`) found this best reply.
    BestFound(AuditKey, killerscope_engine::BestReply),
    /// That search stopped before it ended.
    BestStopped,
    /// The ordering ladder has started this many rungs.
    LadderClimbing(usize),
    /// The ordering ladder of this position and depth, every rung climbed.
    LadderClimbed(Box<(LadderKey, Ladder)>),
    /// The ladder stopped before its last rung.
    LadderStopped,
    /// How far ranking the diff's divergences has got, or its result.
    DiffRanking(Ranking),
    /// How far the query running on the runtime's thread has got.
    Querying(killerscope_trace::FoldProgress),
    /// The query on the runtime's thread ended: its matches, or why not ("cancelled").
    Queried(Result<killerscope_analysis::QueryResult, String>),
    /// The lesson the runtime checked does not hold: why; `leave` for an explorer opened for
    /// that lesson alone, which ends with it as its error.
    LessonRefused {
        /// Why it does not hold.
        why: String,
        /// Whether the explorer leaves.
        leave: bool,
    },
    /// A lesson's results were written to the file so named, or could not be (`error`).
    ResultsSaved {
        /// The file, as the user named it.
        path: String,
        /// Why it could not be written.
        error: Option<String>,
    },
}
