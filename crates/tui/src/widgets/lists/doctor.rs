//! The doctor's findings (`X`) in the choosers' popup: each finding's severity, code and count
//! out of its chances, then the nodes it happened at, and last the checks the log does not
//! allow, with why (as `killerscope doctor` lists them under "not checked": a clean list must
//! not read as a clean bill when half the checks could not be made); below, for the
//! highlighted node, why the finding costs, what happened there and the line from the root.

use ratatui::text::{Line, Span};
use ratatui::widgets::ListItem;

use super::ListPanel;
use crate::ctx::Ctx;
use crate::widgets::list_popup::ListPopup;
use killerscope_analysis::doctor::{Finding, Severity};
use killerscope_chess::Color;
use killerscope_engine::fmt::grouped;
use killerscope_explorer::views::ViewId;
use killerscope_explorer::views::doctor::Line as Row;
use killerscope_text::printable;

/// Draws the doctor's list (`views::doctor`); its index counts the node lines only.
pub(super) struct FindingsList;

impl ListPanel for FindingsList {
    fn view(&self) -> ViewId {
        ViewId::Doctor
    }

    fn popup<'a>(&self, app: &'a Ctx<'_>, selected: usize) -> ListPopup<'a> {
        let (doctor, theme) = (&app.views().doctor, &app.theme);
        let rows = doctor.lines();
        let mut chosen = None;
        let mut node_index = 0;
        let mut items = Vec::with_capacity(rows.len());
        for (at, row) in rows.iter().enumerate() {
            items.push(match row {
                Row::Finding(f) => {
                    let style = match f.severity() {
                        Severity::Bug => theme.error,
                        Severity::Suspect => theme.killer_hit,
                        Severity::Note => theme.dim,
                    };
                    ListItem::new(Line::from(vec![
                        Span::styled(format!("{:<8}", f.severity().name()), style),
                        Span::styled(format!("{:<22}", f.code.name()), theme.key),
                        Span::styled(f.tally(), theme.text),
                    ]))
                }
                Row::Node(e) => {
                    if node_index == selected {
                        chosen = Some((at, *e));
                    }
                    node_index += 1;
                    ListItem::new(Line::from(vec![
                        Span::styled(format!("  node {:>9}  ", e.node), theme.key),
                        Span::styled(printable(&e.detail).into_owned(), theme.text),
                    ]))
                }
            });
        }
        for skipped in doctor.diagnosis().map_or(&[][..], |d| &d.unchecked) {
            items.push(ListItem::new(Line::from(vec![
                Span::styled(format!("{:<8}", "not"), theme.dim),
                Span::styled(format!("{:<22}", skipped.code.name()), theme.dim),
                Span::styled(printable(&skipped.reason).into_owned(), theme.dim),
            ])));
        }
        let about = match (chosen, doctor.diagnosis()) {
            (Some((at, e)), _) => {
                let why = heading_above(&rows, at).map_or("", |f| f.code.info().why);
                let black_first = app.session().root().side_to_move() == Color::Black;
                let line = e.line_text(black_first);
                let line = line.as_deref().unwrap_or("the root");
                format!(
                    "{why}\nply {}, depth {}: {}\nline: {}",
                    e.ply,
                    e.depth,
                    printable(&e.detail),
                    printable(line)
                )
            }
            (None, Some(d)) if d.unchecked.is_empty() => format!(
                "No finding in {} nodes: the ordering looks sound ({} killer tries, {} cuts).",
                grouped(d.nodes),
                grouped(d.killers.tries),
                grouped(d.killers.cuts)
            ),
            (None, Some(d)) => format!(
                "No finding in {} nodes, in the {} checks this log allows ({} killer tries, {} \
                 cuts). The list names the {} checks it does not allow (not) and why; \
                 `killerscope doctor` on the saved log prints each reason whole.",
                grouped(d.nodes),
                d.checks.len(),
                grouped(d.killers.tries),
                grouped(d.killers.cuts),
                d.unchecked.len()
            ),
            (None, None) => "The doctor has not read this search yet: X starts it.".into(),
        };
        ListPopup {
            title: " Doctor · ↑↓ choose a node · Enter select it · Esc close ",
            width_percent: 90,
            items,
            selected: chosen.map(|(at, _)| at),
            about,
        }
    }
}

/// The finding whose heading is the nearest above row `at`.
fn heading_above<'a>(rows: &[Row<'a>], at: usize) -> Option<&'a Finding> {
    rows[..at].iter().rev().find_map(|row| match *row {
        Row::Finding(f) => Some(f),
        Row::Node(_) => None,
    })
}
