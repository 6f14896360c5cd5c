//! The stats panel: depth, nodes, speed, and what move ordering achieved — cutoffs by the
//! heuristic that ordered the cutting move, by its rank in the ordered list, the first-move
//! cutoff rate, killer hit rate, TT hits, a pseudo-legal engine's illegal tries — all counted from the event log up to the timeline
//! cursor. A gauge shows the iterations done while searching.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph};

use crate::ctx::Ctx;
use crate::theme::Theme;
use crate::widgets::Panel;
use killerscope_engine::RANK_LABELS;
use killerscope_engine::fmt;
use killerscope_engine::nodes_per_second;
use killerscope_log::SourceRow;
use killerscope_log::{MoveSource, SourceColour};
use killerscope_text::printable;

/// One label-and-value pair: the unit [`pack`] never splits, so a number is never cut.
type Group = Vec<Span<'static>>;

/// A source's label, its cutoff count and its colour hint from the log's source table.
type SourceCount = (String, u64, SourceColour);

/// A source's label and formatted count, still with its colour hint.
type SourcePair = (String, String, SourceColour);

/// Lays out rows of label-value groups in `width` columns: a row that does not fit goes on
/// over indented continuation lines, breaking only between groups, so no count is clipped
/// into a different, wrong-looking number at the panel edge.
fn pack(rows: Vec<Vec<Group>>, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for row in rows {
        let mut line: Vec<Span<'static>> = Vec::new();
        let mut used = 0;
        for mut group in row {
            let w: usize = group.iter().map(Span::width).sum();
            if used > 0 && used + w > width {
                out.push(Line::from(std::mem::take(&mut line)));
                if let Some(first) = group.first_mut() {
                    let style = first.style;
                    *first = Span::styled(format!("  {}", first.content.trim_start()), style);
                }
                used = 0;
            }
            used += group.iter().map(Span::width).sum::<usize>();
            line.extend(group);
        }
        out.push(Line::from(line));
    }
    out
}

/// The panel's text lines for an inner width of `width` columns (also what the snapshot tests
/// read). Below 40 columns it uses short labels so that the compact layout's 24-column panel
/// keeps one fact per line; rows too long for the width continue on the next line.
pub fn lines(app: &Ctx, width: u16) -> Vec<Line<'static>> {
    let narrow = width < 40;
    let cells = Cells { theme: &app.theme };
    let facts = Facts::new(app, &cells, narrow);
    let rows = if narrow {
        narrow_rows(app, &cells, facts)
    } else {
        wide_rows(app, &cells, facts)
    };
    pack(rows, usize::from(width))
}

/// Groups of spans in the panel's styles.
struct Cells<'a> {
    theme: &'a Theme,
}

impl Cells<'_> {
    /// Dim labels each followed by its value.
    fn kv(&self, pairs: &[(&str, String)]) -> Vec<Group> {
        pairs
            .iter()
            .map(|(k, v)| {
                vec![
                    Span::styled(k.to_string(), self.theme.dim),
                    Span::styled(v.clone(), self.theme.text),
                ]
            })
            .collect()
    }

    /// Source labels in their source's colour, each followed by its count.
    fn sourced(&self, pairs: Vec<SourcePair>) -> Vec<Group> {
        pairs
            .into_iter()
            .map(|(k, v, colour)| {
                let style = self.theme.dim.patch(self.theme.source_style(colour));
                vec![Span::styled(k, style), Span::styled(v, self.theme.text)]
            })
            .collect()
    }

    /// A section title.
    fn title(&self, t: &str) -> Vec<Group> {
        vec![vec![Span::styled(t.to_string(), self.theme.title)]]
    }

    /// A line in the error style.
    fn warning(&self, t: &str) -> Vec<Group> {
        vec![vec![Span::styled(t.to_string(), self.theme.error)]]
    }
}

/// What both layouts show, counted once.
struct Facts {
    /// The deepest finished iteration and its score, over the depth asked.
    depth: String,
    /// Nodes per second and time, once the search has run a while.
    nps: Option<Vec<Group>>,
    /// The nodes the engine said it searched, when the log holds fewer (a UCI engine's).
    reported: Option<Vec<Group>>,
    /// Cutoffs by the cutting move's rank.
    rank: Vec<Group>,
    /// Cutoffs by source, and the killers' tries and cuts.
    counts: SourceCounts,
}

