//! The killer-table panel: one row per ply, one column per slot, each cell the killer move, how
//! often it was tried from a killer slot at that ply and how often it then cut off. It shows the
//! table as it stood at the timeline cursor (live while following a search). The slot that
//! just cut off carries `✂`; a fresh store shows `★` in slot 1 and `↓` on the moves it shifted.
//! Moves are written in the user's notation against the position of the selected node's line at
//! that row's ply (the selected node's own position below it), in UCI where not legal there.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Row, Table};

use std::ops::Range;

use crate::chess::notation::Notation;
use crate::chess::{Move, Position};
use crate::tui::app::App;
use crate::tui::fmt;
use crate::tui::scan::KillerMark;
use crate::tui::session::{NodeId, Session};
use crate::tui::widgets::Panel;

/// Killer slots a log was recorded with (from its header), 2 if the header does not say.
pub fn slots_of(session: &Session) -> usize {
    session
        .header()
        .ordering_config()
        .map_or(2, |c| usize::from(c.killer_slots))
}

/// One cell's text, its move written in `notation` against `pos`, and whether it carries a
/// marker, for tests and the renderer alike.
pub fn cell_text(
    session: &Session,
    (ply, slot): (usize, usize),
    with_counts: bool,
    pos: &Position,
    notation: Notation,
) -> (String, Option<KillerMark>) {
    let at = session.position();
    let Ok(ply_u8) = u8::try_from(ply) else {
        return (String::new(), None);
    };
    let row = session.replay.killer_row(ply_u8, at);
    let mv = row.as_slice().get(slot).copied().unwrap_or(Move::NULL);
    if mv.is_null() {
        return ("·".into(), None);
    }
    let scan = session.cursor.scan();
    let mark = match scan.mark(ply) {
        Some(KillerMark::Cutoff(s)) if usize::from(s) == slot => Some(KillerMark::Cutoff(s)),
        Some(KillerMark::Stored) => Some(KillerMark::Stored),
        _ => None,
    };
    let symbol = match mark {
        Some(KillerMark::Cutoff(_)) => "✂",
        Some(KillerMark::Stored) if slot == 0 => "★",
        Some(KillerMark::Stored) => "↓",
        None => " ",
    };
    let mut text = format!("{}{symbol}", notation.format(pos, mv));
    if with_counts {
        let c = scan.count(ply, mv);
        text.push_str(&format!(
            " {}/{}",
            fmt::count(u64::from(c.tried)),
            fmt::count(u64::from(c.cutoffs))
        ));
    }
    (text, mark)
}

/// The position each row of `rows` writes its moves against: on the selected node's line, the
/// position at that row's ply; elsewhere (deeper rows, or rows that are depths) the selected
/// node's own. One position lookup, then a move per row.
pub fn row_positions(
    session: &Session,
    selected: Option<NodeId>,
    rows: Range<usize>,
) -> Vec<Position> {
    let own = session.position_at(selected);
    let mut out = vec![own.clone(); rows.len()];
    if session.replay.killer_rows_by_depth() {
        return out;
    }
    let focus = selected
        .and_then(|id| session.node(id))
        .map_or(0, |n| usize::from(n.ply()));
    let Some(steps) = focus.checked_sub(rows.start) else {
        return out;
    };
    // The line from the row at `rows.start` down to the selected node, top first.
    let mut line: Vec<NodeId> = selected.into_iter().collect();
    while line.len() <= steps {
        match line.last().and_then(|&id| session.parent(id)) {
            Some(parent) => line.push(parent),
            None => break,
        }
    }
    line.reverse();
    let Some(&top) = line.first() else {
        return out;
    };
    let mut pos = session.position_at(Some(top));
    for &id in &line {
        let Some(node) = session.node(id) else {
            break;
        };
        if id != top {
            let mv = node.mv();
            if !mv.is_null() {
                if !pos.is_legal(mv) {
                    break;
                }
                pos.make_move(mv);
            }
        }
        if let Some(k) = usize::from(node.ply()).checked_sub(rows.start)
            && let Some(slot) = out.get_mut(k)
        {
            *slot = pos.clone();
        }
    }
    out
}

/// The killer-table panel.
pub struct KillersPanel;

impl Panel for KillersPanel {
    /// Draws the table as it stood at the timeline cursor, scrolled so that the selected node's ply is visible.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut App) {
        let (session, theme) = (&app.session, &app.theme);
        let focus_ply = app
            .view
            .selected_node()
            .and_then(|id| session.node(id))
            .map_or(0, |n| usize::from(n.ply()));
        let slots = slots_of(session);
        let block = Block::bordered()
            .title(Span::styled(" Killers · move tried/cut ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if slots == 0 {
            let text = Line::styled("killers off in this search", theme.dim);
            frame.render_widget(text, inner);
            return;
        }
        let plies = session
            .replay
            .killers_at(session.position())
            .len()
            .max(focus_ply + 1);
        let spacing_and_ply = 3 + slots;
        let cell_width = usize::from(inner.width).saturating_sub(spacing_and_ply) / slots;
        let visible = usize::from(inner.height.saturating_sub(1)).max(1);
        let first = focus_ply
            .saturating_sub(visible / 2)
            .min(plies.saturating_sub(visible));
        let shown = first..plies.min(first + visible);
        let notation = app.notation;
        let positions = row_positions(session, app.view.selected_node(), shown.clone());
        let pos_of = |ply: usize| &positions[ply - shown.start];
        let fits = shown.clone().all(|ply| {
            (0..slots).all(|slot| {
                let text = cell_text(session, (ply, slot), true, pos_of(ply), notation).0;
                text.chars().count() <= cell_width
            })
        });
        let rows = shown.clone().map(|ply| {
            let mut cells = vec![Cell::from(format!("{ply:>3}"))];
            for slot in 0..slots {
                let (text, mark) = cell_text(session, (ply, slot), fits, pos_of(ply), notation);
                let style = match mark {
                    Some(KillerMark::Cutoff(_)) => theme.killer_hit,
                    Some(KillerMark::Stored) => theme.killer_new,
                    None => theme.text,
                };
                cells.push(Cell::from(text).style(style));
            }
            let row = Row::new(cells);
            if ply == focus_ply {
                row.style(theme.selected)
            } else {
                row
            }
        });
        let sources = &session.header().sources;
        let slot_cell = |s: usize| {
            let colour = sources.killers().nth(s).map(|row| row.colour);
            let style = colour.map_or(theme.title, |c| theme.title.patch(theme.source_style(c)));
            Cell::from(format!("slot {}", s + 1)).style(style)
        };
        let header = Row::new(std::iter::once(Cell::from("ply")).chain((0..slots).map(slot_cell)))
            .style(theme.title);
        let mut widths = vec![Constraint::Length(3)];
        widths.extend(std::iter::repeat_n(Constraint::Fill(1), slots));
        let table = Table::new(rows, widths).header(header).column_spacing(1);
        frame.render_widget(table, inner);
    }
}
