//! `killerscope log plot FILE --chart … -o out.svg`: the explorer's charts of a recorded search
//! as SVG for slides, and the one way every SVG this program makes (`compare --svg` too) reaches
//! a file or stdout. The chart and colouring names are the explorer's own (`ChartKind::key`,
//! `Colouring::name`), so the command line and the charts view speak one vocabulary.

use super::CliError;
use crate::{plot, plot::Options};
use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use killerscope_explorer::{charts::ChartKind, charts::Colouring};
use killerscope_log::EventLog;
use killerscope_trace::NodeId;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `--chart` takes the explorer's chart names (`nodes-per-ply`, `ranks`, …), listed in the help
/// with their titles.
fn chart_kind() -> impl TypedValueParser<Value = ChartKind> {
    let names = ChartKind::ALL.map(|c| PossibleValue::new(c.key()).help(c.title()));
    PossibleValuesParser::new(names).try_map(|key: String| {
        let found = ChartKind::ALL.into_iter().find(|c| c.key() == key);
        found.ok_or_else(|| format!("no chart is named {key}"))
    })
}

/// `--color-by` takes the explorer's colourings of the icicle (`node-type`, `source`).
fn colouring() -> impl TypedValueParser<Value = Colouring> {
    let names = Colouring::ALL.map(|c| PossibleValue::new(c.name()));
    PossibleValuesParser::new(names).try_map(|name: String| {
        let found = Colouring::ALL.into_iter().find(|c| c.name() == name);
        found.ok_or_else(|| format!("no colouring is named {name}"))
    })
}

/// Arguments of `killerscope log plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The .kslog file or JSON Lines trace.
    file: PathBuf,
    /// Which chart: the ones the explorer's charts view (`v`) cycles through.
    #[arg(long, value_parser = chart_kind())]
    chart: ChartKind,
    /// Where the SVG goes (`-` for stdout).
    #[arg(short = 'o', long = "output", value_name = "OUT.svg")]
    output: PathBuf,
    /// Icicle only: color the blocks by node type (PV, CUT, ALL, quiescence) or by the source
    /// of the move that cut each node off (default: node-type).
    #[arg(long = "color-by", alias = "colour", value_name = "COLORING", value_parser = colouring())]
    colour: Option<Colouring>,
    /// Icicle only: the node at the top (default: the last iteration's root).
    #[arg(long)]
    node: Option<NodeId>,
    /// The page's title, in place of the generated one (`Cutoffs by rank: 395 main-search
    /// cutoffs, …`), for a slide that says what the class should see.
    #[arg(long, value_name = "TEXT", value_parser = slide_title)]
    title: Option<String>,
    #[command(flatten)]
    reading: super::reading::Reading,
}

/// Runs `log plot` on an already loaded log.
pub fn run(args: &PlotArgs, log: &EventLog) -> Result<(), CliError> {
    if args.chart != ChartKind::Icicle && (args.colour.is_some() || args.node.is_some()) {
        return Err(CliError::new(
            "log plot: --colour and --node apply to --chart icicle only",
        ));
    }
    let options = Options {
        title: args.title.clone(),
        colouring: args.colour.unwrap_or_default(),
        node: args.node,
    };
    let svg = plot::chart(log, args.chart, &options)
        .map_err(|e| CliError::new(format!("log plot {}: {e}", args.file.display())))?;
    write_svg(&svg, &args.output)
}

/// Reads a `--title` (of `log plot` and `compare --svg`): any text but an empty one, which
/// would leave a slide without a heading; control characters are written escaped.
pub fn slide_title(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        return Err(
            "a slide's title cannot be empty (leave --title out for the generated one)".into(),
        );
    }
    Ok(text.to_string())
}

/// The file `log plot` reads.
pub fn file(args: &PlotArgs) -> &Path {
    &args.file
}

/// How a trace given to `log plot` is read.
pub fn reading(args: &PlotArgs) -> super::reading::Reading {
    args.reading
}

/// Writes `svg` to `path`, or to stdout for `-`.
pub fn write_svg(svg: &str, path: &Path) -> Result<(), CliError> {
    SvgOutput::open(path)?.write(svg)
}

/// Where an SVG goes, opened before the work that draws it when that work is long (a lab run
/// over the library), so a mistyped directory fails at once instead of after every search.
pub enum SvgOutput {
    /// `-`: standard output.
    Stdout,
    /// A file, created (or truncated) and named for messages.
    File(std::fs::File, PathBuf),
}

impl SvgOutput {
    /// Opens `path` (`-` for stdout) for writing.
    pub fn open(path: &Path) -> Result<SvgOutput, CliError> {
        if path.as_os_str() == "-" {
            return Ok(SvgOutput::Stdout);
        }
        std::fs::File::create(path)
            .map(|file| SvgOutput::File(file, path.to_path_buf()))
            .map_err(|e| CliError::new(format!("cannot write {}: {e}", path.display())))
    }

    /// Writes the document and flushes it.
    pub fn write(self, svg: &str) -> Result<(), CliError> {
        match self {
            SvgOutput::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(svg.as_bytes())?;
                Ok(out.flush()?)
            }
            SvgOutput::File(mut file, path) => file
                .write_all(svg.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| CliError::new(format!("cannot write {}: {e}", path.display()))),
        }
    }
}
