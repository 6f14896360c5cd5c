//! The oracle of the observer's tests: a `SearchObserver` that checks the event grammar as
//! the events come (brackets balanced, plies in step, cutoffs at or above beta, killer stores
//! after quiet cutoffs at their ply) and hashes every call, so two searches can be compared.

use killerscope_chess::Move;
use killerscope_log::{Bound, Event, MoveSource, NodeKind, SearchObserver};
use std::collections::hash_map::DefaultHasher;
use std::hash::Hash;

/// Checks the event grammar as it goes and hashes every call.
#[derive(Default)]
pub struct Checker {
    pub stack: Vec<(u8, NodeKind)>,
    /// Remaining depth of each open node, for logs whose killer rows are depths.
    depths: Vec<i8>,
    /// The search indexes killer rows by remaining depth (`killerindex=depth`).
    rows_by_depth: bool,
    pub hash: DefaultHasher,
    pub nodes: u64,
    pub exits: u64,
    pub cutoffs_at: Vec<(u8, Move, MoveSource)>,
    pub stores: Vec<(u8, Move, Vec<Move>)>,
    last_cutoff: Option<(u8, Move)>,
    pub table_stores: u64,
    /// Per open node: the move it reduced last.
    reduced: Vec<Option<Move>>,
    pub selective_kinds: std::collections::HashSet<&'static str>,
    pub violations: Vec<String>,
}

impl SearchObserver for Checker {
    fn observe(&mut self, event: Event) {
        match event {
            Event::NodeEnter {
                ply,
                depth,
                kind,
                mv,
                alpha,
                beta,
            } => self.node_enter(ply, depth, alpha, beta, mv, kind),
            Event::MoveTried { mv, index, source } => self.move_tried(mv, index, source),
            Event::Cutoff {
                mv,
                index,
                source,
                score,
                beta,
            } => self.cutoff(mv, index, source, score, beta),
            Event::KillerStore { ply, mv, slots } => self.killer_store(ply, mv, slots.as_slice()),
            Event::TtHit {
                mv,
                depth,
                score,
                bound,
                cutoff,
            } => self.tt_hit(mv, depth, score, bound, cutoff),
            Event::NodeExit { score, bound } => self.node_exit(score, bound),
            Event::Iteration {
                depth,
                score,
                nodes,
            } => self.iteration(depth, score, nodes.get()),
            Event::MateKillerStore { ply, mv } => self.table_store("mate killer", ply, mv),
            Event::CounterStore { mv, .. } => {
                let ply = self.stack.last().map_or(0, |&(p, _)| p);
                self.table_store("countermove", ply, mv)
            }
            other => self.selective(other),
        }
    }

    fn iteration_pv(&mut self, pv: &[Move]) {
        pv.hash(&mut self.hash);
    }
}

impl Checker {
    /// A checker for a search whose killer rows are remaining depths (`killerindex=depth`)
    /// when `by_depth`, else plies.
    pub fn with_rows_by_depth(by_depth: bool) -> Checker {
        Checker {
            rows_by_depth: by_depth,
            ..Checker::default()
        }
    }

    fn node_enter(&mut self, ply: u8, depth: i8, alpha: i32, beta: i32, mv: Move, kind: NodeKind) {
        (0u8, ply, depth, alpha, beta, mv, kind).hash(&mut self.hash);
        let expected = self.stack.last().map_or(0, |&(p, _)| p + 1);
        if ply != expected {
            self.violations
                .push(format!("node at ply {ply}, expected {expected}"));
        }
        if alpha >= beta {
            self.violations
                .push(format!("empty window {alpha}..{beta}"));
        }
        self.stack.push((ply, kind));
        self.depths.push(depth);
        self.reduced.push(None);
        self.nodes += 1;
        self.last_cutoff = None;
    }

    fn move_tried(&mut self, mv: Move, index: u8, source: MoveSource) {
        (1u8, mv, index, source).hash(&mut self.hash);
    }

    fn cutoff(&mut self, mv: Move, index: u8, source: MoveSource, score: i32, beta: i32) {
        (2u8, mv, index, source, score, beta).hash(&mut self.hash);
        if score < beta {
            self.violations
                .push(format!("cutoff {mv} scores {score} < beta {beta}"));
        }
        let ply = self.stack.last().map_or(0, |&(p, _)| p);
        self.cutoffs_at.push((ply, mv, source));
        self.last_cutoff = Some((ply, mv));
    }

    fn killer_store(&mut self, row: u8, mv: Move, slots: &[Move]) {
        (3u8, row, mv, slots).hash(&mut self.hash);
        let ply = self.stack.last().map_or(0, |&(p, _)| p);
        let expected_row = if self.rows_by_depth {
            self.depths.last().map_or(0, |&d| d.max(0) as u8)
        } else {
            ply
        };
        if row != expected_row || self.last_cutoff != Some((ply, mv)) || !mv.is_quiet() {
            self.violations.push(format!(
                "killer store {mv} at ply {ply} without a quiet cutoff"
            ));
        }
        if slots.first() != Some(&mv) {
            self.violations
                .push(format!("stored killer {mv} not in slot 0: {slots:?}"));
        }
        self.stores.push((ply, mv, slots.to_vec()));
    }

    fn table_store(&mut self, table: &str, ply: u8, mv: Move) {
        (7u8, table, ply, mv).hash(&mut self.hash);
        if self.last_cutoff != Some((ply, mv)) || !mv.is_quiet() {
            self.violations.push(format!(
                "{table} store {mv} at ply {ply} without a quiet cutoff"
            ));
        }
        self.table_stores += 1;
    }

    /// Selective-search events: each inside a node (aspiration outside one), a re-search
    /// only of the move just reduced.
    fn selective(&mut self, event: Event) {
        format!("{event:?}").hash(&mut self.hash);
        self.selective_kinds.insert(event.kind().name());
        let inside = !self.stack.is_empty();
        match event {
            Event::Aspiration { alpha, beta, .. } if inside || alpha >= beta => {
                self.violations.push(format!("bad aspiration {event:?}"));
            }
            Event::Aspiration { .. } => {}
            Event::Reduction { mv, .. } => {
                if let Some(top) = self.reduced.last_mut() {
                    *top = Some(mv);
                }
            }
            Event::ReSearch { mv, .. } if self.reduced.last() != Some(&Some(mv)) => {
                self.violations
                    .push(format!("re-search of {mv}, not the reduced move"));
            }
            _ if !inside => self.violations.push(format!("{event:?} outside a node")),
            _ => {}
        }
    }

    fn tt_hit(&mut self, mv: Move, depth: i8, score: i32, bound: Bound, cutoff: bool) {
        (4u8, mv, depth, score, bound, cutoff).hash(&mut self.hash);
    }

    fn node_exit(&mut self, score: i32, bound: Bound) {
        (5u8, score, bound).hash(&mut self.hash);
        self.depths.pop();
        self.reduced.pop();
        if self.stack.pop().is_none() {
            self.violations.push("exit without enter".into());
        }
        self.exits += 1;
    }

    fn iteration(&mut self, depth: u8, score: i32, nodes: u64) {
        (6u8, depth, score, nodes).hash(&mut self.hash);
        if !self.stack.is_empty() {
            self.violations.push("iteration inside a node".into());
        }
    }
}
