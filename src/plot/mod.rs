//! Pictures for slides: the explorer's five charts of a recorded search (`log plot`) and the
//! lab's comparison (`compare --svg`) as SVG documents, drawn with plotters' SVG backend.
//!
//! The numbers are the explorer's own — the charts' fold (`explorer::charts::data`), the icicle's
//! layout (`explorer::charts::icicle`), the cutoff statistics — and the charts are named by the
//! explorer's `ChartKind`, so a slide shows what the class saw on screen, under the same name.
//! That makes this module a reader of `tui`'s chart data; only `cli` calls it.

pub mod bars;
pub mod canvas;
mod icicle;
mod log;

use std::fmt;

use crate::explorer::charts::{ChartKind, Colouring};
use crate::trace::{EventLog, NodeId};

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(String);

impl PlotError {
    /// An error with a message for the user.
    pub fn new(message: impl Into<String>) -> PlotError {
        PlotError(message.into())
    }
}

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlotError {}

/// What to draw of a log besides the chart: the icicle's colouring and root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The icicle's colouring (node type or cutoff source).
    pub colouring: Colouring,
    /// The icicle's root (default: the last iteration's root, as the explorer shows it).
    pub node: Option<NodeId>,
}

/// The SVG document of chart `kind` over the whole of `log`.
pub fn chart(log: &EventLog, kind: ChartKind, options: Options) -> Result<String, PlotError> {
    match kind {
        ChartKind::Plies => log::plies(log),
        ChartKind::Ranks => log::ranks(log),
        ChartKind::Sources => log::sources(log),
        ChartKind::Ebf => log::ebf(log),
        ChartKind::Icicle => icicle::draw(log, options),
    }
}
