//! The killer-table panel: one row per ply, one column per slot, each cell the killer move, how
//! often it was tried from a killer slot at that ply and how often it then cut off (written
//! short, `1.7k/341`, where a narrow panel has no room for `1.67k/341`, and left out only in a
//! cell where even that does not fit). It shows the table as it stood at the timeline cursor
//! (live while following a search). The slot that just cut off carries `✂`; a fresh store
//! shows `★` in slot 1 and `↓` on the moves it shifted.
//! Moves are written in the user's notation against the position of the selected node's line at
//! that row's ply (the selected node's own position below it), in UCI where not legal there —
//! and where the line has no chess position (below a pseudo-legal engine's illegal try), which
//! the bottom border then says.
//! A killer that is not a slot (the log's header gives a source the killer role without a slot)
//! gets the last line: its tries, cutoffs and hit rate.

use killerscope_engine::HeaderSettings;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Row, Table};

use crate::ctx::Ctx;
use crate::{widgets::Panel, widgets::countermoves};
use killerscope_chess::Notation;
use killerscope_chess::{Move, Position};
use killerscope_engine::fmt;
use killerscope_explorer::KillerMark;
use killerscope_explorer::KillerTab;
use killerscope_explorer::Session;
use killerscope_log::MoveSource;
use killerscope_text::printable;

mod moves;

pub use moves::{killer_text, no_position_note, row_positions};

/// Killer slots a log was recorded with (from its header), 2 if the header does not say.
pub fn slots_of(session: &Session) -> usize {
    session
        .header()
        .ordering_config()
        .map_or(2, |c| usize::from(c.killer_slots))
}

/// How a cell writes its move's tries and cutoffs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counts {
    /// Not at all (the row has no room even for the short form).
    Off,
    /// As the stats panel writes counts: `1.67k/341`.
    Full,
    /// In at most four characters each, for a narrow panel: `1.7k/341`.
    Short,
}

/// A count in at most four characters: `999`, `1.7k`, `17k`, `170k`, `1.7M`.
fn short_count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..9_950 => format!("{:.1}k", n as f64 / 1e3),
        9_950..999_500 => format!("{:.0}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// One cell's text, its move written in `notation` (see `killer_text`), and whether it carries
/// a marker, for tests and the renderer alike.
pub fn cell_text(
    session: &Session,
    at: (usize, usize),
    with_counts: bool,
    pos: Option<&Position>,
    notation: Notation,
) -> (String, Option<KillerMark>) {
    let counts = if with_counts {
        Counts::Full
    } else {
        Counts::Off
    };
    cell(session, at, counts, pos, notation)
}

/// One cell's text with its counts written as `counts` says, and its marker.
fn cell(
    session: &Session,
    (ply, slot): (usize, usize),
    counts: Counts,
    pos: Option<&Position>,
    notation: Notation,
) -> (String, Option<KillerMark>) {
    let at = session.position();
    let Ok(ply_u8) = u8::try_from(ply) else {
        return (String::new(), None);
    };
    let row = session.replay().killer_row(ply_u8, at);
    let mv = row.as_slice().get(slot).copied().unwrap_or(Move::NULL);
    if mv.is_null() {
        return ("·".into(), None);
    }
    let scan = session.scan();
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
    let mut text = format!("{}{symbol}", killer_text(session, ply, mv, pos, notation));
    let c = scan.count(ply, mv);
    let (tried, cut) = (u64::from(c.tried), u64::from(c.cutoffs));
    match counts {
        Counts::Off => {}
        Counts::Full => text.push_str(&format!(" {}/{}", fmt::count(tried), fmt::count(cut))),
        Counts::Short => text.push_str(&format!(" {}/{}", short_count(tried), short_count(cut))),
    }
    (text, mark)
}

/// What the killer tab shows besides the slots: whether rows are depths, and whether a mate
/// killer column sits before the slots (only with rows by ply: mate killers are kept per ply).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Killer slots the log was recorded with.
    pub slots: usize,
    /// Rows are remaining depths (`killerindex=depth`), not plies.
    pub by_depth: bool,
    /// The search kept mate killers (`matekillers=on`).
    pub mate_killers: bool,
}

impl Layout {
    /// The layout of `session`'s log.
    pub fn of(session: &Session) -> Layout {
        Layout {
            slots: slots_of(session),
            by_depth: session.replay().killer_rows_by_depth(),
            mate_killers: session.header().ordering_setting("matekillers") == Some("on"),
        }
    }

