//! Pictures for slides: the explorer's five charts of a recorded search (`log plot`) and the
//! lab's comparison (`compare --svg`) as SVG documents, drawn with plotters' SVG backend.
//!
//! The numbers are the explorer's own — the charts' fold (`explorer::charts::data`), the icicle's
//! layout (`explorer::charts::icicle`), the cutoff statistics — and the charts are named by the
//! explorer's `ChartKind`, so a slide shows what the class saw on screen, under the same name.
//! That makes this module a reader of `tui`'s chart data; only `cli` calls it.
//!
//! A slide is read from the back of a room: every heading line and legend entry is measured
//! (`measure`) and wraps or is shortened rather than running off the page (`heading`), a
//! position is named rather than written as a FEN (`position`), a configuration by its
//! generated or given name (`search::config::name`), and every colour is declared once, safe
//! for colour-blind viewers (`palette`).

pub mod bars;
pub mod canvas;
pub mod heading;
mod icicle;
mod log;
pub mod measure;
pub mod palette;
pub mod position;

use killerscope_explorer::{charts::ChartKind, charts::Colouring};
use killerscope_log::EventLog;
use killerscope_text::message_error;
use killerscope_trace::NodeId;

message_error! {
    /// Why a picture could not be drawn.
    pub struct PlotError(String);
}

impl PlotError {
    /// An error with a message for the user.
    pub fn new(message: impl Into<String>) -> PlotError {
        PlotError(message.into())
    }
}

/// What to draw of a log besides the chart: the slide's own title, the icicle's colouring and
/// root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The page's title in place of the generated one (which states the chart's totals), for
    /// a slide that says what the class should see.
    pub title: Option<String>,
    /// The icicle's colouring (node type or cutoff source).
    pub colouring: Colouring,
    /// The icicle's root (default: the last iteration's root, as the explorer shows it).
    pub node: Option<NodeId>,
}

impl Options {
    /// The title a page shows: the one asked for, else `generated`.
    fn title(&self, generated: String) -> String {
        self.title.clone().unwrap_or(generated)
    }
}

/// The SVG document of chart `kind` over the whole of `log`.
pub fn chart(log: &EventLog, kind: ChartKind, options: &Options) -> Result<String, PlotError> {
    match kind {
        ChartKind::Plies => log::plies(log, options),
        ChartKind::Ranks => log::ranks(log, options),
        ChartKind::Sources => log::sources(log, options),
        ChartKind::Ebf => log::ebf(log, options),
        ChartKind::Icicle => icicle::draw(log, options),
    }
}
