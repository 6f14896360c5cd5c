//! The icicle of a log as a slide: the explorer's layout (`explorer::charts::icicle`) at a pixel
//! per cell, one band per ply below the root, each node a block as wide as its subtree, shaded
//! like the explorer's blocks (`Shade`) and labelled with its move where the label fits.

use std::collections::HashMap;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::canvas::{self, Area, fail};
use super::palette;
use super::{Options, PlotError};
use killerscope_chess::Notation;
use killerscope_chess::Position;
use killerscope_engine::fmt;
use killerscope_explorer::{charts::Colouring, charts::Shade};
use killerscope_explorer::{charts::icicle, charts::icicle::Layout};
use killerscope_log::{EventLog, SourceTable};
use killerscope_trace::line::node_label_known;
use killerscope_trace::{NodeId, SearchTree};

/// Most bands drawn: deeper plies are left out.
const MAX_BANDS: usize = 40;
/// Tallest band, in pixels.
const MAX_BAND: i32 = 56;
/// Width of the ply labels left of the bands.
const GUTTER: i32 = 64;
/// Average width of a label character at the labels' size, to decide whether one fits.
const CHAR: f64 = 13.2;

/// The icicle below `options.node` (default: the last iteration's root).
pub fn draw(log: &EventLog, options: &Options) -> Result<String, PlotError> {
    let tree = SearchTree::build(log.events());
    let known = u32::try_from(tree.len()).unwrap_or(u32::MAX);
    let root = match options.node {
        Some(id) if id < known => id,
        Some(id) => {
            return Err(PlotError::new(format!(
                "no node {id}: the log has {} nodes, ids 0..{}",
                tree.len(),
                tree.len()
            )));
        }
        None => *tree
            .roots()
            .last()
            .ok_or_else(|| PlotError::new("the log holds no nodes: nothing to draw"))?,
    };
    let start = Position::from_fen(&log.header().fen).ok();
    let before = start.as_ref().and_then(|s| position_before(&tree, s, root));
    let node = tree
        .node(root)
        .ok_or_else(|| PlotError::new("no such node"))?;
    let name = match &before {
        _ if node.mv().is_null() => format!("the depth-{} iteration", node.depth()),
        Some(b) => {
            let (label, _) = node_label_known(Some(b), node, Notation::San);
            format!("{label} (node {root}, ply {})", node.ply())
        }
        None => format!("{} (node {root}, ply {})", node.mv(), node.ply()),
    };
    let colouring = match options.colouring {
        Colouring::NodeType => "coloured by node type",
        Colouring::Source => "coloured by the source of each cutoff",
    };
    let title = options.title(format!(
        "Icicle of {name}: {} nodes, {colouring}",
        fmt::grouped(u64::from(icicle::size(&tree, root, known)))
    ));
    let icicle = Icicle {
        tree: &tree,
        sources: &log.header().sources,
        colouring: options.colouring,
        at: log.len(),
    };
    canvas::page(|page| {
        let body = super::log::heading(log, title).draw(page)?;
        let (w, h) = body.dim_in_pixel();
        let width = u16::try_from(w.saturating_sub(GUTTER as u32 + 8)).unwrap_or(u16::MAX);
        let layout = icicle::layout(&tree, root, known, width, MAX_BANDS);
        let bands = i32::try_from(layout.bands.len().max(1)).unwrap_or(1);
        let band = ((i32::try_from(h).unwrap_or(0) - 48) / bands).clamp(4, MAX_BAND);
        icicle.bands(&body, &layout, band, before)?;
        let used = icicle.legend_entries(&layout);
        let y = band * bands + 24;
        canvas::legend(
            &body,
            &used,
            (GUTTER, y),
            i32::try_from(w).unwrap_or(0) - GUTTER,
        )?;
        if layout.capped {
            let note = canvas::style(canvas::MIN_TEXT, palette::GREY, HPos::Left, VPos::Center);
            canvas::text(
                &body,
                "too many children: some were merged",
                (GUTTER, y + 22),
                &note,
            )?;
        }
        Ok(())
    })
}

/// The position before `id`'s move, replayed from the log's root.
fn position_before(tree: &SearchTree, start: &Position, id: NodeId) -> Option<Position> {
    killerscope_trace::line::position_before(tree, start, id)
}

