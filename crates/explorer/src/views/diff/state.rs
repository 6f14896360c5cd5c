//! The diff view's state: two searches of one position shown as one tree. A is the explorer's
//! own session (so the normal view, the board and the timeline stay on A); B is a session held
//! here. The rows are the aligned tree (`rows`); the divergences, ranked by how many nodes of
//! the difference each explains, come from `trace::tree_diff::diff_trees` run on the runtime's
//! thread (`rank`) — the `diff` command's own walk and ranking, so `n` visits the divergences
//! in the order `killerscope diff` prints them.

use super::DiffAction;
use super::rank::RankRequest;
use super::rows::PairRows;
use crate::session::Session;
use crate::views::tree::TreeMove;
use killerscope_analysis::{
    Divergence, DivergenceKinds, Pair, TreeDiff, alignable, child_pairs, divergence_at, kinds_at,
    root_pairs,
};
use killerscope_engine::HeaderSettings;
use killerscope_trace::SearchTree;

/// Divergences kept for stepping with `n` / `N`, the biggest first (all are counted).
pub const RANKED: usize = 1000;

/// How far ranking the divergences has got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Pairs compared so far, of A's nodes.
    Running(u64, u64),
    /// Done: the diff with its biggest divergences.
    Done(Box<TreeDiff>),
    /// It failed (or was cancelled); the reason.
    Failed(String),
}

/// Two searches as one tree.
#[derive(Debug)]
pub struct DiffState {
    b: Session,
    names: [String; 2],
    pub(crate) rows: PairRows,
    ranking: Ranking,
    /// The ranked divergence the last `n` / `N` went to.
    step: Option<usize>,
}

/// The diff view's place in the explorer: the two searches shown as one tree, once opened.
#[derive(Debug, Default)]
pub struct Diffing {
    pub(super) open: Option<DiffState>,
}

impl Diffing {
    /// The diff on screen, if one was opened.
    pub fn open(&self) -> Option<&DiffState> {
        self.open.as_ref()
    }

    /// The diff on screen, to move through or to hand its ranking.
    pub fn open_mut(&mut self) -> Option<&mut DiffState> {
        self.open.as_mut()
    }

    /// Whether the open diff's divergences are still being ranked.
    pub fn ranking_runs(&self) -> bool {
        self.open
            .as_ref()
            .is_some_and(|d| matches!(d.ranking(), Ranking::Running(..)))
    }
}

/// How the diff names a search of the explorer's: `what`, with the ordering switches that
/// differ from the default (`this search (killers=0)`).
pub fn name(what: &str, session: &Session) -> String {
    match session.header().ordering_config().map(|o| o.changes()) {
        Some(changes) if changes != "default" => format!("{what} ({changes})"),
        _ => what.to_string(),
    }
}

impl DiffState {
    /// The diff of `a` (the explorer's session) and `b`, named `names`; refused, saying what
    /// differs, when the two cannot be aligned (other positions, other recording filters).
    pub fn new(a: &Session, b: Session, names: [String; 2]) -> Result<DiffState, String> {
        alignable((&names[0], a.header()), (&names[1], b.header()))?;
        let rows = PairRows::new(a.tree(), b.tree());
        Ok(DiffState {
            b,
            names,
            rows,
            ranking: Ranking::Running(0, 0),
            step: None,
        })
    }

    /// B's search.
    pub fn b(&self) -> &Session {
        &self.b
    }

    /// The names of A and B (their files).
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The rows, selection and scroll.
    pub fn rows(&self) -> &PairRows {
        &self.rows
    }

    /// The divergences' ranking, or how far it has got.
    pub fn ranking(&self) -> &Ranking {
        &self.ranking
    }

    /// The ranked divergence `n` / `N` last went to (0 is the biggest).
    pub fn step(&self) -> Option<usize> {
        self.step
    }

    /// What the ranking thread needs: both trees and headers (the trees share their events).
    pub fn job(&self, a: &Session) -> RankRequest {
        RankRequest {
            a: (a.tree().clone(), a.header().clone()),
            b: (self.b.tree().clone(), self.b.header().clone()),
        }
    }

    /// The ranking thread's progress or result; what the status line says once it is done.
    pub fn set_ranking(&mut self, ranking: Ranking) -> Option<String> {
        let said = match &ranking {
            Ranking::Done(d) if d.total == 0 => {
                Some("diff: no divergences — the two searches are the same tree".to_string())
            }
            Ranking::Done(d) => Some(format!(
                "diff: {} divergences ranked: n goes to the biggest",
                killerscope_engine::fmt::grouped(d.total)
            )),
            _ => None,
        };
        self.ranking = ranking;
        said
    }

