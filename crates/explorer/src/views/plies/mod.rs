//! The ordering table by ply (`T`): for every ply of the main search, the nodes entered, the
//! beta cutoffs, how many came on the first move tried (the first-move cutoff rate an engine
//! author tunes ordering by, here ply by ply), the mean rank of the cutting move and the
//! killers' tries and cutoffs — folded from the log up to the timeline cursor, so the table
//! grows with the replay. `J` selects the next node at the selected node's ply that a move
//! after the first cut off: where ordering failed there, one example at a time.

use crate::action::Effect;
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows};
use crate::viewport::Viewport;
use crate::{session::NodeId, session::Session};
use crate::{session::fold::Cursor, session::fold::Fold};
use killerscope_log::NodeKind;
use killerscope_log::{Event, SourceTable};

use super::{Cx, Hooks, NoJob, Registered, View};

/// What the main search did at one ply, over the events folded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlyOrdering {
    /// Main-search nodes entered at this ply.
    pub nodes: u64,
    /// Beta cutoffs by a move searched there (a TT or null-move cut has no cutting move).
    pub cutoffs: u64,
    /// Of them, by the first move tried.
    pub first: u64,
    /// The cutting moves' ranks added up (1 for the first move), for the mean.
    pub rank_sum: u64,
    /// Moves tried there that a killer slot ordered.
    pub killer_tries: u64,
    /// Of the cutoffs, by a killer.
    pub killer_cutoffs: u64,
}

impl PlyOrdering {
    /// The share of cutoffs on the first move, if there was a cutoff.
    pub fn first_rate(&self) -> Option<f64> {
        (self.cutoffs > 0).then(|| self.first as f64 / self.cutoffs as f64)
    }

    /// The mean rank of the cutting move (1 = always the first), if there was a cutoff.
    pub fn mean_rank(&self) -> Option<f64> {
        (self.cutoffs > 0).then(|| self.rank_sum as f64 / self.cutoffs as f64)
    }
}

/// The table's fold: per-ply figures over a prefix of the log, with the nodes open at its end
/// (a move tried or a cutoff belongs to the innermost one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyFold {
    applied: usize,
    plies: Vec<PlyOrdering>,
    open: Vec<(u8, NodeKind)>,
}

impl PlyFold {
    /// The figures of every ply reached so far, ply 0 (the root) first.
    pub fn plies(&self) -> &[PlyOrdering] {
        &self.plies
    }

    /// The whole main search's figures, every ply added up: the stats panel's (`CutoffStats`)
    /// as of the same event.
    pub fn total(&self) -> PlyOrdering {
        let add = |a: PlyOrdering, b: &PlyOrdering| PlyOrdering {
            nodes: a.nodes + b.nodes,
            cutoffs: a.cutoffs + b.cutoffs,
            first: a.first + b.first,
            rank_sum: a.rank_sum + b.rank_sum,
            killer_tries: a.killer_tries + b.killer_tries,
            killer_cutoffs: a.killer_cutoffs + b.killer_cutoffs,
        };
        self.plies.iter().fold(PlyOrdering::default(), add)
    }

    /// The figures of the innermost open node's ply, if it is a main-search node.
    fn main_ply(&mut self) -> Option<&mut PlyOrdering> {
        match self.open.last() {
            Some(&(ply, NodeKind::Main)) => self.plies.get_mut(usize::from(ply)),
            _ => None,
        }
    }
}

impl Fold for PlyFold {
    fn applied(&self) -> usize {
        self.applied
    }

    fn apply(&mut self, event: &Event, sources: &SourceTable) {
        self.applied += 1;
        match *event {
            Event::NodeEnter { ply, kind, .. } => {
                self.open.push((ply, kind));
                if kind == NodeKind::Main {
                    let at = usize::from(ply);
                    if self.plies.len() <= at {
                        self.plies.resize(at + 1, PlyOrdering::default());
                    }
                    self.plies[at].nodes += 1;
                }
            }
            Event::MoveTried { source, .. } if sources.is_killer(source) => {
                if let Some(figures) = self.main_ply() {
                    figures.killer_tries += 1;
                }
            }
            Event::Cutoff { index, source, .. } => {
                if let Some(figures) = self.main_ply() {
                    figures.cutoffs += 1;
                    figures.first += u64::from(index == 0);
                    figures.rank_sum += u64::from(index) + 1;
                    figures.killer_cutoffs += u64::from(sources.is_killer(source));
                }
            }
            Event::NodeExit { .. } => {
                self.open.pop();
            }
            // Other kinds (new ones too) change no figure.
            _ => {}
        }
    }

    fn restart(&self) -> PlyFold {
        PlyFold::default()
    }
}

/// Events folded before a frame at the most: a few tens of milliseconds, so opening the table
/// at the end of a 100-million-event log fills it in over a few seconds while the keys work.
const EVENTS_PER_FRAME: usize = 1 << 21;

