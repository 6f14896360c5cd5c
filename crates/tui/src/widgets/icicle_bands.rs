//! Icicle bands on a terminal, for the charts view's icicle and the compare view's pair of
//! icicles alike: each laid-out block filled with the character and style of its `Shade` (the
//! source's initial in monochrome when colouring by source), labelled with its move where the
//! label fits, and the legend of what the fills mean.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::theme::Theme;
use killerscope_chess::Notation;
use killerscope_chess::Position;
use killerscope_explorer::{charts::Colouring, charts::Shade};
use killerscope_explorer::{charts::icicle::Block, charts::icicle::Layout};
use killerscope_log::MoveSource;
use killerscope_log::SourceTable;
use killerscope_trace::line::node_label_known;
use killerscope_trace::{Node, NodeId, SearchTree};

/// Fill of a block whose node is still open at the cursor.
pub const OPEN: char = '~';
/// Fill of a run of blocks narrower than a cell.
pub const NARROW: char = '·';

/// What a block looks like: its fill character, its style and what follows the move in its
/// label (the cutoff's source when colouring by source).
pub struct Paint {
    /// The fill character.
    pub fill: char,
    /// The style.
    pub style: Style,
    /// Written after the move in the label (` ✂K1`), or empty.
    pub suffix: String,
}

/// What drawing bands reads: one search's tree and source table, and how to draw it.
pub struct Painter<'a> {
    /// The search's tree.
    pub tree: &'a SearchTree,
    /// Its log's source table (labels and colour hints).
    pub sources: &'a SourceTable,
    /// Colours.
    pub theme: &'a Theme,
    /// How moves are written.
    pub notation: Notation,
    /// Node type or cutoff source.
    pub colouring: Colouring,
    /// The timeline position: nodes not exited before it are drawn as open.
    pub at: usize,
}

impl Painter<'_> {
    /// Draws every band of `layout` (band `i` on row `layout.area.y + i`), labelling the blocks
    /// wide enough with their move: positions are carried down band by band from `before_root`,
    /// the position before the root's move, so a frame replays one move per block. Where the
    /// line has no chess position (`None`: below a pseudo-legal engine's illegal try) the moves
    /// are in coordinates.
    pub fn draw_bands(
        &self,
        buf: &mut Buffer,
        layout: &Layout,
        selected: Option<NodeId>,
        before_root: Option<&Position>,
    ) {
        let area = layout.area;
        let mut above: HashMap<NodeId, Option<Position>> = HashMap::new();
        for (y, band) in (area.y..).zip(&layout.bands) {
            let mut here = HashMap::new();
            for block in band {
                let Some((id, node)) = block.node.and_then(|id| Some((id, self.tree.node(id)?)))
                else {
                    let text = NARROW.to_string().repeat(usize::from(block.width));
                    buf.set_string(area.x + block.x, y, text, self.theme.dim);
                    continue;
                };
                let before = match node.parent().filter(|_| id != layout.root) {
                    Some(parent) => above.get(&parent).and_then(Option::as_ref),
                    None => before_root,
                };
                let (label, after) = node_label_known(before, node, self.notation);
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
    pub fn paint(&self, node: Node) -> Paint {
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
                Paint {
                    fill,
                    style,
                    suffix: format!(" ✂{}", self.sources.label(source)),
                }
            }
            Shade::NoCutoff => plain('░', theme.dim),
        }
    }

    /// The fill and style of a block cut off by a move from `source`: `▓` in the source's
    /// colour, or in monochrome the first letter of its label.
    fn source_paint(&self, source: MoveSource) -> (char, Style) {
        let style = self.theme.source_style(self.sources.colour(source));
        let fill = if self.theme.mono {
            self.sources.label(source).chars().next().unwrap_or('▓')
        } else {
            '▓'
        };
        (fill, style)
    }

    /// The line under the bands: what the fills mean in the current colouring (by source: the
    /// sources `cut` says made a cutoff).
    pub fn legend(&self, cut: impl Fn(MoveSource) -> bool, capped: bool) -> Line<'static> {
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
                let named = self
                    .sources
                    .rows()
                    .iter()
                    .map(|r| MoveSource::from_code(r.code));
                let mut spans: Vec<Span<'static>> = vec![Span::styled("✂ ", theme.cutoff)];
                for source in named.filter(|&s| cut(s)) {
                    let (fill, style) = self.source_paint(source);
                    let label = self.sources.label(source);
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
pub fn block_text(block: &Block, labels: &[&str], fill: char) -> String {
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
