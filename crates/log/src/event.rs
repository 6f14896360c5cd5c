//! What the search reports, defined once: every observer hook is an `Event`, and the same type
//! is what the trace records, encodes, exports, indexes and replays.
//!
//! Adding an event kind is a new variant here; the compiler then points at every `match` that
//! must learn it (codec, export, tree, replay, explorer), while the observer combinators forward
//! whole events and so can never drop one. The search emits tens of millions of these per
//! minute, so every variant fits in 16 bytes (asserted at compile time).
//!
//! The two field types that are structs (a killer row, a node count), made to fit in those 16
//! bytes, are in `event/compact.rs`.

mod compact;

use super::source::MoveSource;
use killerscope_chess::Move;
use killerscope_text::coded_enum;

pub use compact::{KillerSlots, MAX_KILLER_SLOTS, NodeCount};

/// Deepest ply a search reaches (main plus quiescence); the engine sizes its killer table and
/// search stack by it and a recording filter's ply range is checked against it.
pub const MAX_PLY: usize = 128;

/// Number of countermove keys a countermove store can name: the answered move's piece (12)
/// times its to-square (64).
pub const COUNTER_KEYS: usize = 12 * 64;

coded_enum! {
    /// Which search routine a node belongs to.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum NodeKind {
        /// Full-width alpha-beta node.
        Main = 0 => "main",
        /// Quiescence node (captures only, stand-pat).
        Quiescence = 1 => "quiescence",
    }
}

coded_enum! {
    /// What a node's returned score says about its true value (also the TT bound).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Bound {
        /// Score inside the window: exact (a PV node).
        Exact = 0 => "exact",
        /// Failed high: score is a lower bound (a CUT node).
        Lower = 1 => "lower",
        /// Failed low: score is an upper bound (an ALL node).
        Upper = 2 => "upper",
    }
}

/// Size of one event, in memory and as the trace's on-disk record.
pub const EVENT_BYTES: usize = 16;

coded_enum! {
    /// Why a move is searched a second time.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum ReSearchReason {
        /// Its late-move-reduced search failed high: searched again at full depth.
        Reduction = 0 => "reduction",
    }
}

coded_enum! {
    /// The rule that pruned a move (or a whole node) without searching it; its name is the
    /// tree marker and the JSON name.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum PruneRule {
        /// A quiet move at depth ≤ 3 whose static evaluation plus a margin cannot reach alpha.
        Futility = 0 => "futility",
        /// The whole node: its static evaluation minus a margin already beats beta (depth ≤ 3).
        ReverseFutility = 1 => "reverse_futility",
        /// The whole node: no score inside its window is possible given the mates already found.
        MateDistance = 2 => "mate_distance",
    }
}

coded_enum! {
    /// How an aspiration window at the root turned out.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum WindowOutcome {
        /// The score fell inside the window: the iteration is done.
        Inside = 0 => "inside",
        /// The score was at or below alpha: search again with a lower alpha.
        FailLow = 1 => "fail_low",
        /// The score was at or above beta: search again with a higher beta.
        FailHigh = 2 => "fail_high",
    }
}

coded_enum! {
    /// How a node's score was settled without a move searched for it: where a number is born.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum StaticKind {
        /// A quiescence node's static evaluation (it stood pat).
        StandPat = 0 => "stand_pat",
        /// The static evaluation at the deepest ply the search holds.
        PlyLimit = 1 => "ply_limit",
        /// The side to move is checkmated.
        Checkmate = 2 => "checkmate",
        /// The side to move has no legal move and is not in check.
        Stalemate = 3 => "stalemate",
        /// The position repeats one earlier in the search or the game.
        Repetition = 4 => "repetition",
        /// Fifty moves without a capture or a pawn move.
        FiftyMoves = 5 => "fifty_moves",
        /// Neither side has the material to mate.
        InsufficientMaterial = 6 => "insufficient_material",
    }
}

impl StaticKind {
    /// Whether it is a draw by rule (repetition, fifty moves, material).
    pub const fn is_draw_by_rule(self) -> bool {
        matches!(
            self,
            StaticKind::Repetition | StaticKind::FiftyMoves | StaticKind::InsufficientMaterial
        )
    }
}

