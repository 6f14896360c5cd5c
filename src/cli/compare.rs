//! `killerscope compare`, the move-ordering lab: search positions — one FEN, an EPD file or the
//! bundled classroom library — to the same depth under any number of ordering configurations
//! and tabulate what each costs: nodes, time, first-move cutoff rate and cutoffs by the source
//! that ordered the cutting move, with totals and the geometric mean of each configuration's
//! node ratio to the first. How a class measures what a heuristic buys.

mod columns;
mod grid;
mod lab;
mod ladder;
mod ladder_svg;
mod output;
mod svg;
mod techniques;

use super::CliError;
use super::grammar::{self, TableFormat};
use super::jobs::{Jobs, Progress};
use super::plot::SvgOutput;
use clap::Args;
use grid::Grid;
use killerscope_chess::START_FEN;
use killerscope_engine::SelectiveConfig;
use killerscope_text::printable;
use lab::{Column, Named};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `killerscope compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// One position to search (default: the start position).
    #[arg(long, conflicts_with_all = ["epd", "library"])]
    fen: Option<String>,
    /// A file of positions, one EPD or FEN per line, named by their `id "…"` operation.
    #[arg(long, conflicts_with = "library")]
    epd: Option<PathBuf>,
    /// Every position of the bundled classroom library (the explorer's `o` list), each named
    /// by its id.
    #[arg(long)]
    library: bool,
    /// Search depth in plies.
    #[arg(short = 'd', long, value_name = "PLIES",
          value_parser = grammar::depth(grammar::MAX_SEARCH_DEPTH))]
    depth: u8,
    /// A configuration column, e.g. "killers=0" or "fast:countermove=on,lmr=on" (repeat for
    /// each column; default "killers=0" and "killers=2").
    ///
    /// Ordering and selective-search switches ("" is the default), named for the tables and the
    /// slide by a "NAME:" prefix ("killers only:history=off") or else by a generated name
    /// ("killers only"); the first column is the base of every ratio.
    #[arg(long = "config", value_name = "[NAME:]CONFIG")]
    configs: Vec<String>,
    /// One row per selective-search technique instead (all, or a LIST such as "nmp,lmr").
    ///
    /// Every column is searched full width, with each technique alone and with all of them —
    /// nodes saved and ratios to the first column. A comma-separated LIST of aspiration, nmp,
    /// lmr, futility, mdp, all keeps only those rows (and the full-width one).
    #[arg(long, value_name = "LIST", num_args = 0..=1, default_missing_value = "")]
    techniques: Option<String>,
    /// The ordering ladder instead: worst order to the oracle's, beside the Knuth–Moore count.
    ///
    /// Every position is searched under the worst order, a random one, generation order,
    /// MVV-LVA, + killers, + history, + TT and the oracle's, beside the Knuth–Moore count of
    /// the minimal tree for its mean branching factor.
    #[arg(long, conflicts_with_all = ["techniques", "configs"])]
    ladder: bool,
    /// The seed of the ladder's random order.
    #[arg(long, default_value_t = 1, requires = "ladder")]
    seed: u64,
    /// Only these rungs of the ladder, comma-separated (default: all).
    ///
    /// Rungs: worst, random, generation, mvv-lva, killers, history, tt, oracle-no-tt, oracle
    /// (the worst order's tree grows fastest).
    #[arg(long, value_name = "LIST", requires = "ladder")]
    rungs: Option<String>,
    /// Transposition table size in MiB (each search starts with an empty table).
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    #[command(flatten)]
    format: grammar::Tables,
    /// Also draw the comparison as an SVG picture for a slide into this file (`-`: stdout).
    ///
    /// With `-` the picture is printed in place of the tables. One position: nodes per ply per
    /// configuration; several: nodes relative to the first configuration per position (and
    /// their geometric mean); with --ladder, the ladder of one position.
    #[arg(
        short = 'o',
        long = "output",
        alias = "svg",
        value_name = "OUT.svg",
        conflicts_with = "techniques"
    )]
    output: Option<PathBuf>,
    /// The picture's title, in place of the generated one (`Nodes per ply of killer-puzzle`).
    #[arg(long, value_name = "TEXT", requires = "output", value_parser = super::plot::slide_title)]
    title: Option<String>,
    #[command(flatten)]
    jobs: Jobs,
}

/// Runs the command.
pub fn run(args: &CompareArgs) -> Result<(), CliError> {
    let format = args.format.format();
    let svg_to_stdout = args.output.as_ref().is_some_and(|p| p.as_os_str() == "-");
    if svg_to_stdout && format != TableFormat::Text {
        return Err(CliError::new(
            "compare: -o - writes the picture to stdout: name a file for it to keep --format csv or json",
        ));
    }
    let positions = positions(args)?;
    let hash_mib = usize::try_from(args.hash).unwrap_or(usize::MAX);
    if args.ladder {
        return ladder::run(args, &positions, hash_mib);
    }
    let columns = columns::columns(&args.configs)?;
    if let Some(list) = &args.techniques {
        return run_techniques(args, list, &columns, &positions, hash_mib);
    }
    let picture = args.output.as_deref().map(SvgOutput::open).transpose()?;
    let grid = Grid {
        depth: args.depth,
        hash_mib,
        per_ply: picture.is_some() && positions.len() == 1,
    };
    let progress = progress(positions.len() * columns.len());
    let mut costs = args
        .jobs
        .run(|| grid::measure(&[None], &columns, &positions, grid, &progress))?;
    progress.clear();
    let costs = costs.pop().unwrap_or_default();
    let summary = lab::summarize(&costs, columns.len());
    let sources = lab::used_sources(&columns);
    let report = output::Lab {
        depth: args.depth,
        hash_mib,
        positions: &positions,
        columns: &columns,
        costs: &costs,
        summary: &summary,
        sources: &sources,
    };
    if let Some(output) = picture {
        let drawn = svg::svg(&report, args.title.as_deref())
            .map_err(|e| CliError::new(format!("compare -o: {e}")))?;
        output.write(&drawn)?;
        if svg_to_stdout {
            return Ok(());
        }
    }
    let mut out = std::io::stdout().lock();
    match format {
        TableFormat::Csv => output::csv(&mut out, &report)?,
        TableFormat::Json => output::json(&mut out, &report)?,
        TableFormat::Text => output::markdown(&mut out, &report)?,
    }
    out.flush()?;
    Ok(())
}

/// `--techniques`: the rows `list` names (all when empty), each searched under every column.
fn run_techniques(
    args: &CompareArgs,
    list: &str,
    columns: &[Column],
    positions: &[Named],
    hash_mib: usize,
) -> Result<(), CliError> {
    if let Some((i, column)) = columns.iter().enumerate().find(|(_, c)| c.selective.any()) {
        return Err(CliError::new(format!(
            "--techniques chooses the selective switches itself; --config (column {}, \"{}\": {}) \
             sets some",
            i + 1,
            column.label,
            column.switches
        )));
    }
    let rows = techniques::chosen(list)?;
    let progress = progress(rows.len() * positions.len() * columns.len());
    let grid = Grid {
        depth: args.depth,
        hash_mib,
        per_ply: false,
    };
    let selective: Vec<Option<SelectiveConfig>> = rows.iter().map(|r| Some(r.selective)).collect();
    let costs = args
        .jobs
        .run(|| grid::measure(&selective, columns, positions, grid, &progress))?;
    progress.clear();
    let results: Vec<techniques::TechniqueResult> = rows
        .iter()
        .zip(costs)
        .map(|(row, costs)| techniques::TechniqueResult::new(row, costs, columns.len()))
        .collect();
    let labels: Vec<String> = columns.iter().map(|c| c.label.clone()).collect();
    let mut out = std::io::stdout().lock();
    match args.format.format() {
        TableFormat::Csv => techniques::csv(&mut out, &labels, &results)?,
        TableFormat::Json => techniques::json(&mut out, &labels, &results, args.depth)?,
        TableFormat::Text => {
            techniques::markdown(&mut out, &labels, &results, args.depth, positions.len())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// A bar on stderr for runs of more than a couple of searches, hidden when stderr is not a
/// terminal (a pipe, a file, a test) so that nothing but the report is ever written.
fn progress(searches: usize) -> Progress {
    Progress::new(searches, 3, "searches")
}

fn positions(args: &CompareArgs) -> Result<Vec<Named>, CliError> {
    if args.library {
        return killerscope_explorer::library::embedded()
            .into_iter()
            .map(|entry| {
                let shown = format!("library position {}", printable(&entry.id));
                let pos = super::fen::read_position(&entry.fen, &shown).map_err(|e| {
                    CliError::new(format!("library position {}: {e}", printable(&entry.id)))
                })?;
                let name = printable(&entry.id).into_owned();
                Ok(Named { name, pos })
            })
            .collect();
    }
    if let Some(path) = &args.epd {
        let text = killerscope_log::files::read_text(path, killerscope_chess::epd::MAX_FILE_BYTES)
            .map_err(|e| CliError::new(format!("EPD file {}: {e}", path.display())))?;
        let list = parse_epd(&text)
            .map_err(|(line, why)| CliError::new(format!("{}:{line}: {why}", path.display())))?;
        if list.is_empty() {
            return Err(CliError::new(format!("{}: no positions", path.display())));
        }
        return Ok(list);
    }
    let fen = args.fen.as_deref().unwrap_or(START_FEN);
    let pos = super::fen::read_position(fen, "--fen")?;
    let name = crate::plot::position::name(&pos.to_fen());
    Ok(vec![Named { name, pos }])
}

/// Reads EPD or plain FEN lines with the shared parser ([`killerscope_chess::epd`]); a position
/// without an `id` is named by its place in the list. Errors carry the 1-based line number.
fn parse_epd(text: &str) -> Result<Vec<Named>, (usize, String)> {
    let records = killerscope_chess::epd::parse(text).map_err(|e| (e.line, e.message))?;
    let mut list = Vec::with_capacity(records.len());
    for record in records {
        let pos = super::fen::read_position(&record.fen, &format!("EPD line {}", record.line))
            .map_err(|e| (record.line, e.to_string()))?;
        // An id is the file's text: shown escaped, in the table as in CSV. Without one, a
        // position the class knows by name (the start, a library position) is called so.
        let known = || {
            let name = crate::plot::position::name(&record.fen);
            (name != crate::plot::position::short_fen(&record.fen)).then_some(name)
        };
        let name = match record.id {
            Some(id) => printable(&id).into_owned(),
            None => known().unwrap_or_else(|| format!("#{}", list.len() + 1)),
        };
        list.push(Named { name, pos });
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_with_and_without_counters() {
        let text = "# comment\n\n6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - id \"puzzle\"; c0 \"x; y\";\n\
                    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                    8/8/8/4k3/8/8/3QK3/8 w - -\n";
        let list = parse_epd(text).expect("valid EPD");
        assert_eq!(list.len(), 3);
        assert_eq!(
            list[0].name, "puzzle",
            "the file's id, though the board is the library's"
        );
        assert_eq!(list[1].name, "start position");
        assert_eq!(list[1].pos.to_fen(), START_FEN);
        assert_eq!(list[2].name, "#3", "no id, no name: its place in the list");
    }

    #[test]
    fn epd_errors_carry_the_line_number() {
        let err = parse_epd("\n8/8/8 w - -\n").err().expect("bad line");
        assert_eq!(err.0, 2);
        let err = parse_epd("8/8/8/8/8/8/8/8 w - - id \"none\";")
            .err()
            .expect("no kings");
        assert_eq!(err.0, 1);
    }

    #[test]
    fn ids_from_the_file_are_named_escaped() {
        let list =
            parse_epd("8/8/8/4k3/8/8/4P3/4K3 w - - id \"\u{1b}[2J\u{202e}\";").expect("valid");
        assert_eq!(list[0].name, "\\u{1b}[2J\\u{202e}");
    }
}
