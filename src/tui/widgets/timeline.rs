//! The status line: where the timeline is (event i of n, live or paused, replay speed) and the
//! current event in words; below it a line of key hints or the latest message.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::chess::Square;
use crate::chess::notation::Notation;
use crate::explorer::keys::{self, Action, Context};
use crate::explorer::session::Session;
use crate::explorer::setup::selective_label;
use crate::explorer::{Mode, SPEEDS};
use crate::fmt;
use crate::search::countermove::CounterKey;
use crate::search::{Bound, MoveSource, NodeKind};
use crate::trace::Event;
use crate::tui::ui::Ctx;
use crate::tui::widgets::{Panel, charts, compare};

/// Event `index` in words, moves in `notation` where the position is known (UCI otherwise).
pub fn describe(session: &Session, index: usize, notation: Notation) -> String {
    describe_parts(session, index, notation)
        .into_iter()
        .map(|(text, _)| text)
        .collect()
}

/// Event `index` in words, as pieces: a piece naming a move source carries it, so the status
/// line can colour it from the log's source table.
fn describe_parts(
    session: &Session,
    index: usize,
    notation: Notation,
) -> Vec<(String, Option<MoveSource>)> {
    let Some(event) = session.events().get(index) else {
        return Vec::new();
    };
    let label = |source| session.header().sources.label(source).into_owned();
    let node = session.node_at_event(index);
    let pos = session.position_at(node);
    let name = |mv, pos: &crate::chess::Position| notation.format(pos, mv);
    let ply = node.and_then(|n| session.node(n)).map_or(0, |n| n.ply());
    let text = match event {
        Event::NodeEnter {
            ply,
            depth,
            kind,
            mv,
            alpha,
            beta,
        } => {
            let parent = node.and_then(|n| session.parent(n));
            let before = session.position_at(parent);
            let what = if mv.is_null() && ply > 0 {
                "null move (pass)".to_string()
            } else if mv.is_null() {
                "root".to_string()
            } else {
                name(mv, &before)
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
        Event::MoveTried { mv, index, source } => {
            return vec![
                (
                    format!(
                        "ply {ply}: try {} (#{} in order, ",
                        name(mv, &pos),
                        index + 1
                    ),
                    None,
                ),
                (label(source), Some(source)),
                (")".to_string(), None),
            ];
        }
        Event::Cutoff {
            mv,
            index,
            source,
            score,
            beta,
        } => {
            return vec![
                (
                    format!("ply {ply}: ✂ beta cutoff by {} (", name(mv, &pos)),
                    None,
                ),
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
            ];
        }
        Event::KillerStore { ply, mv, slots } => {
            let row: Vec<String> = slots
                .as_slice()
                .iter()
                .map(|m| {
                    if m.is_null() {
                        "·".to_string()
                    } else {
                        name(*m, &pos)
                    }
                })
                .collect();
            let (unit, mv) = (row_unit(session), name(mv, &pos));
            format!("{unit} {ply}: store killer {mv} → [{}]", row.join(", "))
        }
        Event::MateKillerStore { ply, mv } => {
            let mv = name(mv, &pos);
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
            let mv = name(mv, &pos);
            format!("ply {ply}: store {mv} as the countermove to {answered}")
        }
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
        Event::Illegal { mv } if mv.is_null() => format!("ply {ply}: null move in check (illegal)"),
        Event::Illegal { mv } => format!("ply {ply}: {mv} leaves the king attacked (illegal try)"),
        Event::Reduction { mv, by } => {
            format!(
                "ply {ply}: {} reduced by {by} (late quiet move)",
                name(mv, &pos)
            )
        }
        Event::ReSearch { mv, .. } => format!(
            "ply {ply}: {} failed high reduced: searched again at full depth ↻",
            name(mv, &pos)
        ),
        Event::Pruned { mv, rule, score } => {
            let what = if mv.is_null() {
                "node".to_string()
            } else {
                name(mv, &pos)
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
    };
    vec![(text, None)]
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

/// The status line: where the timeline is and the current event in words.
pub struct StatusLine;

impl Panel for StatusLine {
    /// Draws the line: replay state, event counter, the event with its source coloured.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        status(frame, area, app);
    }
}

/// The line under the status line: key hints, or the latest message when there is one.
pub struct HintLine;

impl Panel for HintLine {
    /// Draws the hints (with the next search's depth, killer slots and, when on, selective
    /// search) or the message.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        hints(frame, area, app);
    }
}

fn status(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    let session = app.session();
    let n = session.events().len();
    let at = session.position();
    let state = if app.playback().playing {
        Span::styled(format!("▶ {}/s", SPEEDS[app.playback().speed]), theme.info)
    } else if session.at().is_none() && app.is_live() {
        Span::styled("● live", theme.info)
    } else if session.at().is_none() {
        Span::styled("■ end", theme.dim)
    } else {
        Span::styled(format!("‖ {}/s", SPEEDS[app.playback().speed]), theme.dim)
    };
    let sources = &session.header().sources;
    let current = at
        .checked_sub(1)
        .map(|i| describe_parts(session, i, app.prefs().notation))
        .unwrap_or_default()
        .into_iter()
        .map(|(text, source)| {
            let style = source.map_or(theme.text, |s| theme.source_style(sources.colour(s)));
            Span::styled(text, style)
        });
    let line = Line::from(
        [state, Span::styled(format!(" event {at}/{n} "), theme.key)]
            .into_iter()
            .chain(current)
            .collect::<Vec<_>>(),
    );
    frame.render_widget(line, area);
}

/// The actions the hint line names, with a word each; their keys come from the key table.
const HINTS: [(Action, &str); 11] = [
    (Action::Help, "help"),
    (Action::Quit, "quit"),
    (Action::EnterFen, "FEN"),
    (Action::OpenPicker, "library"),
    (Action::StepBack, "step"),
    (Action::PrevCutoff, "cutoff"),
    (Action::NextKillerCutoff, "killer cut"),
    (Action::PlayPause, "play"),
    (Action::Compare, "compare"),
    (Action::Rerun, "re-run"),
    (Action::Charts, "charts"),
];

/// A key label without ← and →, which step the lesson while one is on screen.
fn without_arrows(label: &str) -> String {
    let keys: Vec<&str> = label
        .split_whitespace()
        .filter(|k| !matches!(*k, "←" | "→"))
        .collect();
    keys.join(" ")
}

/// The lesson's keys, named first in the hint line while a lesson is on screen.
const LESSON_HINTS: [(Context, Action, &str); 2] = [
    (Context::Lesson, Action::LessonNext, "step"),
    (Context::Lesson, Action::CloseLesson, "close lesson"),
];

fn hints(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    let hint = match &app.message() {
        Some(m) => Line::styled(
            m.text.clone(),
            if m.error { theme.error } else { theme.info },
        ),
        None => {
            let (context, hints) = match app.mode() {
                Mode::Charts => (Context::Charts, &charts::HINTS[..]),
                Mode::Compare => (Context::Compare, &compare::HINTS[..]),
                _ => (Context::Normal, &HINTS[..]),
            };
            let mut spans = Vec::new();
            if let Some(lesson) = app.lesson().filter(|_| app.mode().shows_lesson()) {
                for (context, action, what) in LESSON_HINTS {
                    spans.push(Span::styled(keys::label(context, &action), theme.key));
                    spans.push(Span::styled(format!(" {what}  "), theme.dim));
                }
                if let Some(q) = lesson
                    .player
                    .step()
                    .question
                    .as_ref()
                    .filter(|_| lesson.asking())
                {
                    spans.insert(2, Span::styled(format!("1-{}", q.choices.len()), theme.key));
                    spans.insert(3, Span::styled(" answer  ", theme.dim));
                }
            }
            let lesson_keys = app.lesson().is_some() && app.mode().shows_lesson();
            for (action, what) in hints {
                let label = keys::label(context, action);
                let label = if lesson_keys {
                    without_arrows(label)
                } else {
                    label.to_string()
                };
                spans.push(Span::styled(label, theme.key));
                spans.push(Span::styled(format!(" {what}  "), theme.dim));
            }
            let mut next = format!(
                "depth {} · killers {}",
                app.setup().settings.depth,
                app.setup().settings.killers
            );
            if app.setup().settings.selective.any() {
                next.push_str(&format!(
                    " · {}",
                    selective_label(&app.setup().settings.selective)
                ));
            }
            spans.push(Span::styled(next, theme.text));
            Line::from(spans)
        }
    };
    frame.render_widget(hint, area);
}
