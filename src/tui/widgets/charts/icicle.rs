//! The icicle: one band per ply below the root, each node a block as wide as its subtree, in
//! search order — so a band shows where the search spent its nodes, and a cutoff on the first
//! move shows as one wide block over slivers. Blocks are coloured by node type (PV, CUT, ALL,
//! quiescence) or by the source of their cutoff (`m`), and filled with a character per type
//! (or the source's initial in monochrome), so the picture survives without colour. The
//! selected tree node is the selected block; the layout drawn is kept for the arrow keys.

use std::collections::HashMap;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::chess::Position;
use crate::chess::notation::Notation;
use crate::search::MoveSource;
use crate::trace::Node;
use crate::tui::app::App;
use crate::tui::charts::icicle::{self, Block};
use crate::tui::charts::{Colouring, Shade};
use crate::tui::fmt;
use crate::tui::session::{NodeId, Session};
use crate::tui::theme::Theme;
use crate::tui::widgets::tree::move_label;

/// Fill of a block whose node is still open at the cursor.
const OPEN: char = '~';
/// Fill of a run of blocks narrower than a cell.
const NARROW: char = '·';

/// What a block looks like: its fill character, its style and what follows the move in its
/// label (the cutoff's source when colouring by source).
struct Paint {
    fill: char,
    style: Style,
    suffix: String,
}

/// Draws the icicle of the search up to the cursor and keeps its layout in `app.charts`.
pub fn render(frame: &mut Frame, area: Rect, app: &mut App) {
    let known = u32::try_from(app.session.charts.counts().nodes()).unwrap_or(u32::MAX);
    let [info, bands, legend] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let Some(root) = app.charts.icicle_root(&app.session.tree, known) else {
        app.charts.drawn = None;
        let text = Line::styled("no node searched yet at the cursor", app.theme.dim);
        frame.render_widget(text, area);
        return;
    };
    let mut layout = icicle::layout(
        &app.session.tree,
        root,
        known,
        bands.width,
        usize::from(bands.height),
    );
    layout.area = bands;
    let view = View {
        session: &app.session,
        theme: &app.theme,
        notation: app.notation,
        colouring: app.charts.colouring,
        at: app.session.position(),
    };
    let selected = app.view.selected_node();
    view.draw_bands(frame, &layout, selected);
    frame.render_widget(view.info(&layout, selected), info);
    frame.render_widget(view.legend(layout.capped), legend);
    app.charts.drawn = Some(layout);
}

/// What drawing the icicle reads.
struct View<'a> {
    session: &'a Session,
    theme: &'a Theme,
    notation: Notation,
    colouring: Colouring,
    /// The timeline position: nodes not exited before it are drawn as open.
    at: usize,
}

