//! `draw`: lays the panels out for the screen size (and the lesson, focus and projector
//! modes) and renders each, then the overlay of the current mode — with a lesson open, the
//! comparison is drawn beside the lesson panel instead of over it. Every panel has the same shape (`widgets::Panel`), so this is a list.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::tui::app::{App, Mode};
use crate::tui::indexing_panel::IndexingPanel;
use crate::tui::layout::{self, Screen};
use crate::tui::widgets::Panel;
use crate::tui::widgets::board::BoardPanel;
use crate::tui::widgets::charts::ChartsPanel;
use crate::tui::widgets::compare::CompareOverlay;
use crate::tui::widgets::config_picker::ConfigPickerOverlay;
use crate::tui::widgets::explain::ExplainPanel;
use crate::tui::widgets::fen_input::FenOverlay;
use crate::tui::widgets::help::HelpOverlay;
use crate::tui::widgets::killers::KillersPanel;
use crate::tui::widgets::lesson::LessonPanel;
use crate::tui::widgets::lesson_picker::LessonPickerOverlay;
use crate::tui::widgets::picker::PickerOverlay;
use crate::tui::widgets::stats::StatsPanel;
use crate::tui::widgets::timeline::{HintLine, StatusLine};
use crate::tui::widgets::tree::TreePanel;

/// Renders the whole screen. Takes `&mut App` because the tree panel records what it drew (for
/// mouse clicks and relative moves); it goes first, so the panels after it see this frame's
/// selection.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    let lesson = app.lesson.is_some();
    let compare_beside_lesson = lesson && app.mode == Mode::Compare;
    let screen = Screen {
        view: app.mode == Mode::Charts || compare_beside_lesson,
        lesson,
        focus: app.focus,
        projector: app.projector,
    };
    let areas = layout::arrange(area, screen);
    let charts = if compare_beside_lesson {
        Rect::default()
    } else {
        areas.charts
    };
    // The flag marks the panels that read the log's indexes: while a mapped log is being
    // indexed they show how far it is instead.
    let panels: [(&dyn Panel, _, bool); 9] = [
        (&TreePanel, areas.tree, true),
        (&BoardPanel, areas.board, false),
        (&KillersPanel, areas.killers, true),
        (&StatsPanel, areas.stats, true),
        (&ExplainPanel, areas.explain, true),
        (&ChartsPanel, charts, true),
        (&LessonPanel, areas.lesson, false),
        (&StatusLine, areas.timeline, false),
        (&HintLine, areas.hints, false),
    ];
    let indexing = app.session.index_state().is_some();
    for (panel, rect, needs_index) in panels {
        let panel = if indexing && needs_index {
            &IndexingPanel
        } else {
            panel
        };
        if !rect.is_empty() {
            panel.render(frame, rect, app);
        }
    }
    if compare_beside_lesson {
        CompareOverlay.render(frame, areas.charts, app);
    } else if let Some(overlay) = overlay(&app.mode) {
        overlay.render(frame, area, app);
    }
}

/// The overlay drawn over the whole screen in `mode`, if any.
fn overlay(mode: &Mode) -> Option<&'static dyn Panel> {
    match mode {
        Mode::Normal | Mode::Charts => None,
        Mode::Help(_) => Some(&HelpOverlay),
        Mode::Fen { .. } => Some(&FenOverlay),
        Mode::Picker(_) => Some(&PickerOverlay),
        Mode::ComparePicker(_) => Some(&ConfigPickerOverlay),
        Mode::Compare => Some(&CompareOverlay),
        Mode::LessonPicker(_) => Some(&LessonPickerOverlay),
    }
}
