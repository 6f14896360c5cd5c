//! What an import hands back: `ImportSummary`, the counts of what it read, skipped and could
//! not place, and `Batch`, the events a live reader takes between frames. Plain data, apart
//! from the `Importer` in `import.rs` that fills it.

use killerscope_chess::Move;
use killerscope_log::{Event, SourceTable};

/// What an import read, skipped and could not place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Lines read, the header and blank lines included.
    pub lines: u64,
    /// Events imported.
    pub events: u64,
    /// Nodes entered (the tree's size, without building it).
    pub nodes: u64,
    /// Bad lines skipped (lenient mode), and the lines of subtrees skipped with them.
    pub skipped: u64,
    /// Lines of event kinds this schema does not have (skipped: newer writers add kinds).
    pub unknown_kinds: u64,
    /// Keys this schema does not have, or the line's kind does not use (skipped).
    pub unknown_keys: u64,
    /// The first unknown key or event kind: where it is and what it may have meant.
    pub first_unknown: Option<String>,
    /// Source labels events used that the header did not declare.
    pub undeclared_sources: u64,
    /// Nodes still open when the trace ended (it ended mid-search; they stay unfinished).
    pub open_at_end: u64,
    /// The first skipped line's error, to show.
    pub first_skipped: Option<String>,
    /// Integer scores cut to fit killerscope's range (±32001 is infinite, 31000–32000 the
    /// mate band): beyond infinity without a declared `"mate"`, or an evaluation reaching the
    /// mate band with one.
    pub scores_cut: u64,
    /// Where the first such score is (`line L, column C`).
    pub first_cut: Option<String>,
    /// The line of a second header: another search starts there. A trace holds one search,
    /// so the import stops at it (the lines from there on are counted in `lines_not_read`).
    pub next_search: Option<u64>,
    /// Lines from the second header on, read past without being imported.
    pub lines_not_read: u64,
}

/// What a live reader hands on between frames: the events and PVs read since the last batch,
/// and the source table when an undeclared label added a row to it.
#[derive(Debug, Default)]
pub struct Batch {
    /// New events.
    pub events: Vec<Event>,
    /// PVs of the new iteration events, in order.
    pub pvs: Vec<Vec<Move>>,
    /// The whole source table, when it grew.
    pub sources: Option<SourceTable>,
}
