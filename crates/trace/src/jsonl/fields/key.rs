//! `Key`: every key the schema gives an event line, with its JSON name and its bit in a set of
//! keys. Apart from the `Fields` that read a line's values: this is only the schema's list of
//! names, which a new key joins.

/// Every key an event line may carry; anything else is an unknown key, skipped and counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The event kind.
    Type,
    /// The event's index (informational).
    I,
    /// The node's ply, or the killer row.
    Ply,
    /// Remaining depth, or an iteration's depth.
    Depth,
    /// Window lower bound.
    Alpha,
    /// Window upper bound.
    Beta,
    /// A move in UCI.
    Move,
    /// `main` or `quiescence`.
    Kind,
    /// Position in the ordered move list.
    Index,
    /// Ordering source label.
    Source,
    /// A score.
    Score,
    /// A killer row after a store.
    Slots,
    /// The opponent move a countermove answers.
    Answers,
    /// Null-move reduction.
    Reduction,
    /// Whether a TT entry or null move ended the node.
    Cutoff,
    /// Plies taken off by a late move reduction.
    By,
    /// Why a move is searched again.
    Reason,
    /// Which pruning rule.
    Rule,
    /// How an aspiration window turned out.
    Outcome,
    /// What a score says about the true value.
    Bound,
    /// Nodes searched so far.
    Nodes,
    /// An iteration's principal variation.
    Pv,
    /// A pseudo-legal engine's try that leaves its king attacked.
    Illegal,
    /// An iteration's time in milliseconds (informational).
    Time,
}

/// Number of keys.
pub const KEYS: usize = 24;

impl Key {
    /// The key named `name`, if the schema has it.
    pub fn from_name(name: &str) -> Option<Key> {
        Some(match name {
            "type" => Key::Type,
            "i" => Key::I,
            "ply" => Key::Ply,
            "depth" => Key::Depth,
            "alpha" => Key::Alpha,
            "beta" => Key::Beta,
            "move" => Key::Move,
            "kind" => Key::Kind,
            "index" => Key::Index,
            "source" => Key::Source,
            "score" => Key::Score,
            "slots" => Key::Slots,
            "answers" => Key::Answers,
            "reduction" => Key::Reduction,
            "cutoff" => Key::Cutoff,
            "by" => Key::By,
            "reason" => Key::Reason,
            "rule" => Key::Rule,
            "outcome" => Key::Outcome,
            "bound" => Key::Bound,
            "nodes" => Key::Nodes,
            "pv" => Key::Pv,
            "illegal" => Key::Illegal,
            "time" => Key::Time,
            _ => return None,
        })
    }

    /// Every key, in declaration order.
    pub const ALL: [Key; KEYS] = [
        Key::Type,
        Key::I,
        Key::Ply,
        Key::Depth,
        Key::Alpha,
        Key::Beta,
        Key::Move,
        Key::Kind,
        Key::Index,
        Key::Source,
        Key::Score,
        Key::Slots,
        Key::Answers,
        Key::Reduction,
        Key::Cutoff,
        Key::By,
        Key::Reason,
        Key::Rule,
        Key::Outcome,
        Key::Bound,
        Key::Nodes,
        Key::Pv,
        Key::Illegal,
        Key::Time,
    ];

    /// The key's JSON name.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; KEYS] = [
            "type",
            "i",
            "ply",
            "depth",
            "alpha",
            "beta",
            "move",
            "kind",
            "index",
            "source",
            "score",
            "slots",
            "answers",
            "reduction",
            "cutoff",
            "by",
            "reason",
            "rule",
            "outcome",
            "bound",
            "nodes",
            "pv",
            "illegal",
            "time",
        ];
        NAMES[self as usize]
    }

    /// The key's bit in a set of keys.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }
}