    /// A's node at the selected row, if A has one there (leaving the diff view selects it).
    pub fn selected_a(&self) -> Option<crate::session::NodeId> {
        self.rows.selected_row().and_then(|r| r.pair.0)
    }

    /// What differs at `pair`: nothing for a pair that agrees; `None` for a one-sided pair.
    pub fn kinds(&self, a: &Session, pair: Pair) -> Option<DivergenceKinds> {
        match pair {
            (Some(x), Some(y)) => Some(kinds_at(
                (a.tree(), a.header()),
                (self.b.tree(), self.b.header()),
                x,
                y,
            )),
            _ => None,
        }
    }

    /// The divergence at `pair` in the `diff` command's words, if the two part there.
    pub fn divergence(&self, a: &Session, pair: Pair) -> Option<Divergence> {
        let (Some(x), Some(y)) = pair else {
            return None;
        };
        divergence_at(
            (a.tree(), a.header()),
            (self.b.tree(), self.b.header()),
            x,
            y,
        )
    }

    /// Applies a tree key (moving, opening, closing) or a divergence step; what to say in the
    /// status line, if anything.
    pub fn key(&mut self, a: &Session, action: DiffAction) -> Option<String> {
        let (ta, tb, rows) = (a.tree(), self.b.tree(), &mut self.rows);
        let page = rows.page() as isize;
        match action {
            DiffAction::Move(TreeMove::Up) => rows.step(-1),
            DiffAction::Move(TreeMove::Down) => rows.step(1),
            DiffAction::Move(TreeMove::PageUp) => rows.step(-page),
            DiffAction::Move(TreeMove::PageDown) => rows.step(page),
            DiffAction::Move(TreeMove::First) => rows.jump_to_end(false),
            DiffAction::Move(TreeMove::Last) => rows.jump_to_end(true),
            DiffAction::Move(TreeMove::Open) => rows.open_close(ta, tb, Some(true)),
            DiffAction::Move(TreeMove::Close) => rows.open_close(ta, tb, Some(false)),
            DiffAction::Move(TreeMove::Toggle) => rows.open_close(ta, tb, None),
            DiffAction::Divergence(dir) => return Some(self.jump(a, dir)),
            DiffAction::Show => {}
        }
        None
    }

    /// Goes to the next (`+1`) or previous (`-1`) divergence by size, opening the pairs above
    /// it; what to say in the status line.
    pub fn jump(&mut self, a: &Session, dir: isize) -> String {
        let Ranking::Done(diff) = &self.ranking else {
            return match &self.ranking {
                Ranking::Failed(why) => format!("the divergences could not be ranked: {why}"),
                _ => "the divergences are still being ranked: wait for the gauge".into(),
            };
        };
        let count = diff.divergences.len();
        if count == 0 {
            return "no divergences: the two searches are the same tree".into();
        }
        let at = match (self.step, dir) {
            (None, d) if d < 0 => count - 1,
            (None, _) => 0,
            (Some(i), d) => (i as isize + d).rem_euclid(count as isize) as usize,
        };
        let d = &diff.divergences[at];
        let chain = chain_to(a.tree(), self.b.tree(), d);
        let target = (d.a.as_ref().map(|f| f.node), d.b.as_ref().map(|f| f.node));
        if chain.last() != Some(&target) || !self.rows.reveal(a.tree(), self.b.tree(), &chain) {
            return format!("divergence {} cannot be found in the tree", at + 1);
        }
        self.step = Some(at);
        let kept = if diff.total > count as u64 {
            format!(
                " (the {count} biggest of {})",
                killerscope_engine::fmt::grouped(diff.total)
            )
        } else {
            String::new()
        };
        format!(
            "divergence {} of {count}{kept}: explains {:+} nodes",
            at + 1,
            d.explains()
        )
    }
}

/// The pairs from a root down to divergence `d`'s node: down A's path where A has the node,
/// else down B's (a root only B searched).
fn chain_to(a: &SearchTree, b: &SearchTree, d: &Divergence) -> Vec<Pair> {
    let (path, side_a) = match (&d.a, &d.b) {
        (Some(f), _) => (a.path(f.node), true),
        (None, Some(f)) => (b.path(f.node), false),
        (None, None) => return Vec::new(),
    };
    let mut chain = Vec::with_capacity(path.len());
    let mut level = root_pairs(a, b);
    for id in path {
        let found = level.iter().copied().find(|p| {
            if side_a {
                p.0 == Some(id)
            } else {
                p.1 == Some(id)
            }
        });
        let Some(pair) = found else {
            break;
        };
        chain.push(pair);
        level = child_pairs(a, b, pair);
    }
    chain
}