/// A search event: what `SearchObserver::observe` receives, one per thing the search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A node was entered; `mv` led here (`Move::NULL` at the root).
    NodeEnter {
        /// Distance from the root (root = 0).
        ply: u8,
        /// Remaining depth.
        depth: i8,
        /// Main search or quiescence.
        kind: NodeKind,
        /// The move that led to this node.
        mv: Move,
        /// Lower window bound.
        alpha: i32,
        /// Upper window bound.
        beta: i32,
    },
    /// The current node is about to search `mv`, `index`-th in its ordered list.
    MoveTried {
        /// The move.
        mv: Move,
        /// 0-based position in the ordered list.
        index: u8,
        /// The heuristic that placed it there.
        source: MoveSource,
    },
    /// `mv` failed high in the current node (`score >= beta`).
    Cutoff {
        /// The refuting move.
        mv: Move,
        /// Its 0-based position in the ordered list.
        index: u8,
        /// The heuristic that placed it there.
        source: MoveSource,
        /// The score it returned.
        score: i32,
        /// The beta it beat.
        beta: i32,
    },
    /// `mv` was stored as a killer in row `ply`; `slots` is the row after the store.
    KillerStore {
        /// The row that changed: the node's ply, or its remaining depth when the log's ordering
        /// says `killerindex=depth`.
        ply: u8,
        /// The stored move.
        mv: Move,
        /// The row after the store.
        slots: KillerSlots,
    },
    /// `mv` found a mate and became the mate killer of `ply` (`matekillers=on`).
    MateKillerStore {
        /// The ply whose mate-killer slot changed.
        ply: u8,
        /// The stored move.
        mv: Move,
    },
    /// `mv` refuted the opponent move that `key` names and became its countermove
    /// (`countermove=on`).
    CounterStore {
        /// The answered move: `CounterKey::index()` (piece × 64 + to-square).
        key: u16,
        /// The stored reply.
        mv: Move,
    },
    /// The current node searched a null move (passing the turn) to `depth`, `reduction` plies
    /// shallower than a real move; its node precedes this event. `cutoff`: the null search
    /// still failed high, so the node returns without searching a move.
    NullMove {
        /// Remaining depth of the null-move search.
        depth: i8,
        /// The null-move reduction R.
        reduction: u8,
        /// The null search's score, from the current node's side.
        score: i32,
        /// Whether it failed high and cut the node.
        cutoff: bool,
    },
    /// The next search of `mv` (just tried) is `by` plies shallower: a late move reduction.
    Reduction {
        /// The reduced move.
        mv: Move,
        /// Plies taken off.
        by: u8,
    },
    /// `mv` is searched again, for `reason`.
    ReSearch {
        /// The move searched again.
        mv: Move,
        /// Why.
        reason: ReSearchReason,
    },
    /// `mv` was pruned without a search by `rule` (`Move::NULL`: the whole node was);
    /// `score` is the bound the rule compared (static evaluation plus or minus its margin).
    Pruned {
        /// The pruned move, or `Move::NULL` for the current node.
        mv: Move,
        /// Which rule.
        rule: PruneRule,
        /// The estimate the rule judged.
        score: i32,
    },
    /// An aspiration window at the root for iteration `depth` came back `outcome`; the root
    /// node searched with it precedes this event.
    Aspiration {
        /// The iteration.
        depth: u8,
        /// The window's lower bound.
        alpha: i32,
        /// The window's upper bound.
        beta: i32,
        /// How the root score fell.
        outcome: WindowOutcome,
    },
    /// The transposition table had an entry for the current node.
    TtHit {
        /// The stored best move (`Move::NULL` if none).
        mv: Move,
        /// The stored depth.
        depth: i8,
        /// The stored score.
        score: i32,
        /// The stored bound.
        bound: Bound,
        /// Whether the entry ended the node without a search.
        cutoff: bool,
    },
    /// The current node's score was settled without a move: a draw by rule, a mate or
    /// stalemate, the ply limit — or, for a quiescence node that searched captures, its stand
    /// pat when no capture beat it (a quiescence node that searched none returned its stand
    /// pat or was mated, which the tree tells without an event).
    StaticScore {
        /// How.
        kind: StaticKind,
        /// The score.
        score: i32,
    },
    /// The current node returned `score` with `bound`.
    NodeExit {
        /// The returned score.
        score: i32,
        /// What the score says about the true value.
        bound: Bound,
    },
    /// Iterative deepening finished an iteration; its PV is the log's matching side-table entry.
    Iteration {
        /// The finished depth.
        depth: u8,
        /// Root score.
        score: i32,
        /// Nodes searched so far in total.
        nodes: NodeCount,
    },
    /// The next search of `mv` in the current node leaves the mover's own king attacked: a
    /// pseudo-legal engine tries such a move and refutes it one ply down (by capturing the
    /// king). Precedes the move's `MoveTried`; `Move::NULL`: the null-move node that follows
    /// was entered in check. killerscope's own search never emits it; imported traces do.
    Illegal {
        /// The illegal move (`Move::NULL` for a null move made in check).
        mv: Move,
    },
}

