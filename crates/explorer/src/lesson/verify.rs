//! Checking a lesson against the engine: every step is played through — positions loaded,
//! searches run and recorded, nodes and events looked up, answers read from the log, numbers
//! compared — and the lesson is refused at the first step that names something the search did
//! not produce. What comes out holds every reference resolved, ready for the explorer to drive.

use super::answer::{self, ChoiceNotation, Read};
use super::file::{AnswerSpec, EventSpec, LessonFile, NodeSpec, StepFile};
use super::scene::{Scene, SearchPlan, View};
use crate::charts::ChartKind;
use crate::library::Entry;
use crate::setup::MAX_DEPTH;
use crate::{keys::Context, keys::Key, keys::KeyCode, keys::action_for};
use killerscope_analysis::{EventRef, NodeRef, find_event, find_node};
use killerscope_chess::Position;
use killerscope_engine::parse_switches;
use killerscope_engine::{
    CutoffStats, Limits, OrderingConfig, SearchConfig, Searcher, SelectiveConfig,
};
use killerscope_log::EventLog;
use killerscope_text::quote;
use killerscope_trace::{NodeId, SearchTree, record_search};
use std::sync::atomic::AtomicBool;

pub use super::error::LessonError;

/// What the learner must do before the step is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Press this key.
    Key(char),
    /// Select this node of the current search.
    Select(NodeId),
}

/// A question with its answer, read from the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// What it asks, as an exercise names it (the results file's `kind`).
    pub kind: killerscope_analysis::exercise::Kind,
    /// The question.
    pub prompt: String,
    /// The choices as the file wrote them.
    pub choices: Vec<String>,
    /// Index of the right choice.
    pub answer: usize,
    /// The node asked about (the answer rule's): while the question waits, the screen does
    /// not show its cutoff move or killer squares.
    pub node: NodeId,
    /// The right move in SAN, for the feedback line.
    pub answer_san: String,
    /// Why, as the log tells it: where the move stood in the node's order and which
    /// heuristic put it there.
    pub why: String,
    /// For each choice, what the log says against it (empty for the right one), shown with
    /// a first miss's one more try (`answer::hint`).
    pub hints: Vec<String>,
}

/// One step, every reference resolved against the searches before it.
#[derive(Clone, Debug)]
pub struct Step {
    /// What the panel says.
    pub text: String,
    /// What it loads, searches, selects, moves the timeline to and opens.
    pub sets: Scene,
    /// What the learner must do.
    pub wait: Option<Wait>,
    /// A question.
    pub question: Option<Question>,
}

/// A lesson whose every step was checked against the engine.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Shown over the panel.
    pub title: String,
    /// What the class will see.
    pub summary: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// The search state a lesson has reached: what later references resolve against.
struct Current {
    root: Option<Position>,
    log: Option<(EventLog, SearchTree, u8)>,
    /// The notation the lesson's choices are written in, once a choice has told.
    notation: ChoiceNotation,
}

/// Plays `file` through against the engine, with `library` for `load = "id"`.
pub fn verify(file: &LessonFile, library: &[Entry]) -> Result<Lesson, LessonError> {
    if file.steps.is_empty() {
        return Err(LessonError::new(0, "the lesson has no steps"));
    }
    let mut current = Current {
        root: None,
        log: None,
        notation: ChoiceNotation::default(),
    };
    let mut steps = Vec::with_capacity(file.steps.len());
    for (k, spec) in file.steps.iter().enumerate() {
        current.notation.step = k + 1;
        let step = verify_step(spec, library, &mut current)
            .map_err(|reason| LessonError::new(k + 1, &reason))?;
        steps.push(step);
    }
    Ok(Lesson {
        title: file.title.clone(),
        summary: file.summary.clone(),
        steps,
    })
}

