//! The best-reply key (`E`): at a cut node, what the side to move should really play. The move
//! that cut only had to reach β; a full-window search of the node's position to the node's own
//! depth (`search::best_reply`, the function the lessons' answers use) runs on the runtime's
//! thread (`Effect::Job`, stoppable with `s` / Esc), its answer comes back as the job's
//! report, and the Explain panel sets it beside the cutting move while that node is selected.

use std::sync::atomic::AtomicBool;

use super::audit::AuditKey;
use crate::action::Effect;
use crate::job_slot::{JobSlot, JobView};
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows};
use crate::session::{NodeId, Session};
use crate::status::Message;
use killerscope_chess::{Move, Position};
use killerscope_engine::{BestReply, best_reply};

use super::{Control, Cx, Hooks, Job, JobEvent, Stops, View};

/// What the best-reply key asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestAction {
    /// At a cut node: search its position with the full window to its depth for the side's
    /// best reply, which the Explain panel sets beside the move that cut.
    Start,
}

impl View for BestReplies {
    type Action = BestAction;
    /// The node asked about and its best reply (`None`: stopped before the end).
    type Notice = (AuditKey, Option<BestReply>);

    fn keys() -> Vec<Binding> {
        let mut rows = Rows::new(Context::Normal, Group::Search);
        let help = "best reply at a cut node (full-window search)";
        rows.row(&[Char('E')], "E", BestAction::Start.into(), help);
        rows.done()
    }

    fn update(&mut self, action: BestAction, cx: &mut Cx) -> Vec<Effect> {
        let BestAction::Start = action;
        let asked = super::lessons::asked_node(cx);
        match self.start(cx.session, cx.tree.selected_node(), asked) {
            Ok((said, request)) => {
                cx.info(said);
                let stops = Stops {
                    on_stop_key: true,
                    on_new_search: true,
                };
                vec![Effect::Job(Job::new::<BestReplies, _>(
                    request, stops, work,
                ))]
            }
            Err(said) => {
                cx.show(said);
                Vec::new()
            }
        }
    }

    fn job(&mut self, event: JobEvent<Self::Notice>, cx: &mut Cx) -> Vec<Effect> {
        let (node, said) = match event {
            JobEvent::Done((key, Some(best))) => (key.node, self.finish(key, best, cx.session)),
            JobEvent::Done((key, None)) => (key.node, self.stopped()),
            JobEvent::Stopped | JobEvent::Lost => {
                cx.say(self.stopped());
                return Vec::new();
            }
            JobEvent::Progress(..) => return Vec::new(),
        };
        // The verdict speaks of that node: it goes once another is selected.
        if let Some(text) = said {
            cx.show(Message::about(node, text));
        }
        Vec::new()
    }
}

impl Hooks for BestReplies {
    fn busy(&self) -> bool {
        self.slot.running().is_some()
    }
}

/// Searches the request's position on the runtime's thread: its key and best reply, `None` if
/// stopped.
fn work(request: BestRequest, control: &Control) -> (AuditKey, Option<BestReply>) {
    let best = run(&request, control.stop_flag());
    (request.key, best)
}

/// What the runtime searches for one node's best reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestRequest {
    /// The node and its search (the audit's key: the same header means the same node ids).
    pub key: AuditKey,
    /// The node's position.
    pub position: Position,
    /// The node's remaining depth, which the full-window search goes to.
    pub depth: u8,
}

/// What the full-window search of a cut node found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The depth searched to.
    pub depth: u8,
    /// The move that cut the node off in the search on screen.
    pub cut: Move,
    /// The best reply and its score.
    pub best: BestReply,
}

/// The best-reply key's state: the node being searched, and the last answer.
#[derive(Debug, Default)]
pub struct BestReplies {
    /// The node being searched (with its depth), and the last answer.
    pub slot: JobSlot<AuditKey, u8, Found>,
}

