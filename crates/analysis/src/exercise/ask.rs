//! Asking one question of one node: whether it can be asked there, then its prompt, choices,
//! answer and explanation, all read from the node's events.

use super::choices::{
    legal_moves, line_san, move_choices, shuffle, side_name, source_name, window_choices,
    window_reason, window_text,
};
use super::{Candidate, Kind, Question};
use killerscope_chess::san;
use killerscope_chess::{Move, Position};
use killerscope_engine::OrderingConfig;
use killerscope_engine::fmt;
use killerscope_engine::splitmix64;
use killerscope_log::{Bound, MoveSource};
use killerscope_trace::{Node, NodeId, SearchTree};

/// Asks questions about the nodes of one search.
pub(crate) struct Asker<'a> {
    pub tree: &'a SearchTree,
    pub root: &'a Position,
    pub ordering: &'a OrderingConfig,
    /// The last iteration's depth.
    pub depth: u8,
}

impl Asker<'_> {
    fn node(&self, id: NodeId) -> Option<Node<'_>> {
        self.tree.node(id)
    }

    /// Whether `kind` can be asked about `c`.
    pub fn can_ask(&self, kind: Kind, c: &Candidate) -> bool {
        let Some(node) = self.node(c.id) else {
            return false;
        };
        // A move question needs another legal move to be a question (counted only then).
        let choice = || legal_moves(&c.pos).len() > 1;
        let cutoff = node.cutoff();
        match kind {
            Kind::Refutation => cutoff.is_some() && choice(),
            Kind::FirstTried => self.first_move(c.id).is_some() && choice(),
            Kind::ChildWindow => self.tree.children(c.id).count() > 1,
            Kind::NodeType | Kind::Window => c.id != self.root_id(c),
            Kind::TriedBeforeCutoff => cutoff.is_some_and(|cut| cut.index < 9),
            Kind::CutoffSource => {
                cutoff.is_some_and(|cut| self.source_choices().contains(&cut.source))
            }
        }
    }

    /// How instructive question `kind` about `c` is likely to be, as a drawing weight: a
    /// cutoff after other moves were tried, a killer's cutoff, an ALL or PV node teach more
    /// than a node cut at once by the hash move or a capture, which most nodes of a search
    /// are. A node-type question leans to the types that are rare in a tree (most nodes are
    /// CUT), so that "CUT" is not the answer to learn by heart.
    pub fn weight(&self, kind: Kind, c: &Candidate) -> u64 {
        let Some(node) = self.node(c.id) else {
            return 0;
        };
        let bound = node.result().map(|(_, b)| b);
        if kind == Kind::NodeType {
            return if bound == Some(Bound::Lower) { 1 } else { 8 };
        }
        let mut weight = 1;
        if let Some(cut) = node.cutoff() {
            weight += if cut.index > 0 { 4 } else { 0 };
            weight += if cut.source.is_killer() { 4 } else { 0 };
        }
        if bound == Some(Bound::Upper) {
            weight += 4;
        }
        weight
    }

    /// The root of the iteration `c` belongs to.
    fn root_id(&self, c: &Candidate) -> NodeId {
        self.tree.path(c.id).first().copied().unwrap_or(c.id)
    }

    /// The question `kind` about `c`, its distractors drawn with `rng`.
    pub fn ask(&self, kind: Kind, c: &Candidate, rng: &mut u64) -> Option<Question> {
        if !self.can_ask(kind, c) {
            return None;
        }
        let node = self.node(c.id)?;
        let (prompt, choices, answer, explanation) = match kind {
            Kind::Refutation => self.refutation(node, c, rng)?,
            Kind::FirstTried => self.first_tried(c, rng)?,
            Kind::ChildWindow => self.child_window(node, c, rng)?,
            Kind::NodeType => node_type(node)?,
            Kind::TriedBeforeCutoff => self.tried_before(node, c)?,
            Kind::CutoffSource => self.cutoff_source(node, c)?,
            Kind::Window => self.window(node, c, rng)?,
        };
        // A question needs a wrong choice to be one.
        if choices.len() < 2 {
            return None;
        }
        // Every kind's choices in a seeded order, so the right one is as likely at any place.
        let mut choices = choices;
        shuffle(&mut choices, rng);
        let answer = choices.iter().position(|choice| *choice == answer)?;
        Some(Question {
            kind,
            path: c.path.clone(),
            path_san: line_san(self.root, &c.path),
            prompt: format!("{} {prompt}", self.place(c)),
            choices,
            answer,
            explanation,
        })
    }

    /// Where the node is: `Iteration 5, after Ra5 Bc6:` (`at the root` for the root).
    fn place(&self, c: &Candidate) -> String {
        if c.path.is_empty() {
            return format!("Iteration {}, at the root:", self.depth);
        }
        format!(
            "Iteration {}, after {}:",
            self.depth,
            line_san(self.root, &c.path)
        )
    }

    /// The first move the node tried (its first child's move).
    fn first_move(&self, id: NodeId) -> Option<Move> {
        let first = self.node(self.tree.first_child(id)?)?;
        Some(first.mv()).filter(|mv| !mv.is_null())
    }

    fn refutation(&self, node: Node<'_>, c: &Candidate, rng: &mut u64) -> Option<Asked> {
        let cut = node.cutoff()?;
        let (score, _) = node.result()?;
        let side = side_name(c.pos.side_to_move());
        let choices = move_choices(&c.pos, cut.mv, rng);
        let answer = san(&c.pos, cut.mv);
        let explanation = format!(
            "{answer} was move {} in {side}'s order, placed there by {}; it scored {}, at \
             least beta {}, so the moves after it were never searched (a cut needs a move good \
             enough to reach beta, not the best one).",
            cut.index + 1,
            source_name(cut.source),
            fmt::score(score),
            fmt::score(node.window().1)
        );
        Some((
            format!("which {side} move cut this node off?"),
            choices,
            answer,
            explanation,
        ))
    }

    fn first_tried(&self, c: &Candidate, rng: &mut u64) -> Option<Asked> {
        let first = self.first_move(c.id)?;
        let child = self.node(self.tree.first_child(c.id)?)?;
        let side = side_name(c.pos.side_to_move());
        let answer = san(&c.pos, first);
        let why = match self.tried_source(c.id, first) {
            Some(source) => format!("placed first by {}", source_name(source)),
            None => "tried first".to_string(),
        };
        let explanation = format!(
            "{answer} was {why}, and searched with the window {} from {side}'s side.",
            window_text((-child.window().1, -child.window().0))
        );
        let choices = move_choices(&c.pos, first, rng);
        Some((
            format!("which move does {side} try first here?"),
            choices,
            answer,
            explanation,
        ))
    }

    /// The source the node's `MoveTried` of `mv` names.
    fn tried_source(&self, id: NodeId, mv: Move) -> Option<MoveSource> {
        let range = self.tree.event_range(id);
        self.tree.events().range(range).find_map(|e| match e {
            killerscope_log::Event::MoveTried {
                mv: tried, source, ..
            } if tried == mv => Some(source),
            _ => None,
        })
    }

    fn child_window(&self, node: Node<'_>, c: &Candidate, rng: &mut u64) -> Option<Asked> {
        let children: Vec<NodeId> = self.tree.children(c.id).collect();
        let k = 1 + (splitmix64(rng) % (children.len() as u64 - 1)) as usize;
        let child = self.node(children[k])?;
        let mv = child.mv();
        let first = self
            .tree
            .children(c.id)
            .position(|id| self.node(id).is_some_and(|n| n.mv() == mv))?;
        let child = self.node(children[first])?;
        let options = window_choices(child.window(), node.window(), rng);
        let answer = window_text(child.window());
        let name = san(&c.pos, mv);
        let explanation = format!(
            "{name} was move {} here; {}",
            first + 1,
            window_reason(first == 0, child.window())
        );
        Some((
            format!("with what window [alpha, beta] is {name} searched (its first search)?"),
            options,
            answer,
            explanation,
        ))
    }

    fn tried_before(&self, node: Node<'_>, c: &Candidate) -> Option<Asked> {
        let cut = node.cutoff()?;
        let top = (usize::from(cut.index) + 3).clamp(4, 9);
        let choices: Vec<String> = (0..top).map(|n| n.to_string()).collect();
        let answer = usize::from(cut.index).to_string();
        let explanation = format!(
            "{} cut off as move {} of the order, so {} moves were searched before it.",
            san(&c.pos, cut.mv),
            cut.index + 1,
            cut.index
        );
        Some((
            "how many moves are searched before the one that cuts off?".to_string(),
            choices,
            answer,
            explanation,
        ))
    }

    /// Every source this search could place a move by, at most nine.
    fn source_choices(&self) -> Vec<MoveSource> {
        MoveSource::all()
            .filter(|&s| self.ordering.uses(s))
            .take(9)
            .collect()
    }

    fn cutoff_source(&self, node: Node<'_>, c: &Candidate) -> Option<Asked> {
        let cut = node.cutoff()?;
        let choices: Vec<String> = self.source_choices().into_iter().map(source_name).collect();
        let answer = source_name(cut.source);
        let explanation = format!(
            "{} was move {} in the order, placed there by {answer}.",
            san(&c.pos, cut.mv),
            cut.index + 1
        );
        Some((
            "which heuristic put the refutation where it was in the move order?".to_string(),
            choices,
            answer,
            explanation,
        ))
    }

    fn window(&self, node: Node<'_>, c: &Candidate, rng: &mut u64) -> Option<Asked> {
        let parent = self.node(node.parent()?)?;
        let options = window_choices(node.window(), parent.window(), rng);
        let answer = window_text(node.window());
        let index = self
            .tree
            .children(parent.id())
            .position(|id| id == c.id)
            .unwrap_or(0);
        Some((
            "what window [alpha, beta] is this node entered with?".to_string(),
            options,
            answer,
            window_reason(index == 0, node.window()),
        ))
    }
}

/// A question's prompt, choices, right choice and explanation.
type Asked = (String, Vec<String>, String, String);

/// PV, CUT or ALL, from the node's result.
fn node_type(node: Node<'_>) -> Option<Asked> {
    let (score, bound) = node.result()?;
    let (alpha, beta) = node.window();
    let (score, alpha, beta) = (fmt::score(score), fmt::score(alpha), fmt::score(beta));
    let (answer, why) = match bound {
        Bound::Exact => (
            "PV",
            format!("its score {score} fell inside [{alpha}, {beta}]"),
        ),
        Bound::Lower => (
            "CUT",
            format!("its score {score} reached beta {beta}: a move refuted it"),
        ),
        Bound::Upper => (
            "ALL",
            format!(
                "its score {score} stayed at or below alpha {alpha}: every move was searched and none was good enough"
            ),
        ),
    };
    let choices = ["PV", "CUT", "ALL"].map(String::from).to_vec();
    Some((
        "will this node be PV, CUT or ALL?".to_string(),
        choices,
        answer.to_string(),
        format!("{answer}: {why}."),
    ))
}
