//! The doctor's fold state: the open nodes, the killer-row mirror, a counter per code, and how
//! each event reaches the check that reads it. The checks themselves live one family per file
//! (`tries.rs`, `stores.rs`, `coverage.rs`); this file only routes.

use crate::doctor::code::Code;
use crate::doctor::declared::Declared;
use crate::{doctor::finding::Counter, doctor::finding::Example, doctor::finding::KillerFigures};
use crate::{doctor::frame::Bucket, doctor::frame::Frame, doctor::frame::Words};
use crate::{doctor::rows::Rows, doctor::rows::same};
use killerscope_chess::{Move, Position};
use killerscope_log::NodeEntry;
use killerscope_log::SourceTable;
use killerscope_log::{Event, MoveSource, SourceRole};
use killerscope_trace::san_steps;
use killerscope_trace::{WalkPath, WalkedNode};

/// What a source is to the checks, looked up once per code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A killer, with its 0-based slot when it is a per-row slot.
    Killer(Option<u8>),
    /// An ordinary quiet move: history-ordered or in generation order.
    Quiet,
    /// Anything else.
    Other,
}

/// Everything the fold keeps between events.
pub(super) struct State {
    pub declared: Declared,
    pub sources: SourceTable,
    pub kinds: Box<[Kind; 256]>,
    pub root: Option<Position>,
    pub rows: Rows,
    pub stack: Vec<Frame>,
    /// Open nodes (frames beyond it are kept for reuse).
    pub open: usize,
    pub counters: [Counter; Code::ALL.len()],
    /// `move-never-tried` since the last `iteration` event: an iteration the search was
    /// stopped in returns from its nodes early, so it counts only once it is finished.
    pub segment: Counter,
    pub iterations: u64,
    /// Killer tries both a wrong label and a wrong row explain (the labelled slot of another
    /// row, another slot of the own row), counted under the code the others point to.
    pub ambiguous: Counter,
    /// Tries only a wrong label explains, and tries only a wrong row explains.
    pub misfits: (u64, u64),
    pub killers: KillerFigures,
    pub stores: u64,
    /// Nodes of a partial log (one with a filter) that `move-never-tried` did not judge:
    /// nothing below them is recorded, so a move missing from them may have been searched.
    pub coverage_unjudged: u64,
    pub nodes: u64,
    pub unfinished: u64,
    pub examples: usize,
}

impl State {
    pub fn new(declared: Declared, sources: SourceTable, root: Option<Position>) -> State {
        let mut kinds = Box::new([Kind::Other; 256]);
        for (code, kind) in kinds.iter_mut().enumerate() {
            let source = MoveSource::from_code(code as u8);
            *kind = match sources.role(source) {
                SourceRole::Killer => Kind::Killer(sources.killer_slot(source)),
                SourceRole::History | SourceRole::Quiet => Kind::Quiet,
                _ => Kind::Other,
            };
        }
        State {
            declared,
            sources,
            kinds,
            root,
            rows: Rows::default(),
            stack: Vec::new(),
            open: 0,
            counters: Default::default(),
            segment: Counter::default(),
            iterations: 0,
            ambiguous: Counter::default(),
            misfits: (0, 0),
            killers: KillerFigures::default(),
            stores: 0,
            coverage_unjudged: 0,
            nodes: 0,
            unfinished: 0,
            examples: 3,
        }
    }

    /// The innermost open node.
    pub fn top(&mut self) -> Option<&mut Frame> {
        self.open.checked_sub(1).map(|k| &mut self.stack[k])
    }

    /// The counter of `code` as the fold adds to it now.
    pub fn counter(&mut self, code: Code) -> &mut Counter {
        match code {
            Code::MoveNeverTried => &mut self.segment,
            _ => &mut self.counters[code.index()],
        }
    }

    /// The counter of `bucket`.
    fn bucket(&mut self, bucket: Bucket) -> &mut Counter {
        match bucket {
            Bucket::Code(code) => self.counter(code),
            Bucket::Ambiguous => &mut self.ambiguous,
        }
    }

    /// After the last event: the ambiguous killer tries go to the code the unambiguous ones
    /// point to (a wrong row only when more tries show one than show a wrong label).
    pub fn settle_ambiguous(&mut self) {
        let (label, row) = self.misfits;
        let code = if row > label {
            Code::RowMismatch
        } else {
            Code::SlotLabel
        };
        let ambiguous = std::mem::take(&mut self.ambiguous);
        let limit = self.examples;
        self.counters[code.index()].merge(ambiguous, limit);
    }