const _: () = assert!(std::mem::size_of::<Event>() <= EVENT_BYTES);

coded_enum! {
    /// The event types, for counting; the tag of the binary codec and the JSON `type` field
    /// (the snake_case name used in JSON Lines exports and `log stats`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum EventKind {
        /// `Event::NodeEnter`.
        NodeEnter = 1 => "node_enter",
        /// `Event::MoveTried`.
        MoveTried = 2 => "move_tried",
        /// `Event::Cutoff`.
        Cutoff = 3 => "cutoff",
        /// `Event::KillerStore`.
        KillerStore = 4 => "killer_store",
        /// `Event::TtHit`.
        TtHit = 5 => "tt_hit",
        /// `Event::NodeExit`.
        NodeExit = 6 => "node_exit",
        /// `Event::Iteration`.
        Iteration = 7 => "iteration",
        /// `Event::MateKillerStore`.
        MateKillerStore = 8 => "mate_killer_store",
        /// `Event::CounterStore`.
        CounterStore = 9 => "counter_store",
        /// `Event::NullMove`.
        NullMove = 10 => "null_move",
        /// `Event::Reduction`.
        Reduction = 11 => "reduction",
        /// `Event::ReSearch`.
        ReSearch = 12 => "re_search",
        /// `Event::Pruned`.
        Pruned = 13 => "pruned",
        /// `Event::Aspiration`.
        Aspiration = 14 => "aspiration",
        /// `Event::Illegal`.
        Illegal = 15 => "illegal",
        /// `Event::StaticScore`.
        StaticScore = 16 => "static_score",
    }
}

impl EventKind {
    /// Dense index `0..ALL.len()`, for count arrays.
    pub const fn index(self) -> usize {
        self as usize - 1
    }
}

impl Event {
    /// Which type this is.
    pub const fn kind(&self) -> EventKind {
        match self {
            Event::NodeEnter { .. } => EventKind::NodeEnter,
            Event::MoveTried { .. } => EventKind::MoveTried,
            Event::Cutoff { .. } => EventKind::Cutoff,
            Event::KillerStore { .. } => EventKind::KillerStore,
            Event::TtHit { .. } => EventKind::TtHit,
            Event::NodeExit { .. } => EventKind::NodeExit,
            Event::Iteration { .. } => EventKind::Iteration,
            Event::MateKillerStore { .. } => EventKind::MateKillerStore,
            Event::CounterStore { .. } => EventKind::CounterStore,
            Event::NullMove { .. } => EventKind::NullMove,
            Event::Reduction { .. } => EventKind::Reduction,
            Event::ReSearch { .. } => EventKind::ReSearch,
            Event::Pruned { .. } => EventKind::Pruned,
            Event::Aspiration { .. } => EventKind::Aspiration,
            Event::Illegal { .. } => EventKind::Illegal,
            Event::StaticScore { .. } => EventKind::StaticScore,
        }
    }

    /// The move this event names at the node it belongs to: tried, cutting, stored (killer,
    /// mate killer, countermove), reduced, searched again, pruned (`Move::NULL`: the whole
    /// node), the TT entry's (`Move::NULL`: none) or announced illegal. `None` for a
    /// `NodeEnter`, whose move was played at its parent, and for the kinds that name no move.
    /// The log's readers that look events up by their move (a lesson's event references,
    /// the move-fit check) ask here, so a new kind that names a move is learnt once.
    pub const fn named_move(&self) -> Option<Move> {
        match *self {
            Event::MoveTried { mv, .. }
            | Event::Cutoff { mv, .. }
            | Event::KillerStore { mv, .. }
            | Event::MateKillerStore { mv, .. }
            | Event::CounterStore { mv, .. }
            | Event::Reduction { mv, .. }
            | Event::ReSearch { mv, .. }
            | Event::Pruned { mv, .. }
            | Event::TtHit { mv, .. }
            | Event::Illegal { mv } => Some(mv),
            Event::NodeEnter { .. }
            | Event::NullMove { .. }
            | Event::Aspiration { .. }
            | Event::StaticScore { .. }
            | Event::NodeExit { .. }
            | Event::Iteration { .. } => None,
        }
    }
}
