//! How an event becomes an exported line: the JSON shape of each kind (`Line`, `Record`) and
//! the mapping from an event to it (`JsonlWriter::record`, which follows the open nodes for
//! the plies and the iterations for the PVs). Everything a new event kind needs in the export
//! is here, apart from the writer in `export.rs` that streams the lines, keeps them safe for a
//! terminal and writes the header line.

use super::JsonlWriter;
use crate::jsonl::score::{JsonScore, to_json, window_to_json};
use killerscope_chess::{Move, Square};
use killerscope_engine::CounterKey;
use killerscope_log::NodeEntry;
use killerscope_log::{Event, SourceTable};
use serde::Serialize;
use std::borrow::Cow;
use std::io::Write;

/// A move in UCI notation, `null` for `Move::NULL`.
fn json_move(mv: Move) -> Option<String> {
    (!mv.is_null()).then(|| mv.to_string())
}

/// The opponent move a countermove answers: the piece that moved (FEN letter) and where to.
#[derive(Serialize)]
pub(super) struct CounterAnswer {
    piece: String,
    to: String,
}

impl CounterAnswer {
    fn of(key: u16) -> CounterAnswer {
        match CounterKey::from_index(usize::from(key)) {
            Some(key) => CounterAnswer {
                piece: key.piece().fen_char().to_string(),
                to: Square::from_index(key.to_index()).to_string(),
            },
            None => CounterAnswer {
                piece: "?".into(),
                to: key.to_string(),
            },
        }
    }
}

/// One exported line: the event's index, then its kind-tagged fields.
#[derive(Serialize)]
pub(super) struct Line<'a> {
    pub(super) i: usize,
    #[serde(flatten)]
    pub(super) record: Record<'a>,
}

/// The JSON shape of each event kind (variant names are `EventKind::name`s).
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Record<'a> {
    NodeEnter {
        ply: u8,
        depth: i8,
        alpha: JsonScore,
        beta: JsonScore,
        #[serde(rename = "move")]
        mv: Option<String>,
        kind: &'static str,
    },
    MoveTried {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        index: u8,
        source: Cow<'a, str>,
    },
    Cutoff {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        index: u8,
        source: Cow<'a, str>,
        score: JsonScore,
        beta: JsonScore,
    },
    KillerStore {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        slots: Vec<Option<String>>,
    },
    MateKillerStore {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
    },
    CounterStore {
        ply: u8,
        answers: CounterAnswer,
        #[serde(rename = "move")]
        mv: Option<String>,
    },
    NullMove {
        ply: u8,
        depth: i8,
        reduction: u8,
        score: JsonScore,
        cutoff: bool,
    },
    Reduction {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        by: u8,
    },
    ReSearch {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        reason: &'static str,
    },
    Pruned {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        rule: &'static str,
        score: JsonScore,
    },
    StaticScore {
        ply: u8,
        kind: &'static str,
        score: JsonScore,
    },
    Aspiration {
        depth: u8,
        alpha: JsonScore,
        beta: JsonScore,
        outcome: &'static str,
    },
    TtHit {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
        depth: i8,
        score: JsonScore,
        bound: &'static str,
        cutoff: bool,
    },
    NodeExit {
        ply: u8,
        score: JsonScore,
        bound: &'static str,
    },
    Iteration {
        depth: u8,
        score: JsonScore,
        nodes: u64,
        pv: Vec<String>,
    },
    Illegal {
        ply: u8,
        #[serde(rename = "move")]
        mv: Option<String>,
    },
}

/// An open node as the export follows it: its ply, and whether its window was written as
/// integers (a cutoff's beta is written as its node's was).
#[derive(Clone, Copy)]
pub(super) struct OpenNode {
    ply: u8,
    window_in_cp: bool,
}

