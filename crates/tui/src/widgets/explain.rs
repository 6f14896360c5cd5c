//! The explain panel: a sentence or two of what happened at the selected node — who cut
//! what with which move after how many tries, whether it became a killer (and what it pushed
//! down), a mate killer or a countermove, and how that killer then fared in the later siblings
//! (`explain/cutoff.rs`); what selective search did there (`explain/selective.rs`), once audited (`a`) whether it
//! was sound (`explain/audit.rs`), once asked (`E`) the best reply beside the cutting move
//! (`explain/best.rs`), the score's chain that `y` traced (`explain/why.rs`), and at or below
//! an illegal try what the engine did without
//! naming a position it does not have (`explain/unknown.rs`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::ctx::Ctx;
use crate::widgets::Panel;
use killerscope_chess::Notation;
use killerscope_chess::{Color, Position};
use killerscope_engine::fmt;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::{Bound, NodeKind};
use killerscope_trace::Node;

mod audit;
mod best;
mod children;
mod cutoff;
mod selective;
mod unknown;
mod why;

use cutoff::{CutBy, cutoff_sentences};

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The explanation of node `id`, moves written in `notation`.
pub fn text(session: &Session, id: NodeId, notation: Notation) -> String {
    sentences(session, id, notation)
        .into_iter()
        .map(|(text, _)| text)
        .collect()
}

/// How much a sentence of the explanation matters when the panel is too small for all of it:
/// the key sentence (what happened: the cutoff's store, the node's result) is kept first, the
/// node's place and window (which the tree row shows too) and the later siblings' record go
/// first.
pub type Weight = u8;
/// The key sentence: kept while anything is.
pub const KEY: Weight = 0;
/// The cutoff itself.
const CUTOFF: Weight = 1;
/// Where the node is: ply, depth, window, side to move.
const PLACE: Weight = 2;
/// What else happened: selective search, later siblings.
const MORE: Weight = 3;

/// The explanation of node `id` as sentences, each with its weight, in reading order.
pub fn sentences(session: &Session, id: NodeId, notation: Notation) -> Vec<(String, Weight)> {
    let Some(node) = session.node(id) else {
        return Vec::new();
    };
    let Some(pos) = session.known_position_at(Some(id)) else {
        return vec![(unknown::text(session, id, notation), KEY)];
    };
    let parent_pos = session.position_at(session.parent(id));
    let ply = node.ply();
    let (alpha, beta) = node.window();
    let mover = side(pos.side_to_move());
    let led_by = led_by(node, &parent_pos, notation);
    let kind = if node.kind() == NodeKind::Quiescence {
        "quiescence node"
    } else {
        "node"
    };
    let mut out = vec![(
        format!(
            "{led_by}: {kind} at ply {ply}, depth {}, window [{}, {}], {mover} to move. ",
            node.depth(),
            fmt::score(alpha),
            fmt::score(beta)
        ),
        PLACE,
    )];
    out.push((selective::searched(session, id, &led_by), MORE));
    if node.tt_cutoff() {
        out.push((
            "A transposition-table entry ended it without a search. ".into(),
            KEY,
        ));
        return out;
    }
    if let Some(ended) = selective::ended(session, id) {
        out.push((ended, KEY));
        return out;
    }
    let searched = children::Searched::of(session, id);
    match (node.cutoff(), node.result()) {
        (Some(cut), result) => {
            let score = result.map(|(score, _)| score);
            let cut_by = CutBy {
                mover,
                led_by: &led_by,
                pos: &pos,
                beta,
                score,
            };
            out.extend(cutoff_sentences(session, id, cut, &cut_by, notation));
        }
        (None, Some((score, Bound::Upper))) => out.push((
            format!(
                "No move reached α: it failed low with {} after trying {}{} (an ALL node).",
                fmt::score(score),
                searched.moves(),
                searched.again()
            ),
            KEY,
        )),
        // An engine seen through UCI writes its root nodes alone.
        (None, Some((score, _))) if searched.searches == 0 => out.push((
            format!(
                "Exact score {} inside the window: a PV node, with no move below it in the log.",
                fmt::score(score)
            ),
            KEY,
        )),
        (None, Some((score, _))) => out.push((
            format!(
                "Exact score {} inside the window: a PV node, {} searched{}.",
                fmt::score(score),
                searched.moves(),
                searched.again()
            ),
            KEY,
        )),
        (None, None) => out.push(("Still being searched (or the log ends here).".into(), KEY)),
    }
    out.push((selective::inside(session, id, notation), MORE));
    out.retain(|(text, _)| !text.is_empty());
    out
}