/// What the best-reply key has to say about one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestView {
    /// Nothing: it was not asked about.
    None,
    /// Its position is being searched to this depth.
    Running(u8),
    /// The answer.
    Done(Found),
}

impl BestReplies {
    /// What the key says about `node` of the search with `header`.
    pub fn of(&self, header: &killerscope_log::LogHeader, node: NodeId) -> BestView {
        let is = |key: &AuditKey| key.node == node && key.header == *header;
        match self.slot.view(is) {
            JobView::Running(depth) => BestView::Running(*depth),
            JobView::Done(found) => BestView::Done(*found),
            JobView::None => BestView::None,
        }
    }

    /// `E` on `node` (the selected node) of the finished search `session`: the search to run
    /// and what the status line says, or what to say instead (not a cut node, asked already,
    /// or the node a lesson's question is about — `asked` — whose cutting move is the answer).
    pub fn start(
        &mut self,
        session: &Session,
        node: Option<NodeId>,
        asked: Option<NodeId>,
    ) -> Result<(String, BestRequest), Message> {
        if session.run().is_live() {
            return Err(Message::error(
                "the search is still running: ask for a cut node's best reply once it has finished",
            ));
        }
        let Some(id) = node else {
            return Err(Message::info("select a cut node first"));
        };
        if asked == Some(id) {
            return Err(Message::info(
                "answer the question first: the best reply names the move that cut",
            ));
        }
        let cut_node = session.node(id).filter(|n| n.cutoff().is_some());
        let Some(node) = cut_node else {
            return Err(Message::info(
                "E asks for the best reply at a cut node (✂): this node did not cut off",
            ));
        };
        let Some(position) = session.known_position_at(Some(id)) else {
            return Err(Message::info(
                "the position at this node is not known (below an illegal try): nothing to search",
            ));
        };
        if matches!(self.of(session.header(), id), BestView::Done(_)) {
            return Err(Message::info(
                "asked already: the Explain panel has the best reply",
            ));
        }
        let depth = u8::try_from(node.depth()).unwrap_or(0).max(1);
        let key = AuditKey {
            header: session.header().clone(),
            node: id,
        };
        self.slot.begin(key.clone(), depth);
        let said = format!(
            "searching this position with the full window to depth {depth} for the best reply \
             (s or Esc stops)…"
        );
        let request = BestRequest {
            key,
            position,
            depth,
        };
        Ok((said, request))
    }

    /// The runtime's search for `key` ended with `best`; returns the status line's words. The
    /// cutting move is read from `session` while the node is still on screen.
    pub fn finish(&mut self, key: AuditKey, best: BestReply, session: &Session) -> Option<String> {
        let depth = self.slot.end(&key)?;
        let cut = session
            .node(key.node)
            .filter(|_| *session.header() == key.header)
            .and_then(|n| n.cutoff())?;
        let found = Found {
            depth,
            cut: cut.mv,
            best,
        };
        self.slot.keep(key, found);
        Some(match best {
            BestReply::Move(mv, _) if mv == cut.mv => {
                "best reply: the cutting move is also the best one (the Explain panel says so)"
                    .into()
            }
            BestReply::Move(..) => {
                "best reply: not the move that cut; the Explain panel names it and its score".into()
            }
            BestReply::NoMove => "best reply: no legal move here".into(),
        })
    }

    /// The search stopped before it ended (`s`, Esc, a new search).
    pub fn stopped(&mut self) -> Option<String> {
        self.slot
            .stop()
            .then(|| "best reply: stopped before the search ended".to_string())
    }
}

/// Searches the request's position with the full window (the runtime calls this on its
/// thread); `None` once `stop` is set.
pub fn run(request: &BestRequest, stop: &AtomicBool) -> Option<BestReply> {
    best_reply(&request.position, request.depth, stop)
}

impl crate::Explorer {
    /// What the best-reply key (`E`) found at `node` of the search on screen.
    pub fn best_reply_of(&self, node: NodeId) -> BestView {
        self.views.best.of(self.session.header(), node)
    }
}
