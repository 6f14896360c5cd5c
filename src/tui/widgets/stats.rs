//! The stats panel: depth, nodes, speed, and what move ordering achieved — cutoffs by the
//! heuristic that ordered the cutting move, by its rank in the ordered list, the first-move
//! cutoff rate, killer hit rate, TT hits — all counted from the event log up to the timeline
//! cursor. A gauge shows the iterations done while searching.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph};

use crate::search::MoveSource;
use crate::search::stats::RANK_LABELS;
use crate::tui::app::App;
use crate::tui::fmt;

/// The panel's text lines (also what the snapshot tests read). `narrow` uses short labels so
/// that the compact layout's 24-column panel keeps one fact per line.
pub fn lines(app: &App, narrow: bool) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let scan = app.session.cursor.scan();
    let s = scan.stats();
    let label = |t: &str| Span::styled(t.to_string(), theme.dim);
    let value = |t: String| Span::styled(t, theme.text);
    let kv = |pairs: &[(&str, String)]| {
        Line::from(
            pairs
                .iter()
                .flat_map(|(k, v)| [label(k), value(v.clone())])
                .collect::<Vec<_>>(),
        )
    };
    let depth = scan.finished().map_or("–".to_string(), |(d, score)| {
        format!("{d}/{} (score {})", app.settings.depth, fmt::score(score))
    });
    let tries: u64 = s.killer_tries.iter().sum();
    let killer_cuts = s.killer_cutoffs_total();
    let by = |src: MoveSource| fmt::count(s.cutoffs_by(src));
    let deeper_killers: u64 = (2..4).map(|k| s.cutoffs_by(MoveSource::Killer(k))).sum();
    let nps = (app.elapsed > 0.0).then(|| {
        kv(&[
            ("nps ", fmt::count((s.nodes() as f64 / app.elapsed) as u64)),
            ("  time ", format!("{:.2}s", app.elapsed)),
        ])
    });
    let mut rank = vec![label(if narrow { "rank" } else { "" })];
    for (name, n) in RANK_LABELS.iter().zip(s.by_rank) {
        if !narrow {
            rank.push(label(&format!("  {name} ")));
        } else {
            rank.push(label(" "));
        }
        rank.push(value(fmt::count(n)));
    }
    let rank = Line::from(rank);
    if narrow {
        let mut out = vec![
            kv(&[("depth ", depth)]),
            kv(&[
                ("nodes ", fmt::count(s.nodes())),
                (" q ", fmt::count(s.q_nodes)),
            ]),
            kv(&[
                ("cutoffs ", fmt::count(s.cutoffs)),
                (" 1st ", fmt::percent(s.by_rank[0], s.cutoffs)),
            ]),
            kv(&[
                ("K1 ", by(MoveSource::Killer(0))),
                (" K2 ", by(MoveSource::Killer(1))),
                (" K3+ ", fmt::count(deeper_killers)),
            ]),
            kv(&[
                ("TT ", by(MoveSource::Tt)),
                (" Cap ", by(MoveSource::Capture)),
            ]),
            kv(&[
                ("Hist ", by(MoveSource::History)),
                (" Quiet ", by(MoveSource::Quiet)),
            ]),
            kv(&[("killer hit ", fmt::percent(killer_cuts, tries))]),
            rank,
            kv(&[
                ("TT hits ", fmt::count(s.tt_hits)),
                (" cut ", fmt::count(s.tt_cutoffs)),
            ]),
        ];
        out.extend(nps);
        if app.session.truncated {
            out.insert(0, Line::styled("log truncated (cap)", theme.error));
        }
        return out;
    }
    let mut out = vec![
        kv(&[("depth ", depth)]),
        kv(&[
            ("nodes ", fmt::count(s.nodes())),
            ("  (quiescence ", fmt::count(s.q_nodes)),
            (")", String::new()),
        ]),
    ];
    out.extend(nps);
    out.push(kv(&[
        ("cutoffs ", fmt::count(s.cutoffs)),
        ("  on the 1st move ", fmt::percent(s.by_rank[0], s.cutoffs)),
    ]));
    out.push(Line::styled("cutoffs by source".to_string(), theme.title));
    out.push(kv(&[
        ("  killer 1 ", by(MoveSource::Killer(0))),
        ("  killer 2 ", by(MoveSource::Killer(1))),
        ("  killer 3+ ", fmt::count(deeper_killers)),
    ]));
    out.push(kv(&[
        ("  TT ", by(MoveSource::Tt)),
        ("  capture ", by(MoveSource::Capture)),
        ("  history ", by(MoveSource::History)),
        ("  quiet ", by(MoveSource::Quiet)),
    ]));
    out.push(Line::styled(
        "cutoffs by rank in the move list".to_string(),
        theme.title,
    ));
    out.push(rank);
    out.push(kv(&[
        ("killer hit rate ", fmt::percent(killer_cuts, tries)),
        (" (", fmt::count(killer_cuts)),
        (" of ", fmt::count(tries)),
        (" tries)", String::new()),
    ]));
    out.push(kv(&[("killer stores ", fmt::count(s.killer_stores))]));
    out.push(kv(&[
        ("TT hits ", fmt::count(s.tt_hits)),
        ("  (cutoffs ", fmt::count(s.tt_cutoffs)),
        (")", String::new()),
    ]));
    if app.session.truncated {
        out.push(Line::styled("log truncated at the event cap", theme.error));
        if let Some((depth, nodes)) = app.progress {
            out.push(Line::styled(
                format!(
                    "(the search went on: depth {depth} done, {} nodes)",
                    fmt::count(nodes)
                ),
                theme.dim,
            ));
        }
    }
    out
}

/// Draws the panel.
pub fn render(frame: &mut Frame, area: Rect, app: &App) {
    let block = Block::bordered()
        .title(Span::styled(" Stats ", app.theme.title))
        .border_style(app.theme.border);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [text_area, gauge_area] = if app.searching && inner.height > 2 {
        Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inner)
    } else {
        [inner, Rect::default()]
    };
    frame.render_widget(Paragraph::new(lines(app, inner.width < 40)), text_area);
    if !gauge_area.is_empty() {
        let logged = app.session.cursor.scan().finished().map_or(0, |(d, _)| d);
        let done = app.progress.map_or(logged, |(d, _)| d.max(logged));
        let ratio = f64::from(done) / f64::from(app.settings.depth.max(1));
        let gauge = Gauge::default()
            .gauge_style(app.theme.gauge)
            .ratio(ratio.clamp(0.0, 1.0))
            .label(format!("searching: depth {done}/{}", app.settings.depth));
        frame.render_widget(gauge, gauge_area);
    }
}
