//! Exercises a class is graded on, drawn from a real search: questions about nodes of its last
//! iteration — which move refutes a node, which it tries first, what window a child gets, whether
//! a node is PV, CUT or ALL, how many moves come before the cutoff, which heuristic put the
//! refutation where it was, what alpha and beta a node is entered with — each answered and
//! explained from the log, never written by hand. The same log and seed give the same
//! questions, so a whole class gets one exercise.
//!
//! `killerscope exercise` prints them as a worksheet, asks them on the terminal (`--results`)
//! or writes them as a lesson file; the explorer can open the same `Exercise`. Either way the
//! results a teacher collects are written by `results`.

mod ask;
pub mod results;

use killerscope_chess::{Move, Position};
use killerscope_engine::HeaderSettings;
use killerscope_engine::OrderingConfig;
use killerscope_engine::splitmix64;
use killerscope_log::EventLog;
use killerscope_log::NodeKind;
use killerscope_text::message_error;
use killerscope_trace::{NodeId, SearchTree};
use std::collections::HashSet;

/// What a question asks about its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Which move made the node cut off.
    Refutation,
    /// Which move the node tried first.
    FirstTried,
    /// The window one of the node's moves is searched with.
    ChildWindow,
    /// Whether the node is PV, CUT or ALL.
    NodeType,
    /// How many moves the node tried before the one that cut off.
    TriedBeforeCutoff,
    /// Which ordering heuristic placed the refutation.
    CutoffSource,
    /// The window the node is entered with (the small-tree basics, node after node).
    Window,
}

impl Kind {
    /// The kinds drawn at random (`Window` is the walk's).
    pub const DRAWN: [Kind; 6] = [
        Kind::Refutation,
        Kind::FirstTried,
        Kind::ChildWindow,
        Kind::NodeType,
        Kind::TriedBeforeCutoff,
        Kind::CutoffSource,
    ];

    /// The short name in worksheets and results: `refutation`, `window`.
    pub const fn key(self) -> &'static str {
        match self {
            Kind::Refutation => "refutation",
            Kind::FirstTried => "first-tried",
            Kind::ChildWindow => "child-window",
            Kind::NodeType => "node-type",
            Kind::TriedBeforeCutoff => "tried-before-cutoff",
            Kind::CutoffSource => "cutoff-source",
            Kind::Window => "window",
        }
    }

    /// The lesson file's answer rule for this kind (`docs/lessons.md`), when the format has
    /// one: only questions whose choices are moves can be written as a lesson today.
    pub const fn lesson_answer(self) -> Option<&'static str> {
        match self {
            Kind::Refutation => Some("cutoff_by"),
            Kind::FirstTried => Some("first_tried"),
            _ => None,
        }
    }
}

/// One question about one node of the last iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// What it asks.
    pub kind: Kind,
    /// The moves from the root to the node it is about (the node a lesson's `select` names).
    pub path: Vec<Move>,
    /// The same in SAN, space-separated (empty for the root).
    pub path_san: String,
    /// The question.
    pub prompt: String,
    /// The choices, at most nine (one digit key each).
    pub choices: Vec<String>,
    /// Index of the right choice.
    pub answer: usize,
    /// Why it is right, read from the log: shown after the pick.
    pub explanation: String,
}

/// How to draw an exercise.
#[derive(Clone, Debug)]
pub struct ExerciseSpec {
    /// Questions wanted (fewer when the tree has fewer candidates).
    pub count: usize,
    /// Seeds the draw: the same seed and log give the same questions.
    pub seed: u64,
    /// The kinds to draw from, in turn.
    pub kinds: Vec<Kind>,
    /// Instead of drawing: the window of every main node of the last iteration in search
    /// order (the small-tree basics), up to `count`.
    pub walk: bool,
}

/// Questions drawn from one search.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// The root position.
    pub fen: String,
    /// The depth of the last iteration, the one every question is about.
    pub depth: u8,
    /// The ordering the search used.
    pub ordering: OrderingConfig,
    /// The questions.
    pub questions: Vec<Question>,
}

message_error! {
    /// Why no exercise could be drawn.
    pub struct ExerciseError(pub String);
}

/// A node of the last iteration a question can name: a main node that a lesson's
/// `select = { depth, path }` resolves to (no pass on its line, and the first search of each
/// move on it), with its position.
pub(crate) struct Candidate {
    pub id: NodeId,
    pub path: Vec<Move>,
    pub pos: Position,
}

