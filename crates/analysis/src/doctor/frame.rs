//! An open node as the doctor follows it: what it tried, in order and from which source, what
//! it read from the killer table when it began to try moves, what it stored and how it ended —
//! and the issues found in it so far, written out in words (SAN from the node's position) only
//! when the node closes and is kept as an example.

use crate::doctor::code::Code;
use crate::doctor::rows::Reading;
use killerscope_chess::Notation;
use killerscope_chess::{Move, Position};
use killerscope_log::SourceTable;
use killerscope_log::{MoveSource, NodeKind};
use killerscope_trace::line::Step;

/// What an issue was, with the moves and labels to write it out.
#[derive(Clone, Copy, Debug)]
pub(super) enum Detail {
    /// `mv` tried as the `first`-th and again as the `again`-th try (1-based).
    Twice {
        mv: Move,
        first: usize,
        again: usize,
    },
    /// The TT move `mv` tried as the `at`-th move (1-based).
    TtLate { mv: Move, at: usize },
    /// Slot `later` (0-based, by `late`) tried before slot `earlier` (by `early`).
    SlotOrder {
        late: (Move, MoveSource),
        early: (Move, MoveSource),
    },
    /// Killer `killer` tried after the ordinary quiet move `quiet`.
    AfterQuiet {
        killer: (Move, MoveSource),
        quiet: (Move, MoveSource),
    },
    /// Killer `mv` labelled `source`, but the node's row holds it elsewhere; `also`: another
    /// row that holds it in the labelled slot.
    Label {
        mv: Move,
        source: MoveSource,
        row: u8,
        reading: Reading,
        also: Option<u8>,
    },
    /// Killer `mv` (labelled `source`) is not in the node's row `row`; `found`: the row that
    /// holds it.
    ReadElsewhere {
        mv: Move,
        source: MoveSource,
        row: u8,
        found: Option<u8>,
    },
    /// `mv` stored in row `stored`, while the node's row is `row`.
    StoredElsewhere { mv: Move, stored: u8, row: u8 },
    /// `mv`, not a quiet move, stored in row `row`.
    Noisy { mv: Move, row: u8 },
    /// The store of `mv` left `dup` twice in row `row`.
    Duplicate { mv: Move, dup: Move, row: u8 },
    /// `mv` stored while the node cut off with `cut` (or did not cut off).
    NoCutoff { mv: Move, cut: Option<Move> },
    /// `missing` of `legal` legal moves never tried; `first` is one of them.
    NeverTried {
        first: Move,
        missing: usize,
        legal: usize,
    },
    /// Killer `mv` (labelled `source`) was illegal here.
    Illegal { mv: Move, source: MoveSource },
}

/// Where an issue is counted: under its code, or — a killer try that both a wrong label and
/// a wrong row explain — apart, until the log's other tries say which it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bucket {
    Code(Code),
    Ambiguous,
}

impl Bucket {
    fn bit(self) -> u16 {
        match self {
            Bucket::Code(code) => 1 << code.index(),
            Bucket::Ambiguous => 1 << 15,
        }
    }
}

/// An issue found at the node, to be written out if the node is kept as an example.
#[derive(Clone, Copy, Debug)]
pub(super) struct Issue {
    pub bucket: Bucket,
    pub detail: Detail,
}

/// An open node.
#[derive(Debug, Default)]
pub(super) struct Frame {
    pub ply: u8,
    pub depth: i8,
    pub kind: Option<NodeKind>,
    /// The killer row the node reads and stores (a ply, or a remaining depth).
    pub row: u8,
    /// The grandparent's row, when declared tried.
    pub grandparent: Option<u8>,
    /// The TT move of the last `tt_hit` before the first try (`Move::NULL`: none).
    pub tt_move: Move,
    /// The moves tried, in order.
    pub tries: Vec<Move>,
    /// What the killer table held for the node when it began to try moves.
    pub snapshot: Option<Reading>,
    /// The move announced illegal by the last `illegal` event, for the try that follows.
    pub pending_illegal: Option<Move>,
    /// The move that cut the node off.
    pub cut: Option<Move>,
    /// Killer stores made here: the move and the row stored in.
    pub stores: Vec<(Move, u8)>,
    /// Moves pruned here without a search.
    pub pruned: Vec<Move>,
    /// A `static_score` settled the node (a draw by rule, a mate, the ply limit).
    pub settled: bool,
    /// Codes already found here (a bit per code): each is an example at most once per node.
    pub found: u16,
    pub issues: Vec<Issue>,
    /// The largest killer slot tried so far, and by which move.
    pub top_slot: Option<(u8, Move, MoveSource)>,
    /// Slotted killer tries.
    pub slotted: u32,
    /// Killer tries.
    pub killers: u32,
    /// The first ordinary quiet move tried (a history or plain quiet source).
    pub first_quiet: Option<(Move, MoveSource)>,
    /// Whether the TT move was tried.
    pub tt_tried: bool,
    /// Whether a child node was entered: a log that records only part of the search may hold
    /// a node's tries without the searches below them (a UCI trace's root).
    pub has_children: bool,
}

