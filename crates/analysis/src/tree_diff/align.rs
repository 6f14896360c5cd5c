//! The walk over two trees at once: roots paired by iteration, children by move and
//! occurrence, each pair compared, the divergences ranked in a bounded heap.

use super::describe::sentence;
use super::facts::{
    Child, Side, children_of, fill_children, only_side, order_differs, path_to, side_facts,
};
use super::pairs::{keyed_roots, match_children};
use super::shape::DiffTree;
use super::{Divergence, DivergenceKinds, IterationNodes, OnlyIn, OnlySide, TreeDiff};
use killerscope_chess::{Move, Position};
use killerscope_log::LogHeader;
use killerscope_trace::NodeId;
use killerscope_trace::{FoldControl, FoldError};
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

/// Pairs compared between two progress reports.
const STEP: u64 = 1 << 16;

/// Diffs `a` against `b` (searches of the same position, the caller has checked), keeping
/// the `limit` divergences that explain the most nodes. Progress counts the pairs compared
/// against A's nodes. The trees are the explorer's `SearchTree`s or the command's
/// `CompactTree`s: the same logs give the same diff.
pub fn diff_trees<T: DiffTree>(
    a: (&T, &LogHeader),
    b: (&T, &LogHeader),
    limit: usize,
    control: &mut FoldControl<'_>,
) -> Result<TreeDiff, FoldError> {
    let sides = pair_sides(a, b);
    let mut walk = Walk::new(sides, limit);
    walk.pair_roots();
    let total = sides[0].tree.node_count() as u64;
    let mut done = 0;
    let mut buffers = (Vec::new(), Vec::new());
    while let Some((x, y)) = walk.stack.pop() {
        walk.compare(x, y, &mut buffers);
        done += 1;
        if done % STEP == 0 {
            control.step(done, total)?;
        }
    }
    control.step(total, total)?;
    Ok(walk.finish())
}

/// The divergence at one aligned pair (`x` of A, `y` of B), told as `diff_trees` tells it, or
/// `None` where the two searches agree: what a view of the two trees shows for the node it has
/// selected, without diffing the rest.
pub fn divergence_at<T: DiffTree>(
    a: (&T, &LogHeader),
    b: (&T, &LogHeader),
    x: NodeId,
    y: NodeId,
) -> Option<Divergence> {
    let mut walk = Walk::new(pair_sides(a, b), 1);
    walk.compare(x, y, &mut (Vec::new(), Vec::new()));
    walk.finish().divergences.pop()
}

/// What differs at one aligned pair (`x` of A, `y` of B), without the divergence's words:
/// all false where the two agree. The diff view marks each row with it.
pub fn kinds_at<T: DiffTree>(
    a: (&T, &LogHeader),
    b: (&T, &LogHeader),
    x: NodeId,
    y: NodeId,
) -> DivergenceKinds {
    let mut walk = Walk::new(pair_sides(a, b), 1);
    walk.compare(x, y, &mut (Vec::new(), Vec::new()));
    walk.kept
        .peek()
        .map_or_else(DivergenceKinds::default, |r| r.0.divergence.kinds)
}

fn pair_sides<'a, T>(a: (&'a T, &'a LogHeader), b: (&'a T, &'a LogHeader)) -> [Side<'a, T>; 2] {
    [
        Side {
            tree: a.0,
            header: a.1,
        },
        Side {
            tree: b.0,
            header: b.1,
        },
    ]
}

/// A divergence waiting for its path and sentence, ranked by the nodes of the difference it
/// explains, then the nodes searched by one side only, then search order.
struct Ranked {
    weight: (u64, u64),
    order: u64,
    divergence: Divergence,
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    /// Greater is better: more nodes, then earlier in A's search.
    fn cmp(&self, other: &Self) -> Ordering {
        (self.weight, Reverse(self.order)).cmp(&(other.weight, Reverse(other.order)))
    }
}

struct Walk<'a, T> {
    sides: [Side<'a, T>; 2],
    limit: usize,
    stack: Vec<(NodeId, NodeId)>,
    /// The best `limit` so far, the worst on top.
    kept: BinaryHeap<Reverse<Ranked>>,
    diff: TreeDiff,
}

