//! The ordering table by ply: one row per ply of the main search with its nodes, first-move
//! cutoff rate, the cutting move's mean rank, cutoffs and the killers' cutoffs / tries, then
//! the whole search's row (the stats panel's figures). The selected node's ply is marked `▸`
//! and highlighted (`J` walks its late cutoffs) and kept in view when the plies do not all fit. Columns that do
//! not fit the width are left out from the right, so the narrow panel keeps the rates.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::SlotPanel;
use crate::ctx::Ctx;
use killerscope_engine::fmt;
use killerscope_explorer::views::ViewId;
use killerscope_explorer::{PlyOrdering, PlyTable};

/// Draws the ply table (`views::plies`).
pub(super) struct PliesPanel;

/// What the columns mean, under the table where there is room.
const NOTE: &str = "main search only. 1st: cutoffs on the first move tried; rank: the cutting \
                    move's mean place; J: the next later cutoff at the selected ply";

impl SlotPanel for PliesPanel {
    fn view(&self) -> ViewId {
        ViewId::Plies
    }

    fn name(&self) -> &'static str {
        PlyTable::NAME
    }

    fn draw(&self, frame: &mut Frame, area: Rect, app: &Ctx) {
        let table = &app.views().plies;
        let plies = table.fold().plies();
        let selected = app.view().selected_node();
        let ply = selected
            .and_then(|id| app.session().tree().node(id))
            .map(|n| usize::from(n.ply()));
        let columns = columns_for(area.width);
        let mut lines = vec![Line::styled(header(columns), app.theme.dim)];
        if plies.is_empty() {
            lines.push(Line::styled("no main-search node yet", app.theme.dim));
        }
        // The header and the whole search's row take two lines.
        let room = usize::from(area.height).saturating_sub(2).max(1);
        let marker = if app.prefs().ascii { '>' } else { '▸' };
        for i in shown(plies.len(), room, ply) {
            let (label, style) = if Some(i) == ply {
                (format!("{marker}{i}"), app.theme.selected)
            } else {
                (i.to_string(), app.theme.text)
            };
            lines.push(Line::styled(row(&label, &plies[i], columns), style));
        }
        if !plies.is_empty() {
            let total = table.fold().total();
            lines.push(Line::styled(row("all", &total, columns), app.theme.title));
        }
        if lines.len() + 2 < usize::from(area.height) {
            lines.push(Line::default());
            lines.push(Line::styled(NOTE, app.theme.dim));
        }
        let text = Paragraph::new(lines).wrap(Wrap { trim: false });
        frame.render_widget(text, area);
    }
}

/// The plies shown in `room` rows: all of them, or a window around the selected ply.
fn shown(plies: usize, room: usize, selected: Option<usize>) -> std::ops::Range<usize> {
    if plies <= room {
        return 0..plies;
    }
    let centre = selected.unwrap_or(0).min(plies - 1);
    let start = centre.saturating_sub(room / 2).min(plies - room);
    start..start + room
}

/// The column titles and widths, most telling first; a row has as many as fit.
const COLUMNS: [(&str, usize); 6] = [
    ("ply", 3),
    ("nodes", 6),
    ("1st", 4),
    ("rank", 5),
    ("cuts", 6),
    ("killer cut/try", 14),
];

/// How many columns fit `width` cells (one space between two).
fn columns_for(width: u16) -> usize {
    let mut used = 0;
    let fits = |&(_, w): &&(&str, usize)| {
        used += w + 1;
        used <= usize::from(width) + 1
    };
    COLUMNS.iter().take_while(fits).count().max(1)
}

fn header(columns: usize) -> String {
    let cells = COLUMNS
        .iter()
        .take(columns)
        .map(|&(title, w)| pad(title, w));
    cells.collect::<Vec<_>>().join(" ")
}

/// One row: the ply's label and its figures, right-aligned under the titles.
fn row(label: &str, f: &PlyOrdering, columns: usize) -> String {
    let percent = |x: Option<f64>| x.map_or("-".into(), |r| format!("{:.0}%", r * 100.0));
    let rank = |x: Option<f64>| x.map_or("-".into(), |r| format!("{r:.2}"));
    let cells = [
        label.to_string(),
        fmt::count(f.nodes),
        percent(f.first_rate()),
        rank(f.mean_rank()),
        fmt::count(f.cutoffs),
        format!(
            "{}/{}",
            fmt::count(f.killer_cutoffs),
            fmt::count(f.killer_tries)
        ),
    ];
    let padded = cells.iter().zip(COLUMNS).take(columns);
    padded
        .map(|(c, (_, w))| pad(c, w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` right-aligned in `width` cells.
fn pad(text: &str, width: usize) -> String {
    format!("{text:>width$}")
}