/// Draws the exercise `spec` asks for from `log`, a whole recorded search of killerscope's.
pub fn generate(log: &EventLog, spec: &ExerciseSpec) -> Result<Exercise, ExerciseError> {
    let header = log.header();
    let root = Position::from_fen(&header.fen)
        .map_err(|e| ExerciseError(format!("the log's root does not read: {e}")))?;
    let ordering = header
        .ordering_config()
        .ok_or_else(|| ExerciseError("the log's ordering is not killerscope's".to_string()))?;
    let tree = SearchTree::build(log.events());
    let last = *tree
        .roots()
        .last()
        .ok_or_else(|| ExerciseError("the log holds no node".to_string()))?;
    let depth = tree
        .node(last)
        .map_or(0, |n| u8::try_from(n.depth()).unwrap_or(0));
    let candidates = candidates(&tree, last, &root);
    let asker = ask::Asker {
        tree: &tree,
        root: &root,
        ordering: &ordering,
        depth,
    };
    let questions = if spec.walk {
        let mut rng = spec.seed;
        let mut prompts = HashSet::new();
        candidates
            .iter()
            .filter_map(|c| asker.ask(Kind::Window, c, &mut rng))
            .filter(|q| prompts.insert(q.prompt.clone()))
            .take(spec.count)
            .collect()
    } else {
        draw(&asker, &candidates, spec)
    };
    Ok(Exercise {
        fen: header.fen.clone(),
        depth,
        ordering,
        questions,
    })
}

/// `spec.count` questions, the kinds taken in turn, each about a node drawn with the seeded
/// generator among those it can be asked of, the instructive ones more often (`weight`); no
/// node is asked the same thing twice, and no prompt comes twice.
fn draw(asker: &ask::Asker<'_>, candidates: &[Candidate], spec: &ExerciseSpec) -> Vec<Question> {
    let mut rng = spec.seed;
    let mut asked: HashSet<(Kind, NodeId)> = HashSet::new();
    let mut prompts: HashSet<String> = HashSet::new();
    let mut questions = Vec::new();
    let mut exhausted: HashSet<Kind> = HashSet::new();
    let mut turn = 0;
    while questions.len() < spec.count && exhausted.len() < spec.kinds.len() {
        let kind = spec.kinds[turn % spec.kinds.len()];
        turn += 1;
        if exhausted.contains(&kind) {
            continue;
        }
        let open: Vec<(&Candidate, u64)> = candidates
            .iter()
            .filter(|c| !asked.contains(&(kind, c.id)) && asker.can_ask(kind, c))
            .map(|c| (c, asker.weight(kind, c)))
            .collect();
        let Some(pick) = weighted(&open, &mut rng) else {
            exhausted.insert(kind);
            continue;
        };
        asked.insert((kind, pick.id));
        if let Some(question) = asker.ask(kind, pick, &mut rng)
            && prompts.insert(question.prompt.clone())
        {
            questions.push(question);
        }
    }
    questions
}

/// One of `open` drawn with the seeded generator, each as likely as its weight.
fn weighted<'a>(open: &[(&'a Candidate, u64)], rng: &mut u64) -> Option<&'a Candidate> {
    let total: u64 = open.iter().map(|&(_, w)| w).sum();
    if total == 0 {
        return None;
    }
    let mut at = splitmix64(rng) % total;
    for &(c, w) in open {
        if at < w {
            return Some(c);
        }
        at -= w;
    }
    None
}

/// The main nodes under `root` (the last iteration's) that a lesson can name, in search order.
fn candidates(tree: &SearchTree, root: NodeId, root_pos: &Position) -> Vec<Candidate> {
    let mut out = Vec::new();
    for id in tree.subtree(root) {
        let Some(node) = tree.node(id) else { continue };
        if node.kind() != NodeKind::Main || !node.is_closed() {
            continue;
        }
        let Some(path) = addressable_path(tree, root, id) else {
            continue;
        };
        let Some(pos) = play(root_pos, &path) else {
            continue;
        };
        out.push(Candidate { id, path, pos });
    }
    out
}

/// The moves from `root` to `id` when each is the first child of its parent with its move (so
/// a path names exactly this node) and none is a pass; `None` otherwise.
fn addressable_path(tree: &SearchTree, root: NodeId, id: NodeId) -> Option<Vec<Move>> {
    let nodes = tree.path(id);
    if nodes.first() != Some(&root) {
        return None;
    }
    let mut moves = Vec::with_capacity(nodes.len());
    for pair in nodes.windows(2) {
        let (parent, child) = (pair[0], pair[1]);
        let mv = tree.node(child)?.mv();
        if mv.is_null() {
            return None;
        }
        let first = tree
            .children(parent)
            .find(|&c| tree.node(c).is_some_and(|n| n.mv() == mv))?;
        if first != child {
            return None;
        }
        moves.push(mv);
    }
    Some(moves)
}

/// The position after `path` from `root`, every move checked legal.
fn play(root: &Position, path: &[Move]) -> Option<Position> {
    let mut pos = root.clone();
    for &mv in path {
        if !pos.is_legal(mv) {
            return None;
        }
        pos.make_move(mv);
    }
    Some(pos)
}
