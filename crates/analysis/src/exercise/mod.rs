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
mod choices;
pub mod results;

use killerscope_chess::{Move, Position};
use killerscope_engine::HeaderSettings;
use killerscope_engine::OrderingConfig;
use killerscope_engine::splitmix64;
use killerscope_log::EventLog;
use killerscope_log::NodeKind;
use killerscope_text::message_error;
use killerscope_trace::{NodeId, SearchTree};
use rayon::prelude::*;
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
///
/// Whether and how much each node can be asked of each kind is judged once, up front and in
/// parallel on the current rayon pool (`--jobs`): the draw itself is sequential, as the seeded
/// generator must be, and reads the judgements in candidate order, so the questions are the
/// same whatever the number of threads.
fn draw(asker: &ask::Asker<'_>, candidates: &[Candidate], spec: &ExerciseSpec) -> Vec<Question> {
    let weights = weights(asker, candidates, &spec.kinds);
    let mut rng = spec.seed;
    let mut asked: HashSet<(Kind, NodeId)> = HashSet::new();
    let mut prompts: HashSet<String> = HashSet::new();
    let mut questions = Vec::new();
    let mut exhausted: HashSet<Kind> = HashSet::new();
    let mut turn = 0;
    while questions.len() < spec.count && exhausted.len() < spec.kinds.len() {
        let slot = turn % spec.kinds.len();
        let kind = spec.kinds[slot];
        turn += 1;
        if exhausted.contains(&kind) {
            continue;
        }
        let open: Vec<(&Candidate, u64)> = candidates
            .iter()
            .zip(&weights[slot])
            .filter_map(|(c, weight)| Some((c, (*weight)?)))
            .filter(|(c, _)| !asked.contains(&(kind, c.id)))
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

/// For each of `kinds`, each candidate's drawing weight, or `None` when that kind cannot be
/// asked of it; judged in parallel, kept in candidate order.
fn weights(
    asker: &ask::Asker<'_>,
    candidates: &[Candidate],
    kinds: &[Kind],
) -> Vec<Vec<Option<u64>>> {
    kinds
        .iter()
        .map(|&kind| {
            candidates
                .par_iter()
                .map(|c| asker.can_ask(kind, c).then(|| asker.weight(kind, c)))
                .collect()
        })
        .collect()
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

/// The main nodes under `root` (the last iteration's) that a lesson can name, in search order:
/// closed, and reached from `root` by moves each of which is the first child of its parent
/// with its move (so a path names exactly this node), none a pass, every one legal.
///
/// One walk in search order: node ids are handed out as nodes are entered, so a node comes
/// after its parent and after its earlier siblings, and the nameable nodes on the way down are
/// a stack, each with its position and the moves of its children seen so far.
fn candidates(tree: &SearchTree, root: NodeId, root_pos: &Position) -> Vec<Candidate> {
    let mut stack = vec![Nameable {
        id: root,
        end: tree.subtree(root).end,
        pos: root_pos.clone(),
        children_seen: Vec::new(),
    }];
    let mut path: Vec<Move> = Vec::new();
    let mut out = Vec::new();
    for id in tree.subtree(root) {
        let Some(node) = tree.node(id) else { continue };
        if id != root {
            while stack.last().is_some_and(|top| id >= top.end) {
                stack.pop();
                path.pop();
            }
            let Some(top) = stack.last_mut() else { break };
            if tree.parent(id) != Some(top.id) {
                continue; // a descendant of a node no path names
            }
            let mv = node.mv();
            let first_with_move = !top.children_seen.contains(&mv);
            top.children_seen.push(mv);
            if mv.is_null() || !first_with_move || !top.pos.is_legal(mv) {
                continue;
            }
            let mut pos = top.pos.clone();
            pos.make_move(mv);
            path.push(mv);
            stack.push(Nameable {
                id,
                end: tree.subtree(id).end,
                pos,
                children_seen: Vec::new(),
            });
        }
        if node.kind() == NodeKind::Main && node.is_closed() {
            let pos = stack
                .last()
                .map_or_else(|| root_pos.clone(), |top| top.pos.clone());
            out.push(Candidate {
                id,
                path: path.clone(),
                pos,
            });
        }
    }
    out
}

/// A node on the way down that a path names, as `candidates` walks the tree.
struct Nameable {
    id: NodeId,
    /// The id after its subtree's last.
    end: NodeId,
    pos: Position,
    /// Its children's moves met so far, in search order.
    children_seen: Vec<Move>,
}