impl Facts {
    fn new(app: &Ctx, cells: &Cells, narrow: bool) -> Facts {
        let scan = app.session().scan();
        let s = scan.stats();
        // Over the depth the search on screen was asked for (its header's), not the next
        // search's: `+` changes only the latter.
        let asked = app.session().shown().depth;
        let depth = scan.finished().map_or("–".to_string(), |(d, score)| {
            let over = asked.map_or_else(String::new, |a| format!("/{a}"));
            format!("{d}{over} (score {})", fmt::score(score))
        });
        let elapsed = app.session().run().elapsed;
        let reported = scan.reported_beyond_log();
        let nps = Duration::try_from_secs_f64(elapsed)
            .ok()
            .filter(|elapsed| !elapsed.is_zero())
            .map(|duration| {
                let nodes = reported.unwrap_or(s.nodes());
                cells.kv(&[
                    ("nps ", fmt::count(nodes_per_second(nodes, duration))),
                    ("  time ", format!("{elapsed:.2}s")),
                ])
            });
        let rank = RANK_LABELS
            .iter()
            .zip(s.by_rank)
            .enumerate()
            .map(|(i, (name, n))| {
                let key = match (narrow, i) {
                    (true, 0) => "rank ".to_string(),
                    (true, _) => " ".to_string(),
                    (false, _) => format!("  {name} "),
                };
                cells.kv(&[(&key, fmt::count(n))]).remove(0)
            })
            .collect();
        Facts {
            depth,
            nps,
            reported: reported.map(|n| cells.kv(&[("engine counted ", fmt::count(n))])),
            rank,
            counts: SourceCounts::new(app, narrow),
        }
    }
}

/// The compact layout's rows: one fact per line in short labels.
fn narrow_rows(app: &Ctx, cells: &Cells, facts: Facts) -> Vec<Vec<Group>> {
    let s = app.session().scan().stats();
    let counts = &facts.counts;
    let mut out = vec![
        cells.kv(&[("depth ", facts.depth)]),
        cells.kv(&[
            ("nodes ", fmt::count(s.nodes())),
            (" q ", fmt::count(s.q_nodes)),
        ]),
    ];
    out.extend(facts.reported);
    out.push(cells.kv(&[
        ("cutoffs ", fmt::count(s.cutoffs)),
        (" 1st ", fmt::percent(s.by_rank[0], s.cutoffs)),
    ]));
    out.extend(counts.narrow_rows().into_iter().map(|r| cells.sourced(r)));
    out.extend([
        cells.kv(&[(
            "killer hit ",
            fmt::percent(counts.killer_cuts, counts.killer_tries),
        )]),
        facts.rank,
        cells.kv(&[
            ("TT hits ", fmt::count(s.tt_hits)),
            (" cut ", fmt::count(s.tt_cutoffs)),
        ]),
    ]);
    out.extend(facts.nps);
    if s.illegal_tries + s.illegal_nulls > 0 {
        out.push(cells.kv(&[
            ("illegal ", fmt::count(s.illegal_tries)),
            (" NM in check ", fmt::count(s.illegal_nulls)),
        ]));
    }
    if app.session().log().is_truncated() {
        out.insert(0, cells.warning("log truncated (cap)"));
    }
    out
}

/// The wide layout's rows: each fact in words, sources and ranks under titles.
fn wide_rows(app: &Ctx, cells: &Cells, facts: Facts) -> Vec<Vec<Group>> {
    let s = app.session().scan().stats();
    let (tries, killer_cuts) = (facts.counts.killer_tries, facts.counts.killer_cuts);
    let mut out = vec![
        cells.kv(&[("depth ", facts.depth)]),
        cells.kv(&[
            ("nodes ", fmt::count(s.nodes())),
            ("  (quiescence ", fmt::count(s.q_nodes)),
            (")", String::new()),
        ]),
    ];
    out.extend(facts.reported);
    out.extend(facts.nps);
    out.push(cells.kv(&[
        ("cutoffs ", fmt::count(s.cutoffs)),
        ("  on the 1st move ", fmt::percent(s.by_rank[0], s.cutoffs)),
    ]));
    out.push(cells.title("cutoffs by source"));
    out.push(cells.sourced(SourceCounts::wide(&facts.counts.killers)));
    out.push(cells.sourced(SourceCounts::wide(&facts.counts.others)));
    out.push(cells.title("cutoffs by rank in the move list"));
    out.push(facts.rank);
    out.push(cells.kv(&[
        ("killer hit rate ", fmt::percent(killer_cuts, tries)),
        (" (", fmt::count(killer_cuts)),
        (" of ", fmt::count(tries)),
        (" tries)", String::new()),
    ]));
    out.push(cells.kv(&[("killer stores ", fmt::count(s.killer_stores))]));
    out.push(cells.kv(&[
        ("TT hits ", fmt::count(s.tt_hits)),
        ("  (cutoffs ", fmt::count(s.tt_cutoffs)),
        (")", String::new()),
    ]));
    if s.illegal_tries + s.illegal_nulls > 0 {
        // A pseudo-legal engine's tries that left its king attacked, refuted a ply down.
        out.push(cells.kv(&[
            ("illegal tries ", fmt::count(s.illegal_tries)),
            ("  null moves in check ", fmt::count(s.illegal_nulls)),
        ]));
    }
    if app.session().log().is_truncated() {
        out.push(cells.warning("log truncated: recording stopped early"));
        if let Some((depth, nodes)) = app.session().run().progress {
            out.push(cells.kv(&[
                ("(the search went on: depth ", depth.to_string()),
                (" done, ", fmt::count(nodes)),
                (" nodes)", String::new()),
            ]));
        }
    }
    out
}

