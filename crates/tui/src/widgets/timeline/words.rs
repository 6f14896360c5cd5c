//! An event in words, for the status line: moves in the user's notation where the position is
//! known (coordinates otherwise, and the words say there is no chess position there: below a
//! pseudo-legal engine's illegal try), the heuristic that ordered a move as a piece of its own so the
//! line can colour it from the log's source table. One function per family of events, so a new
//! kind has one obvious place to go (the compiler points at `parts`).

use killerscope_chess::Notation;
use killerscope_chess::{Position, Square};
use killerscope_engine::CounterKey;
use killerscope_engine::fmt;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::{Bound, MoveSource, NodeKind};
use killerscope_log::{Event, NodeEntry};

use crate::widgets::killers::killer_text;

/// Event `index` in words, moves in `notation` where the position is known (UCI otherwise).
pub fn describe(session: &Session, index: usize, notation: Notation) -> String {
    parts(session, index, notation)
        .into_iter()
        .map(|(text, _)| text)
        .collect()
}

/// Event `index` in words, as pieces: a piece naming a move source carries it.
pub fn parts(
    session: &Session,
    index: usize,
    notation: Notation,
) -> Vec<(String, Option<MoveSource>)> {
    let Some(event) = session.events().get(index) else {
        return Vec::new();
    };
    let node = session.node_at_event(index);
    let at = At {
        session,
        notation,
        node,
        pos: session.known_position_at(node),
        ply: node.and_then(|n| session.node(n)).map_or(0, |n| n.ply()),
    };
    let unknown = node.is_some() && at.pos.is_none();
    let mut parts = match event {
        Event::MoveTried { .. } | Event::Cutoff { .. } => at.ordering(event),
        Event::KillerStore { .. } | Event::MateKillerStore { .. } | Event::CounterStore { .. } => {
            vec![(at.tables(event), None)]
        }
        Event::NullMove { .. }
        | Event::Illegal { .. }
        | Event::Reduction { .. }
        | Event::ReSearch { .. }
        | Event::Pruned { .. }
        | Event::Aspiration { .. } => vec![(at.selective(event), None)],
        _ => vec![(at.plain(event), None)],
    };
    if unknown {
        parts.push((" · no chess position".to_string(), None));
    }
    parts
}

/// Where an event happened: its node, the position there and its ply.
struct At<'a> {
    session: &'a Session,
    notation: Notation,
    node: Option<NodeId>,
    /// `None` where there is no chess position (below a pseudo-legal engine's illegal try).
    pos: Option<Position>,
    ply: u8,
}

