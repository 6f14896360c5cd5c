//! The killer panel's second tab (Tab): the countermove table as it stood at the timeline cursor —
//! each answered opponent move (its piece and to-square, which is all the table keys on) with
//! the quiet reply that last refuted it, most recent store first. The entry the search would try
//! at the selected node (the answer to the move that reached it) is highlighted. Where the
//! selected node has no chess position (below a pseudo-legal engine's illegal try) the replies
//! are in coordinates, nothing is highlighted, and the bottom border says why.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Cell, Paragraph, Row, Table, Wrap};

use crate::ctx::Ctx;
use crate::widgets::killers::table_block;
use killerscope_chess::Notation;
use killerscope_chess::{Color, PieceKind, Position, Square};
use killerscope_engine::CounterKey;
use killerscope_explorer::{NodeId, Session};

/// One entry of the table as text: the answered move, the stored reply, the storing event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The table key: which opponent move the reply answers.
    pub key: CounterKey,
    /// `Nf6` for a white knight arriving on f6, `…e5` for a black pawn on e5 — any move of that
    /// piece to that square, since the table does not key on the from-square.
    pub answered: String,
    /// The reply in the user's notation (UCI where it is not legal at the selected node).
    pub reply: String,
    /// Index of the `CounterStore` event that stored it.
    pub event: usize,
}

/// The answered move of `key` as text: piece letter (none for a pawn) and to-square, `…` first
/// for Black, as the tree writes Black's moves.
pub fn answered_text(key: CounterKey) -> String {
    let piece = key.piece();
    let letter = match piece.kind {
        PieceKind::Pawn => String::new(),
        kind => kind.letter().to_string(),
    };
    let black = if piece.color == Color::Black {
        "…"
    } else {
        ""
    };
    format!("{black}{letter}{}", Square::from_index(key.to_index()))
}

/// The table after the first `n` events, most recent store first, replies written in
/// `notation` against `pos` (in coordinates where there is no chess position: `None`).
pub fn entries(
    session: &Session,
    n: usize,
    pos: Option<&Position>,
    notation: Notation,
) -> Vec<Entry> {
    session
        .replay()
        .countermoves_at(n)
        .into_iter()
        .map(|(key, mv, event)| Entry {
            key,
            answered: answered_text(key),
            reply: pos.map_or_else(|| mv.to_string(), |pos| notation.format(pos, mv)),
            event,
        })
        .collect()
}

/// The key the search looks up at node `id`: the move that reached it, by the piece now on its
/// to-square (none where there is no chess position to find it in).
pub fn key_at(session: &Session, id: NodeId) -> Option<CounterKey> {
    let mv = session.node(id)?.mv();
    if mv.is_null() {
        return None;
    }
    let piece = session.known_position_at(Some(id))?.piece_on(mv.to())?;
    Some(CounterKey::new(piece, mv))
}

/// Draws the countermove tab into `area`.
pub fn render(frame: &mut Frame, area: Rect, app: &Ctx) {
    let (session, theme) = (app.session(), &app.theme);
    let selected = app.view().selected_node();
    let pos = session.known_position_at(selected);
    let list = entries(
        session,
        session.position(),
        pos.as_ref(),
        app.prefs().notation,
    );
    let title = format!(" Countermoves · {} · Tab: killers ", list.len());
    let block = table_block(app, title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if list.is_empty() {
        let text = if session.header().ordering_setting("countermove") == Some("on") {
            "no countermove stored yet"
        } else {
            "countermoves off in this search (countermove=on)"
        };
        let text = Paragraph::new(Line::styled(text, theme.dim)).wrap(Wrap { trim: true });
        frame.render_widget(text, inner);
        return;
    }
    let wanted = selected.and_then(|id| key_at(session, id));
    let focus = list.iter().position(|e| Some(e.key) == wanted);
    let visible = usize::from(inner.height.saturating_sub(1)).max(1);
    let skip = focus.map_or(0, |k| (k + 1).saturating_sub(visible));
    let rows = list
        .iter()
        .enumerate()
        .skip(skip)
        .take(visible)
        .map(|(k, e)| {
            let row = Row::new([
                Cell::from(e.answered.clone()),
                Cell::from(e.reply.clone()),
                Cell::from(format!("#{}", e.event)),
            ]);
            if Some(k) == focus {
                row.style(theme.selected)
            } else {
                row.style(theme.text)
            }
        });
    let header = Row::new(["answered", "reply", "stored at"]).style(theme.title);
    let widths = [
        Constraint::Length(8),
        Constraint::Fill(1),
        Constraint::Fill(1),
    ];
    let table = Table::new(rows, widths).header(header).column_spacing(1);
    frame.render_widget(table, inner);
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::{Move, MoveFlag, Piece};

    #[test]
    fn answered_moves_name_piece_and_square_black_with_an_ellipsis() {
        let to = |sq: u8| {
            Move::new(
                Square::from_index(0),
                Square::from_index(sq),
                MoveFlag::Quiet,
            )
        };
        let key = |color, kind, sq| CounterKey::new(Piece::new(color, kind), to(sq));
        assert_eq!(
            answered_text(key(Color::White, PieceKind::Knight, 21)),
            "Nf3"
        );
        assert_eq!(answered_text(key(Color::Black, PieceKind::Pawn, 36)), "…e5");
        assert_eq!(
            answered_text(key(Color::Black, PieceKind::Queen, 59)),
            "…Qd8"
        );
    }
}
