//! What killerscope learns from a recorded search, each a fold over its events or a walk over
//! its tree that reads any engine's log alike: the node query language (`node_query`, the
//! workbench's `log query` and the explorer's `/` line), the diff of two searches
//! (`tree_diff`), where a score came from (`provenance`, `log why`), the ordering report, the
//! audit of each cutoff against a re-search (`audit`) and the exercises drawn from a log.

mod audit;
pub mod doctor;
pub mod exercise;
mod node_killers;
mod node_query;
mod ordering_report;
mod provenance;
mod query;
pub mod table;
mod tree_diff;

pub use audit::Auditor;
pub use audit::Claim;
pub use audit::Decision;
pub use audit::Judging;
pub use audit::Technique;
pub use audit::Verdict;
pub use audit::collect_decisions;
pub use audit::decisions_at;
pub use audit::decisions_of;
pub use node_killers::{KillerTry, KillerWalk, NodeKillers};
pub use node_query::FIELDS;
pub use node_query::MatchSet;
pub use node_query::NodeQuery;
pub use node_query::QueryMatch;
pub use node_query::QueryResult;
pub use ordering_report::{
    KillerStats, OrderingReport, OrderingStats, RANK_BUCKETS, ReportFold, RowKey,
};
pub use provenance::ChainLink;
pub use provenance::Origin;
pub use provenance::ScoreChain;
pub use provenance::Via;
pub use provenance::explain_score;
pub use provenance::origin_text;
pub use provenance::score_text;
pub use provenance::via_text;
pub use query::EventRef;
pub use query::NodeRef;
pub use query::cutoff_move;
pub use query::find_event;
pub use query::find_node;
pub use query::moves_tried;
pub use query::parse_move;
pub use tree_diff::CompactTree;
pub use tree_diff::CompactTreeBuilder;
pub use tree_diff::DiffTree;
pub use tree_diff::Divergence;
pub use tree_diff::DivergenceKinds;
pub use tree_diff::Outcome;
pub use tree_diff::Pair;
pub use tree_diff::SideFacts;
pub use tree_diff::TreeDiff;
pub use tree_diff::alignable;
pub use tree_diff::child_pairs;
pub use tree_diff::diff_trees;
pub use tree_diff::divergence_at;
pub use tree_diff::kinds_at;
pub use tree_diff::pair_has_children;
pub use tree_diff::root_pairs;