impl At<'_> {
    /// `mv` in the user's notation, from `pos`; in coordinates without a position.
    fn name(&self, mv: killerscope_chess::Move, pos: Option<&Position>) -> String {
        pos.map_or_else(|| mv.to_string(), |pos| self.notation.format(pos, mv))
    }

    /// A source's label from the log's own table.
    fn label(&self, source: MoveSource) -> String {
        self.session.header().sources.label(source).into_owned()
    }

    /// A move tried or cutting off, with the heuristic that ordered it.
    fn ordering(&self, event: Event) -> Vec<(String, Option<MoveSource>)> {
        let (ply, pos) = (self.ply, self.pos.as_ref());
        let name = |mv| self.name(mv, pos);
        let label = |source| self.label(source);
        match event {
            Event::MoveTried { mv, index, source } => {
                vec![
                    (
                        format!("ply {ply}: try {} (#{} in order, ", name(mv), index + 1),
                        None,
                    ),
                    (label(source), Some(source)),
                    (")".to_string(), None),
                ]
            }
            Event::Cutoff {
                mv,
                index,
                source,
                score,
                beta,
            } => {
                vec![
                    (format!("ply {ply}: ✂ beta cutoff by {} (", name(mv)), None),
                    (label(source), Some(source)),
                    (
                        format!(
                            ", move {}): {} ≥ β {}",
                            index + 1,
                            fmt::score(score),
                            fmt::score(beta)
                        ),
                        None,
                    ),
                ]
            }
            _ => Vec::new(),
        }
    }

    /// A killer, mate-killer or countermove store.
    fn tables(&self, event: Event) -> String {
        let (ply, pos, session) = (self.ply, self.pos.as_ref(), self.session);
        let name = |mv, pos: Option<&Position>| self.name(mv, pos);
        match event {
            Event::KillerStore { ply, mv, slots } => {
                let row: Vec<String> = slots
                    .as_slice()
                    .iter()
                    .map(|m| {
                        // A slot's older move is usually not a move here: written from the
                        // position it was stored in, as the killer panel writes it.
                        if m.is_null() {
                            "·".to_string()
                        } else {
                            killer_text(session, usize::from(ply), *m, pos, self.notation)
                        }
                    })
                    .collect();
                let (unit, mv) = (row_unit(session), name(mv, pos));
                format!("{unit} {ply}: store killer {mv} → [{}]", row.join(", "))
            }
            Event::MateKillerStore { ply, mv } => {
                let mv = name(mv, pos);
                format!("ply {ply}: {mv} found a mate: store it as the mate killer")
            }
            Event::CounterStore { key, mv } => {
                let answered = CounterKey::from_index(usize::from(key)).map_or_else(
                    || format!("#{key}"),
                    |k| {
                        format!(
                            "{}{}",
                            k.piece().fen_char(),
                            Square::from_index(k.to_index())
                        )
                    },
                );
                let mv = name(mv, pos);
                format!("ply {ply}: store {mv} as the countermove to {answered}")
            }
            _ => String::new(),
        }
    }

    /// What selective search did, and illegal tries of a pseudo-legal engine.
    fn selective(&self, event: Event) -> String {
        let (ply, pos) = (self.ply, self.pos.as_ref());
        let name = |mv, pos: Option<&Position>| self.name(mv, pos);
        match event {
            Event::NullMove {
                depth,
                reduction,
                score,
                cutoff,
            } => format!(
                "ply {ply}: null move (R={reduction}) searched to depth {depth}: {}{}",
                fmt::score(score),
                if cutoff {
                    ", fails high: node cut ✂"
                } else {
                    ""
                }
            ),
            Event::Illegal { mv } if mv.is_null() => {
                format!("ply {ply}: null move in check (illegal)")
            }
            Event::Illegal { mv } => {
                format!("ply {ply}: {mv} leaves the king attacked (illegal try)")
            }
            Event::Reduction { mv, by } => {
                format!(
                    "ply {ply}: {} reduced by {by} (late quiet move)",
                    name(mv, pos)
                )
            }
            Event::ReSearch { mv, .. } => format!(
                "ply {ply}: {} failed high reduced: searched again at full depth ↻",
                name(mv, pos)
            ),
            Event::Pruned { mv, rule, score } => {
                let what = if mv.is_null() {
                    "node".to_string()
                } else {
                    name(mv, pos)
                };
                format!(
                    "ply {ply}: {what} pruned by {} ({})",
                    rule.name().replace('_', " "),
                    fmt::score(score)
                )
            }
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => format!(
                "iteration {depth}: aspiration window [{}, {}] {}",
                fmt::score(alpha),
                fmt::score(beta),
                outcome.name().replace('_', " ")
            ),
            _ => String::new(),
        }
    }

    /// Entering a node: which, where, and with what window.
    fn entered(&self, entry: NodeEntry) -> String {
        let NodeEntry {
            ply,
            depth,
            kind,
            mv,
            window: (alpha, beta),
        } = entry;
        let parent = self.node.and_then(|n| self.session.parent(n));
        let before = self.session.known_position_at(parent);
        let what = if mv.is_null() && ply > 0 {
            "null move (pass)".to_string()
        } else if mv.is_null() {
            "root".to_string()
        } else {
            self.name(mv, before.as_ref())
        };
        let kind = match kind {
            NodeKind::Main => format!("depth {depth}"),
            NodeKind::Quiescence => "quiescence".to_string(),
        };
        format!(
            "enter {what} at ply {ply}, {kind}, window [{}, {}]",
            fmt::score(alpha),
            fmt::score(beta)
        )
    }

    /// Entering and leaving nodes, TT hits, iterations.
    fn plain(&self, event: Event) -> String {
        let ply = self.ply;
        if let Some(entry) = NodeEntry::of(&event) {
            return self.entered(entry);
        }
        match event {
            Event::TtHit {
                depth,
                score,
                cutoff,
                ..
            } => format!(
                "ply {ply}: TT hit, depth {depth}, score {}{}",
                fmt::score(score),
                if cutoff { ", cuts the node" } else { "" }
            ),
            Event::StaticScore { kind, score } => {
                let how = kind.name().replace('_', " ");
                format!("ply {ply}: score {} settled by {how}", fmt::score(score))
            }
            Event::NodeExit { score, bound } => {
                let tag = match bound {
                    Bound::Exact => "exact (PV)",
                    Bound::Lower => "fail high (CUT)",
                    Bound::Upper => "fail low (ALL)",
                };
                format!("ply {ply}: return {} {tag}", fmt::score(score))
            }
            Event::Iteration {
                depth,
                score,
                nodes,
            } => format!(
                "iteration {depth} done: score {}, {} nodes",
                fmt::score(score),
                fmt::count(nodes.get())
            ),
            _ => String::new(),
        }
    }
}

/// What a killer row is called: `depth` when the log's search indexed killers by remaining
/// depth, else `ply`.
fn row_unit(session: &Session) -> &'static str {
    if session.replay().killer_rows_by_depth() {
        "depth"
    } else {
        "ply"
    }
}
