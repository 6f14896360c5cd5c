//! The audit key: was the selective decision at the selected node safe? The node's decisions
//! (a null-move cut, a reduction that stood, futility prunes of its moves, a reverse futility
//! or mate distance prune) are read from the log as `killerscope log audit` reads them
//! (`trace::audit::decisions_at`), and each is searched once more without its technique — the
//! same node, depth and window, the transposition table off — on the runtime's thread
//! (`Effect::Job`, `run`). The verdicts come back as the job's report and the Explain panel
//! says them while that node is selected.

use std::sync::atomic::AtomicBool;

use crate::action::Effect;
use crate::job_slot::{JobSlot, JobView};
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows};
use crate::session::{NodeId, Session};
use crate::status::Message;
use killerscope_analysis::{Auditor, Decision, Verdict, decisions_at};
use killerscope_log::LogHeader;

use super::{Control, Cx, Hooks, Job, JobEvent, Stops, View};

/// What the audit key asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditAction {
    /// Search the selected node's selective decisions again without their technique: were
    /// they sound?
    Start,
}

impl View for Audit {
    type Action = AuditAction;
    /// The node audited and its verdicts (`None`: stopped before the end).
    type Notice = (AuditKey, Option<Vec<Judged>>);

    fn keys() -> Vec<Binding> {
        let mut rows = Rows::new(Context::Normal, Group::Search);
        let help = "audit: re-search the node's pruning without it";
        rows.row(&[Char('a')], "a", AuditAction::Start.into(), help);
        rows.done()
    }

    fn update(&mut self, action: AuditAction, cx: &mut Cx) -> Vec<Effect> {
        let AuditAction::Start = action;
        match self.start(cx.session, cx.tree.selected_node()) {
            Ok((said, request)) => {
                cx.info(said);
                let stops = Stops {
                    on_stop_key: true,
                    on_new_search: true,
                };
                vec![Effect::Job(Job::new::<Audit, _>(request, stops, work))]
            }
            Err(said) => {
                cx.show(said);
                Vec::new()
            }
        }
    }

    fn job(&mut self, event: JobEvent<Self::Notice>, cx: &mut Cx) -> Vec<Effect> {
        match event {
            JobEvent::Done((key, Some(judged))) => {
                let node = key.node;
                let said = self.finish(key, judged);
                // The verdict speaks of that node: it goes once another is selected.
                cx.show(Message::about(node, said));
            }
            JobEvent::Done((_, None)) | JobEvent::Stopped | JobEvent::Lost => {
                self.slot.stop();
            }
            JobEvent::Progress(..) => {}
        }
        Vec::new()
    }
}

impl Hooks for Audit {
    fn busy(&self) -> bool {
        self.slot.running().is_some()
    }
}

/// Audits the request's node on the runtime's thread: its key and verdicts, `None` if stopped.
fn work(request: AuditRequest, control: &Control) -> (AuditKey, Option<Vec<Judged>>) {
    let judged = run(&request, control.stop_flag());
    (request.key, judged)
}

/// Which node of which search an audit is about. A search is deterministic, so the same header
/// means the same tree and the same node ids: the verdict holds for a re-run of that search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditKey {
    /// The header of the search the node is in.
    pub header: LogHeader,
    /// The node.
    pub node: NodeId,
}

/// What the runtime searches for the audit of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditRequest {
    /// The node and its search.
    pub key: AuditKey,
    /// Its decisions, in log order.
    pub decisions: Vec<Decision>,
}

/// One decision and what searching it without its technique found (or why it could not be
/// searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The decision.
    pub decision: Decision,
    /// The verdict.
    pub verdict: Result<Verdict, String>,
}

/// The audit's state: the one running, and the last one's verdicts.
#[derive(Debug, Default)]
pub struct Audit {
    /// The node being audited (with how many decisions it has), and the last finished audit.
    pub slot: JobSlot<AuditKey, usize, Vec<Judged>>,
}

/// What the audit has to say about one node.
#[derive(Debug, PartialEq, Eq)]
pub enum AuditView<'a> {
    /// Nothing: the node was not audited.
    None,
    /// Its decisions (this many) are being searched again.
    Running(usize),
    /// The verdicts.
    Done(&'a [Judged]),
}

