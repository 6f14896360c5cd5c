//! What killerscope learns from a recorded search, each a fold over its events or a walk over
//! its tree that reads any engine's log alike: the node query language (`node_query`, the
//! workbench's `log query` and the explorer's `/` line), the diff of two searches
//! (`tree_diff`), where a score came from (`provenance`, `log why`), the ordering report, the
//! audit of each cutoff against a re-search (`audit`) and the exercises drawn from a log.

pub mod audit;
pub mod exercise;
pub mod node_query;
mod ordering_report;
pub mod provenance;
pub mod query;
pub mod tree_diff;

pub use ordering_report::{OrderingReport, OrderingStats, RANK_BUCKETS, ReportFold, RowKey};