impl Frame {
    /// Readies a (reused) frame for a node just entered.
    pub fn reset(&mut self, ply: u8, depth: i8, kind: NodeKind, rows: (u8, Option<u8>)) {
        self.ply = ply;
        self.depth = depth;
        self.kind = Some(kind);
        (self.row, self.grandparent) = rows;
        self.tt_move = Move::NULL;
        self.tries.clear();
        self.snapshot = None;
        self.pending_illegal = None;
        self.cut = None;
        self.stores.clear();
        self.pruned.clear();
        self.settled = false;
        self.found = 0;
        self.issues.clear();
        self.top_slot = None;
        self.slotted = 0;
        self.killers = 0;
        self.first_quiet = None;
        self.tt_tried = false;
        self.has_children = false;
    }

    /// Records an issue of `code`; only the first of each code becomes the node's example.
    /// Returns whether it is the node's first of that code.
    pub fn issue(&mut self, code: Code, detail: Detail) -> bool {
        self.issue_in(Bucket::Code(code), detail)
    }

    /// Records an issue counted in `bucket` (the first of each bucket is the node's example).
    pub fn issue_in(&mut self, bucket: Bucket, detail: Detail) -> bool {
        let bit = bucket.bit();
        if self.found & bit != 0 {
            return false;
        }
        self.found |= bit;
        self.issues.push(Issue { bucket, detail });
        true
    }
}

/// Writes moves and labels at one node's position.
pub(super) struct Words<'a> {
    pub pos: Option<&'a Position>,
    pub sources: &'a SourceTable,
}

impl Words<'_> {
    fn mv(&self, mv: Move) -> String {
        match self.pos {
            Some(pos) => Step::Move(mv).text(pos, Notation::San),
            None => mv.to_string(),
        }
    }

    fn tried(&self, (mv, source): (Move, MoveSource)) -> String {
        format!("{} ({})", self.mv(mv), self.sources.label(source))
    }

    fn row(reading: &Reading) -> String {
        let moves: Vec<String> = reading
            .own
            .map(|r| {
                r.as_slice()
                    .iter()
                    .map(|m| {
                        if m.is_null() {
                            "-".into()
                        } else {
                            m.to_string()
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        format!("[{}]", moves.join(" "))
    }

    /// The issue in words.
    pub fn detail(&self, detail: &Detail) -> String {
        match *detail {
            Detail::Twice { mv, first, again } => {
                format!(
                    "{} tried as move {first} and again as move {again}",
                    self.mv(mv)
                )
            }
            Detail::TtLate { mv, at } => format!("TT move {} tried as move {at}", self.mv(mv)),
            Detail::SlotOrder { late, early } => {
                format!("{} tried before {}", self.tried(late), self.tried(early))
            }
            Detail::AfterQuiet { killer, quiet } => format!(
                "killer {} tried after {}",
                self.tried(killer),
                self.tried(quiet)
            ),
            Detail::Label {
                mv,
                source,
                row,
                reading,
                also,
            } => {
                let also = match also {
                    Some(r) => format!(" (row {r} holds it in that slot)"),
                    None => String::new(),
                };
                format!(
                    "{} labelled {}, but row {row} holds it in another slot: {}{also}",
                    self.mv(mv),
                    self.sources.label(source),
                    Words::row(&reading)
                )
            }
            Detail::ReadElsewhere {
                mv,
                source,
                row,
                found,
            } => {
                let found = match found {
                    Some(r) => format!("it is in row {r}"),
                    None => "no stored row holds it".into(),
                };
                format!(
                    "{} tried as {}, but row {row} does not hold it: {found}",
                    self.mv(mv),
                    self.sources.label(source)
                )
            }
            Detail::StoredElsewhere { mv, stored, row } => {
                format!(
                    "{} stored in row {stored}, the node's row is {row}",
                    self.mv(mv)
                )
            }
            Detail::Noisy { mv, row } => {
                format!("{} stored as a killer in row {row}", self.mv(mv))
            }
            Detail::Duplicate { mv, dup, row } => format!(
                "the store of {} left {dup} in two slots of row {row}",
                self.mv(mv)
            ),
            Detail::NoCutoff { mv, cut } => match cut {
                Some(cut) => format!("{} stored, but {} cut off", self.mv(mv), self.mv(cut)),
                None => format!("{} stored, and nothing cut off", self.mv(mv)),
            },
            Detail::NeverTried {
                first,
                missing,
                legal,
            } => format!(
                "{missing} of {legal} legal moves never tried, {} among them",
                self.mv(first)
            ),
            Detail::Illegal { mv, source } => format!(
                "{} ({}) leaves the king attacked",
                mv,
                self.sources.label(source)
            ),
        }
    }
}
