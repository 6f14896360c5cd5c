//! `draw`: lays the panels out for the screen size (and the lesson, focus and projector
//! modes) and renders each from `&Explorer`, then the overlay of the current mode — with a
//! lesson open, the comparison is drawn beside the lesson panel instead of over it. Every panel
//! has the same shape (`widgets::Panel`), so this is a list. Before drawing, `frame_viewport`
//! tells the model the geometry its keys depend on (tree page, icicle area).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Block;

use crate::widgets::Panel;
use crate::widgets::board::BoardPanel;
use crate::widgets::compare::CompareOverlay;
use crate::widgets::config_picker::ConfigPickerOverlay;
use crate::widgets::diff::DiffOverlay;
use crate::widgets::explain::ExplainPanel;
use crate::widgets::help::HelpOverlay;
use crate::widgets::indexing::IndexingPanel;
use crate::widgets::killers::KillersPanel;
use crate::widgets::lesson::LessonPanel;
use crate::widgets::lesson_picker::LessonPickerOverlay;
use crate::widgets::line_field::FieldOverlay;
use crate::widgets::lists::ListOverlay;
use crate::widgets::panels::ViewPanel;
use crate::widgets::picker::PickerOverlay;
use crate::widgets::stats::StatsPanel;
use crate::widgets::tree::TreePanel;
pub use crate::{ctx::Ctx, ctx::Ui, ctx::area_of};
use crate::{layout, layout::Screen};
use crate::{widgets::charts::ChartsPanel, widgets::charts::bands_area};
use crate::{widgets::timeline::HintLine, widgets::timeline::StatusLine};
use killerscope_explorer::{Area, Explorer, Mode, Viewport};

/// What besides the screen size decides the layout.
fn screen(app: &Explorer) -> Screen {
    let lesson = app.lesson().is_some();
    Screen {
        view: *app.mode() == Mode::Charts || (lesson && *app.mode() == Mode::Compare),
        lesson,
        focus: app.prefs().focus,
        projector: app.prefs().projector,
    }
}

/// The geometry of a frame of `size` that the model's keys depend on.
pub fn frame_viewport(app: &Explorer, size: Rect) -> Viewport {
    let areas = layout::arrange(size, screen(app));
    let charts_shown = *app.mode() == Mode::Charts;
    Viewport {
        tree: area_of(Block::bordered().inner(areas.tree)),
        diff: crate::widgets::diff::rows_area(size),
        icicle: if charts_shown {
            area_of(bands_area(areas.charts))
        } else {
            Area::default()
        },
    }
}

/// Readies the model for a frame of `size` (`Explorer::prepare_frame`) and draws it.
pub fn render(frame: &mut Frame, app: &mut Explorer, ui: &mut Ui) {
    app.prepare_frame(frame_viewport(app, frame.area()));
    draw(frame, app, ui);
}

/// Renders the whole screen from the model.
pub fn draw(frame: &mut Frame, app: &Explorer, ui: &mut Ui) {
    let area = frame.area();
    let compare_beside_lesson = app.lesson().is_some() && *app.mode() == Mode::Compare;
    let areas = layout::arrange(area, screen(app));
    ui.areas = areas;
    let charts = if compare_beside_lesson {
        Rect::default()
    } else {
        areas.charts
    };
    let (stats, explain, tree, panel) = panel_place(app, areas);
    // Clicks find panels by these: a panel the view's panel covers takes none.
    (ui.areas.stats, ui.areas.explain, ui.areas.tree) = (stats, explain, tree);
    let mut ctx = Ctx::new(app, ui);
    // The flag marks the panels that read the log's indexes: while a mapped log is being
    // indexed they show how far it is instead.
    let panels: [(&dyn Panel, _, bool); 10] = [
        (&TreePanel, tree, true),
        (&BoardPanel, areas.board, false),
        (&KillersPanel, areas.killers, true),
        (&StatsPanel, stats, true),
        (&ExplainPanel, explain, true),
        (&ViewPanel, panel, true),
        (&ChartsPanel, charts, true),
        (&LessonPanel, areas.lesson, false),
        (&StatusLine, areas.timeline, false),
        (&HintLine, areas.hints, false),
    ];
    let indexing = app.session().index_state().is_some();
    for (panel, rect, needs_index) in panels {
        let panel = if indexing && needs_index {
            &IndexingPanel
        } else {
            panel
        };
        if !rect.is_empty() {
            panel.render(frame, rect, &mut ctx);
        }
    }
    if compare_beside_lesson {
        CompareOverlay.render(frame, areas.charts, &mut ctx);
    } else if let Some(overlay) = overlay(app.mode()) {
        overlay.render(frame, area, &mut ctx);
    }
}

/// Where the panel of the view shown goes (`Explorer::panel_view`): the stats panel's place, or where
/// this layout has none, the explanation's, else the tree's. Returns the stats, explain and
/// tree rectangles left, and the panel's.
fn panel_place(app: &Explorer, areas: layout::Areas) -> (Rect, Rect, Rect, Rect) {
    let mut places = [areas.stats, areas.explain, areas.tree];
    if app.panel_view().is_none() {
        return (places[0], places[1], places[2], Rect::default());
    }
    let Some(taken) = places.iter_mut().find(|r| !r.is_empty()) else {
        return (places[0], places[1], places[2], Rect::default());
    };
    let panel = std::mem::take(taken);
    (places[0], places[1], places[2], panel)
}

/// The overlay drawn over the whole screen in `mode`, if any.
fn overlay(mode: &Mode) -> Option<&'static dyn Panel> {
    match mode {
        Mode::Normal | Mode::Charts => None,
        Mode::Help(_) => Some(&HelpOverlay),
        Mode::Fen { .. } | Mode::Query { .. } | Mode::Note { .. } => Some(&FieldOverlay),
        Mode::Picker(_) => Some(&PickerOverlay),
        Mode::ComparePicker(_) => Some(&ConfigPickerOverlay),
        Mode::Compare => Some(&CompareOverlay),
        Mode::LessonPicker(_) => Some(&LessonPickerOverlay),
        Mode::Diff => Some(&DiffOverlay),
        Mode::List { .. } => Some(&ListOverlay),
    }
}
