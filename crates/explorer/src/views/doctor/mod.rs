//! The move-ordering doctor's findings (`X`): `killerscope doctor` run over the search on
//! screen ([`killerscope_analysis::doctor`], one fold for both), listed in an overlay — each
//! finding with its code, severity and count out of its chances, then the first nodes it
//! happened at (`Mode::List`, the list of this view). `j` / `k` move through those nodes and
//! Enter selects one in the tree, opening the path to it, so a finding is read where it
//! happened. The diagnosis is a job on the
//! runtime's thread (a 100-million-event log takes seconds), kept until another search is on
//! screen.

use crate::action::{Action, Effect};
use crate::keys::KeyCode::{Char, Enter, Esc};
use crate::keys::{Binding, Context, Group, Rows, list};
use crate::mode::Mode;
use crate::session::NodeId;
use killerscope_analysis::doctor::{DEFAULT_EXAMPLES, Diagnosis, Doctor, Example, Finding};
use killerscope_engine::fmt::grouped;
use killerscope_log::{Events, LogHeader};
use killerscope_trace::{FoldControl, RecordStream};

use super::{Control, Cx, Hooks, Job, JobEvent, Registered, Stops, View};

/// What the doctor's keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoctorAction {
    /// Open the findings (diagnosing the search first, if it was not yet).
    Open,
    /// Select the highlighted finding's node in the tree.
    Jump,
}

/// The log the doctor reads on the runtime's thread: its header and events (shared, not
/// copied) and whether it was cut short.
#[derive(Debug, PartialEq)]
pub struct DoctorJob {
    /// The log's header, events and whether it is truncated.
    pub log: (LogHeader, Events, bool),
}