    /// Whether the mate killers get a column (rows by ply) rather than a line in the title.
    pub fn mate_column(self) -> bool {
        self.mate_killers && !self.by_depth
    }

    /// The first column's heading: what the rows are indexed by.
    pub fn unit(self) -> &'static str {
        if self.by_depth { "depth" } else { "ply" }
    }
}

/// The killer row of the selected node: its ply, or its depth with `killerindex=depth`.
pub fn focus_row(app: &Ctx) -> usize {
    let node = app
        .view()
        .selected_node()
        .and_then(|id| app.session().node(id));
    node.map_or(0, |n| {
        usize::from(app.session().replay().killer_row_of(n.ply(), n.depth()))
    })
}

/// The killer-table panel; Tab shows the countermove table instead.
pub struct KillersPanel;

/// The killers that are not per-ply slots (a source the log's header calls a killer without a
/// slot: another engine's best move stored per position), each with its tries and cutoffs up
/// to the cursor; `None` when the header has none. They have no table to sit in, so the panel
/// gives them its last line.
fn unslotted_line(app: &Ctx) -> Option<Line<'static>> {
    let (session, theme) = (app.session(), &app.theme);
    let sources = &session.header().sources;
    let stats = session.scan().stats();
    let mut spans = Vec::new();
    for row in sources.killer_sources().filter(|r| r.killer_slot.is_none()) {
        let source = MoveSource::from_code(row.code);
        let (tried, cut) = (stats.tries.get(source), stats.cutoffs_by(source));
        let style = theme.title.patch(theme.source_style(row.colour));
        spans.push(Span::styled(format!("{} ", printable(&row.name)), style));
        spans.push(Span::styled(
            format!(
                "(killer, not a slot) {}/{} cut {}  ",
                fmt::count(tried),
                fmt::count(cut),
                fmt::percent(cut, tried)
            ),
            theme.text,
        ));
    }
    (!spans.is_empty()).then(|| Line::from(spans))
}

/// The panel's title: by ply or by depth, the countermove tab's key when it has one, and the
/// mate killer of the selected node's ply when the engine keeps one per depth.
fn panel_title(app: &Ctx, layout: &Layout) -> String {
    let session = app.session();
    let by = if layout.by_depth { " by depth" } else { "" };
    let plain = if session.header().ordering_setting("countermove") == Some("on") {
        format!(" Killers{by} · tried/cut · Tab: countermoves ")
    } else {
        format!(" Killers{by} · move tried/cut ")
    };
    if !(layout.mate_killers && layout.by_depth) {
        return plain;
    }
    let selected = app.view().selected_node();
    let ply = selected
        .and_then(|id| session.node(id))
        .map_or(0, |n| n.ply());
    let mv = session.replay().mate_killer(ply, session.position());
    if mv.is_null() {
        return plain;
    }
    let pos = session.known_position_at(selected);
    let mv = killer_text(
        session,
        usize::from(ply),
        mv,
        pos.as_ref(),
        app.prefs().notation,
    );
    format!(" Killers by depth · mate killer at ply {ply}: {mv} ")
}

/// The border of the killer and countermove tables: `title` on top, and on the bottom (where
/// a narrow panel's long title does not cut it off) that the selected node has no chess
/// position, when it has none.
pub fn table_block(app: &Ctx, title: String) -> Block<'static> {
    let theme = &app.theme;
    let block = Block::bordered()
        .title(Span::styled(title, theme.title))
        .border_style(theme.border);
    match no_position_note(app.session(), app.view().selected_node()) {
        Some(note) => block.title_bottom(Span::styled(format!(" {note} "), theme.title)),
        None => block,
    }
}

/// The table's header cells: the row unit, the mate column, and each slot in its source's
/// colour.
fn header_cells(app: &Ctx, layout: &Layout, mate_style: Style) -> Vec<Cell<'static>> {
    let theme = &app.theme;
    let sources = &app.session().header().sources;
    let slot_cell = |s: usize| {
        let colour = sources.killers().nth(s).map(|row| row.colour);
        let style = colour.map_or(theme.title, |c| theme.title.patch(theme.source_style(c)));
        Cell::from(format!("slot {}", s + 1)).style(style)
    };
    let mut heads = vec![Cell::from(layout.unit())];
    if layout.mate_column() {
        heads.push(Cell::from("mate").style(theme.title.patch(mate_style)));
    }
    heads.extend((0..layout.slots).map(slot_cell));
    heads
}

