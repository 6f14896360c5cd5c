//! One node searched on its own, away from iterative deepening: the position a line of a log
//! reaches, searched to the depth and within the window that node had. What the pruning audit
//! re-searches a selective decision with (and what the explorer can ask of any node).

use super::alphabeta::{Context, Place};
use super::limits::{Clock, Limits};
use super::searcher::Searcher;
use killerscope_chess::{Move, Position};
use killerscope_log::NullObserver;
use std::sync::atomic::AtomicBool;

/// A node to search: where it is in the tree and what it was asked.
#[derive(Clone, Copy, Debug)]
pub struct NodeSearch<'n> {
    /// The node's position.
    pub pos: &'n Position,
    /// The Zobrist keys of the positions on the line before it, the root first: its ply is
    /// their number, and repetitions along the line are seen as the search saw them.
    pub line_keys: &'n [u64],
    /// Remaining depth.
    pub depth: i32,
    /// The window.
    pub alpha: i32,
    /// The window's upper end.
    pub beta: i32,
    /// The move that led to it (null after a pass), which decides whether a null move may
    /// follow and which countermove answers it.
    pub led_by: Move,
}

impl Searcher {
    /// Searches `node` under this searcher's configuration, its tables emptied first, and
    /// returns its fail-soft score. Deterministic: the same node and configuration give the
    /// same score (with the transposition table off, whatever was searched before).
    pub fn search_node(&mut self, node: &NodeSearch<'_>) -> i32 {
        self.search_node_until(node, &AtomicBool::new(false))
    }

    /// `search_node` that gives up as soon as `stop` is set (checked as the search polls its
    /// clock): the explorer's audit runs on a thread the user may no longer need. The score of
    /// a stopped search means nothing; the caller reads `stop` after it.
    pub fn search_node_until(&mut self, node: &NodeSearch<'_>, stop: &AtomicBool) -> i32 {
        let config = *self.config();
        let clock = Clock::start(&Limits::default(), node.pos.side_to_move());
        let tables = self.tables_for_search();
        let mut observer = NullObserver;
        let mut ctx = Context::new(node.pos.clone(), config, tables, &mut observer, stop, clock);
        ctx.enter_line(node.line_keys);
        let at = Place {
            ply: node.line_keys.len(),
            led_by: node.led_by,
            in_check: node.pos.in_check(),
        };
        ctx.negamax(node.depth, node.alpha, node.beta, at)
    }
}
