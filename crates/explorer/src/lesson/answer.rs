//! A question's answer, read from the recorded search — never written in the lesson file —
//! together with the reason the log gives for it: where the move stood in the node's order and
//! which heuristic put it there. The panel shows both after the learner has picked, so the
//! answer is something the class can check in the tree, not the teacher's word.

use super::choices::{self, Written};
use super::file::{AnswerSpec, QuestionSpec};
use super::verify::Question;
use crate::keys::MAX_CHOICES;
use killerscope_analysis::exercise::Kind;
use killerscope_chess::{Color, Move, Position};
use killerscope_chess::{Notation, san};
use killerscope_engine::{BestReply, best_reply};
use killerscope_log::EventLog;
use killerscope_log::{Event, MoveSource};
use killerscope_trace::{NodeId, SearchTree};
use killerscope_trace::{line::Step, line::line_text};
use std::sync::atomic::AtomicBool;

/// What a question's answer is read from: the search, its tree, its root, and the node the
/// answer rule names with the position there.
pub struct Read<'a> {
    /// The recorded search.
    pub log: &'a EventLog,
    /// Its node index.
    pub tree: &'a SearchTree,
    /// The position searched.
    pub root: &'a Position,
    /// The node the answer rule names.
    pub node: NodeId,
    /// The position at that node.
    pub at: &'a Position,
    /// The iteration the node belongs to, by depth.
    pub depth: u8,
}

/// The notation a lesson writes its choices in, set by the first choice that is written in
/// only one of SAN and the long form, and where that choice was (for the error message).
#[derive(Clone, Debug, Default)]
pub struct ChoiceNotation {
    set: Option<(Written, String)>,
    /// The step being checked (1-based), to name where the notation was set.
    pub step: usize,
}