/// What drawing the bands reads.
struct Icicle<'a> {
    tree: &'a SearchTree,
    sources: &'a SourceTable,
    colouring: Colouring,
    at: usize,
}

impl Icicle<'_> {
    /// Draws every band `band` pixels high, carrying positions down so each block's move is
    /// written in SAN (in coordinates where the line has no chess position; no labels without
    /// a root position).
    fn bands(
        &self,
        area: &Area,
        layout: &Layout,
        band: i32,
        before: Option<Position>,
    ) -> Result<(), PlotError> {
        let ply_style = canvas::style(canvas::MIN_TEXT, palette::GREY, HPos::Right, VPos::Center);
        let mut above: HashMap<NodeId, Option<Position>> = HashMap::new();
        let first_ply = self
            .tree
            .node(layout.root)
            .map_or(0, |n| i32::from(n.ply()));
        for (row, blocks) in (0i32..).zip(&layout.bands) {
            let y = row * band;
            let ply = format!("ply {}", first_ply + row);
            canvas::text(area, &ply, (GUTTER - 8, y + band / 2), &ply_style)?;
            let mut here = HashMap::new();
            for block in blocks {
                let x = GUTTER + i32::from(block.x);
                let corners = [(x, y), (x + i32::from(block.width), y + band - 1)];
                let Some((id, node)) = block.node.and_then(|id| Some((id, self.tree.node(id)?)))
                else {
                    area.draw(&Rectangle::new(corners, palette::NARROW.filled()))
                        .map_err(fail)?;
                    continue;
                };
                let shade = Shade::of(node, self.colouring, self.at);
                let (fill, _) = palette::shade(shade, self.sources);
                area.draw(&Rectangle::new(corners, fill.filled()))
                    .map_err(fail)?;
                if block.width >= 4 {
                    area.draw(&Rectangle::new(corners, WHITE.stroke_width(1)))
                        .map_err(fail)?;
                }
                if before.is_none() {
                    continue;
                }
                // Below a pseudo-legal engine's illegal try there is no position: coordinates.
                let start = match node.parent().filter(|_| id != layout.root) {
                    Some(parent) => above.get(&parent).cloned().flatten(),
                    None => before.clone(),
                };
                let (label, after) = node_label_known(start.as_ref(), node, Notation::San);
                here.insert(id, after);
                let full = match shade {
                    Shade::CutBy(source) => format!("{label} ✂{}", self.sources.label(source)),
                    _ => label.clone(),
                };
                let room = f64::from(block.width) - 6.0;
                let fits = |text: &&String| text.chars().count() as f64 * CHAR <= room;
                if let Some(label) = [&full, &label]
                    .into_iter()
                    .find(fits)
                    .filter(|_| band >= 14)
                {
                    let style = canvas::style(
                        canvas::MIN_TEXT,
                        palette::ink(fill),
                        HPos::Left,
                        VPos::Center,
                    );
                    canvas::text(area, label, (x + 4, y + band / 2), &style)?;
                }
            }
            above = here;
        }
        Ok(())
    }

    /// The legend: the shades some block on the page has, in a fixed order, then the merged
    /// slivers when there are any.
    fn legend_entries(&self, layout: &Layout) -> Vec<(RGBColor, String)> {
        let mut shades: Vec<Shade> = Vec::new();
        let mut narrow = false;
        for block in layout.bands.iter().flatten() {
            match block.node.and_then(|id| self.tree.node(id)) {
                Some(node) => {
                    let shade = Shade::of(node, self.colouring, self.at);
                    if !shades.contains(&shade) {
                        shades.push(shade);
                    }
                }
                None => narrow = true,
            }
        }
        shades.sort_by_key(|s| match s {
            Shade::Pv => 0,
            Shade::Cut => 1,
            Shade::All => 2,
            Shade::Quiescence => 3,
            Shade::CutBy(source) => 4 + u16::from(source.code()),
            Shade::NoCutoff => 500,
            Shade::Open => 501,
        });
        let mut out: Vec<(RGBColor, String)> = shades
            .into_iter()
            .map(|s| palette::shade(s, self.sources))
            .collect();
        if narrow {
            out.push((palette::NARROW, "narrower than a pixel".into()));
        }
        out
    }
}