impl Audit {
    /// What the audit says about `node` of the search with `header`.
    pub fn of(&self, header: &LogHeader, node: NodeId) -> AuditView<'_> {
        let is = |key: &AuditKey| key.node == node && key.header == *header;
        match self.slot.view(is) {
            JobView::Running(n) => AuditView::Running(*n),
            JobView::Done(judged) => AuditView::Done(judged),
            JobView::None => AuditView::None,
        }
    }
}

/// Searches every decision of `request` again without its technique, in order; `None` once
/// `stop` is set (the runtime calls this on its thread).
pub fn run(request: &AuditRequest, stop: &AtomicBool) -> Option<Vec<Judged>> {
    let auditor = Auditor::new(&request.key.header);
    let mut out = Vec::with_capacity(request.decisions.len());
    for decision in &request.decisions {
        let verdict = match &auditor {
            Ok(auditor) => match auditor.judge_until(decision, stop) {
                Ok(Some(verdict)) => Ok(verdict),
                Ok(None) => return None,
                Err(e) => Err(e.to_string()),
            },
            Err(e) => Err(e.to_string()),
        };
        out.push(Judged {
            decision: decision.clone(),
            verdict,
        });
    }
    Some(out)
}

impl Audit {
    /// The audit of `node` (the selected node) of the finished search `session`: its
    /// decisions, to be searched again on the runtime's thread; or what to say instead when
    /// there is nothing to audit.
    pub fn request(
        &mut self,
        session: &Session,
        node: Option<NodeId>,
    ) -> Result<AuditRequest, Message> {
        if session.run().is_live() {
            return Err(Message::error(
                "the search is still running: audit its decisions once it has finished",
            ));
        }
        let Some(node) = node else {
            return Err(Message::info("select a node to audit first"));
        };
        let decisions = decisions_at(session.tree(), session.events(), node);
        if decisions.is_empty() {
            return Err(Message::info(
                "nothing to audit at this node: no null-move cut, reduction that stood, futility, \
                 reverse futility or mate distance prune (S searches with selective search on)",
            ));
        }
        if let Err(e) = Auditor::new(session.header()) {
            return Err(Message::error(format!("this log cannot be audited: {e}")));
        }
        if matches!(self.of(session.header(), node), AuditView::Done(_)) {
            return Err(Message::info(
                "audited already: the Explain panel has the verdict",
            ));
        }
        let key = AuditKey {
            header: session.header().clone(),
            node,
        };
        self.slot.begin(key.clone(), decisions.len());
        Ok(AuditRequest { key, decisions })
    }

    /// The runtime's audit of `key` ended with these verdicts: kept for the Explain panel;
    /// returns the status line's summary of them.
    pub fn finish(&mut self, key: AuditKey, judged: Vec<Judged>) -> String {
        self.slot.end(&key);
        let unsound = judged
            .iter()
            .filter(|j| j.verdict.as_ref().is_ok_and(|v| !v.sound))
            .count();
        let failed = judged.iter().filter(|j| j.verdict.is_err()).count();
        let total = judged.len();
        let mut said = match (total, unsound) {
            (1, 0) => "audit: sound — the full search lands on the same side".to_string(),
            (1, _) => "audit: UNSOUND — the full search lands on the other side".to_string(),
            (_, 0) => format!("audit: all {total} decisions sound"),
            _ => format!("audit: {unsound} of {total} decisions UNSOUND"),
        };
        if failed > 0 {
            said.push_str(&format!(" ({failed} could not be searched)"));
        }
        self.slot.keep(key, judged);
        format!("{said}; the Explain panel has the scores")
    }
}

impl Audit {
    /// The audit key (`a`) on `node`: what the status line says and the search the runtime
    /// runs, or what to say instead (`request`).
    pub fn start(
        &mut self,
        session: &Session,
        node: Option<NodeId>,
    ) -> Result<(String, AuditRequest), Message> {
        let request = self.request(session, node)?;
        Ok((started(request.decisions.len()), request))
    }
}

/// What the status line says while the audit of `n` decisions runs.
fn started(n: usize) -> String {
    let what = if n == 1 {
        "its selective decision".to_string()
    } else {
        format!("its {n} selective decisions")
    };
    format!("auditing the node: searching {what} again without the technique, TT off…")
}

impl crate::Explorer {
    /// What the audit says about `node` of the search on screen.
    pub fn audit_of(&self, node: NodeId) -> AuditView<'_> {
        self.views.audit.of(self.session.header(), node)
    }
}
