//! "Where did this score come from?" in the explorer: `y` traces the selected node's score
//! (`killerscope_analysis`'s `provenance`, the chain `killerscope log why` prints) for the Explain panel
//! to show, and `Y` walks it — selects the next node down the chain, so pressing it again and
//! again ends at the node where the number was born. The chain stays on screen while the
//! selection is one of its links.

use crate::action::Effect;
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows};
use crate::session::{NodeId, Session};
use crate::tree_view::TreeView;
use killerscope_analysis::{ScoreChain, explain_score, origin_text};
use killerscope_engine::fmt::grouped;

use super::{Cx, Hooks, NoJob, View};

/// What the why keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhyAction {
    /// Trace the selected node's score to where it was born, for the Explain panel (again:
    /// hide it).
    Show,
    /// Select the next node down the score chain the selection is on.
    Walk,
}

/// The chain traced last, if any.
#[derive(Debug, Default)]
pub struct WhyState {
    chain: Option<ScoreChain>,
}

impl View for WhyState {
    type Action = WhyAction;
    type Notice = NoJob;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        Rows::with(Context::Normal, Group::Tree, [
            (&[Char('y')], "y Y", WhyAction::Show.into(), "why: the score's chain in Explain / walk it down"),
            (&[Char('Y')], "",    WhyAction::Walk.into(), ""),
        ]).done()
    }

    fn update(&mut self, action: WhyAction, cx: &mut Cx) -> Vec<Effect> {
        let said = match action {
            WhyAction::Show => self.show(cx.session, cx.tree.selected_node()),
            WhyAction::Walk => self.walk(cx.session, cx.tree),
        };
        cx.info(said);
        Vec::new()
    }
}

impl Hooks for WhyState {
    fn forget(&mut self) {
        self.chain = None;
    }
}

impl WhyState {
    /// The chain the Explain panel shows with `selected`, and which of its links that is:
    /// the chain traced last, while the selection is on it.
    pub fn chain_at(&self, selected: Option<NodeId>) -> Option<(&ScoreChain, usize)> {
        let chain = self.chain.as_ref()?;
        let at = chain.links.iter().position(|l| Some(l.node) == selected)?;
        Some((chain, at))
    }

    /// `y`: traces the selected node's score, or hides the chain when it is the one shown
    /// from that node; what the status line says.
    pub fn show(&mut self, session: &Session, selected: Option<NodeId>) -> String {
        let Some(id) = selected else {
            return "select a node first: y traces its score to where it was born".into();
        };
        if self.chain_at(selected).is_some_and(|(_, at)| at == 0) {
            self.chain = None;
            return "score chain hidden: y shows it again".into();
        }
        match self.trace(session, id) {
            Ok(chain) => {
                let last = chain.links.last().map_or(id, |l| l.node);
                format!(
                    "the score of node {id} comes from node {last}, {} step{} down: {} · Y walks \
                     the chain",
                    grouped(chain.links.len() as u64 - 1),
                    if chain.links.len() == 2 { "" } else { "s" },
                    origin_text(chain.origin)
                )
            }
            Err(why) => why,
        }
    }

    /// `Y`: selects the next node down the chain the selection is on (tracing the selected
    /// node's first if it is on none), opening the tree's path to it; what the status line
    /// says — at the chain's end, where the score was born.
    pub fn walk(&mut self, session: &Session, view: &mut TreeView) -> String {
        let selected = view.selected_node();
        if self.chain_at(selected).is_none() {
            let Some(id) = selected else {
                return "select a node first: Y walks its score's chain down".into();
            };
            if let Err(why) = self.trace(session, id) {
                return why;
            }
        }
        let Some((chain, at)) = self.chain_at(selected) else {
            return "the chain does not hold the selected node".into();
        };
        let steps = chain.links.len() - 1;
        match chain.links.get(at + 1) {
            Some(next) => {
                let (id, origin) = (next.node, chain.origin);
                let said = if at + 1 == steps {
                    format!(
                        "node {id}, step {steps} of {steps}: the score was born here — {}",
                        origin_text(origin)
                    )
                } else {
                    format!("node {id}, step {} of {steps} · Y goes on down", at + 1)
                };
                view.select_node(session, id);
                said
            }
            None => format!(
                "the score was born here — {} · y on another node traces its score",
                origin_text(chain.origin)
            ),
        }
    }

    /// Traces node `id`'s score and keeps the chain.
    fn trace(&mut self, session: &Session, id: NodeId) -> Result<&ScoreChain, String> {
        let chain = explain_score(session.tree(), session.events(), id).ok_or_else(|| {
            format!("node {id} is not indexed yet: wait for the tree, then y traces its score")
        })?;
        Ok(self.chain.insert(chain))
    }
}
