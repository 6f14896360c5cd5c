//! The `order=` switch's values: how a node's moves are ordered beyond the heuristics (the
//! orders themselves are `search::order`'s).

/// How a node's moves are ordered beyond the heuristics (`order=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveOrder {
    /// The heuristics' order.
    #[default]
    Normal,
    /// The oracle's move last, the rest in reverse of the normal order.
    Worst,
    /// The normal order shuffled with this seed.
    Random(u64),
    /// The oracle's move first, the rest in the normal order.
    Oracle,
}

impl MoveOrder {
    /// The `order=` value: `normal`, `worst`, `random:SEED` or `oracle`.
    pub fn name(self) -> String {
        match self {
            MoveOrder::Normal => "normal".to_string(),
            MoveOrder::Worst => "worst".to_string(),
            MoveOrder::Random(seed) => format!("random:{seed}"),
            MoveOrder::Oracle => "oracle".to_string(),
        }
    }

    /// The order an `order=` value names (lowercase); `random` needs its `:SEED`.
    pub fn from_name(value: &str) -> Option<MoveOrder> {
        match value {
            "normal" => Some(MoveOrder::Normal),
            "worst" => Some(MoveOrder::Worst),
            "oracle" => Some(MoveOrder::Oracle),
            _ => {
                let seed = value.strip_prefix("random:")?;
                seed.parse().ok().map(MoveOrder::Random)
            }
        }
    }

    /// Whether a first search must learn the best moves before this order can be used.
    pub fn needs_oracle(self) -> bool {
        matches!(self, MoveOrder::Worst | MoveOrder::Oracle)
    }
}