/// The rows the table shows: the plies with a killer (or a mate killer, or the focus row),
/// as many as fit under the header in `height`, the focus row in the middle where it can be.
fn shown_rows(
    session: &Session,
    at: usize,
    mate: bool,
    focus: usize,
    height: u16,
) -> std::ops::Range<usize> {
    let mate_rows = if mate {
        session.replay().mate_killer_plies()
    } else {
        0
    };
    let count = session
        .replay()
        .killers_at(at)
        .len()
        .max(mate_rows)
        .max(focus + 1);
    let visible = usize::from(height.saturating_sub(1)).max(1);
    let first = focus
        .saturating_sub(visible / 2)
        .min(count.saturating_sub(visible));
    first..count.min(first + visible)
}

impl Panel for KillersPanel {
    /// Draws the table as it stood at the timeline cursor, scrolled so that the selected node's
    /// row is visible, or the countermove tab.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        if app.views().killers.tab == KillerTab::Countermoves {
            countermoves::render(frame, area, app);
            return;
        }
        let session = app.session();
        let layout = Layout::of(session);
        let focus = focus_row(app);
        let at = session.position();
        let block = table_block(app, panel_title(app, &layout));
        let mut inner = block.inner(area);
        frame.render_widget(block, area);
        if let Some(line) = unslotted_line(app) {
            let last = Rect {
                y: inner.bottom().saturating_sub(1),
                height: inner.height.min(1),
                ..inner
            };
            inner.height = inner.height.saturating_sub(1);
            frame.render_widget(line, last);
        }
        let (session, theme) = (app.session(), &app.theme);
        let mate = usize::from(layout.mate_column());
        let (slots, columns) = (layout.slots, layout.slots + mate);
        if columns == 0 {
            let text = Line::styled("killers off in this search", theme.dim);
            frame.render_widget(text, inner);
            return;
        }
        let unit_width = layout.unit().len();
        let cell_width = usize::from(inner.width).saturating_sub(unit_width + columns) / columns;
        let shown = shown_rows(session, at, mate == 1, focus, inner.height);
        let notation = app.prefs().notation;
        let positions = row_positions(session, app.view().selected_node(), shown.clone());
        let pos_of = |row: usize| positions[row - shown.start].as_ref();
        // Each cell writes its counts in full, else short, else not at all, whichever fits:
        // the counts give way cell by cell, not for the whole table.
        let counts_of = |row: usize, slot: usize| {
            [Counts::Full, Counts::Short]
                .into_iter()
                .find(|&counts| {
                    let text = cell(session, (row, slot), counts, pos_of(row), notation).0;
                    text.chars().count() <= cell_width
                })
                .unwrap_or(Counts::Off)
        };
        let counts: Vec<Vec<Counts>> = shown
            .clone()
            .map(|row| (0..slots).map(|slot| counts_of(row, slot)).collect())
            .collect();
        if counts.iter().flatten().all(|&c| c == Counts::Off) {
            // No cell has room for its counts: the title no longer promises them.
            let by = if layout.by_depth { " by depth" } else { "" };
            frame.render_widget(table_block(app, format!(" Killers{by} · move ")), area);
        }
        let sources = &session.header().sources;
        let mate_style = theme.source_style(sources.colour(MoveSource::MATE_KILLER));
        let rows = shown.clone().map(|row| {
            let mut cells = vec![Cell::from(format!("{row:>unit_width$}"))];
            if mate == 1 {
                let mv =
                    u8::try_from(row).map_or(Move::NULL, |r| session.replay().mate_killer(r, at));
                let text = if mv.is_null() {
                    "·".to_string()
                } else {
                    killer_text(session, row, mv, pos_of(row), notation)
                };
                cells.push(Cell::from(text).style(mate_style));
            }
            for (slot, &fits) in counts[row - shown.start].iter().enumerate() {
                let (text, mark) = cell(session, (row, slot), fits, pos_of(row), notation);
                let style = match mark {
                    Some(KillerMark::Cutoff(_)) => theme.killer_hit,
                    Some(KillerMark::Stored) => theme.killer_new,
                    None => theme.text,
                };
                cells.push(Cell::from(text).style(style));
            }
            let line = Row::new(cells);
            if row == focus {
                line.style(theme.selected)
            } else {
                line
            }
        });
        let heads = header_cells(app, &layout, mate_style);
        let header = Row::new(heads).style(theme.title);
        let width = u16::try_from(unit_width).unwrap_or(u16::MAX);
        let mut widths = vec![Constraint::Length(width)];
        widths.extend(std::iter::repeat_n(Constraint::Fill(1), columns));
        let table = Table::new(rows, widths).header(header).column_spacing(1);
        frame.render_widget(table, inner);
    }
}
