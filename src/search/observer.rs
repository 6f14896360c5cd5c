//! The seam between the search and its instrumentation.
//!
//! The search is generic over `O: SearchObserver` and calls these hooks at every node, move,
//! cutoff and killer store. Every method has an empty `#[inline]` default, so with
//! `NullObserver` the calls compile to nothing and the uninstrumented search runs at full speed
//! from the very same code path the recorder watches.

use crate::chess::Move;

/// Which search routine a node belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum NodeKind {
    /// Full-width alpha-beta node.
    Main = 0,
    /// Quiescence node (captures only, stand-pat).
    Quiescence = 1,
}

/// Why a move sits where it does in the ordered move list: the heuristic that put it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSource {
    /// The transposition table's best move.
    Tt,
    /// A capture or promotion, ordered by MVV-LVA (or SEE when killers sit between captures).
    Capture,
    /// A killer move from slot `k` (0-based; the UI shows slot 0 as "K1").
    Killer(u8),
    /// A quiet move ordered by its history score (non-zero history).
    History,
    /// Any other quiet move, in generation order.
    Quiet,
}

impl MoveSource {
    /// Compact code for logs: 0 TT, 1 capture, 2..=6 killer slot 0..=4, 7 history, 8 quiet.
    pub const fn code(self) -> u8 {
        match self {
            MoveSource::Tt => 0,
            MoveSource::Capture => 1,
            MoveSource::Killer(k) => 2 + k,
            MoveSource::History => 7,
            MoveSource::Quiet => 8,
        }
    }

    /// Inverse of `code`; `None` for codes no `MoveSource` produces (corrupt logs).
    pub const fn from_code(code: u8) -> Option<MoveSource> {
        match code {
            0 => Some(MoveSource::Tt),
            1 => Some(MoveSource::Capture),
            2..=6 => Some(MoveSource::Killer(code - 2)),
            7 => Some(MoveSource::History),
            8 => Some(MoveSource::Quiet),
            _ => None,
        }
    }

    /// Short label for tables and markers: `TT`, `Cap`, `K1`..`K5`, `Hist`, `Quiet`.
    pub fn label(self) -> String {
        match self {
            MoveSource::Tt => "TT".into(),
            MoveSource::Capture => "Cap".into(),
            MoveSource::Killer(k) => format!("K{}", k + 1),
            MoveSource::History => "Hist".into(),
            MoveSource::Quiet => "Quiet".into(),
        }
    }
}

/// What a node's returned score says about its true value (also the TT bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Bound {
    /// Score inside the window: exact (a PV node).
    Exact = 0,
    /// Failed high: score is a lower bound (a CUT node).
    Lower = 1,
    /// Failed low: score is an upper bound (an ALL node).
    Upper = 2,
}

/// Hooks the search calls; all default to nothing. Scores are centipawns from the side to move's
/// point of view, mate scores as `MATE - ply`.
pub trait SearchObserver {
    /// A node is entered at `ply` with remaining `depth` and window (`alpha`, `beta`); `mv` is the
    /// move that led here (`Move::NULL` at the root).
    #[inline(always)]
    fn node_enter(
        &mut self,
        _ply: u8,
        _depth: i8,
        _alpha: i32,
        _beta: i32,
        _mv: Move,
        _kind: NodeKind,
    ) {
    }

    /// The node being searched is about to search `mv`, the `index`-th (0-based) in its ordered
    /// list, placed there by `source`.
    #[inline(always)]
    fn move_tried(&mut self, _mv: Move, _index: u8, _source: MoveSource) {}

    /// `mv` failed high: `score >= beta`; the node stops searching.
    #[inline(always)]
    fn cutoff(&mut self, _mv: Move, _index: u8, _source: MoveSource, _score: i32, _beta: i32) {}

    /// `mv` was stored as a killer at `ply`; `slots` is the killer row after the store.
    #[inline(always)]
    fn killer_store(&mut self, _ply: u8, _mv: Move, _slots: &[Move]) {}

    /// The transposition table had an entry for this node; `cutoff` when its bound ended the node
    /// without a search.
    #[inline(always)]
    fn tt_hit(&mut self, _mv: Move, _depth: i8, _score: i32, _bound: Bound, _cutoff: bool) {}

    /// The current node returns `score` with `bound`.
    #[inline(always)]
    fn node_exit(&mut self, _score: i32, _bound: Bound) {}

    /// Iterative deepening finished `depth` with `score` after `nodes` nodes in total.
    #[inline(always)]
    fn iteration(&mut self, _depth: u8, _score: i32, _nodes: u64, _pv: &[Move]) {}
}

/// The observer that observes nothing: the full-speed search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullObserver;

impl SearchObserver for NullObserver {}
