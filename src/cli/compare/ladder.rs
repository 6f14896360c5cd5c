//! `compare --ladder`: the limits of ordering, rung by rung. Each position is searched to the
//! depth under the worst order, a random one, generation order, MVV-LVA, then with killers,
//! history and the TT added, and under the oracle's order (`search::ladder`), beside the
//! Knuth–Moore count of the minimal tree for the position's mean branching factor: how much of
//! alpha-beta's promise each heuristic delivers. Markdown, CSV or JSON, and `--svg` for one
//! position's picture.

use super::CompareArgs;
use super::lab::{Named, geometric_mean};
use crate::cli::CliError;
use crate::cli::grammar::TableFormat;
use crate::cli::jobs::Progress;
use crate::cli::plot::SvgOutput;
use killerscope_analysis::table::{Align, Csv, Markdown};
use killerscope_chess::Position;
use killerscope_engine::ladder::{Ladder, Rung, Step, climb_all, rungs};
use killerscope_text::printable;
use serde_json::{Value, json};
use std::io::Write;

/// Climbs the ladder on every position, every rung of every position a search of its own on
/// the `--jobs` pool, and prints it.
pub fn run(args: &CompareArgs, positions: &[Named], hash_mib: usize) -> Result<(), CliError> {
    let picture = match &args.output {
        Some(_) if positions.len() != 1 => {
            return Err(CliError::new(
                "compare --ladder -o draws one position: give --fen or an EPD file of one line",
            ));
        }
        Some(path) => Some(SvgOutput::open(path)?),
        None => None,
    };
    let rungs = chosen_rungs(args)?;
    let progress = Progress::new(positions.len() * (rungs.len() + 1), 3, "searches");
    let watch = |step: Step<'_>| match step {
        Step::Counting(p) => progress.start(format!("{} · perft", positions[p].name)),
        Step::Counted(p) => progress.finish(&format!("{} · perft", positions[p].name)),
        Step::Started(p, rung) => progress.start(format!("{} · {}", positions[p].name, rung.name)),
        Step::Finished(p, rung) => {
            progress.finish(&format!("{} · {}", positions[p].name, rung.name));
        }
    };
    let boards: Vec<Position> = positions.iter().map(|n| n.pos.clone()).collect();
    let ladders = args
        .jobs
        .run(|| climb_all(&boards, args.depth, &rungs, hash_mib, &watch))?;
    progress.clear();
    if let Some(output) = picture {
        let drawn = super::ladder_svg::svg(&positions[0].name, &ladders[0], args.title.as_deref())
            .map_err(|e| CliError::new(format!("compare -o: {e}")))?;
        output.write(&drawn)?;
        if args.output.as_ref().is_some_and(|p| p.as_os_str() == "-") {
            return Ok(());
        }
    }
    let mut out = std::io::stdout().lock();
    match args.format.format() {
        TableFormat::Json => writeln!(out, "{}", json(positions, &ladders, args))?,
        TableFormat::Csv => csv(&mut out, positions, &ladders)?,
        TableFormat::Text => markdown(&mut out, positions, &ladders, args, hash_mib)?,
    }
    out.flush()?;
    Ok(())
}

/// The rungs `--rungs` names (all of them by default), in ladder order.
fn chosen_rungs(args: &CompareArgs) -> Result<Vec<Rung>, CliError> {
    let all = rungs(args.seed);
    let Some(list) = &args.rungs else {
        return Ok(all);
    };
    let wanted: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .collect();
    if let Some(unknown) = wanted.iter().find(|k| !all.iter().any(|r| r.key == **k)) {
        let keys: Vec<&str> = all.iter().map(|r| r.key).collect();
        return Err(CliError::new(format!(
            "--rungs: no rung \"{}\" (rungs: {})",
            printable(unknown),
            keys.join(", ")
        )));
    }
    Ok(all
        .into_iter()
        .filter(|r| wanted.contains(&r.key))
        .collect())
}

/// The rung's leaves over the Knuth–Moore count.
fn over_minimal(leaves: u64, ladder: &Ladder) -> f64 {
    leaves as f64 / ladder.knuth_moore
}