    /// Reads one event, before the walk does (so a node is opened here before the walk
    /// enters it, and closed by the walk's hand-out, [`State::close`]).
    pub fn event(&mut self, event: &Event) {
        if let Some(entry) = NodeEntry::of(event) {
            return self.enter(entry.ply, entry.depth, entry.kind);
        }
        match *event {
            Event::MoveTried { mv, source, .. } => self.tried(mv, source),
            Event::Illegal { mv } if !mv.is_null() => {
                if let Some(frame) = self.top() {
                    frame.pending_illegal = Some(mv);
                }
            }
            Event::Cutoff { mv, source, .. } => {
                if matches!(self.kinds[usize::from(source.code())], Kind::Killer(_)) {
                    self.killers.cuts += 1;
                }
                if let Some(frame) = self.top() {
                    frame.cut = Some(mv);
                }
            }
            Event::TtHit { mv, .. } => {
                if let Some(frame) = self.top().filter(|f| f.tries.is_empty()) {
                    frame.tt_move = mv;
                }
            }
            Event::KillerStore { ply, mv, slots } => self.stored(ply, mv, slots),
            Event::MateKillerStore { ply, mv } => self.rows.store_mate(ply, mv),
            Event::Pruned { mv, .. } if !mv.is_null() => {
                if let Some(frame) = self.top() {
                    frame.pruned.push(mv);
                }
            }
            Event::StaticScore { .. } => {
                if let Some(frame) = self.top() {
                    frame.settled = true;
                }
            }
            Event::Iteration { .. } => {
                self.iterations += 1;
                let segment = std::mem::take(&mut self.segment);
                let limit = self.examples;
                self.counters[Code::MoveNeverTried.index()].merge(segment, limit);
            }
            _ => {}
        }
    }

    fn enter(&mut self, ply: u8, depth: i8, kind: killerscope_log::NodeKind) {
        let row = self.declared.row_of(ply, depth);
        let rows = (row, self.declared.grandparent_row(ply, row));
        if let Some(parent) = self.top() {
            parent.has_children = true;
        }
        if self.open == self.stack.len() {
            self.stack.push(Frame::default());
        }
        self.stack[self.open].reset(ply, depth, kind, rows);
        self.open += 1;
        self.nodes += 1;
    }

    /// The walk hands out a node that closed (or that the log ends inside of): its checks that
    /// need its end, its examples, and its frame popped.
    pub fn close(&mut self, node: &WalkedNode, path: &WalkPath<'_>) {
        let Some(k) = self.open.checked_sub(1) else {
            return;
        };
        let mut frame = std::mem::take(&mut self.stack[k]);
        if node.result.is_none() {
            self.unfinished += 1;
        }
        self.count_node_chances(&frame);
        if node.result.is_some() {
            self.check_stores(&mut frame);
            self.check_coverage(&mut frame, node, path);
        }
        self.write_examples(&frame, node, path);
        self.stack[k] = frame;
        self.open = k;
    }

    /// Whether any node tried a move: a log without a `move_tried` inside a node says nothing of
    /// which moves its nodes tried. Every node that tried one is a chance of `tried-twice`.
    pub fn tried_any_move(&self) -> bool {
        self.counters[Code::TriedTwice.index()].chances > 0
    }

    /// The node-level codes' chances: counted per node, whether or not it happened.
    fn count_node_chances(&mut self, frame: &Frame) {
        let c = &mut self.counters;
        c[Code::TriedTwice.index()].chances += u64::from(!frame.tries.is_empty());
        c[Code::TtMoveTwice.index()].chances += u64::from(frame.tt_tried);
        c[Code::TtMoveNotFirst.index()].chances += u64::from(frame.tt_tried);
        c[Code::SlotOrder.index()].chances += u64::from(frame.slotted >= 2);
        c[Code::KillerAfterQuiet.index()].chances += u64::from(frame.killers > 0);
    }

    /// The node's issues, written out for the counters that keep them as examples.
    fn write_examples(&mut self, frame: &Frame, node: &WalkedNode, path: &WalkPath<'_>) {
        let limit = self.examples;
        for issue in &frame.issues {
            if !self.bucket(issue.bucket).wants(node.id, limit) {
                continue;
            }
            let words = Words {
                pos: path.position(),
                sources: &self.sources,
            };
            let example = Example {
                node: node.id,
                ply: node.ply,
                depth: node.depth,
                kind: node.kind,
                line: san_steps(self.root.as_ref(), path.steps()),
                detail: words.detail(&issue.detail),
            };
            self.bucket(issue.bucket).keep(example, limit);
        }
    }

    /// Whether `mv` is the node's TT move.
    pub fn is_tt_move(frame: &Frame, mv: Move) -> bool {
        same(frame.tt_move, mv)
    }
}
