//! The columns a node query can name, declared once: the parser looks names up here, `log query
//! --help` and the docs list them from here, and the evaluator reads each from a walked node.

use crate::node_killers::NodeKillers;
use killerscope_chess::Move;
use killerscope_engine::score::is_mate;
use killerscope_log::MoveSource;
use killerscope_trace::WalkedNode;

/// A column whose value is a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum IntField {
    Id,
    Ply,
    Depth,
    Iteration,
    Score,
    Alpha,
    Beta,
    Children,
    Nodes,
    Tried,
    CutRank,
    Reduction,
    PrunedMoves,
    KillerTried,
    CutSlot,
    KillerSlots,
}

/// A column that is true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BoolField {
    Cut,
    TtHit,
    TtTried,
    TtCut,
    Reduced,
    ReSearched,
    NullMove,
    NullCut,
    NullSearch,
    Pruned,
    Mate,
    Unfinished,
    KillerCut,
    KillerInverted,
}

/// A column whose value is a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveField {
    /// The move that led to the node.
    Move,
    /// The move that cut the node off.
    CutMove,
}

/// What a column holds, and so which comparisons it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Column {
    Int(IntField),
    Bool(BoolField),
    /// `PV`, `CUT`, `ALL` or `Q`.
    Type,
    Move(MoveField),
    /// The cutting move's ordering source, a label of the log's own source table.
    CutSource,
    /// The Zobrist key of the node's position.
    Key,
}

/// One named column and what it means (for `--help` and the docs).
pub struct FieldInfo {
    /// The name a query uses.
    pub name: &'static str,
    pub(super) column: Column,
    /// What it means, in a few words.
    pub help: &'static str,
}

const fn field(name: &'static str, column: Column, help: &'static str) -> FieldInfo {
    FieldInfo { name, column, help }
}

use BoolField as B;
use Column as C;
use IntField as I;

/// Every column, in the order `--help` lists them.
pub const FIELDS: &[FieldInfo] = &[
    field(
        "id",
        C::Int(I::Id),
        "node id (the explorer's and `log why --node`'s)",
    ),
    field("ply", C::Int(I::Ply), "distance from the root"),
    field(
        "depth",
        C::Int(I::Depth),
        "remaining depth at entry (0 in quiescence)",
    ),
    field(
        "iteration",
        C::Int(I::Iteration),
        "depth of the iteration the node belongs to",
    ),
    field("type", C::Type, "PV, CUT, ALL or Q (quiescence)"),
    field(
        "score",
        C::Int(I::Score),
        "score returned, side to move's view",
    ),
    field("alpha", C::Int(I::Alpha), "window's lower bound at entry"),
    field("beta", C::Int(I::Beta), "window's upper bound at entry"),
    field(
        "move",
        C::Move(MoveField::Move),
        "the move that led here (SAN or UCI; -- for a null move)",
    ),
    field(
        "children",
        C::Int(I::Children),
        "child nodes searched (re-searches count)",
    ),
    field(
        "nodes",
        C::Int(I::Nodes),
        "nodes in the subtree, itself included",
    ),
    field("tried", C::Int(I::Tried), "moves tried at the node"),
    field("cut", C::Bool(B::Cut), "a move failed high here"),
    field(
        "cut.rank",
        C::Int(I::CutRank),
        "1-based place of the cutting move in the move order",
    ),
    field(
        "cut.move",
        C::Move(MoveField::CutMove),
        "the cutting move (SAN or UCI)",
    ),
    field(
        "cut.source",
        C::CutSource,
        "the cutting move's ordering source, a label of the log's header (K1, TT…)",
    ),
    field(
        "killer_tried",
        C::Int(I::KillerTried),
        "killer moves tried here (every source the log calls a killer)",
    ),
    field(
        "killer_cut",
        C::Bool(B::KillerCut),
        "a killer cut the node off",
    ),
    field(
        "cut.slot",
        C::Int(I::CutSlot),
        "1-based killer slot of the cutting move (K1: 1); none when no slotted killer cut",
    ),
    field(
        "killer_slots",
        C::Int(I::KillerSlots),
        "the 1-based killer slots tried, in order, as digits (K2 then K1: 21; none: 0)",
    ),
    field(
        "killer_inverted",
        C::Bool(B::KillerInverted),
        "a later killer slot was tried before an earlier one",
    ),
    field(
        "tt_hit",
        C::Bool(B::TtHit),
        "the transposition table had an entry",
    ),
    field(
        "tt_tried",
        C::Bool(B::TtTried),
        "the TT entry's move was tried here",
    ),
    field(
        "tt_cut",
        C::Bool(B::TtCut),
        "the TT entry's move cut the node off",
    ),
    field(
        "reduced",
        C::Bool(B::Reduced),
        "the node's move was searched reduced (late move reduction)",
    ),
    field(
        "reduction",
        C::Int(I::Reduction),
        "plies the node's move was reduced by (0: none)",
    ),
    field(
        "re_searched",
        C::Bool(B::ReSearched),
        "the node searches its move again (PVS or LMR re-search)",
    ),
    field(
        "null_move",
        C::Bool(B::NullMove),
        "the node tried a null move",
    ),
    field(
        "null_cut",
        C::Bool(B::NullCut),
        "the null move failed high and cut the node",
    ),
    field(
        "null",
        C::Bool(B::NullSearch),
        "the node is a null-move search (its parent passed)",
    ),
    field(
        "pruned",
        C::Bool(B::Pruned),
        "the node was pruned whole, or pruned moves",
    ),
    field(
        "pruned_moves",
        C::Int(I::PrunedMoves),
        "moves pruned here without a search",
    ),
    field("mate", C::Bool(B::Mate), "the score is a mate score"),
    field(
        "unfinished",
        C::Bool(B::Unfinished),
        "the log ends before the node's exit",
    ),
    field(
        "key",
        C::Key,
        "Zobrist key of the position (hex, as `fen` prints it), or a quoted FEN: every transposition",
    ),
];