impl<'a, T: DiffTree> Walk<'a, T> {
    fn new(sides: [Side<'a, T>; 2], limit: usize) -> Walk<'a, T> {
        Walk {
            sides,
            limit,
            stack: Vec::new(),
            kept: BinaryHeap::new(),
            diff: TreeDiff {
                nodes: sides.map(|s| s.tree.node_count() as u64),
                ..TreeDiff::default()
            },
        }
    }

    /// Pairs the k-th root of each iteration depth in A with the k-th in B; a root of one only
    /// is a divergence of its own.
    fn pair_roots(&mut self) {
        let [ka, kb] = [
            keyed_roots(self.sides[0].tree),
            keyed_roots(self.sides[1].tree),
        ];
        for (k, roots) in [&ka, &kb].into_iter().enumerate() {
            for &(depth, _, r) in roots {
                let size = self.sides[k].tree.nodes_under(r);
                let at = match self.diff.iterations.iter().position(|i| i.depth == depth) {
                    Some(at) => at,
                    None => {
                        self.diff
                            .iterations
                            .push(IterationNodes { depth, a: 0, b: 0 });
                        self.diff.iterations.len() - 1
                    }
                };
                let it = &mut self.diff.iterations[at];
                *if k == 0 { &mut it.a } else { &mut it.b } += size;
            }
        }
        let mut pairs = Vec::new();
        for &(depth, k, ra) in &ka {
            match kb.iter().find(|&&(d, kk, _)| d == depth && kk == k) {
                Some(&(_, _, rb)) => pairs.push((ra, rb)),
                None => self.lone_root(0, ra, depth),
            }
        }
        for &(depth, k, rb) in &kb {
            if !ka.iter().any(|&(d, kk, _)| d == depth && kk == k) {
                self.lone_root(1, rb, depth);
            }
        }
        // Popped from the end: the first iteration is compared first.
        self.stack.extend(pairs.into_iter().rev());
    }

    /// A root searched by side `k` only.
    fn lone_root(&mut self, k: usize, root: NodeId, depth: i8) {
        let side = self.sides[k];
        let nodes = side.tree.nodes_under(root);
        let only = OnlySide {
            biggest: vec![OnlyIn {
                mv: Move::NULL,
                nodes,
                repeat: false,
            }],
            nodes,
        };
        let facts = side_facts(side, root, &children_of(side.tree, root));
        let mut d = Divergence {
            iteration: depth,
            path: Vec::new(),
            a: None,
            b: None,
            kinds: DivergenceKinds::default(),
            only_a: OnlySide::default(),
            only_b: OnlySide::default(),
            sentence: String::new(),
        };
        if k == 0 {
            (d.a, d.kinds.only_a, d.only_a) = (Some(facts), true, only);
        } else {
            (d.b, d.kinds.only_b, d.only_b) = (Some(facts), true, only);
        }
        let order = if k == 0 {
            u64::from(root)
        } else {
            self.diff.nodes[0] + u64::from(root)
        };
        self.record(d, order);
    }

    /// Compares the pair (`x` of A, `y` of B), queues their common children, and records a
    /// divergence if they part.
    fn compare(&mut self, x: NodeId, y: NodeId, (ca, cb): &mut (Vec<Child>, Vec<Child>)) {
        let [sa, sb] = self.sides;
        fill_children(sa.tree, x, ca);
        fill_children(sb.tree, y, cb);
        // Children pair by the step that leads to them and which search of it they are.
        let (matched, only_a, only_b) = match_children(ca, cb);
        self.stack
            .extend(matched.iter().map(|&(i, j)| (ca[i].id, cb[j].id)));
        let only_a: Vec<Child> = only_a.into_iter().map(|i| ca[i]).collect();
        let only_b: Vec<Child> = only_b.into_iter().map(|j| cb[j]).collect();
        let (fa, fb) = (side_facts(sa, x, ca), side_facts(sb, y, cb));
        let kinds = DivergenceKinds {
            order: order_differs(ca, cb),
            cut_move: fa.cutoff.map(|c| c.mv) != fb.cutoff.map(|c| c.mv),
            cut_source: match (fa.cutoff, fb.cutoff) {
                (Some(p), Some(q)) => {
                    sa.header.sources.raw_label(p.source) != sb.header.sources.raw_label(q.source)
                }
                _ => false,
            },
            node_type: fa.node_type != fb.node_type,
            only_a: !only_a.is_empty(),
            only_b: !only_b.is_empty(),
        };
        if kinds == DivergenceKinds::default() {
            return;
        }
        let d = Divergence {
            iteration: sa.tree.top_of(x).map_or(0, |r| sa.tree.root_depth(r)),
            path: Vec::new(),
            a: Some(fa),
            b: Some(fb),
            kinds,
            only_a: only_side(&only_a),
            only_b: only_side(&only_b),
            sentence: String::new(),
        };
        self.record(d, u64::from(x));
    }

    /// Counts a divergence and keeps it if it is among the `limit` biggest.
    fn record(&mut self, d: Divergence, order: u64) {
        let diff = &mut self.diff;
        diff.total += 1;
        diff.explained += d.explains();
        diff.unshared += d.unshared();
        let k = &d.kinds;
        diff.kinds.order += u64::from(k.order);
        diff.kinds.cut_move += u64::from(k.cut_move);
        diff.kinds.cut_source += u64::from(k.cut_source);
        diff.kinds.node_type += u64::from(k.node_type);
        diff.kinds.only_one += u64::from(k.only_a || k.only_b);
        if self.limit == 0 {
            return;
        }
        let ranked = Ranked {
            weight: (d.explains().unsigned_abs(), d.unshared()),
            order,
            divergence: d,
        };
        if self.kept.len() < self.limit {
            self.kept.push(Reverse(ranked));
        } else if self.kept.peek().is_some_and(|worst| ranked > worst.0) {
            self.kept.pop();
            self.kept.push(Reverse(ranked));
        }
    }

    /// The kept divergences, best first, with their paths and sentences.
    fn finish(mut self) -> TreeDiff {
        let mut kept: Vec<Ranked> = self.kept.into_iter().map(|r| r.0).collect();
        kept.sort_by(|p, q| q.cmp(p));
        let root = Position::from_fen(&self.sides[0].header.fen).ok();
        let headers = self.sides.map(|s| s.header);
        self.diff.divergences = kept
            .into_iter()
            .map(|r| {
                let mut d = r.divergence;
                d.path = match (&d.a, &d.b) {
                    (Some(f), _) => path_to(self.sides[0].tree, f.node),
                    (None, Some(f)) => path_to(self.sides[1].tree, f.node),
                    (None, None) => Vec::new(),
                };
                d.sentence = sentence(&d, root.as_ref(), headers);
                d
            })
            .collect();
        self.diff
    }
}