fn markdown(
    out: &mut impl Write,
    positions: &[Named],
    ladders: &[Ladder],
    args: &CompareArgs,
    hash_mib: usize,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Ordering ladder at depth {}, {hash_mib} MiB hash, random seed {} (every search from an \
         empty table). Leaves: the last iteration's horizon nodes, where Knuth and Moore count.",
        args.depth, args.seed
    )?;
    for (named, ladder) in positions.iter().zip(ladders) {
        let d = ladder.depth;
        writeln!(
            out,
            "\n### {}: b = {:.2}, Knuth–Moore b^{} + b^{} − 1 = {:.0} leaves\n",
            named.name,
            ladder.branching,
            d.div_ceil(2),
            d / 2,
            ladder.knuth_moore
        )?;
        let mut table = Markdown::new([
            ("rung", Align::Left),
            ("ordering", Align::Left),
            ("nodes", Align::Right),
            ("last iteration: main nodes", Align::Right),
            ("leaves", Align::Right),
            ("leaves ÷ Knuth–Moore", Align::Right),
        ]);
        for (rung, size) in &ladder.rungs {
            table.row([
                rung.name.to_string(),
                format!("`{}`", rung.ordering.changes()),
                size.nodes.to_string(),
                size.last_main.to_string(),
                size.leaves.to_string(),
                format!("{:.2}", over_minimal(size.leaves, ladder)),
            ]);
        }
        table.write(out)?;
    }
    let oracles: Vec<(&str, f64)> = ladders
        .iter()
        .filter_map(|l| {
            l.oracle()
                .map(|(rung, size)| (rung.name, over_minimal(size.leaves, l)))
        })
        .collect();
    if let Some(mean) = geometric_mean(oracles.iter().map(|&(_, f)| f)) {
        let name = oracles.first().map_or("oracle", |&(name, _)| name);
        writeln!(
            out,
            "\nThe {name} rung's leaves are {mean:.2}× the Knuth–Moore count (geometric mean \
             over {} position{}).",
            oracles.len(),
            if oracles.len() == 1 { "" } else { "s" }
        )?;
    }
    Ok(())
}

fn csv(out: &mut impl Write, positions: &[Named], ladders: &[Ladder]) -> std::io::Result<()> {
    let mut csv = Csv::new(out);
    csv.row([
        "position",
        "rung",
        "ordering",
        "nodes",
        "last_main",
        "leaves",
        "branching",
        "knuth_moore",
        "leaves_over_knuth_moore",
    ])?;
    for (named, ladder) in positions.iter().zip(ladders) {
        for (rung, size) in &ladder.rungs {
            csv.row([
                named.name.clone(),
                rung.name.to_string(),
                rung.ordering.changes(),
                size.nodes.to_string(),
                size.last_main.to_string(),
                size.leaves.to_string(),
                format!("{:.4}", ladder.branching),
                format!("{:.1}", ladder.knuth_moore),
                format!("{:.4}", over_minimal(size.leaves, ladder)),
            ])?;
        }
    }
    csv.flush()
}

fn json(positions: &[Named], ladders: &[Ladder], args: &CompareArgs) -> Value {
    let items: Vec<Value> = positions
        .iter()
        .zip(ladders)
        .map(|(named, ladder)| {
            let rungs: Vec<Value> = ladder
                .rungs
                .iter()
                .map(|(rung, size)| {
                    json!({
                        "rung": rung.name,
                        "ordering": rung.ordering.changes(),
                        "nodes": size.nodes,
                        "last_main": size.last_main,
                        "leaves": size.leaves,
                        "leaves_over_knuth_moore": over_minimal(size.leaves, ladder),
                    })
                })
                .collect();
            json!({
                "position": named.name,
                "branching": ladder.branching,
                "knuth_moore": ladder.knuth_moore,
                "rungs": rungs,
            })
        })
        .collect();
    json!({ "depth": args.depth, "seed": args.seed, "positions": items })
}
