//! Node queries: one small filter language over the nodes of a log, for `killerscope log query`
//! and the explorer — `type=CUT and cut.rank>1 and tt_tried and not tt_cut`, `line e2e4 e7e5`,
//! `key=463b96181691fc9c` (every transposition of a position).
//!
//! A query is compiled against a log's header (its source labels, its root position), so a
//! mistake is reported before any event is read, with the column it is at. It then runs as a
//! fold over the event stream ([`NodeWalk`]): memory is the walk's stack plus the matches kept
//! (the first `limit` by id), whatever the log's size. Positions are followed only when the
//! query needs them (`key`, a move in SAN).
//!
//! (Not to be confused with [`crate::query`], which resolves the references lessons make
//! to one node or event.)

mod eval;
mod fields;
mod lex;
mod moves;
mod parse;
mod set;

pub use fields::FIELDS;
pub use set::MatchSet;

use crate::{node_killers::KillerWalk, node_killers::NodeKillers};
use fields::{BoolField, IntField, MoveField};
use killerscope_chess::Position;
use killerscope_log::LogHeader;
use killerscope_log::SourceTable;
use killerscope_log::{Event, MoveSource};
use killerscope_trace::line::Step;
use killerscope_trace::{FoldControl, FoldError, RecordStream};
use killerscope_trace::{NodeType, NodeWalk, WalkPath, WalkedNode};
use lex::Op;
use moves::MoveMatch;
use std::collections::BinaryHeap;
use std::fmt;

/// A query that does not read, and the column (1-based, in characters) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// Where in the query text.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl QueryError {
    fn at(column: usize, message: impl Into<String>) -> QueryError {
        QueryError {
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for QueryError {}

/// A parsed query.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expr {
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Test(Test),
}

/// One test of a node.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Test {
    Int(IntField, Op, i64),
    Bool(BoolField),
    BoolIs(BoolField, bool, bool),
    Type(bool, NodeType),
    Move(MoveField, bool, MoveMatch),
    Source(bool, MoveSource),
    Key(bool, u64),
    /// The node's line from the root starts with these steps.
    Line(Vec<Step>),
}

/// A query compiled against one log's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeQuery {
    text: String,
    expr: Expr,
    needs_positions: bool,
    root: Option<Position>,
    /// The log's sources: which are killers, for the killer fields.
    sources: SourceTable,
}

impl NodeQuery {
    /// Reads `text` for a log whose header is `header` (sources are its labels, `line` moves
    /// are read from its FEN).
    pub fn compile(text: &str, header: &LogHeader) -> Result<NodeQuery, QueryError> {
        let root = Position::from_fen(&header.fen).ok();
        let tokens = lex::tokens(text)?;
        let expr = parse::Parser::new(&tokens, header, root.as_ref()).query()?;
        Ok(NodeQuery {
            text: text.to_string(),
            needs_positions: expr.needs_positions(),
            expr,
            root,
            sources: header.sources.clone(),
        })
    }

    /// The query as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether `node`, at `path`, with `killers`, matches.
    pub fn matches(&self, node: &WalkedNode, path: &WalkPath<'_>, killers: &NodeKillers) -> bool {
        self.expr.eval(&eval::Seen {
            node,
            path,
            killers,
        })
    }

