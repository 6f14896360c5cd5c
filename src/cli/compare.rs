//! `killerscope compare`: run several ordering configurations on the same positions to the same
//! depth and tabulate what each costs — nodes, time, cutoffs, first-move cutoff rate, killer
//! cutoffs — with totals and each configuration's node ratio to the first. How a class sees what
//! killers buy.

use super::CliError;
use crate::chess::{Position, START_FEN};
use crate::search::stats::percent;
use crate::search::{CutoffStats, Limits, OrderingConfig, SearchConfig, Searcher};
use crate::text::{printable, quote};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `killerscope compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// One position to search (default: the start position).
    #[arg(long, conflicts_with = "epd")]
    fen: Option<String>,
    /// A file of positions, one EPD or FEN per line, named by their `id "…"` operation.
    #[arg(long)]
    epd: Option<PathBuf>,
    /// Depth every search goes to.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=100))]
    depth: u8,
    /// An ordering configuration such as "killers=0" or "killers=2,history=off"; repeat the
    /// option for each column of the comparison (default: "killers=0" and "killers=2").
    #[arg(long = "config", value_name = "CONFIG")]
    configs: Vec<String>,
    /// Transposition table size in MiB (each search starts with an empty table).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// Print CSV instead of a markdown table.
    #[arg(long)]
    csv: bool,
}

/// A position to compare on, with the name it is shown under.
struct Named {
    name: String,
    pos: Position,
}

/// What one configuration cost on one position.
#[derive(Clone, Copy, Default)]
struct Cost {
    nodes: u64,
    qnodes: u64,
    time: Duration,
    cutoffs: u64,
    first_move_cutoffs: u64,
    killer_cutoffs: u64,
}

impl Cost {
    fn add(&mut self, other: &Cost) {
        self.nodes += other.nodes;
        self.qnodes += other.qnodes;
        self.time += other.time;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.killer_cutoffs += other.killer_cutoffs;
    }
}

/// Runs the command.
pub fn run(args: &CompareArgs) -> Result<(), CliError> {
    let labels: Vec<String> = if args.configs.is_empty() {
        vec!["killers=0".into(), "killers=2".into()]
    } else {
        args.configs.clone()
    };
    let configs = labels
        .iter()
        .map(|text| {
            text.parse::<OrderingConfig>()
                .map_err(|e| CliError::new(format!("--config \"{}\": {e}", quote(text))))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let positions = positions(args)?;
    let hash_mib = usize::try_from(args.hash).unwrap_or(usize::MAX);
    let costs: Vec<Vec<Cost>> = positions
        .iter()
        .map(|named| {
            configs
                .iter()
                .map(|&ordering| {
                    let config = SearchConfig {
                        ordering,
                        hash_mib,
                        ..SearchConfig::default()
                    };
                    measure(&named.pos, config, args.depth)
                })
                .collect()
        })
        .collect();
    let labels: Vec<String> = labels
        .iter()
        .map(|l| {
            if l.trim().is_empty() {
                "default".into()
            } else {
                printable(l).into_owned()
            }
        })
        .collect();
    let mut out = std::io::stdout().lock();
    if args.csv {
        write_csv(&mut out, &positions, &labels, &costs)?;
    } else {
        write_markdown(&mut out, &positions, &labels, &costs, args.depth)?;
    }
    out.flush()?;
    Ok(())
}

fn measure(pos: &Position, config: SearchConfig, depth: u8) -> Cost {
    let mut searcher = Searcher::new(config);
    let mut stats = CutoffStats::new();
    let report = searcher.search(
        pos,
        &[],
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut stats,
        &mut |_| {},
    );
    Cost {
        nodes: report.nodes,
        qnodes: report.qnodes,
        time: report.elapsed,
        cutoffs: stats.cutoffs,
        first_move_cutoffs: stats.by_rank[0],
        killer_cutoffs: stats.killer_cutoffs_total(),
    }
}

fn positions(args: &CompareArgs) -> Result<Vec<Named>, CliError> {
    if let Some(path) = &args.epd {
        let text = crate::files::read_text(path, crate::chess::epd::MAX_FILE_BYTES)
            .map_err(|e| CliError::new(format!("EPD file {}: {e}", path.display())))?;
        let list = parse_epd(&text)
            .map_err(|(line, why)| CliError::new(format!("{}:{line}: {why}", path.display())))?;
        if list.is_empty() {
            return Err(CliError::new(format!("{}: no positions", path.display())));
        }
        return Ok(list);
    }
    let fen = args.fen.as_deref().unwrap_or(START_FEN);
    let pos = Position::from_fen(fen)?;
    let name = if fen == START_FEN {
        "startpos".into()
    } else {
        pos.to_fen()
    };
    Ok(vec![Named { name, pos }])
}

/// Reads EPD or plain FEN lines with the shared parser ([`crate::chess::epd`]); a position
/// without an `id` is named by its place in the list. Errors carry the 1-based line number.
fn parse_epd(text: &str) -> Result<Vec<Named>, (usize, String)> {
    let records = crate::chess::epd::parse(text).map_err(|e| (e.line, e.message))?;
    let mut list = Vec::with_capacity(records.len());
    for record in records {
        let pos = Position::from_fen(&record.fen).map_err(|e| (record.line, e.to_string()))?;
        // An id is the file's text: shown escaped, in the table as in CSV.
        let name = match record.id {
            Some(id) => printable(&id).into_owned(),
            None => format!("#{}", list.len() + 1),
        };
        list.push(Named { name, pos });
    }
    Ok(list)
}

fn ratio(nodes: u64, base: u64) -> String {
    if base == 0 {
        "-".into()
    } else {
        format!("{:.3}", nodes as f64 / base as f64)
    }
}

fn totals(costs: &[Vec<Cost>], configs: usize) -> Vec<Cost> {
    let mut sums = vec![Cost::default(); configs];
    for row in costs {
        for (sum, cost) in sums.iter_mut().zip(row) {
            sum.add(cost);
        }
    }
    sums
}

fn write_markdown(
    out: &mut impl Write,
    positions: &[Named],
    labels: &[String],
    costs: &[Vec<Cost>],
    depth: u8,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Depth {depth}; node ratio relative to `{}`.",
        labels[0]
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "| position | config | nodes | ratio | time ms | cutoffs | first-move cutoffs | killer cutoffs |"
    )?;
    writeln!(
        out,
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    )?;
    let row = |out: &mut dyn Write, name: &str, label: &str, c: &Cost, base: u64| {
        writeln!(
            out,
            "| {name} | {label} | {} | {} | {} | {} | {} | {} |",
            c.nodes,
            ratio(c.nodes, base),
            c.time.as_millis(),
            c.cutoffs,
            percent(c.first_move_cutoffs, c.cutoffs),
            c.killer_cutoffs
        )
    };
    for (named, costs) in positions.iter().zip(costs) {
        for (label, cost) in labels.iter().zip(costs) {
            row(out, &named.name, label, cost, costs[0].nodes)?;
        }
    }
    let sums = totals(costs, labels.len());
    for (label, cost) in labels.iter().zip(&sums) {
        row(out, "**total**", label, cost, sums[0].nodes)?;
    }
    Ok(())
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn write_csv(
    out: &mut impl Write,
    positions: &[Named],
    labels: &[String],
    costs: &[Vec<Cost>],
) -> std::io::Result<()> {
    writeln!(
        out,
        "position,config,nodes,qnodes,nodes_ratio,time_ms,cutoffs,first_move_cutoff_rate,killer_cutoffs"
    )?;
    let row = |out: &mut dyn Write, name: &str, label: &str, c: &Cost, base: u64| {
        let rate = if c.cutoffs == 0 {
            0.0
        } else {
            c.first_move_cutoffs as f64 / c.cutoffs as f64
        };
        writeln!(
            out,
            "{},{},{},{},{},{},{},{:.4},{}",
            csv_field(name),
            csv_field(label),
            c.nodes,
            c.qnodes,
            ratio(c.nodes, base),
            c.time.as_millis(),
            c.cutoffs,
            rate,
            c.killer_cutoffs
        )
    };
    for (named, costs) in positions.iter().zip(costs) {
        for (label, cost) in labels.iter().zip(costs) {
            row(out, &named.name, label, cost, costs[0].nodes)?;
        }
    }
    let sums = totals(costs, labels.len());
    for (label, cost) in labels.iter().zip(&sums) {
        row(out, "TOTAL", label, cost, sums[0].nodes)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_with_and_without_counters() {
        let text = "# comment\n\n6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - id \"puzzle\"; c0 \"x; y\";\n\
                    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
        let list = parse_epd(text).expect("valid EPD");
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].name, "puzzle");
        assert_eq!(list[1].name, "#2");
        assert_eq!(list[1].pos.to_fen(), START_FEN);
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

    #[test]
    fn csv_quotes_commas() {
        assert_eq!(
            csv_field("killers=2,history=off"),
            "\"killers=2,history=off\""
        );
        assert_eq!(csv_field("killers=0"), "killers=0");
    }
}