/// What led to the node, as the explanation names it: the move in the notation chosen
/// (`…` before Black's), a side's null move, or the root.
fn led_by(node: Node, parent_pos: &Position, notation: Notation) -> String {
    if node.is_null_move() {
        format!("{}'s null move", side(parent_pos.side_to_move()))
    } else if node.mv().is_null() {
        "the root".to_string()
    } else {
        let text = notation.format(parent_pos, node.mv());
        if parent_pos.side_to_move() == Color::Black {
            format!("…{text}")
        } else {
            text
        }
    }
}

/// The explain panel.
pub struct ExplainPanel;

impl Panel for ExplainPanel {
    /// Draws the explanation of the selected node; when the panel is too small for all of it,
    /// the sentences that matter least give way (`fit`) and the bottom border says there is
    /// more.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let (session, theme) = (app.session(), &app.theme);
        let selected = app.view().selected_node();
        let notation = app.prefs().notation;
        let parts = selected.map_or_else(
            || {
                vec![(
                    "Select a node in the tree to see what happened there.".to_string(),
                    KEY,
                )]
            },
            |id| {
                let mut before = Vec::new();
                if let Some(verdict) =
                    Some(audit::paragraph(session, id, app.audit_of(id), notation))
                        .filter(|v| !v.is_empty())
                {
                    before.push(verdict);
                }
                let explained = text(session, id, notation);
                let best = best::prepend(
                    session,
                    id,
                    app.best_reply_of(id),
                    notation,
                    explained.clone(),
                );
                if let Some(found) = best
                    .strip_suffix(explained.as_str())
                    .filter(|b| !b.is_empty())
                {
                    before.push(found.trim_end().to_string());
                }
                let chain = why::paragraph(session, &app.views().why, id, notation);
                if !chain.is_empty() {
                    before.push(chain);
                }
                let mut parts: Vec<(String, Weight)> = before
                    .into_iter()
                    .map(|p| (format!("{p}\n\n"), KEY))
                    .collect();
                parts.extend(sentences(session, id, notation));
                parts
            },
        );
        let block = Block::bordered()
            .title(Span::styled(" Explain ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        let (width, height) = (usize::from(inner.width), usize::from(inner.height));
        let scrolled = usize::from(app.views().explain.lines());
        let (lines, note) = match scrolled {
            0 => match fit(&parts, width, height) {
                (lines, true) => (lines, Some(" … more: ) scrolls ".to_string())),
                (lines, false) => (lines, None),
            },
            _ => scroll(&parts, width, height, scrolled),
        };
        let block = match note {
            Some(note) => block.title_bottom(Span::styled(note, theme.dim)),
            None => block,
        };
        let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
        frame.render_widget(Paragraph::new(lines).block(block).style(theme.text), area);
    }
}

/// The whole text of `parts` wrapped to `width`, from line `from` (kept within the text) for
/// `height` lines, and the note saying which lines these are.
fn scroll(
    parts: &[(String, Weight)],
    width: usize,
    height: usize,
    from: usize,
) -> (Vec<String>, Option<String>) {
    let text: String = parts.iter().map(|(t, _)| t.as_str()).collect();
    let all = crate::widgets::lesson::wrap(text.trim(), width);
    let first = from.min(all.len().saturating_sub(height.max(1)));
    let shown: Vec<String> = all.iter().skip(first).take(height).cloned().collect();
    let last = first + shown.len();
    let note = format!(" ( ) lines {}–{last} of {} ", first + 1, all.len());
    (shown, Some(note))
}

/// The lines of `parts` wrapped to `width`, at most `height` of them: while they do not fit, the
/// sentence that matters least (the last of the lightest weight) is left out; the key
/// sentences stay. Returns the lines and whether anything was left out or cut.
pub fn fit(parts: &[(String, Weight)], width: usize, height: usize) -> (Vec<String>, bool) {
    let mut kept: Vec<bool> = vec![true; parts.len()];
    let wrapped = |kept: &[bool]| {
        let text: String = parts
            .iter()
            .zip(kept)
            .filter(|(_, k)| **k)
            .map(|((t, _), _)| t.as_str())
            .collect();
        crate::widgets::lesson::wrap(text.trim(), width)
    };
    let mut lines = wrapped(&kept);
    let mut dropped = false;
    while lines.len() > height {
        let lightest = (0..parts.len())
            .filter(|&i| kept[i] && parts[i].1 > CUTOFF)
            .max_by_key(|&i| (parts[i].1, i));
        let Some(i) = lightest else {
            break;
        };
        kept[i] = false;
        dropped = true;
        lines = wrapped(&kept);
    }
    let cut = dropped || lines.len() > height;
    lines.truncate(height.max(1));
    (lines, cut)
}