/// One line of the overlay: a finding's heading, or one of its nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A finding: its code, severity, count and chances.
    Finding(&'a Finding),
    /// A node it happened at.
    Node(&'a Example),
}

/// The doctor's state: the diagnosis of the search on screen, or the one running.
#[derive(Debug, Default)]
pub struct Findings {
    diagnosis: Option<Diagnosis>,
    /// Events diagnosed so far, of the total, while the job runs.
    running: Option<(u64, u64)>,
    /// Why the last diagnosis did not finish.
    failed: Option<String>,
}

impl Findings {
    /// The diagnosis, once made.
    pub fn diagnosis(&self) -> Option<&Diagnosis> {
        self.diagnosis.as_ref()
    }

    /// How far the running diagnosis is (events done, of total).
    pub fn running(&self) -> Option<(u64, u64)> {
        self.running
    }

    /// Why the last diagnosis stopped before its end.
    pub fn failed(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    /// The overlay's lines: each finding, then its nodes. Only node lines can be selected.
    pub fn lines(&self) -> Vec<Line<'_>> {
        let Some(d) = &self.diagnosis else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        for finding in &d.findings {
            lines.push(Line::Finding(finding));
            lines.extend(finding.examples.iter().map(Line::Node));
        }
        lines
    }

    /// The nodes the list steps through, in the overlay's order.
    pub fn nodes(&self) -> Vec<&Example> {
        let lines = self.lines();
        lines
            .into_iter()
            .filter_map(|line| match line {
                Line::Node(e) => Some(e),
                Line::Finding(_) => None,
            })
            .collect()
    }

    /// What the status line says of a finished diagnosis.
    fn summary(d: &Diagnosis) -> String {
        match d.findings.len() {
            0 if d.unchecked.is_empty() => format!(
                "doctor: no finding in {} nodes — the ordering looks sound",
                grouped(d.nodes)
            ),
            0 => format!(
                "doctor: no finding in {} nodes, in {} checks; {} more this log does not allow",
                grouped(d.nodes),
                d.checks.len(),
                d.unchecked.len()
            ),
            n => format!(
                "doctor: {n} finding{} in {} nodes · j k choose a node, Enter selects it",
                if n == 1 { "" } else { "s" },
                grouped(d.nodes)
            ),
        }
    }

    /// `X`: the overlay at once when the search is diagnosed, else the job that diagnoses it.
    fn open(&mut self, cx: &mut Cx) -> Vec<Effect> {
        if self.diagnosis.is_some() {
            *cx.mode = Mode::list(Self::ID);
            return Vec::new();
        }
        if self.running.is_some() {
            cx.info("the doctor is still reading the search (Esc or s stops it)");
            return Vec::new();
        }
        if cx.session.run().is_live() {
            cx.info("the search is still running: the doctor reads it once it has finished");
            return Vec::new();
        }
        let log = cx.session.log();
        let job = DoctorJob {
            log: (
                log.header().clone(),
                log.events().clone(),
                log.is_truncated(),
            ),
        };
        self.running = Some((0, log.events().len() as u64));
        self.failed = None;
        cx.info("doctor: reading the search… (Esc or s stops it)");
        let stops = Stops {
            on_stop_key: true,
            on_new_search: true,
        };
        vec![Effect::Job(Job::new::<Findings, DoctorJob>(
            job, stops, work,
        ))]
    }

    /// Enter: selects the highlighted node.
    fn jump(&self, index: usize, cx: &mut Cx) {
        let nodes = self.nodes();
        let Some(example) = nodes.get(index) else {
            return;
        };
        let Some(id) = NodeId::try_from(example.node)
            .ok()
            .filter(|&id| cx.session.node(id).is_some())
        else {
            cx.info(format!("no node {} in this search", example.node));
            return;
        };
        *cx.mode = Mode::Normal;
        cx.select(id);
        cx.info(format!("node {id}: {}", example.detail));
    }
}

/// Diagnoses the log on the runtime's thread, publishing the events done.
fn work(job: DoctorJob, control: &Control) -> Result<Diagnosis, String> {
    let (header, events, truncated) = job.log;
    let record = RecordStream::from_events(header, events, truncated);
    let mut progress = |p: killerscope_trace::FoldProgress| control.progress(p.done, p.total);
    let mut fold = FoldControl::default()
        .cancel_on(control.stop_flag())
        .on_progress(&mut progress);
    Doctor::run(record, DEFAULT_EXAMPLES, &mut fold).map_err(|e| e.to_string())
}

impl View for Findings {
    type Action = DoctorAction;
    /// The diagnosis, or why it did not finish.
    type Notice = Result<Diagnosis, String>;
    const LIST: Option<&'static str> = Some("Doctor's findings (X)");

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        let normal = Rows::with(Context::Normal, Group::Search, [
            (&[Char('X')], "X", DoctorAction::Open.into(), "doctor: what is wrong with the ordering, node by node"),
        ]);
        let listed = list(Context::List(Self::ID), Group::List(Self::ID), "previous / next node", [
            (&[Enter],                     "Enter",   DoctorAction::Jump.into(), "select the node in the tree"),
            (&[Esc, Char('q'), Char('X')], "Esc q X", Action::Leave,             "close the findings"),
        ]);
        [normal.done(), listed].concat()
    }

    fn update(&mut self, action: DoctorAction, cx: &mut Cx) -> Vec<Effect> {
        match (action, cx.mode.list_index(Self::ID)) {
            (DoctorAction::Open, _) => return self.open(cx),
            (DoctorAction::Jump, Some(index)) => self.jump(index, cx),
            (DoctorAction::Jump, None) => {}
        }
        Vec::new()
    }

    fn job(&mut self, event: JobEvent<Self::Notice>, cx: &mut Cx) -> Vec<Effect> {
        if self.running.is_none() {
            // Another search came on screen meanwhile: its result names other nodes.
            return Vec::new();
        }
        let result = match event {
            JobEvent::Progress(done, total) => {
                self.running = Some((done, total));
                return Vec::new();
            }
            JobEvent::Done(result) => result,
            JobEvent::Stopped => Err("stopped".into()),
            JobEvent::Lost => Err("its thread ended without a result".into()),
        };
        self.running = None;
        match result {
            Ok(d) => {
                cx.info(Findings::summary(&d));
                self.diagnosis = Some(d);
                if *cx.mode == Mode::Normal {
                    *cx.mode = Mode::list(Self::ID);
                }
            }
            Err(why) => {
                cx.info(format!("doctor: {why}; X starts it again"));
                self.failed = Some(why);
            }
        }
        Vec::new()
    }
}

impl Hooks for Findings {
    /// Another search is on screen: the findings name its predecessor's nodes.
    fn forget(&mut self) {
        *self = Findings::default();
    }

    fn moving(&self) -> bool {
        self.running.is_some()
    }

    fn busy(&self) -> bool {
        self.running.is_some()
    }

    fn list_len(&self, mode: &Mode) -> Option<usize> {
        mode.list_index(Self::ID).map(|_| self.nodes().len())
    }
}
