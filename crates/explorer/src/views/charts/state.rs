//! What the charts view remembers — which chart, which colouring, the icicle's root and where
//! its bands are drawn — and the names the lessons, slides and the explorer share for them.

use super::icicle;
use crate::session::{NodeId, Session};
use crate::viewport::Area;
use killerscope_log::{Bound, MoveSource, NodeKind};
use killerscope_trace::{Node, SearchTree};

/// Which chart the view shows; `v` / Tab go forward through them in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChartKind {
    /// Nodes entered at each ply, main search and quiescence stacked.
    #[default]
    Plies,
    /// Main-search cutoffs by the cutting move's rank in the ordered list.
    Ranks,
    /// Main-search cutoffs by the heuristic that ordered the cutting move.
    Sources,
    /// Nodes per iteration and their ratio, the effective branching factor.
    Ebf,
    /// The tree as bands of blocks, one band per ply, widths by subtree size.
    Icicle,
}

impl ChartKind {
    /// Every chart, in cycling order.
    pub const ALL: [ChartKind; 5] = [
        ChartKind::Plies,
        ChartKind::Ranks,
        ChartKind::Sources,
        ChartKind::Ebf,
        ChartKind::Icicle,
    ];

    /// The chart's name in the panel title.
    pub fn title(self) -> &'static str {
        match self {
            ChartKind::Plies => "nodes per ply",
            ChartKind::Ranks => "cutoffs by rank",
            ChartKind::Sources => "cutoffs by source",
            ChartKind::Ebf => "branching factor",
            ChartKind::Icicle => "icicle",
        }
    }

    /// The chart's name in lesson files and on the command line (`log plot --chart
    /// nodes-per-ply`): lessons, slides and the explorer speak of the same five charts by the
    /// same names.
    pub fn key(self) -> &'static str {
        match self {
            ChartKind::Plies => "nodes-per-ply",
            ChartKind::Ranks => "ranks",
            ChartKind::Sources => "sources",
            ChartKind::Ebf => "ebf",
            ChartKind::Icicle => "icicle",
        }
    }

    /// The chart `step` places further along the cycle (negative: back), wrapping around.
    pub fn cycle(self, step: isize) -> ChartKind {
        let n = ChartKind::ALL.len() as isize;
        let at = ChartKind::ALL.iter().position(|&k| k == self).unwrap_or(0) as isize;
        ChartKind::ALL[(at + step).rem_euclid(n) as usize]
    }
}

/// What the icicle's block colours (and, in monochrome, fill characters) say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Colouring {
    /// PV, CUT, ALL or quiescence: where the search had to look at everything.
    #[default]
    NodeType,
    /// The source of the move that cut the node off: which heuristic saved the work.
    Source,
}

impl Colouring {
    /// Both colourings, in the order `m` switches between them.
    pub const ALL: [Colouring; 2] = [Colouring::NodeType, Colouring::Source];

    /// The colouring `m` switches to.
    pub fn other(self) -> Colouring {
        match self {
            Colouring::NodeType => Colouring::Source,
            Colouring::Source => Colouring::NodeType,
        }
    }

    /// The colouring's name on the command line (`log plot --colour source`).
    pub fn name(self) -> &'static str {
        match self {
            Colouring::NodeType => "node-type",
            Colouring::Source => "source",
        }
    }
}

/// What an icicle block says about its node in a colouring: the explorer turns it into a fill
/// character and a style, the SVG export into a colour, so both tell a class the same thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// Not finished at the cursor (or ever, in a truncated log).
    Open,
    /// Node type: an exact score, a PV node.
    Pv,
    /// Node type: failed high, a CUT node.
    Cut,
    /// Node type: failed low, an ALL node (every move searched).
    All,
    /// Node type: a quiescence node.
    Quiescence,
    /// Source colouring: cut off by a move this heuristic ordered.
    CutBy(MoveSource),
    /// Source colouring: no move cut the node off.
    NoCutoff,
}