fn verify_step(spec: &StepFile, library: &[Entry], current: &mut Current) -> Result<Step, String> {
    let position = load(spec, library)?;
    if let Some(pos) = &position {
        current.root = Some(pos.clone());
        current.log = None;
    }
    let search = match &spec.search {
        Some(s) => Some(run_search(
            current,
            s.depth,
            &s.ordering,
            &s.search,
            s.nodes,
        )?),
        None => None,
    };
    let select = spec.select.as_ref().map(|n| node(current, n)).transpose()?;
    let timeline = spec
        .timeline
        .as_ref()
        .map(|e| event(current, e))
        .transpose()?;
    let view = match (&spec.chart, &spec.compare) {
        (Some(_), Some(_)) => return Err("a step opens either a chart or a comparison".into()),
        (Some(chart), None) => Some(View::Chart(chart_kind(chart)?)),
        (None, Some(c)) => Some(View::Compare(compare(
            current,
            &c.configs,
            c.nodes.as_deref(),
        )?)),
        (None, None) => None,
    };
    let wait = match &spec.wait {
        None => None,
        Some(w) => Some(match (&w.key, &w.select) {
            (Some(key), None) => Wait::Key(wait_key(key)?),
            (None, Some(n)) => Wait::Select(node(current, n)?),
            _ => return Err("a wait names either one key or one node to select".into()),
        }),
    };
    let question = spec
        .question
        .as_ref()
        .map(|q| {
            let spec = match &q.answer {
                AnswerSpec::FirstTried(n) | AnswerSpec::CutoffBy(n) => n,
            };
            let (node, at) = resolve(current, spec)?;
            let (Some(root), Some((log, tree, _))) = (&current.root, &current.log) else {
                return Err("a question needs a search before it".to_string());
            };
            let read = Read {
                log,
                tree,
                root,
                node,
                at: &at,
                depth: spec.depth,
            };
            answer::question(q, &read, &mut current.notation)
        })
        .transpose()?;
    Ok(Step {
        text: spec.text.clone(),
        sets: Scene {
            position,
            search,
            select,
            timeline,
            view,
        },
        wait,
        question,
    })
}

fn load(spec: &StepFile, library: &[Entry]) -> Result<Option<Position>, String> {
    match (&spec.load, &spec.fen) {
        (Some(_), Some(_)) => Err("a step loads either a library id or a FEN, not both".into()),
        (Some(id), None) => {
            let entry = library
                .iter()
                .find(|e| &e.id == id)
                .ok_or_else(|| format!("no library position has the id \"{}\"", quote(id)))?;
            Position::from_fen(&entry.fen)
                .map(Some)
                .map_err(|e| e.to_string())
        }
        (None, Some(fen)) => Position::from_fen(fen).map(Some).map_err(|e| e.to_string()),
        (None, None) => Ok(None),
    }
}

fn switches(ordering: &str, search: &str) -> Result<(OrderingConfig, SelectiveConfig), String> {
    let ordering: OrderingConfig = ordering.parse().map_err(|e| format!("{e}"))?;
    let selective: SelectiveConfig = search.parse().map_err(|e| format!("{e}"))?;
    Ok((ordering, selective))
}

fn run_search(
    current: &mut Current,
    depth: u8,
    ordering: &str,
    search: &str,
    expected: Option<u64>,
) -> Result<SearchPlan, String> {
    let root = current
        .root
        .clone()
        .ok_or("a search needs a position loaded before it")?;
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!(
            "a lesson searches to a depth from 1 to {MAX_DEPTH}, as the explorer does, not {depth}"
        ));
    }
    let (ordering, selective) = switches(ordering, search)?;
    let config = SearchConfig {
        ordering,
        selective,
        ..SearchConfig::default()
    };
    let (log, report) = record_search(&root, config, &Limits::depth(depth));
    if log.is_truncated() {
        return Err(format!(
            "the search to depth {depth} is too big to record whole"
        ));
    }
    if let Some(n) = expected.filter(|&n| n != report.nodes) {
        return Err(format!("the search visits {} nodes, not {n}", report.nodes));
    }
    let tree = SearchTree::build(log.events());
    current.log = Some((log, tree, depth));
    Ok(SearchPlan {
        config,
        depth,
        nodes: report.nodes,
    })
}

fn node_ref(spec: &NodeSpec) -> NodeRef {
    NodeRef {
        depth: spec.depth,
        path: spec.path.split_whitespace().map(str::to_string).collect(),
    }
}

