//! Search limits (what `go` or the command line asked for) and the clock that turns them into
//! "stop now" decisions during the search.

use killerscope_chess::{Color, Move};
use std::time::{Duration, Instant};

/// Deepest iteration the search will start, whatever the limits: leaves room below `MAX_PLY`
/// for check extensions and quiescence.
pub const MAX_DEPTH: u8 = 100;

/// Time kept in hand on every clock-based decision, for output and GUI lag.
const MOVE_OVERHEAD: Duration = Duration::from_millis(20);

/// When to stop searching. Every field is optional; with none set the search runs to
/// `MAX_DEPTH` or until the stop flag is raised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration to complete.
    pub depth: Option<u8>,
    /// Stop once this many nodes (main + quiescence) have been searched.
    pub nodes: Option<u64>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// White's remaining clock time.
    pub wtime: Option<Duration>,
    /// Black's remaining clock time.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves until the next time control (sudden death when absent).
    pub movestogo: Option<u32>,
    /// Search until stopped; time fields are ignored.
    pub infinite: bool,
    /// Look for a mate in at most this many moves: search no deeper than such a mate needs
    /// and stop as soon as one is found (UCI `go mate`).
    pub mate: Option<u32>,
    /// Consider only these root moves (UCI `go searchmoves`); empty means all. The caller
    /// passes legal moves of the root.
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// Only a depth limit: the deterministic way to search.
    pub fn depth(depth: u8) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

impl Limits {
    /// The limits that are set, as `(name, value)` settings (times in milliseconds,
    /// `infinite` with an empty value): the form log headers store as data.
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        let millis = |d: &Option<Duration>| d.map(|d| d.as_millis());
        [
            ("depth", self.depth.map(u128::from)),
            ("nodes", self.nodes.map(u128::from)),
            ("movetime", millis(&self.movetime)),
            ("wtime", millis(&self.wtime)),
            ("btime", millis(&self.btime)),
            ("winc", millis(&self.winc)),
            ("binc", millis(&self.binc)),
            ("movestogo", self.movestogo.map(u128::from)),
            ("mate", self.mate.map(u128::from)),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.map(|v| (name, v.to_string())))
        .chain(self.infinite.then(|| ("infinite", String::new())))
        .chain((!self.searchmoves.is_empty()).then(|| {
            let moves: Vec<String> = self.searchmoves.iter().map(Move::to_string).collect();
            ("searchmoves", moves.join(" "))
        }))
        .collect()
    }
}

/// Human-readable limits for reports, e.g. `depth 6` or `wtime 60000 btime 58000`.
impl std::fmt::Display for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .settings()
            .into_iter()
            .map(|(name, value)| format!("{name} {value}").trim_end().to_string())
            .collect();
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join(" "))
        }
    }
}

/// Time and node budget of one search, measured from its start.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    nodes: Option<u64>,
}

impl Clock {
    /// Budget for `side` to move under `limits`, starting now. A clock allocation aims at
    /// `remaining / movestogo + 3/4 increment` (30 moves when sudden death) and may stretch to
    /// three times that, never beyond half the remaining time.
    pub fn start(limits: &Limits, side: Color) -> Clock {
        let start = Instant::now();
        let (soft, hard) = if limits.infinite {
            (None, None)
        } else if let Some(movetime) = limits.movetime {
            let t = movetime.saturating_sub(MOVE_OVERHEAD / 4);
            (Some(t), Some(t))
        } else {
            let (time, inc) = match side {
                Color::White => (limits.wtime, limits.winc),
                Color::Black => (limits.btime, limits.binc),
            };
            match time {
                Some(time) => {
                    let left = time.saturating_sub(MOVE_OVERHEAD);
                    let moves = limits.movestogo.unwrap_or(30).clamp(1, 60);
                    let inc = inc.unwrap_or_default();
                    let hard = left / 2;
                    let soft = (left / moves + inc * 3 / 4).min(hard);
                    (Some(soft), Some((soft * 3).min(hard)))
                }
                None => (None, None),
            }
        };
        Clock {
            start,
            soft,
            hard,
            nodes: limits.nodes,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard time limit has passed: the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// Whether `nodes` has reached the node limit.
    #[inline]
    pub fn nodes_exhausted(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|limit| nodes >= limit)
    }

    /// Whether another iteration is unlikely to finish in the time allotted: half the soft
    /// budget is spent (each iteration costs a few times the one before). Fixed move times use
    /// the full budget instead, since only the hard limit can end them early.
    pub fn should_not_deepen(&self, movetime: bool) -> bool {
        match self.soft {
            Some(soft) if movetime => self.elapsed() >= soft,
            Some(soft) => self.elapsed() >= soft / 2,
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_only_never_expires() {
        let clock = Clock::start(&Limits::depth(5), Color::White);
        assert!(!clock.hard_expired());
        assert!(!clock.should_not_deepen(false));
        assert!(!clock.nodes_exhausted(u64::MAX));
    }

    #[test]
    fn node_limit() {
        let limits = Limits {
            nodes: Some(1000),
            ..Limits::default()
        };
        let clock = Clock::start(&limits, Color::Black);
        assert!(!clock.nodes_exhausted(999));
        assert!(clock.nodes_exhausted(1000));
    }

    #[test]
    fn clock_budget_uses_the_side_to_moves_time() {
        let limits = Limits {
            wtime: Some(Duration::from_secs(60)),
            btime: Some(Duration::ZERO),
            ..Limits::default()
        };
        let white = Clock::start(&limits, Color::White);
        assert!(white.soft.unwrap() > Duration::from_secs(1));
        assert!(white.hard.unwrap() <= Duration::from_secs(30));
        let black = Clock::start(&limits, Color::Black);
        assert!(black.hard_expired(), "no time left means stop at once");
    }
}
