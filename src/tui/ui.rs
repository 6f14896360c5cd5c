//! `draw`: lays the panels out for the screen size and renders each, then any overlay.

use ratatui::Frame;

use crate::chess::{Color, Move};
use crate::tui::app::{App, Mode};
use crate::tui::layout;
use crate::tui::widgets::{
    board, compare, explain, fen_input, help, killers, picker, stats, timeline, tree,
};

/// Renders the whole screen. Takes `&mut App` because the tree widget records what it drew
/// (for mouse clicks and relative moves).
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    let areas = layout::compute(area);
    tree::render(frame, areas.tree, app);
    let selected = app.view.selected_node();
    let node = selected.and_then(|id| app.session.node(id));
    let ply = node.map_or(0, |n| n.ply());
    if !areas.board.is_empty() {
        let position = app.session.position_at(selected);
        let row = app.session.replay.killer_row(ply, app.session.position());
        let to_move = match position.side_to_move() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let view = board::BoardView {
            position: &position,
            last_move: node.map_or(Move::NULL, |n| n.mv()),
            killers: row.as_slice(),
            ascii: app.ascii,
            title: format!(" Ply {ply} · {to_move} to move "),
        };
        board::render(frame, areas.board, &view, &app.theme);
    }
    if !areas.killers.is_empty() {
        killers::render(
            frame,
            areas.killers,
            &app.session,
            usize::from(ply),
            &app.theme,
        );
    }
    if !areas.stats.is_empty() {
        stats::render(frame, areas.stats, app);
    }
    if !areas.explain.is_empty() {
        explain::render(frame, areas.explain, &app.session, selected, &app.theme);
    }
    timeline::render(frame, areas.timeline, areas.hints, app);
    match &app.mode {
        Mode::Normal => {}
        Mode::Help(scroll) => help::render(frame, area, *scroll, &app.theme),
        Mode::Fen { text, error } => {
            fen_input::render(frame, area, text, error.as_deref(), &app.theme);
        }
        Mode::Picker(index) => picker::render(frame, area, &app.library, *index, &app.theme),
        Mode::Compare => compare::render(frame, area, app),
    }
}
