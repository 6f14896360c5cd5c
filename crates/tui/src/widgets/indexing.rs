//! What the panels that need a log's indexes (tree, killers, stats, explain, charts) show
//! while a mapped log is being indexed in the background: how far it has come, as a gauge, or
//! why it failed. The board, the status line, help and quit work meanwhile.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph, Wrap};

use crate::ctx::Ctx;
use crate::widgets::Panel;
use killerscope_engine::fmt;
use killerscope_explorer::IndexState;

/// The placeholder of a panel waiting for the indexes.
pub struct IndexingPanel;

/// The gauge's label: `indexing… 43%` and the counts.
pub fn label(done: usize, total: usize) -> String {
    let percent = (done as u128 * 100)
        .checked_div(total as u128)
        .unwrap_or(100);
    format!(
        "indexing… {percent}% ({} of {} events)",
        fmt::grouped(done as u64),
        fmt::grouped(total as u64)
    )
}

impl Panel for IndexingPanel {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Some(state) = app.session().index_state() else {
            return;
        };
        let theme = &app.theme;
        let block = Block::bordered().title(Span::styled(" Index ", theme.title));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        match state {
            IndexState::Running { done, total } => {
                let [gauge, note] =
                    Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
                let ratio = if total == 0 {
                    1.0
                } else {
                    done as f64 / total as f64
                };
                let gauge_widget = Gauge::default()
                    .gauge_style(theme.title)
                    .ratio(ratio.clamp(0.0, 1.0))
                    .label(label(done, total));
                frame.render_widget(gauge_widget, gauge);
                let text = "this panel needs the log's index; the board, help (?) and quit (q) \
                            work meanwhile";
                let note_widget =
                    Paragraph::new(Line::styled(text, theme.dim)).wrap(Wrap { trim: true });
                frame.render_widget(note_widget, note);
            }
            IndexState::Failed(message) => {
                let text = format!("the log cannot be shown: {message}");
                let widget =
                    Paragraph::new(Line::styled(text, theme.error)).wrap(Wrap { trim: true });
                frame.render_widget(widget, inner);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_label_says_how_far() {
        assert_eq!(label(43, 100), "indexing… 43% (43 of 100 events)");
        assert_eq!(label(0, 0), "indexing… 100% (0 of 0 events)");
    }
}
