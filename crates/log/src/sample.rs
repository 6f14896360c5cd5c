//! A search-shaped stream of events for the log crate's own tests, which cannot run the engine
//! (the engine depends on this crate). It walks the first few legal moves of every position
//! from the start to a depth, as iterative deepening would, with fail-hard scores made up from
//! the move order: every node's second move cuts (a quiet one is stored as a killer), so the
//! stream holds enters, tries, cutoffs, killer stores, exits and iterations with their PVs,
//! and every move in it is legal where it is played — what a log reader checks.

use crate::{Bound, Event, KillerSlots, MoveSource, NodeCount, NodeKind, SearchObserver};
use killerscope_chess::{Move, MoveList, Position};

/// Moves tried at a node before its cutoff: the first is searched, the second cuts.
const WIDTH: usize = 2;

/// Plays an iterative-deepening "search" of the start position to `depth` into `observer`,
/// returning the number of nodes entered.
pub(crate) fn search(observer: &mut impl SearchObserver, depth: u8) -> u64 {
    let mut pos = Position::startpos();
    let mut nodes = 0;
    for iteration in 1..=depth {
        let mut walk = Walk {
            observer: &mut *observer,
            nodes: &mut nodes,
            killer: [Move::NULL; 64],
        };
        let score = walk.node(&mut pos, 0, iteration, Move::NULL);
        observer.observe(Event::Iteration {
            depth: iteration,
            score,
            nodes: NodeCount::from(nodes),
        });
        observer.iteration_pv(&first_line(&pos, iteration));
    }
    nodes
}

/// The line of first moves `depth` plies long: the walk's principal variation.
fn first_line(root: &Position, depth: u8) -> Vec<Move> {
    let mut pos = root.clone();
    let mut line = Vec::new();
    for _ in 0..depth {
        let mut list = MoveList::default();
        pos.legal_moves(&mut list);
        let Some(mv) = list.iter().next() else { break };
        pos.make_move(mv);
        line.push(mv);
    }
    line
}

struct Walk<'a, O> {
    observer: &'a mut O,
    nodes: &'a mut u64,
    killer: [Move; 64],
}

impl<O: SearchObserver> Walk<'_, O> {
    fn node(&mut self, pos: &mut Position, ply: u8, depth: u8, mv: Move) -> i32 {
        *self.nodes += 1;
        let (alpha, beta) = (-100 - i32::from(ply), 100 + i32::from(ply));
        let kind = NodeKind::Main;
        let enter = Event::NodeEnter {
            ply,
            depth: depth as i8,
            kind,
            mv,
            alpha,
            beta,
        };
        self.observer.observe(enter);
        let mut list = MoveList::default();
        pos.legal_moves(&mut list);
        if depth == 0 || list.as_slice().is_empty() {
            let score = i32::from(ply) * 3 - 7;
            self.observer.observe(Event::NodeExit {
                score,
                bound: Bound::Exact,
            });
            return score;
        }
        for (index, mv) in list.iter().take(WIDTH).enumerate() {
            let index = index as u8;
            let source = if index == 0 {
                MoveSource::TT
            } else {
                MoveSource::QUIET
            };
            self.observer
                .observe(Event::MoveTried { mv, index, source });
            let undo = pos.make_move(mv);
            self.node(pos, ply + 1, depth - 1, mv);
            pos.unmake_move(mv, undo);
            if index + 1 == WIDTH as u8 {
                let score = beta;
                self.observer.observe(Event::Cutoff {
                    mv,
                    index,
                    source,
                    score,
                    beta,
                });
                if mv.is_quiet() && self.killer[usize::from(ply)] != mv {
                    let row = [mv, self.killer[usize::from(ply)]];
                    let len = if row[1].is_null() { 1 } else { 2 };
                    self.killer[usize::from(ply)] = mv;
                    let slots = KillerSlots::new(&row[..len]);
                    self.observer.observe(Event::KillerStore { ply, mv, slots });
                }
                self.observer.observe(Event::NodeExit {
                    score,
                    bound: Bound::Lower,
                });
                return score;
            }
        }
        self.observer.observe(Event::NodeExit {
            score: alpha,
            bound: Bound::Upper,
        });
        alpha
    }
}