impl ChoiceNotation {
    /// Takes in a choice written in `written` (both: castling), found at `place`; refuses it
    /// when the lesson already writes its choices in the other notation.
    fn take(&mut self, written: &[Written], place: String) -> Result<(), String> {
        match (&self.set, written) {
            (Some((lesson, first)), _) if !written.contains(lesson) => Err(format!(
                "is written in {} while the lesson writes its choices in {} ({first}): \
                 write every choice in one notation",
                written.first().map_or("", |w| w.name()),
                lesson.name()
            )),
            (None, [only]) => {
                self.set = Some((*only, format!("step {}'s {place}", self.step)));
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// Resolves `spec` against the search: the right choice, the move in SAN and the reason.
/// Every choice must be a legal move in the node's position, written in the lesson's one
/// notation (`notation`, set by the first choice that tells).
pub fn question(
    spec: &QuestionSpec,
    read: &Read,
    notation: &mut ChoiceNotation,
) -> Result<Question, String> {
    if spec.choices.len() > usize::from(MAX_CHOICES) {
        return Err(format!(
            "a question offers at most {MAX_CHOICES} choices (one digit key each), not {}",
            spec.choices.len()
        ));
    }
    let mut moves = Vec::with_capacity(spec.choices.len());
    for (k, text) in spec.choices.iter().enumerate() {
        let refused = |why: String| {
            format!(
                "choice {} of the question, {}, {why} ({})",
                k + 1,
                killerscope_text::quote(text),
                lower_first(&place(read))
            )
        };
        let (mv, written) = choices::read(read.at, text).map_err(refused)?;
        notation
            .take(&written, format!("choice {text}"))
            .map_err(refused)?;
        moves.push(mv);
    }
    let kind = match &spec.answer {
        AnswerSpec::FirstTried(_) => Kind::FirstTried,
        AnswerSpec::CutoffBy(_) => Kind::Refutation,
    };
    let best = match &spec.answer {
        AnswerSpec::CutoffBy(_) => best_move(read),
        AnswerSpec::FirstTried(_) => None,
    };
    let (mv, why) = match &spec.answer {
        AnswerSpec::FirstTried(n) => first_tried(read)
            .ok_or_else(|| format!("the answer's node ({}) tried no move", n.path))?,
        AnswerSpec::CutoffBy(n) => cutoff(read, best)
            .ok_or_else(|| format!("the answer's node ({}) has no cutoff", n.path))?,
    };
    let answer_san = san(read.at, mv);
    let answer = moves
        .iter()
        .position(|&m| m == mv)
        .ok_or_else(|| format!("the answer, {answer_san}, is not among the choices"))?;
    let hints = moves
        .iter()
        .map(|&m| {
            if m == mv {
                String::new()
            } else {
                hint(read, kind, m, best)
            }
        })
        .collect();
    Ok(Question {
        kind,
        prompt: spec.prompt.clone(),
        choices: spec.choices.clone(),
        answer,
        node: read.node,
        answer_san,
        why,
        hints,
    })
}

/// The side's best move at the node and its score: a full-window search of the node's
/// position to the node's depth.
fn best_move(read: &Read) -> Option<(Move, i32)> {
    let node = read.tree.node(read.node)?;
    let depth = u8::try_from(node.depth()).unwrap_or(0).max(1);
    match best_reply(read.at, depth, &AtomicBool::new(false)) {
        Some(BestReply::Move(mv, score)) => Some((mv, score)),
        _ => None,
    }
}

/// What the log says about a wrong pick `picked`, shown with the one more try: whether the
/// node tried it and what it scored there, or that it was never tried — and, for the side's
/// best move, that a cut needs a move good enough to reach β, not the best one. It never
/// names the right answer: the learner still has a try.
fn hint(read: &Read, kind: Kind, picked: Move, best: Option<(Move, i32)>) -> String {
    let name = san(read.at, picked);
    let tried = own_tries(read);
    let place = tried.iter().position(|&(m, _)| m == picked);
    let node = read.tree.node(read.node);
    let beta = node.map_or(String::new(), |n| {
        killerscope_engine::fmt::score(n.window().1)
    });
    let scored = read
        .tree
        .children(read.node)
        .filter_map(|c| read.tree.node(c))
        .filter(|c| c.mv() == picked)
        .find_map(|c| c.result())
        .map(|(score, _)| killerscope_engine::fmt::score(-score));
    match (kind, place) {
        (Kind::FirstTried, Some(k)) => format!(
            "{name} was tried, but as move {} of {}, placed by {}: the order put another move first.",
            k + 1,
            tried.len(),
            source(read.log, tried[k].1)
        ),
        (_, Some(k)) => format!(
            "{name} was tried (move {}) and scored {}, short of β {beta}: it could not cut.",
            k + 1,
            scored.unwrap_or_else(|| "less".into())
        ),
        (Kind::Refutation, None) if best.is_some_and(|(b, _)| b == picked) => format!(
            "{name} is stronger ({}), but it was never tried: an earlier move in the order \
             already reached β {beta}, and a cut needs a move good enough, not the best one.",
            best.map_or(String::new(), |(_, s)| killerscope_engine::fmt::score(s))
        ),
        (_, None) if node.is_some_and(|n| n.cutoff().is_some()) => {
            format!("{name} was never tried here: the node cut off before the order reached it.")
        }
        (_, None) => format!("{name} was not searched at this node."),
    }
}

/// The node's own tries (not a descendant's), in order, with the heuristic that placed each.
fn own_tries(read: &Read) -> Vec<(Move, MoveSource)> {
    let mut level = 0usize;
    let mut tries = Vec::new();
    let events = read
        .log
        .events()
        .get(read.tree.event_range(read.node))
        .unwrap_or_default();
    for event in events {
        match *event {
            Event::NodeEnter { .. } => level += 1,
            Event::NodeExit { .. } => level = level.saturating_sub(1),
            Event::MoveTried { mv, source, .. }
                if level == 1 && !tries.iter().any(|&(m, _)| m == mv) =>
            {
                tries.push((mv, source));
            }
            _ => {}
        }
    }
    tries
}

/// The move that cut the node off, and the log's account of it — with the side's best move
/// there (`best`) when that is another one, so the lesson never passes a cutoff off as the best
/// reply.
fn cutoff(read: &Read, best: Option<(Move, i32)>) -> Option<(Move, String)> {
    let node = read.tree.node(read.node)?;
    let cut = node.cutoff()?;
    let mut why = format!(
        "{}, {} was move {} in {} order, placed there by {}; its score reached beta, so \
         the moves after it were never searched.",
        place(read),
        san(read.at, cut.mv),
        usize::from(cut.index) + 1,
        side(read.at),
        source(read.log, cut.source)
    );
    let depth = u8::try_from(node.depth()).unwrap_or(0).max(1);
    if let Some((best, score)) = best
        && best != cut.mv
    {
        why.push_str(&format!(
            " It was good enough to cut, not {} best: a full-window search of this position \
             to depth {depth} prefers {} ({}).",
            side(read.at),
            san(read.at, best),
            killerscope_engine::fmt::score(score)
        ));
    }
    Some((cut.mv, why))
}

/// The first move the node tried (its own, not a descendant's), and the log's account of it.
fn first_tried(read: &Read) -> Option<(Move, String)> {
    let mut level = 0usize;
    let mut first = None;
    let mut tried = 0usize;
    let events = read.log.events().get(read.tree.event_range(read.node))?;
    for event in events {
        match *event {
            Event::NodeEnter { .. } => level += 1,
            Event::NodeExit { .. } => level = level.saturating_sub(1),
            Event::MoveTried { mv, source, .. } if level == 1 => {
                tried += 1;
                first.get_or_insert((mv, source));
            }
            _ => {}
        }
    }
    let (mv, from) = first?;
    let cut_at_once = read
        .tree
        .node(read.node)
        .and_then(|n| n.cutoff())
        .is_some_and(|c| c.mv == mv && c.index == 0);
    let outcome = if cut_at_once {
        " It cut the node off at once."
    } else {
        ""
    };
    let of = if tried == 1 {
        "the only move".to_string()
    } else {
        format!("the first of the {tried} moves")
    };
    let why = format!(
        "{}, {} was {of} {} tried, placed first by {}.{outcome}",
        place(read),
        san(read.at, mv),
        side(read.at).trim_end_matches("'s"),
        source(read.log, from)
    );
    Some((mv, why))
}

/// "After …Ra5 Bc6 in iteration 5" (or "At the root of iteration 5").
fn place(read: &Read) -> String {
    let steps: Vec<Step> = read
        .tree
        .line(read.node)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    if steps.is_empty() {
        return format!("At the root of iteration {}", read.depth);
    }
    format!(
        "After {} in iteration {}",
        line_text(read.root, &steps, Notation::San),
        read.depth
    )
}

/// `text` with its first letter in lower case ("after …Ra5", to go inside a sentence).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_lowercase().chain(chars).collect())
}

fn side(pos: &Position) -> &'static str {
    match pos.side_to_move() {
        Color::White => "White's",
        Color::Black => "Black's",
    }
}

/// "killer 1 (K1)", from the log's own source table; "TT" alone where the name is the label.
fn source(log: &EventLog, source: MoveSource) -> String {
    let sources = &log.header().sources;
    let (name, label) = (sources.name(source), sources.label(source));
    if name == label {
        name.to_string()
    } else {
        format!("{name} ({label})")
    }
}
