//! The diff view (`D`, `tui --diff A B`): two searches of one position as one aligned tree,
//! A being the search on screen; `n` / `N` step through the divergences in the order
//! `killerscope diff` ranks them (`rank`, on the runtime's thread).

mod rank;
pub mod rows;
mod state;

pub use rank::RankRequest;
pub use rows::PairRow;
pub use state::{DiffState, Diffing, RANKED, Ranking, name};

use crate::action::{Action, Effect};
use crate::app::Explorer;
use crate::keys::KeyCode::{Char, Esc};
use crate::keys::{Binding, Context, Group, Rows};
use crate::mode::Mode;
use crate::session::Session;
use crate::viewport::Viewport;

use super::tree::{TreeMove, moves};
use super::{Cx, Hooks, Job, JobEvent, Stops, View, lend};

/// What the diff view's keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffAction {
    /// Back to the diff view if one is open, else a diff of the search on screen (A) against
    /// the one shown before it (B).
    Show,
    /// A move through the aligned tree.
    Move(TreeMove),
    /// Select the next (+1) or previous (-1) divergence by the nodes it explains, in the
    /// order `killerscope diff` ranks them.
    Divergence(isize),
}

impl View for Diffing {
    type Action = DiffAction;
    /// The divergences ranked, or why not.
    type Notice = Ranking;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        let mut normal = Rows::new(Context::Normal, Group::General);
        normal.row(&[Char('D')], "D", DiffAction::Show.into(), "diff view, else diff against the last search");
        let mut rows = Rows::with(Context::Diff, Group::DiffView, moves(|m| DiffAction::Move(m).into()));
        rows.table([
            (&[Char('n')],      "n N",   DiffAction::Divergence(1).into(),  "next / previous divergence by the nodes it explains"),
            (&[Char('N')],      "",      DiffAction::Divergence(-1).into(), ""),
            (&[Esc, Char('q')], "Esc q", Action::Leave,                     "back to A's tree, at the selected node (D returns)"),
        ]);
        [normal.done(), rows.done()].concat()
    }

    fn update(&mut self, action: DiffAction, cx: &mut Cx) -> Vec<Effect> {
        if action == DiffAction::Show {
            return self.show(cx);
        }
        let Some(diff) = self.open.as_mut().filter(|_| *cx.mode == Mode::Diff) else {
            return Vec::new();
        };
        let said = diff.key(cx.session, action);
        if let Some(id) = diff.selected_a() {
            cx.select(id);
        }
        cx.say(said);
        Vec::new()
    }

    fn job(&mut self, event: JobEvent<Ranking>, cx: &mut Cx) -> Vec<Effect> {
        let ranking = match event {
            JobEvent::Progress(done, total) => Ranking::Running(done, total),
            JobEvent::Done(ranking) => ranking,
            JobEvent::Stopped => Ranking::Failed("cancelled".into()),
            JobEvent::Lost => Ranking::Failed("the ranking thread ended without a result".into()),
        };
        let said = self.open.as_mut().and_then(|d| d.set_ranking(ranking));
        cx.say(said);
        Vec::new()
    }
}

impl Hooks for Diffing {
    /// Another search is on screen: the diff ends (that search was its A side).
    fn forget(&mut self) {
        self.open = None;
    }

    fn prepare(&mut self, viewport: &Viewport, _: &mut Cx) {
        if let Some(diff) = self.open.as_mut() {
            diff.rows.set_page(usize::from(viewport.diff.height));
        }
    }

    fn moving(&self) -> bool {
        self.ranking_runs()
    }
}

impl Diffing {
    /// `D`: back to the diff view if one is open, else a diff of the search on screen (A)
    /// against the one shown before it (B), once the search on screen has finished.
    fn show(&mut self, cx: &mut Cx) -> Vec<Effect> {
        if self.open.is_some() {
            *cx.mode = Mode::Diff;
            return Vec::new();
        }
        if cx.is_live() {
            cx.info("the search is still running: D diffs it against the one before once it ends");
            return Vec::new();
        }
        let Some(before) = cx.previous.take() else {
            cx.info("no diff open and no earlier search to diff against: search again (r) with other settings, or killerscope tui --diff A B");
            return Vec::new();
        };
        let names = [
            name("this search", cx.session),
            name("the search before", &before),
        ];
        match self.begin(before, names, cx) {
            Ok(effects) => effects,
            Err(why) => {
                cx.error(format!("cannot diff against the search before: {why}"));
                Vec::new()
            }
        }
    }

    /// Shows `b` beside the session on screen (A) and starts ranking their divergences.
    fn begin(
        &mut self,
        b: Session,
        names: [String; 2],
        cx: &mut Cx,
    ) -> Result<Vec<Effect>, String> {
        let state = DiffState::new(cx.session, b, names)?;
        let request = state.job(cx.session);
        self.open = Some(state);
        *cx.mode = Mode::Diff;
        cx.info("diff: n / N go to the next / previous divergence by size, Esc to A's tree");
        let job = Job::new::<Diffing, _>(request, Stops::default(), rank::run);
        Ok(vec![Effect::Job(job)])
    }
}

impl Explorer {
    /// Shows `b` beside the session on screen (A) as one aligned tree, named `names`, and
    /// starts ranking their divergences; refused, saying what differs, when the two are not
    /// searches of the same position recorded alike.
    pub fn open_diff(&mut self, b: Session, names: [String; 2]) -> Result<Vec<Effect>, String> {
        lend(
            self,
            |views| &mut views.diff,
            |diff, cx| diff.begin(b, names, cx),
        )
    }
}