impl View<'_> {
    /// Draws every band, labelling the blocks wide enough with their move (SAN, from positions
    /// carried down band by band, so a frame replays one move per block).
    fn draw_bands(&self, frame: &mut Frame, layout: &icicle::Layout, selected: Option<NodeId>) {
        let area = layout.area;
        let buf = frame.buffer_mut();
        let mut above: HashMap<NodeId, Position> = HashMap::new();
        for (y, band) in (area.y..).zip(&layout.bands) {
            let mut here = HashMap::new();
            for block in band {
                let Some((id, node)) = block.node.and_then(|id| Some((id, self.session.node(id)?)))
                else {
                    let text = NARROW.to_string().repeat(usize::from(block.width));
                    buf.set_string(area.x + block.x, y, text, self.theme.dim);
                    continue;
                };
                let carried = node.parent().filter(|_| id != layout.root);
                let before = carried
                    .and_then(|p| above.get(&p).cloned())
                    .unwrap_or_else(|| self.session.position_at(node.parent()));
                let (label, after) = move_label(&before, node.mv(), node.depth(), self.notation);
                let paint = self.paint(node);
                let mut style = paint.style;
                if selected == Some(id) {
                    style = style.patch(self.theme.selected);
                }
                let full = format!("{label}{}", paint.suffix);
                let text = block_text(block, &[&full, &label], paint.fill);
                buf.set_string(area.x + block.x, y, text, style);
                here.insert(id, after);
            }
            above = here;
        }
    }

    /// How `node` is painted at the cursor.
    fn paint(&self, node: &Node) -> Paint {
        let theme = self.theme;
        let plain = |fill, style| Paint {
            fill,
            style,
            suffix: String::new(),
        };
        match Shade::of(node, self.colouring, self.at) {
            Shade::Open => plain(OPEN, theme.dim),
            Shade::Quiescence => plain('░', theme.quiescence),
            Shade::Pv => plain('█', theme.pv),
            Shade::Cut => plain('▓', theme.cutoff),
            Shade::All => plain('▒', theme.node_type),
            Shade::CutBy(source) => {
                let (fill, style) = self.source_paint(source);
                let label = self.session.header().sources.label(source);
                Paint {
                    fill,
                    style,
                    suffix: format!(" ✂{label}"),
                }
            }
            Shade::NoCutoff => plain('░', theme.dim),
        }
    }

    /// The fill and style of a block cut off by a move from `source`: `▓` in the source's
    /// colour, or in monochrome the first letter of its label.
    fn source_paint(&self, source: MoveSource) -> (char, Style) {
        let sources = &self.session.header().sources;
        let style = self.theme.source_style(sources.colour(source));
        let fill = if self.theme.mono {
            sources.label(source).chars().next().unwrap_or('▓')
        } else {
            '▓'
        };
        (fill, style)
    }

    /// The line above the bands: the selected block (or the root) in words.
    fn info(&self, layout: &icicle::Layout, selected: Option<NodeId>) -> Line<'static> {
        let tree = &self.session.tree;
        let id = selected
            .filter(|&s| s < layout.known && tree.is_ancestor(layout.root, s))
            .unwrap_or(layout.root);
        let Some(node) = self.session.node(id) else {
            return Line::default();
        };
        let before = self.session.position_at(node.parent());
        let (label, _) = move_label(&before, node.mv(), node.depth(), self.notation);
        let size = icicle::size(tree, id, layout.known);
        let whole = icicle::size(tree, layout.root, layout.known);
        let paint = self.paint(node);
        let share = if id == layout.root {
            " · ←→↑↓ pick a block".to_string()
        } else {
            format!(
                ", {} of the root",
                fmt::percent(u64::from(size), u64::from(whole))
            )
        };
        Line::from(vec![
            Span::styled(label, self.theme.title),
            Span::styled(format!(" ply {} ", node.ply()), self.theme.dim),
            Span::styled(format!("{}{}", paint.fill, paint.suffix), paint.style),
            Span::styled(
                format!(" {} nodes", fmt::count(u64::from(size))),
                self.theme.text,
            ),
            Span::styled(share, self.theme.dim),
        ])
    }

    /// The line under the bands: what the fills mean in the current colouring.
    fn legend(&self, capped: bool) -> Line<'static> {
        let theme = self.theme;
        let mut spans: Vec<Span<'static>> = match self.colouring {
            Colouring::NodeType => [
                ('█', "PV", theme.pv),
                ('▓', "CUT", theme.cutoff),
                ('▒', "ALL", theme.node_type),
                ('░', "Q", theme.quiescence),
            ]
            .into_iter()
            .map(|(fill, name, style)| Span::styled(format!("{fill} {name}  "), style))
            .collect(),
            Colouring::Source => {
                let stats = self.session.cursor.scan().stats();
                let sources = &self.session.header().sources;
                let cut = sources.rows().iter().map(|r| MoveSource::from_code(r.code));
                let mut spans: Vec<Span<'static>> = vec![Span::styled("✂ ", theme.cutoff)];
                for source in cut.filter(|&s| stats.cutoffs_by(s) > 0) {
                    let (fill, style) = self.source_paint(source);
                    let label = sources.label(source);
                    spans.push(Span::styled(format!("{fill} {label}  "), style));
                }
                spans.push(Span::styled("░ no cutoff  ", theme.dim));
                spans
            }
        };
        spans.push(Span::styled(
            format!("{OPEN} open  {NARROW} narrow"),
            theme.dim,
        ));
        if capped {
            spans.push(Span::styled(
                "  (too many children: some merged)",
                theme.error,
            ));
        }
        Line::from(spans)
    }
}

/// A block's cells: a gap, the first of `labels` that fits whole, a gap, then the fill (a
/// one-cell block is its fill; a label that does not fit is left out, not cut into a
/// misleading fragment).
fn block_text(block: &Block, labels: &[&str], fill: char) -> String {
    let width = usize::from(block.width);
    if width < 2 {
        return fill.to_string().repeat(width);
    }
    let label = labels
        .iter()
        .find(|l| l.chars().count() < width)
        .map_or("", |l| l);
    match width - 1 - label.chars().count() {
        rest if label.is_empty() => format!(" {}", fill.to_string().repeat(rest)),
        0 => format!(" {label}"),
        rest => format!(" {label} {}", fill.to_string().repeat(rest - 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_a_gap_a_label_that_fits_and_its_fill() {
        let block = |width| Block {
            node: Some(0),
            x: 0,
            width,
        };
        let labels = ["…Nf6 ✂K1", "…Nf6"];
        assert_eq!(block_text(&block(12), &labels, 'K'), " …Nf6 ✂K1 KK");
        assert_eq!(block_text(&block(8), &labels, '▓'), " …Nf6 ▓▓");
        assert_eq!(block_text(&block(6), &labels, '▓'), " …Nf6 ");
        assert_eq!(
            block_text(&block(4), &labels, '▓'),
            " ▓▓▓",
            "no fragment of a label"
        );
        assert_eq!(block_text(&block(2), &labels, '▓'), " ▓");
        assert_eq!(block_text(&block(1), &labels, '▓'), "▓");
    }
}
