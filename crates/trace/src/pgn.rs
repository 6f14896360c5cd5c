//! A node's principal-variation tree as PGN, for chess GUIs: the game starts at the node's
//! position (its `[FEN]`, with the moves from the root in a `[Line]` tag), the main line follows
//! the node's PV — at each node the child that decided its score — and every other child
//! searched at a PV node is a variation, itself following its own PV. Each move carries a
//! comment with the score of the node it reached, from the side that played it, and that
//! node's type: `PV` (exact score), `CUT` (failed high: a lower bound) or `ALL` (failed low:
//! an upper bound).
//!
//! Null moves, same-position searches and a pseudo-legal engine's illegal tries are not moves a
//! PGN can hold: they are left out of the lines (a PV stops before one).

use super::line::position_at;
use super::tree::{Node, NodeId, SearchTree};
use killerscope_chess::{Color, Position};
use killerscope_chess::{Notation, san};
use killerscope_engine::score::format_uci;
use killerscope_log::Bound;
use std::io::{self, Write};

/// Why a PGN could not be written.
#[derive(Debug)]
pub enum PgnError {
    /// No node with that id.
    NoNode(NodeId),
    /// The line to the node cannot be played on a board (an illegal try, a position below a
    /// king capture, a null move in check).
    Unplayable(NodeId),
    /// Writing failed.
    Io(io::Error),
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PgnError::NoNode(id) => write!(f, "no node {id}"),
            PgnError::Unplayable(id) => write!(
                f,
                "the line to node {id} cannot be played on a board (an illegal try, a null move in check, or a position below a king capture)"
            ),
            PgnError::Io(e) => write!(f, "cannot write: {e}"),
        }
    }
}

impl From<io::Error> for PgnError {
    fn from(e: io::Error) -> PgnError {
        PgnError::Io(e)
    }
}

/// Whether a child is a move a PGN can hold.
fn playable(node: Node<'_>) -> bool {
    !node.mv().is_null() && !node.illegal()
}

/// The child that decided `id`'s score: the cutoff move's child for a node that failed high,
/// else the child whose score (negated) is the best.
fn pv_child(tree: &SearchTree, id: NodeId) -> Option<NodeId> {
    let node = tree.node(id)?;
    let children = tree
        .children(id)
        .filter_map(|c| tree.node(c))
        .filter(|c| playable(*c));
    if let Some(cut) = node.cutoff() {
        return children.filter(|c| c.mv() == cut.mv).last().map(|c| c.id());
    }
    // The best score; among equals an exact one (a bound only says "at most"), then the first.
    children
        .filter_map(|c| {
            c.result()
                .map(|(score, bound)| (-score, bound == Bound::Exact, c.id()))
        })
        .max_by_key(|&(score, exact, id)| (score, exact, std::cmp::Reverse(id)))
        .map(|(.., id)| id)
}

/// Movetext being written: move numbers, wrapping at 79 columns.
struct Text {
    out: String,
    line: usize,
    /// A variation was opened: its `(` goes before the next word.
    open: bool,
}

impl Text {
    /// Adds a token: `(` joins the next one, `)` the last one (PGN allows any white space
    /// between tokens, so a line may break before either).
    fn word(&mut self, word: &str) {
        if word == "(" {
            self.open = true;
            return;
        }
        let word = if std::mem::take(&mut self.open) {
            format!("({word}")
        } else {
            word.to_string()
        };
        let space = usize::from(self.line > 0 && word != ")");
        if self.line > 0 && self.line + space + word.len() > 79 {
            self.out.push('\n');
            self.line = 0;
        } else if space == 1 {
            self.out.push(' ');
            self.line += 1;
        }
        self.out.push_str(&word);
        self.line += word.len();
    }

    /// A move with its number (always after a variation opens or a comment, for Black).
    fn play(&mut self, pos: &Position, node: Node<'_>, numbered: bool) {
        let n = pos.fullmove_number();
        match pos.side_to_move() {
            Color::White => self.word(&format!("{n}.")),
            Color::Black if numbered => self.word(&format!("{n}...")),
            Color::Black => {}
        }
        self.word(&san(pos, node.mv()));
        let kind = match node.result() {
            Some((_, Bound::Exact)) => "PV",
            Some((_, Bound::Lower)) => "CUT",
            Some((_, Bound::Upper)) => "ALL",
            None => "unfinished",
        };
        let score = node
            .result()
            .map_or("no score".to_string(), |(s, _)| format_uci(-s));
        self.word(&format!("{{{score} {kind}}}"));
    }

    /// The line from `pos` following PV children from `from` (no variations inside).
    fn line(&mut self, tree: &SearchTree, mut pos: Position, from: NodeId) {
        let mut at = pv_child(tree, from);
        while let Some(node) = at.and_then(|c| tree.node(c)) {
            self.play(&pos, node, true);
            pos.make_move(node.mv());
            at = pv_child(tree, node.id());
        }
    }
}

/// Writes the PV tree of node `id` of `tree` (a search of `root`) as one PGN game.
pub fn write_pgn(
    tree: &SearchTree,
    root: &Position,
    id: NodeId,
    engine: &str,
    mut w: impl Write,
) -> Result<(), PgnError> {
    tree.node(id).ok_or(PgnError::NoNode(id))?;
    let start = position_at(tree, root, id).ok_or(PgnError::Unplayable(id))?;
    let line: Vec<String> = tree
        .line(id)
        .into_iter()
        .map(|(_, step)| step.text(root, Notation::Uci))
        .collect();
    let tag = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    writeln!(w, "[Event \"killerscope: PV tree of node {id}\"]")?;
    writeln!(w, "[White \"{}\"]", tag(engine))?;
    writeln!(w, "[Black \"{}\"]", tag(engine))?;
    writeln!(w, "[Result \"*\"]")?;
    writeln!(w, "[SetUp \"1\"]")?;
    writeln!(w, "[FEN \"{}\"]", start.to_fen())?;
    writeln!(w, "[Line \"{}\"]\n", line.join(" "))?;
    let mut text = Text {
        out: String::new(),
        line: 0,
        open: false,
    };
    let mut pos = start;
    let mut at = Some(id);
    let mut numbered = true;
    while let Some(node) = at {
        let Some(main) = pv_child(tree, node).and_then(|c| tree.node(c)) else {
            break;
        };
        text.play(&pos, main, numbered);
        // Each other move once, as its last search (a re-search replaces the first).
        let mut others: Vec<Node<'_>> = Vec::new();
        for child in tree.children(node).filter_map(|c| tree.node(c)) {
            if playable(child) && child.mv() != main.mv() {
                others.retain(|o| o.mv() != child.mv());
                others.push(child);
            }
        }
        numbered = false;
        for other in others {
            text.word("(");
            text.play(&pos, other, true);
            let mut after = pos.clone();
            after.make_move(other.mv());
            text.line(tree, after, other.id());
            text.word(")");
            numbered = true;
        }
        pos.make_move(main.mv());
        at = Some(main.id());
    }
    text.word("*");
    writeln!(w, "{}", text.out)?;
    Ok(())
}