impl<'h, W: Write> JsonlWriter<'h, W> {
    /// The record of `event`, the next event of the log whose PVs are `pvs`.
    pub(super) fn record(&mut self, event: Event, pvs: &[Vec<Move>]) -> Record<'h> {
        let plies = &mut self.plies;
        let open = plies.last().copied().unwrap_or(OpenNode {
            ply: 0,
            window_in_cp: false,
        });
        let ply = open.ply;
        let at = |score| to_json(score, u32::from(ply));
        if let Some(NodeEntry {
            ply,
            depth,
            kind,
            mv,
            window: (alpha, beta),
        }) = NodeEntry::of(&event)
        {
            let (alpha, beta) = window_to_json(alpha, beta, u32::from(ply));
            plies.push(OpenNode {
                ply,
                window_in_cp: matches!(alpha, JsonScore::Cp(_)),
            });
            return Record::NodeEnter {
                ply,
                depth,
                alpha,
                beta,
                mv: json_move(mv),
                kind: kind.name(),
            };
        }
        match event {
            Event::NodeExit { score, bound } => {
                plies.pop();
                Record::NodeExit {
                    ply,
                    score: at(score),
                    bound: bound.name(),
                }
            }
            Event::Iteration {
                depth,
                score,
                nodes,
            } => {
                let pv = pvs
                    .get(self.iteration)
                    .map_or(Vec::new(), |pv| pv.iter().map(Move::to_string).collect());
                self.iteration += 1;
                Record::Iteration {
                    depth,
                    score: to_json(score, 0),
                    nodes: nodes.get(),
                    pv,
                }
            }
            Event::NullMove { .. }
            | Event::Reduction { .. }
            | Event::ReSearch { .. }
            | Event::Pruned { .. }
            | Event::StaticScore { .. }
            | Event::Aspiration { .. }
            | Event::Illegal { .. } => selective_record(event, ply),
            _ => ordering_record(event, open, self.sources),
        }
    }
}

/// The record of an ordering event (a move tried or cutting, a table store, a TT hit) in the
/// node `open`, its sources named by the log's own table.
fn ordering_record(event: Event, open: OpenNode, sources: &SourceTable) -> Record<'_> {
    let ply = open.ply;
    let at = |score| to_json(score, u32::from(ply));
    match event {
        Event::MoveTried { mv, index, source } => Record::MoveTried {
            ply,
            mv: json_move(mv),
            index,
            source: sources.raw_label(source),
        },
        Event::Cutoff {
            mv,
            index,
            source,
            score,
            beta,
        } => Record::Cutoff {
            ply,
            mv: json_move(mv),
            index,
            source: sources.raw_label(source),
            score: at(score),
            beta: match open.window_in_cp {
                true => JsonScore::Cp(beta),
                false => at(beta),
            },
        },
        Event::KillerStore { ply, mv, slots } => Record::KillerStore {
            ply,
            mv: json_move(mv),
            slots: slots.as_slice().iter().map(|&m| json_move(m)).collect(),
        },
        Event::MateKillerStore { ply, mv } => Record::MateKillerStore {
            ply,
            mv: json_move(mv),
        },
        Event::CounterStore { key, mv } => Record::CounterStore {
            ply,
            answers: CounterAnswer::of(key),
            mv: json_move(mv),
        },
        Event::TtHit {
            mv,
            depth,
            score,
            bound,
            cutoff,
        } => Record::TtHit {
            ply,
            mv: json_move(mv),
            depth,
            score: at(score),
            bound: bound.name(),
            cutoff,
        },
        _ => unreachable!("record() passes ordering events only"),
    }
}

/// The record of a selective event (null move, reduction, re-search, prune, static score,
/// aspiration window, illegal try) at `ply`.
fn selective_record(event: Event, ply: u8) -> Record<'static> {
    let at = |score| to_json(score, u32::from(ply));
    match event {
        Event::NullMove {
            depth,
            reduction,
            score,
            cutoff,
        } => Record::NullMove {
            ply,
            depth,
            reduction,
            score: at(score),
            cutoff,
        },
        Event::Reduction { mv, by } => Record::Reduction {
            ply,
            mv: json_move(mv),
            by,
        },
        Event::ReSearch { mv, reason } => Record::ReSearch {
            ply,
            mv: json_move(mv),
            reason: reason.name(),
        },
        Event::Pruned { mv, rule, score } => Record::Pruned {
            ply,
            mv: json_move(mv),
            rule: rule.name(),
            score: at(score),
        },
        Event::StaticScore { kind, score } => Record::StaticScore {
            ply,
            kind: kind.name(),
            score: at(score),
        },
        Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        } => {
            let (alpha, beta) = window_to_json(alpha, beta, 0);
            Record::Aspiration {
                depth,
                alpha,
                beta,
                outcome: outcome.name(),
            }
        }
        Event::Illegal { mv } => Record::Illegal {
            ply,
            mv: json_move(mv),
        },
        _ => unreachable!("record() passes selective events only"),
    }
}