    /// The fold that runs this query, keeping the first `limit` matches by id.
    pub fn fold(&self, limit: usize) -> QueryFold<'_> {
        let walk = if self.needs_positions {
            NodeWalk::with_positions(self.root.clone())
        } else {
            NodeWalk::new()
        };
        QueryFold {
            walk: KillerWalk::new(walk, &self.sources),
            found: Found {
                query: self,
                limit,
                count: 0,
                kept: BinaryHeap::new(),
                marked: None,
            },
        }
    }

    /// Runs the query over every event of `record` keeping every match's id (the explorer
    /// marks and steps through them), not the matches themselves.
    pub fn run_marked(
        &self,
        record: RecordStream,
        control: &mut FoldControl<'_>,
    ) -> Result<QueryResult, FoldError> {
        let mut fold = self.fold(0);
        fold.found.marked = Some(MatchSet::default());
        record.run(control, &mut |chunk| fold.feed(chunk))?;
        Ok(fold.finish())
    }

    /// Runs the query over every event of `record`, keeping the first `limit` matches.
    pub fn run(
        &self,
        record: RecordStream,
        limit: usize,
        control: &mut FoldControl<'_>,
    ) -> Result<QueryResult, FoldError> {
        let mut fold = self.fold(limit);
        record.run(control, &mut |chunk| fold.feed(chunk))?;
        Ok(fold.finish())
    }
}

/// A node that matched: what the walk knew of it, its line from the root and its killers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryMatch {
    /// The node.
    pub node: WalkedNode,
    /// Its steps from the root (moves, and passes for null moves).
    pub path: Vec<Step>,
    /// Its killer tries and the killer that cut it off.
    pub killers: NodeKillers,
}

/// What a query found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryResult {
    /// Nodes that matched.
    pub count: u64,
    /// Nodes looked at: every node of the log.
    pub nodes: u64,
    /// The first matches by id, at most the fold's limit.
    pub matches: Vec<QueryMatch>,
    /// Every match's id, when the run was asked to keep them (`run_marked`).
    pub marked: Option<MatchSet>,
}

/// A query being run: feed it the events in order, then `finish`.
pub struct QueryFold<'q> {
    walk: KillerWalk,
    found: Found<'q>,
}

/// The matches so far.
struct Found<'q> {
    query: &'q NodeQuery,
    limit: usize,
    count: u64,
    /// The `limit` smallest ids so far, the largest on top: nodes close child first, so ids
    /// arrive out of order.
    kept: BinaryHeap<Kept>,
    /// Every match's id, when asked for.
    marked: Option<MatchSet>,
}

/// A kept match, ordered by id.
#[derive(Debug, PartialEq, Eq)]
struct Kept(QueryMatch);

impl PartialOrd for Kept {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Kept {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.node.id.cmp(&other.0.node.id)
    }
}

impl Found<'_> {
    fn offer(&mut self, node: &WalkedNode, path: &WalkPath<'_>, killers: &NodeKillers) {
        if !self.query.matches(node, path, killers) {
            return;
        }
        self.count += 1;
        if let Some(marked) = self.marked.as_mut() {
            marked.insert(node.id);
        }
        let below_largest = self.kept.peek().is_none_or(|k| node.id < k.0.node.id);
        if self.limit > 0 && (self.kept.len() < self.limit || below_largest) {
            self.kept.push(Kept(QueryMatch {
                node: node.clone(),
                path: path.steps().to_vec(),
                killers: killers.clone(),
            }));
            if self.kept.len() > self.limit {
                self.kept.pop();
            }
        }
    }
}

impl QueryFold<'_> {
    /// Folds in the next events.
    pub fn feed(&mut self, chunk: &[Event]) {
        let found = &mut self.found;
        self.walk.feed(chunk, &mut |node, path, killers| {
            found.offer(node, path, killers)
        });
    }

    /// Matches so far (for a progress line).
    pub fn count(&self) -> u64 {
        self.found.count
    }

    /// After the last event: the nodes still open are looked at too, and the result.
    pub fn finish(self) -> QueryResult {
        let QueryFold { walk, mut found } = self;
        let nodes = walk.nodes_entered();
        walk.finish(&mut |node, path, killers| found.offer(node, path, killers));
        let mut matches: Vec<QueryMatch> = found.kept.into_iter().map(|k| k.0).collect();
        matches.sort_by_key(|m| m.node.id);
        QueryResult {
            count: found.count,
            nodes,
            matches,
            marked: found.marked,
        }
    }
}
