//! Ranking the diff view's divergences on the runtime's thread: `diff_trees` over clones of the
//! two tree indexes (their events are shared, not copied), its progress published for the
//! gauge, cancelled when the runtime stops the job (another diff replaced it).

use killerscope_analysis::diff_trees;
use killerscope_log::LogHeader;
use killerscope_trace::{FoldControl, SearchTree};

use super::state::{RANKED, Ranking};
use crate::views::Control;

/// The two searches to rank the divergences of: each tree with its header.
#[derive(Clone, Debug)]
pub struct RankRequest {
    /// A, the explorer's session.
    pub a: (SearchTree, LogHeader),
    /// B.
    pub b: (SearchTree, LogHeader),
}

/// Two rankings are of the same pair when their headers and node counts agree (a search is
/// deterministic: the same header means the same tree).
impl PartialEq for RankRequest {
    fn eq(&self, other: &RankRequest) -> bool {
        let same = |x: &(SearchTree, LogHeader), y: &(SearchTree, LogHeader)| {
            x.1 == y.1 && x.0.len() == y.0.len()
        };
        same(&self.a, &other.a) && same(&self.b, &other.b)
    }
}

/// Ranks the request's divergences, publishing the pairs compared, of A's nodes.
pub(super) fn run(request: RankRequest, control: &Control) -> Ranking {
    let RankRequest {
        a: (ta, ha),
        b: (tb, hb),
    } = request;
    control.progress(0, ta.len() as u64);
    let mut progress = |p: killerscope_trace::FoldProgress| control.progress(p.done, p.total);
    let mut fold = FoldControl::default()
        .cancel_on(control.stop_flag())
        .on_progress(&mut progress);
    match diff_trees((&ta, &ha), (&tb, &hb), RANKED, &mut fold) {
        Ok(diff) => Ranking::Done(Box::new(diff)),
        Err(e) => Ranking::Failed(e.to_string()),
    }
}
