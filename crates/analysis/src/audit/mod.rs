//! Was the pruning safe? Every selective decision in a log — a null-move cut, a reverse
//! futility prune, a futility prune of a move, a late move reduction that stood, a mate
//! distance prune — claims something about a search it did not do: that the node (or the
//! pruned move's reply) lands on one side of its window. The audit does that search — the same
//! node, depth and window, with the technique switched off and the transposition table off so
//! the verdict is reproducible — and calls the decision **sound** when the full search lands on
//! the claimed side, **unsound** when it would have changed the result.
//!
//! `collect` finds the decisions (one streamed pass over the events); `Auditor::judge` checks
//! one. `killerscope log audit` runs both over a whole log; the explorer judges the decisions
//! of one node (`decisions_at`, which reads only that node's and its parent's own events).

mod all;
mod at_node;
mod collect;
mod judgeable;

pub use all::Judging;
pub use at_node::decisions_at;
pub use collect::Collector;
pub use judgeable::why_not_judged;
use killerscope_engine::HeaderSettings;

use killerscope_chess::{Move, Position};
use killerscope_engine::{NodeSearch, OrderingConfig, SearchConfig, Searcher, SelectiveConfig};
use killerscope_log::EventSource;
use killerscope_log::LogHeader;
use killerscope_text::message_error;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// A selective technique whose decisions the audit checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// A null-move search failed high and cut the node.
    NullMove,
    /// A late move's reduced search failed low and was not searched again.
    Reduction,
    /// A quiet move was pruned by futility.
    Futility,
    /// A node was pruned by reverse futility.
    ReverseFutility,
    /// A node was pruned by mate distance.
    MateDistance,
}

impl Technique {
    /// Every technique, in report order.
    pub const ALL: [Technique; 5] = [
        Technique::NullMove,
        Technique::Reduction,
        Technique::Futility,
        Technique::ReverseFutility,
        Technique::MateDistance,
    ];

    /// The key `--technique` takes: `nmp`, `lmr`, `futility`, `rfp`, `mdp`.
    pub const fn key(self) -> &'static str {
        match self {
            Technique::NullMove => "nmp",
            Technique::Reduction => "lmr",
            Technique::Futility => "futility",
            Technique::ReverseFutility => "rfp",
            Technique::MateDistance => "mdp",
        }
    }

    /// The technique `key` names.
    pub fn from_key(key: &str) -> Option<Technique> {
        Technique::ALL
            .into_iter()
            .find(|t| t.key().eq_ignore_ascii_case(key))
    }

    /// `selective` with this technique switched off. Futility and reverse futility share one
    /// switch, so auditing either searches without both.
    pub fn without(self, selective: SelectiveConfig) -> SelectiveConfig {
        match self {
            Technique::NullMove => SelectiveConfig {
                null_move: false,
                ..selective
            },
            Technique::Reduction => SelectiveConfig {
                lmr: false,
                ..selective
            },
            Technique::Futility | Technique::ReverseFutility => SelectiveConfig {
                futility: false,
                ..selective
            },
            Technique::MateDistance => SelectiveConfig {
                mate_distance: false,
                ..selective
            },
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The side of its window a decision says the searched node lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// At or above beta (fails high).
    High,
    /// At or below alpha (fails low).
    Low,
}

impl Claim {
    /// Whether `score` lands on this side of (`alpha`, `beta`).
    pub fn holds(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Claim::High => score >= beta,
            Claim::Low => score <= alpha,
        }
    }
}

/// One selective decision and the search that checks it. For a move pruned by futility and a
/// reduction that stood, the searched node is the move's child, with the null window the move
/// was (or would have been) searched with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The technique that decided.
    pub technique: Technique,
    /// Index of the event that records the decision (for a reduction, of its child's
    /// `NodeEnter`).
    pub event: usize,
    /// Index of the `NodeEnter` of the node the decision was made in (for a reduction, of the
    /// reduced child).
    pub node_event: usize,
    /// The iteration (its depth) the decision belongs to.
    pub iteration: u8,
    /// The remaining depth of the node that decided (for a pruned or reduced move, its
    /// parent's): the depth reports count decisions by.
    pub node_depth: i32,
    /// The moves from the root to the searched node; a null move is a pass.
    pub path: Vec<Move>,
    /// The depth to search it to.
    pub depth: i32,
    /// Its window.
    pub alpha: i32,
    /// Its window's upper end.
    pub beta: i32,
    /// The score the decision stood on, from the searched node's side.
    pub claimed: i32,
    /// The side of the window it claims.
    pub claim: Claim,
}

