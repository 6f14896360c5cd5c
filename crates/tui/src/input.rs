//! The terminal's input in the model's terms: a crossterm key event becomes the model's
//! `KeyPress` (which the key table looks up), and a mouse event becomes the action of what was
//! under the pointer — a tree row as last drawn, an icicle block — which only the terminal
//! knows.

use crossterm::event::{KeyCode as Code, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use ratatui::layout::Position as Cell;

use killerscope_explorer::Row;
use killerscope_explorer::charts::ChartKind;
use killerscope_explorer::views::charts::ChartsAction;
use killerscope_explorer::views::tree::{TreeAction, TreeMove};
use killerscope_explorer::{Action, Explorer, Mode};
use killerscope_explorer::{keys::KeyCode, keys::KeyPress};

use super::ui::Ui;

/// The model's key press for a terminal key event.
pub fn key_press(key: KeyEvent) -> KeyPress {
    let code = match key.code {
        Code::Char(c) => KeyCode::Char(c),
        Code::Up => KeyCode::Up,
        Code::Down => KeyCode::Down,
        Code::Left => KeyCode::Left,
        Code::Right => KeyCode::Right,
        Code::Enter => KeyCode::Enter,
        Code::Esc => KeyCode::Esc,
        Code::Tab => KeyCode::Tab,
        Code::BackTab => KeyCode::BackTab,
        Code::Backspace => KeyCode::Backspace,
        Code::Delete => KeyCode::Delete,
        Code::Home => KeyCode::Home,
        Code::End => KeyCode::End,
        Code::PageUp => KeyCode::PageUp,
        Code::PageDown => KeyCode::PageDown,
        _ => KeyCode::Other,
    };
    KeyPress {
        code,
        ctrl: key.modifiers.contains(KeyModifiers::CONTROL),
        alt: key.modifiers.contains(KeyModifiers::ALT),
        meta: key.modifiers.contains(KeyModifiers::SUPER),
    }
}

/// The action of a mouse event: a click selects (or toggles) the tree row under it — or, in
/// the charts view, the icicle block — and the wheel moves the selection. `None` outside the
/// views the mouse works in.
pub fn mouse_action(app: &Explorer, ui: &Ui, mouse: MouseEvent) -> Option<Action> {
    let charts = *app.mode() == Mode::Charts;
    if *app.mode() != Mode::Normal && !charts {
        return None;
    }
    match mouse.kind {
        MouseEventKind::Down(_)
            if charts && ui.areas.charts.contains(Cell::new(mouse.column, mouse.row)) =>
        {
            let charts = &app.views().charts;
            let block = charts
                .icicle(app.session())
                .filter(|_| charts.kind == ChartKind::Icicle)
                .and_then(|layout| layout.node_at(mouse.column, mouse.row));
            let click = block.map_or(ChartsAction::ClickChart, ChartsAction::ClickBlock);
            Some(click.into())
        }
        MouseEventKind::Down(_) => {
            let cell = Cell::new(mouse.column, mouse.row);
            let row = ui.tree.rendered_at(cell).and_then(<[Row]>::last)?;
            Some(TreeAction::Click(*row).into())
        }
        MouseEventKind::ScrollDown => Some(TreeAction::Move(TreeMove::Down).into()),
        MouseEventKind::ScrollUp => Some(TreeAction::Move(TreeMove::Up).into()),
        _ => None,
    }
}
