//! The move loop of a main node: each move in the picker's order, futility-pruned or searched
//! (the first with the full window, the others with a null window first — principal variation
//! search — and late quiet moves reduced), until one fails high; and what the ordering tables
//! learn from misses and cutoffs.

use super::{Context, MainNode};
use crate::chess::Move;
use crate::search::config::MoveOrder;
use crate::search::countermove::CounterKey;
use crate::search::event::{Event, PruneRule, ReSearchReason};
use crate::search::margins::{futility_margin, late_move_reduction};
use crate::search::observer::SearchObserver;
use crate::search::order::NodeMoves;
use crate::search::picker::MovePicker;
use crate::search::score::INFINITY;
use crate::search::source::MoveSource;
use crate::search::tables::QuietCutoff;

/// What a node's move loop found.
pub(super) struct Searched {
    /// The best score (fail-soft), `-INFINITY` when no move was searched.
    pub best: i32,
    /// The move that scored it.
    pub best_move: Move,
    /// Moves searched (futility-pruned and `searchmoves`-excluded ones not counted).
    pub tried: usize,
}

/// One move about to be searched from a node.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    source: MoveSource,
    /// Its place among the moves searched so far (0 = first).
    index: usize,
    /// Whether it gives check (which extends its search by a ply).
    check: bool,
}

impl<O: SearchObserver> Context<'_, O> {
    /// Searches the node's moves within (`node.alpha`, `node.beta`) until one fails high or
    /// none is left; stops early (with what it has) when the search is stopped.
    pub(super) fn search_moves(&mut self, node: &MainNode, tt_move: Move) -> Searched {
        let MainNode { depth, ply, .. } = *node;
        let (mut alpha, beta) = (node.alpha, node.beta);
        let futile = self.futile(node);
        let side = self.pos.side_to_move();
        let answers = self.counter_key(node.led_by);
        let mut moves = self.node_moves(node, tt_move, answers);
        let mut searched = Searched {
            best: -INFINITY,
            best_move: Move::NULL,
            tried: 0,
        };
        while let Some((mv, source)) =
            moves.next(&self.pos, self.tables, &mut self.plies.moves[ply])
        {
            if ply == 0 && !self.root_moves.is_empty() && !self.root_moves.contains(&mv) {
                continue;
            }
            let order = searched.tried.min(usize::from(u8::MAX)) as u8;
            self.plies.evals[ply + 1] = self.plies.evals[ply].after(&self.pos, mv, self.eval);
            let undo = self.pos.make_move(mv);
            let check = self.pos.in_check();
            if futile && searched.tried > 0 && mv.is_quiet() && !check {
                self.pos.unmake_move(mv, undo);
                self.observer.observe(Event::Pruned {
                    mv,
                    rule: PruneRule::Futility,
                    score: node.eval + futility_margin(depth),
                });
                continue;
            }
            self.observer.observe(Event::MoveTried {
                mv,
                index: order,
                source,
            });
            if depth > 1
                && let Some(tt) = self.tt.as_ref()
            {
                tt.prefetch(self.pos.key());
            }
            let child = Child {
                mv,
                source,
                index: searched.tried,
                check,
            };
            let score = self.search_child(node, child, alpha, beta);
            self.pos.unmake_move(mv, undo);
            searched.tried += 1;
            if self.stopped {
                break;
            }
            if score < beta && mv.is_quiet() {
                self.tables.learn_from_miss(&self.ordering, side, mv, depth);
            }
            if score <= searched.best {
                continue;
            }
            searched.best = score;
            searched.best_move = mv;
            if score <= alpha {
                continue;
            }
            alpha = score;
            self.pv.update(ply, mv);
            if score >= beta {
                self.cutoff(node, child, score);
                break;
            }
        }
        searched
    }

    /// The node's moves in the order `order=` asks for.
    fn node_moves(
        &mut self,
        node: &MainNode,
        tt_move: Move,
        answers: Option<CounterKey>,
    ) -> NodeMoves {
        let MainNode { depth, ply, .. } = *node;
        let picker = MovePicker::main(&self.ordering, tt_move, self.tables, ply, depth, answers);
        self.arrange(picker, self.plies.keys[ply], depth, ply)
    }

    /// `picker`'s moves for the node at `ply` with `key` and remaining `depth` (0 in
    /// quiescence), in the order `order=` asks for: the picker's stages (with the oracle's move
    /// first under `order=oracle`), or the whole list rearranged (worst, random). Quiescence,
    /// which stands in for the evaluation at the horizon, keeps the capture order under worst
    /// and random: their trees are the fixed-depth trees Knuth and Moore count, not an
    /// explosion of capture sequences below them.
    pub(super) fn arrange(
        &mut self,
        picker: MovePicker,
        key: u64,
        depth: i32,
        ply: usize,
    ) -> NodeMoves {
        let order = match self.ordering.order {
            MoveOrder::Worst | MoveOrder::Random(_) if depth <= 0 => MoveOrder::Normal,
            order => order,
        };
        let hint = self.oracle.hint(key, depth);
        let picker = if order == MoveOrder::Oracle {
            picker.with_oracle(hint)
        } else {
            picker
        };
        let at = (&self.pos, &*self.tables, &mut self.plies.moves[ply]);
        NodeMoves::arrange(order, picker, hint, at, key, depth)
    }

    /// Searches `child` (already made) within (`alpha`, `beta`): the first move with the full
    /// window; a later one with a null window at alpha — reduced first if it is a late quiet
    /// move, re-searched at full depth if that fails high — and with the full window only when
    /// it lands inside.
    fn search_child(&mut self, node: &MainNode, child: Child, alpha: i32, beta: i32) -> i32 {
        let Child { mv, check, .. } = child;
        let ply = node.ply + 1;
        let depth = node.depth - 1 + i32::from(check);
        if child.index == 0 {
            return -self.negamax(depth, -beta, -alpha, ply, mv, check);
        }
        let reduction = if self.selective.lmr && !node.in_check && !check {
            late_move_reduction(node.depth, child.index, mv, child.source)
        } else {
            0
        };
        let mut probe;
        if reduction > 0 {
            self.observer.observe(Event::Reduction {
                mv,
                by: reduction as u8,
            });
            probe = -self.negamax(depth - reduction, -alpha - 1, -alpha, ply, mv, check);
            if probe > alpha && !self.stopped {
                self.observer.observe(Event::ReSearch {
                    mv,
                    reason: ReSearchReason::Reduction,
                });
                probe = -self.negamax(depth, -alpha - 1, -alpha, ply, mv, check);
            }
        } else {
            probe = -self.negamax(depth, -alpha - 1, -alpha, ply, mv, check);
        }
        if probe > alpha && probe < beta && !self.stopped {
            -self.negamax(depth, -beta, -alpha, ply, mv, check)
        } else {
            probe
        }
    }

    /// `child` failed high with `score`: the event, and — for a quiet move — what the killer,
    /// countermove and history tables learn.
    fn cutoff(&mut self, node: &MainNode, child: Child, score: i32) {
        let Child { mv, source, .. } = child;
        self.observer.observe(Event::Cutoff {
            mv,
            index: child.index.min(usize::from(u8::MAX)) as u8,
            source,
            score,
            beta: node.beta,
        });
        if mv.is_quiet() {
            let cut = QuietCutoff {
                ply: node.ply,
                depth: node.depth,
                side: self.pos.side_to_move(),
                mv,
                score,
                answers: self.counter_key(node.led_by),
            };
            self.tables
                .learn_from_cutoff(&self.ordering, cut, self.observer);
        }
    }
}