/// The verdict on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The full search's score, from the searched node's side.
    pub score: i32,
    /// Whether it lands on the claimed side.
    pub sound: bool,
}

/// Every decision of `events`, in log order (the events of one whole log: a filtered
/// recording has no coherent lines and gives nonsense), read a chunk at a time.
pub fn collect_decisions<E: EventSource + ?Sized>(events: &E) -> Vec<Decision> {
    let mut collector = Collector::new();
    events.for_each_chunk(0..events.event_count(), &mut |chunk| collector.feed(chunk));
    collector.finish()
}

/// The decisions made in the node whose `NodeEnter` is event `node_event` (a reduction's
/// belongs to its reduced child): what the explorer audits for a selected node.
pub fn decisions_of(decisions: &[Decision], node_event: usize) -> Vec<&Decision> {
    decisions
        .iter()
        .filter(|d| d.node_event == node_event)
        .collect()
}

message_error! {
    /// Why a decision could not be audited.
    pub struct AuditError(pub String);
}

/// Judges decisions of one log: its root and the configuration it was searched with.
#[derive(Clone, Debug)]
pub struct Auditor {
    root: Position,
    ordering: OrderingConfig,
    selective: SelectiveConfig,
    config: SearchConfig,
}

impl Auditor {
    /// An auditor for a log with `header`: killerscope's own, under switches this build knows,
    /// recorded whole (no `--trace-*` filter); the error says what else it would take
    /// (`why_not_judged`).
    pub fn new(header: &LogHeader) -> Result<Auditor, AuditError> {
        if let Some(why) = why_not_judged(header) {
            return Err(AuditError(why));
        }
        let root = Position::from_fen(&header.fen)
            .map_err(|e| AuditError(format!("the log's root does not read: {e}")))?;
        let ordering = header.ordering_config().ok_or_else(|| {
            AuditError("the log's ordering switches are not killerscope's".to_string())
        })?;
        let selective = header.selective_config().unwrap_or_default();
        let config = SearchConfig {
            eval: header.eval_kind(),
            hash_mib: 1,
            ..SearchConfig::default()
        };
        Ok(Auditor {
            root,
            ordering,
            selective,
            config,
        })
    }

    /// The position `decision` searches and the keys of the line before it, every move
    /// checked legal.
    fn line(&self, decision: &Decision) -> Result<(Position, Vec<u64>), AuditError> {
        let mut pos = self.root.clone();
        let mut keys = Vec::with_capacity(decision.path.len());
        for (k, &mv) in decision.path.iter().enumerate() {
            keys.push(pos.key());
            if mv.is_null() {
                if pos.in_check() {
                    return Err(AuditError(format!("move {} is a pass in check", k + 1)));
                }
                pos.make_null_move();
            } else if pos.is_legal(mv) {
                pos.make_move(mv);
            } else {
                return Err(AuditError(format!(
                    "move {} ({mv}) is not legal there",
                    k + 1
                )));
            }
        }
        Ok((pos, keys))
    }

    /// Searches the node of `decision` without its technique and with the table off.
    pub fn judge(&self, decision: &Decision) -> Result<Verdict, AuditError> {
        let verdict = self.judge_until(decision, &AtomicBool::new(false))?;
        verdict.ok_or_else(|| AuditError("the search was stopped".to_string()))
    }

    /// `judge`, giving up (`None`) once `stop` is set: the explorer stops an audit nobody
    /// waits for any more.
    pub fn judge_until(
        &self,
        decision: &Decision,
        stop: &AtomicBool,
    ) -> Result<Option<Verdict>, AuditError> {
        let (pos, keys) = self.line(decision)?;
        if keys.len() + 2 >= killerscope_log::MAX_PLY {
            return Err(AuditError("the node is too deep to search".to_string()));
        }
        let config = SearchConfig {
            ordering: OrderingConfig {
                tt_move: false,
                ..self.ordering
            },
            selective: decision.technique.without(self.selective),
            ..self.config
        };
        let mut searcher = Searcher::new(config);
        let node = NodeSearch {
            pos: &pos,
            line_keys: &keys,
            depth: decision.depth,
            alpha: decision.alpha,
            beta: decision.beta,
            led_by: decision.path.last().copied().unwrap_or(Move::NULL),
        };
        let score = searcher.search_node_until(&node, stop);
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let sound = decision.claim.holds(score, decision.alpha, decision.beta);
        Ok(Some(Verdict { score, sound }))
    }
}