/// What the table's keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PliesAction {
    /// Show the table in the stats panel's place, or hide it again.
    Toggle,
    /// Select the next node at the selected node's ply that a move after the first cut off.
    NextLate,
}

/// The table: the fold, kept at the timeline cursor while the table is on screen.
#[derive(Debug, Default)]
pub struct PlyTable {
    cursor: Cursor<PlyFold>,
    /// The fold has not caught up with the timeline cursor yet (a big log is folded a frame's
    /// budget at a time, so the keys keep working).
    pub behind: bool,
}

impl PlyTable {
    /// What its panel's title calls it.
    pub const NAME: &str = "Ordering by ply";

    /// The figures at the timeline cursor (as of the last frame).
    pub fn fold(&self) -> &PlyFold {
        self.cursor.fold()
    }

    /// Brings the fold up to date with the search on screen (the timeline cursor moved, the
    /// log grew), within a frame's budget of work; whether it is still behind.
    fn catch_up(&mut self, session: &Session) -> bool {
        if session.index_state().is_some() {
            // A mapped log still being checked and indexed: its panel says how far that is.
            return false;
        }
        let sources = &session.header().sources;
        let target = session.position();
        let budget = self.fold().applied().saturating_add(EVENTS_PER_FRAME);
        self.cursor
            .seek(session.events(), sources, target.min(budget));
        self.fold().applied() < target
    }

    /// `J`: selects the next node at the selected node's ply cut off by a later move; what
    /// the status line says.
    fn next_late(&self, cx: &mut Cx) -> Option<String> {
        let tree = cx.session.tree();
        let selected = cx.selected();
        let ply = selected.and_then(|id| tree.node(id)).map_or(1, |n| n.ply());
        let Some(id) = next_late_cutoff(cx.session, selected, ply) else {
            return Some(format!(
                "no node at ply {ply} was cut off by a move after the first"
            ));
        };
        cx.select(id);
        let node = cx.session.tree().node(id)?;
        let cut = node.cutoff()?;
        let label = cx.session.header().sources.label(cut.source);
        let figures = self.fold().plies().get(usize::from(ply)).copied();
        let of = figures.map_or_else(String::new, |f| {
            let late = f.cutoffs - f.first;
            format!(
                "; {late} of its {} cutoffs by the cursor came later than the first move",
                f.cutoffs
            )
        });
        Some(format!(
            "ply {ply}: node {id} was cut off by its {} move ({label}){of}",
            killerscope_text::ordinal(u64::from(cut.index) + 1)
        ))
    }
}

impl View for PlyTable {
    type Action = PliesAction;
    type Notice = NoJob;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        Rows::with(Context::Normal, Group::General, [
            (&[Char('T')], "T", PliesAction::Toggle.into(),   "ordering by ply: 1st-move cutoffs, killers"),
            (&[Char('J')], "J", PliesAction::NextLate.into(), "next node at this ply cut by a later move"),
        ]).done()
    }

    /// Shows or hides the table, or runs `J` on the search on screen (the table is shown
    /// first, so what `J` found is in view).
    fn update(&mut self, action: PliesAction, cx: &mut Cx) -> Vec<Effect> {
        let shown = *cx.panel == Some(Self::ID);
        match action {
            PliesAction::Toggle if shown => {
                *cx.panel = None;
                self.behind = false;
            }
            PliesAction::Toggle => {
                self.behind = self.catch_up(cx.session);
                *cx.panel = Some(Self::ID);
            }
            PliesAction::NextLate => {
                self.behind = self.catch_up(cx.session);
                *cx.panel = Some(Self::ID);
                let said = self.next_late(cx);
                cx.say(said);
            }
        }
        Vec::new()
    }
}

impl Hooks for PlyTable {
    /// A new search is on screen: forget what was folded from the old one (the table stays
    /// open, and folds the new search as it is drawn).
    fn forget(&mut self) {
        self.cursor = Cursor::default();
    }

    fn prepare(&mut self, _: &Viewport, cx: &mut Cx) {
        if *cx.panel == Some(Self::ID) {
            self.behind = self.catch_up(cx.session);
        }
    }

    fn moving(&self) -> bool {
        self.behind
    }
}

/// The first main-search node at `ply` after `from` in search order (wrapping around to the
/// start) whose cutting move was not the first tried.
fn next_late_cutoff(session: &Session, from: Option<NodeId>, ply: u8) -> Option<NodeId> {
    let tree = session.tree();
    let len = u32::try_from(tree.len()).ok()?;
    let start = from.map_or(0, |id| id.saturating_add(1));
    (start..len).chain(0..start.min(len)).find(|&id| {
        tree.node(id).is_some_and(|n| {
            n.ply() == ply && n.kind() == NodeKind::Main && n.cutoff().is_some_and(|c| c.index > 0)
        })
    })
}