/// The column named `name`, if any.
pub(super) fn lookup(name: &str) -> Option<&'static FieldInfo> {
    FIELDS.iter().find(|f| f.name.eq_ignore_ascii_case(name))
}

impl IntField {
    /// The value at `node`, whose killers are `killers`; `None` where the node has none (no
    /// score yet, no cut).
    pub(super) fn get(self, node: &WalkedNode, killers: &NodeKillers) -> Option<i64> {
        let v = match self {
            I::Id => return i64::try_from(node.id).ok(),
            I::Ply => i64::from(node.ply),
            I::Depth => i64::from(node.depth),
            I::Iteration => i64::from(node.iteration),
            I::Score => i64::from(node.result?.0),
            I::Alpha => i64::from(node.window.0),
            I::Beta => i64::from(node.window.1),
            I::Children => i64::from(node.children),
            I::Nodes => return i64::try_from(node.subtree).ok(),
            I::Tried => i64::from(node.tried),
            I::CutRank => i64::from(node.cutoff?.index) + 1,
            I::Reduction => i64::from(node.reduced.unwrap_or(0)),
            I::PrunedMoves => i64::from(node.pruned_moves),
            I::KillerTried => i64::from(killers.tried()),
            I::CutSlot => i64::from(killers.cut?.slot?) + 1,
            I::KillerSlots => killers.slot_digits(),
        };
        Some(v)
    }
}

impl BoolField {
    /// Whether it holds at `node`, whose killers are `killers`.
    pub(super) fn get(self, node: &WalkedNode, killers: &NodeKillers) -> bool {
        match self {
            B::Cut => node.cutoff.is_some(),
            B::TtHit => node.tt.is_some(),
            B::TtTried => node.tt_move_tried,
            B::TtCut => node.tt_move_cut,
            B::Reduced => node.reduced.is_some(),
            B::ReSearched => node.re_search.is_some(),
            B::NullMove => node.null_move.is_some(),
            B::NullCut => node.null_move.is_some_and(|n| n.cutoff),
            B::NullSearch => node.is_null_search(),
            B::Pruned => node.pruned.is_some() || node.pruned_moves > 0,
            B::Mate => node.result.is_some_and(|(s, _)| is_mate(s)),
            B::Unfinished => node.result.is_none(),
            B::KillerCut => killers.cut.is_some(),
            B::KillerInverted => killers.inverted(),
        }
    }
}

impl MoveField {
    /// The move at `node` (`None`: a node that did not cut, for `cut.move`).
    pub(super) fn get(self, node: &WalkedNode) -> Option<Move> {
        match self {
            // A root, or a search of its parent's own position: no move led there.
            MoveField::Move if node.mv.is_null() && !node.is_null_search() => None,
            MoveField::Move => Some(node.mv),
            MoveField::CutMove => node.cutoff.map(|c| c.mv),
        }
    }
}

/// The cutting move's source at `node`.
pub(super) fn cut_source(node: &WalkedNode) -> Option<MoveSource> {
    node.cutoff.map(|c| c.source)
}