impl Shade {
    /// How `node` is shaded under `colouring` when the first `at` events have happened.
    pub fn of(node: Node, colouring: Colouring, at: usize) -> Shade {
        let finished = node.exit_event().is_some_and(|x| x < at);
        let Some((_, bound)) = node.result().filter(|_| finished) else {
            return Shade::Open;
        };
        match colouring {
            Colouring::NodeType => match (node.kind(), bound) {
                (NodeKind::Quiescence, _) => Shade::Quiescence,
                (_, Bound::Exact) => Shade::Pv,
                (_, Bound::Lower) => Shade::Cut,
                (_, Bound::Upper) => Shade::All,
            },
            Colouring::Source => node
                .cutoff()
                .map_or(Shade::NoCutoff, |cut| Shade::CutBy(cut.source)),
        }
    }
}

/// A move of the icicle's selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IcicleMove {
    /// The block to the left in the same band.
    Left,
    /// The block to the right in the same band.
    Right,
    /// The parent, one band up.
    Up,
    /// The first child shown, one band down.
    Down,
    /// The selected block becomes the icicle's root.
    Zoom,
    /// The root's parent becomes the root (from a top-level root: back to the latest
    /// iteration).
    ZoomOut,
}

/// What an icicle key did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IcicleStep {
    /// The selection goes to this node.
    Select(NodeId),
    /// Nothing for the selection to do (the root may have changed).
    Stay,
    /// The key cannot act here: why.
    Refused(&'static str),
}

/// What the charts view remembers.
#[derive(Clone, Debug, Default)]
pub struct Charts {
    /// The chart on screen.
    pub kind: ChartKind,
    /// The icicle's colouring.
    pub colouring: Colouring,
    /// The icicle's root chosen with `z`; `None` follows the latest iteration at the cursor.
    pub root: Option<NodeId>,
    /// Where the icicle's bands are drawn (empty while the charts are not on screen).
    pub area: Area,
}

impl Charts {
    /// Drops what names nodes of the search on screen (the icicle's root), for a new search
    /// whose node ids mean other nodes; the chart and colouring stay.
    pub fn forget_nodes(&mut self) {
        self.root = None;
    }

    /// Switches the colouring of the icicle.
    pub fn switch_colouring(&mut self) {
        self.colouring = self.colouring.other();
    }

    /// The icicle's root when `known` nodes exist: the one chosen with `z` if it exists yet,
    /// else the latest top-level node (the iteration running or just finished at the cursor).
    pub fn icicle_root(&self, tree: &SearchTree, known: u32) -> Option<NodeId> {
        self.root.filter(|&r| r < known).or_else(|| {
            let roots = tree.roots();
            let entered = roots.partition_point(|&r| r < known);
            entered.checked_sub(1).map(|i| roots[i])
        })
    }

    /// The icicle of the search at the timeline cursor, laid out in `self.area`: what the
    /// terminal draws and what the arrow keys and clicks move along (`None` before any node).
    pub fn icicle(&self, session: &Session) -> Option<icicle::Layout> {
        let known = u32::try_from(session.chart_counts().nodes()).unwrap_or(u32::MAX);
        let root = self.icicle_root(session.tree(), known)?;
        let area = self.area;
        let mut layout = icicle::layout(
            session.tree(),
            root,
            known,
            area.width,
            usize::from(area.height),
        );
        layout.area = area;
        Some(layout)
    }

    /// Moves the icicle's selection from `selected` (the tree's) or its root by `step`, on the
    /// icicle laid out in `self.area`.
    pub fn step(
        &mut self,
        session: &Session,
        selected: Option<NodeId>,
        step: IcicleMove,
    ) -> IcicleStep {
        if self.kind != ChartKind::Icicle {
            return IcicleStep::Refused(
                "the arrow keys and z / Z work in the icicle chart (Tab to it)",
            );
        }
        let Some(drawn) = self.icicle(session) else {
            return IcicleStep::Stay;
        };
        let tree = session.tree();
        match step {
            IcicleMove::Zoom => {
                let inside =
                    selected.filter(|&id| id < drawn.known && tree.is_ancestor(drawn.root, id));
                match inside.filter(|&id| icicle::size(tree, id, drawn.known) > 1) {
                    Some(id) => {
                        self.root = Some(id);
                        IcicleStep::Stay
                    }
                    None => IcicleStep::Refused("select a block with children to make it the root"),
                }
            }
            IcicleMove::ZoomOut => {
                self.root = session.parent(drawn.root);
                IcicleStep::Stay
            }
            _ => drawn
                .step(tree, selected, step)
                .map_or(IcicleStep::Stay, IcicleStep::Select),
        }
    }
}