/// Cutoffs per source as the log's header names them: the first two killer slots apart and
/// the deeper ones together (`K3+`), then any killer that is not a slot (the header's role
/// says so), then every other named source, then any code the events
/// use that the header does not name.
struct SourceCounts {
    killers: Vec<SourceCount>,
    others: Vec<SourceCount>,
    killer_tries: u64,
    killer_cuts: u64,
}

impl SourceCounts {
    fn new(app: &Ctx, narrow: bool) -> SourceCounts {
        let s = app.session().scan().stats();
        let table = &app.session().header().sources;
        let text =
            |row: &SourceRow| printable(if narrow { &row.label } else { &row.name }).into_owned();
        let cut = |row: &SourceRow| s.cutoffs_by(MoveSource::from_code(row.code));
        let mut killers: Vec<SourceCount> = Vec::new();
        let (mut killer_tries, mut killer_cuts) = (0, 0);
        for (k, row) in table.killers().enumerate() {
            killer_tries += s.tries.get(MoveSource::from_code(row.code));
            killer_cuts += cut(row);
            match k {
                0 | 1 => killers.push((text(row), cut(row), row.colour)),
                2 => killers.push((format!("{}+", text(row)), cut(row), row.colour)),
                _ => {
                    if let Some(deeper) = killers.last_mut() {
                        deeper.1 += cut(row);
                    }
                }
            }
        }
        // A killer that is not a slot (another engine's best move per position) is a killer
        // of its own, after the slots.
        for row in table.killer_sources().filter(|r| r.killer_slot.is_none()) {
            killer_tries += s.tries.get(MoveSource::from_code(row.code));
            killer_cuts += cut(row);
            killers.push((text(row), cut(row), row.colour));
        }
        // A source the search never tried (a heuristic switched off) is not listed.
        let named = table.rows().iter().filter(|r| {
            let source = MoveSource::from_code(r.code);
            !table.is_killer(source) && (s.tries.get(source) > 0 || s.cutoffs_by(source) > 0)
        });
        let unnamed = s
            .by_source
            .non_zero()
            .filter(|&(c, _)| table.row(c).is_none());
        let others = named
            .map(|row| (text(row), cut(row), row.colour))
            .chain(unnamed.map(|(c, n)| (table.label(c).into_owned(), n, table.colour(c))))
            .collect();
        SourceCounts {
            killers,
            others,
            killer_tries,
            killer_cuts,
        }
    }

    /// Rows of at most three killers or two other sources, for the narrow layout.
    fn narrow_rows(&self) -> Vec<Vec<SourcePair>> {
        let row = |pairs: &[SourceCount]| {
            pairs
                .iter()
                .enumerate()
                .map(|(i, (name, n, colour))| {
                    let gap = if i == 0 { "" } else { " " };
                    (format!("{gap}{name} "), fmt::count(*n), *colour)
                })
                .collect()
        };
        let killers = self.killers.chunks(3);
        killers.chain(self.others.chunks(2)).map(row).collect()
    }

    /// One row's `(label, value)` pairs for the wide layout.
    fn wide(pairs: &[SourceCount]) -> Vec<SourcePair> {
        pairs
            .iter()
            .map(|(name, n, colour)| (format!("  {name} "), fmt::count(*n), *colour))
            .collect()
    }
}

/// The stats panel.
pub struct StatsPanel;

impl Panel for StatsPanel {
    /// Draws the counts and, while searching, the depth gauge.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let block = Block::bordered()
            .title(Span::styled(" Stats ", app.theme.title))
            .border_style(app.theme.border);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [text_area, gauge_area] = if app.session().run().searching && inner.height > 2 {
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inner)
        } else {
            [inner, Rect::default()]
        };
        frame.render_widget(Paragraph::new(lines(app, inner.width)), text_area);
        if !gauge_area.is_empty() {
            let logged = app.session().scan().finished().map_or(0, |(d, _)| d);
            let done = app
                .session()
                .run()
                .progress
                .map_or(logged, |(d, _)| d.max(logged));
            let asked = app.session().shown().depth.unwrap_or(done);
            let ratio = f64::from(done) / f64::from(asked.max(1));
            let gauge = Gauge::default()
                .gauge_style(app.theme.gauge)
                .ratio(ratio.clamp(0.0, 1.0))
                .label(format!("searching: depth {done}/{asked}"));
            frame.render_widget(gauge, gauge_area);
        }
    }
}

#[cfg(test)]
mod tests;