fn resolve(current: &Current, spec: &NodeSpec) -> Result<(NodeId, Position), String> {
    let (Some(root), Some((_, tree, ..))) = (&current.root, &current.log) else {
        return Err("a node can only be named after a search".into());
    };
    find_node(tree, root, &node_ref(spec)).map_err(|e| e.to_string())
}

fn node(current: &Current, spec: &NodeSpec) -> Result<NodeId, String> {
    resolve(current, spec).map(|(id, _)| id)
}

fn event(current: &Current, spec: &EventSpec) -> Result<usize, String> {
    let (Some(root), Some((log, tree, ..))) = (&current.root, &current.log) else {
        return Err("an event can only be named after a search".into());
    };
    let within = spec.node.as_ref().map(|n| node(current, n)).transpose()?;
    let wanted = EventRef {
        kind: spec.event.clone(),
        mv: spec.mv.clone(),
        ply: spec.ply,
        depth: spec.depth,
        within,
        source: spec.source.clone(),
        nth: spec.nth.unwrap_or(1).max(1),
    };
    find_event(tree, log.events(), root, &wanted).map_err(|e| e.to_string())
}

fn chart_kind(name: &str) -> Result<ChartKind, String> {
    ChartKind::ALL
        .into_iter()
        .find(|k| k.key() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = ChartKind::ALL.iter().map(|k| k.key()).collect();
            format!(
                "no chart is called \"{}\" (charts: {})",
                quote(name),
                names.join(", ")
            )
        })
}

fn compare(
    current: &Current,
    configs: &[String],
    expected: Option<&[u64]>,
) -> Result<Vec<(String, u64)>, String> {
    let (Some(root), Some((_, _, depth))) = (&current.root, &current.log) else {
        return Err("a compare needs a search before it (it searches to the same depth)".into());
    };
    if let Some(n) = expected.filter(|n| n.len() != configs.len()) {
        return Err(format!(
            "{} node counts for {} configs",
            n.len(),
            configs.len()
        ));
    }
    let mut out = Vec::with_capacity(configs.len());
    let mut shared: Option<(&str, SelectiveConfig)> = None;
    for (k, text) in configs.iter().enumerate() {
        let (ordering, selective) =
            parse_switches(text).map_err(|e| format!("\"{}\": {e}", quote(text)))?;
        match shared {
            Some((first, s)) if s != selective => {
                return Err(format!(
                    "the compare view searches every column with one selective setting, but \
                     \"{}\" and \"{}\" differ: put selective switches in the search step",
                    quote(first),
                    quote(text)
                ));
            }
            Some(_) => {}
            None => shared = Some((text, selective)),
        }
        let config = SearchConfig {
            ordering,
            selective,
            ..SearchConfig::default()
        };
        let mut stats = CutoffStats::new();
        let report = Searcher::new(config).search(
            root,
            &[],
            &Limits::depth(*depth),
            &AtomicBool::new(false),
            &mut stats,
            &mut |_| {},
        );
        if let Some(&n) = expected
            .and_then(|e| e.get(k))
            .filter(|&&n| n != report.nodes)
        {
            return Err(format!(
                "\"{}\" searches {} nodes, not {n}",
                quote(text),
                report.nodes
            ));
        }
        out.push((text.clone(), report.nodes));
    }
    Ok(out)
}

/// A key the step waits for: one character the explorer's normal view acts on, and not one
/// the lesson takes for itself while it is open (it would step or answer instead).
fn wait_key(key: &str) -> Result<char, String> {
    let mut chars = key.chars();
    let c = match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => {
            return Err(format!(
                "a wait key is one character, not \"{}\"",
                quote(key)
            ));
        }
    };
    let event = Key::plain(KeyCode::Char(c)).press();
    if [Context::Lesson, Context::Question]
        .into_iter()
        .any(|context| action_for(context, event).is_some())
    {
        return Err(format!(
            "{c} is one of the lesson's own keys while a lesson is open: wait for another"
        ));
    }
    if action_for(Context::Normal, event).is_none() {
        return Err(format!(
            "the explorer does nothing on {c}: wait for a key it binds (? lists them)"
        ));
    }
    Ok(c)
}
