//! `compare --techniques`: the lab's rows for selective search. Every ordering column is
//! searched full width, with each technique alone and with all of them, so one table answers
//! both questions a class asks: how many nodes each technique saves (nodes with it off minus
//! nodes with it on, per column), and whether an ordering heuristic still matters once the
//! technique is on (each row's node ratio to the first column, as in the main lab table).

use super::lab::{Cost, Summary, geometric_mean, ratio, summarize};
use crate::cli::CliError;
use killerscope_analysis::table::{Align, Csv, Markdown};
use killerscope_engine::SelectiveConfig;
use killerscope_text::printable;
use serde_json::{Value, json};
use std::io::Write;

/// A row of the table: a name and the techniques searched with.
pub struct Technique {
    /// The row's label, the `--search` key that turns it on (`full width` for none).
    pub name: &'static str,
    /// The switches of the row.
    pub selective: SelectiveConfig,
}

/// Full width, each technique alone, then all of them: the rows in report order.
pub fn techniques() -> Vec<Technique> {
    let off = SelectiveConfig::default();
    let row = |name, selective| Technique { name, selective };
    vec![
        row("full width", off),
        row(
            "aspiration",
            SelectiveConfig {
                aspiration: true,
                ..off
            },
        ),
        row(
            "nmp",
            SelectiveConfig {
                null_move: true,
                ..off
            },
        ),
        row("lmr", SelectiveConfig { lmr: true, ..off }),
        row(
            "futility",
            SelectiveConfig {
                futility: true,
                ..off
            },
        ),
        row(
            "mdp",
            SelectiveConfig {
                mate_distance: true,
                ..off
            },
        ),
        row("all", SelectiveConfig::ALL),
    ]
}

/// The rows `list` names — comma-separated keys of [`techniques`]; empty for all — after the
/// full-width row every other is measured against, in table order.
pub fn chosen(list: &str) -> Result<Vec<Technique>, CliError> {
    let all = techniques();
    let wanted: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .collect();
    if wanted.is_empty() {
        return Ok(all);
    }
    if let Some(unknown) = wanted
        .iter()
        .find(|k| !all[1..].iter().any(|t| t.name == **k))
    {
        let keys: Vec<&str> = all[1..].iter().map(|t| t.name).collect();
        return Err(CliError::new(format!(
            "--techniques: no technique \"{}\" (techniques: {})",
            printable(unknown),
            keys.join(", ")
        )));
    }
    Ok(all
        .into_iter()
        .enumerate()
        .filter(|(k, t)| *k == 0 || wanted.contains(&t.name))
        .map(|(_, t)| t)
        .collect())
}

/// One technique's results: per position and column the cost, and per column the summary.
pub struct TechniqueResult<'a> {
    /// The row.
    pub technique: &'a Technique,
    /// One row per position, one cost per ordering column.
    pub costs: Vec<Vec<Cost>>,
    /// One line per column: totals and ratios to the first column.
    pub summary: Vec<Summary>,
}

impl<'a> TechniqueResult<'a> {
    /// Summarizes `costs` (positions × columns) searched with `technique`.
    pub fn new(technique: &'a Technique, costs: Vec<Vec<Cost>>, columns: usize) -> Self {
        let summary = summarize(&costs, columns);
        TechniqueResult {
            technique,
            costs,
            summary,
        }
    }

    /// Column `k`'s figures against the same column searched full width (`full`).
    fn against(&self, full: &TechniqueResult, k: usize) -> Cell {
        let nodes = self.summary[k].total.nodes;
        let full_nodes = full.summary[k].total.nodes;
        let ratios = self
            .costs
            .iter()
            .zip(&full.costs)
            .filter_map(|(row, base)| ratio(row.get(k)?.nodes, base.get(k)?.nodes));
        Cell {
            nodes,
            saved: i128::from(full_nodes) - i128::from(nodes),
            vs_full_width: geometric_mean(ratios),
            vs_first_column: self.summary[k].geomean_ratio,
            reductions: self.summary[k].total.reductions,
            re_searched: self.summary[k].total.re_searched,
        }
    }
}

/// What a technique did to one ordering column, over every position.
struct Cell {
    nodes: u64,
    /// Full-width nodes minus nodes with the technique (negative: it cost nodes).
    saved: i128,
    vs_full_width: Option<f64>,
    vs_first_column: Option<f64>,
    reductions: u64,
    re_searched: u64,
}

fn fixed(value: Option<f64>) -> String {
    value.map_or_else(|| "–".into(), |v| format!("{v:.2}"))
}

fn re_search_rate(cell: &Cell) -> String {
    killerscope_engine::percent(cell.re_searched, cell.reductions)
}

/// The markdown table: a row per technique; per ordering column its nodes, the nodes it saved
/// and the geometric-mean ratio to full width; then each column's ratio to the first column
/// and the share of reductions searched again.
pub fn markdown(
    out: &mut impl Write,
    labels: &[String],
    results: &[TechniqueResult],
    depth: u8,
    positions: usize,
) -> std::io::Result<()> {
    let Some(full) = results.first() else {
        return Ok(());
    };
    writeln!(
        out,
        "Selective search, depth {depth}, {positions} position{}: nodes summed over the \
         positions; `saved` is full-width nodes minus nodes with the technique; `× full` and \
         `÷ {}` are geometric means of per-position node ratios.",
        if positions == 1 { "" } else { "s" },
        labels[0]
    )?;
    writeln!(out)?;
    let mut head = vec!["technique".to_string()];
    for label in labels {
        head.extend([
            format!("{label} nodes"),
            format!("{label} saved"),
            format!("{label} × full"),
        ]);
    }
    head.extend(
        labels
            .iter()
            .skip(1)
            .map(|l| format!("{l} ÷ {}", labels[0])),
    );
    head.push("re-searched".into());
    let mut table = Markdown::new(head.into_iter().enumerate().map(|(k, h)| {
        let align = if k == 0 { Align::Left } else { Align::Right };
        (h, align)
    }));
    for result in results {
        let cells: Vec<Cell> = (0..labels.len()).map(|k| result.against(full, k)).collect();
        let mut row = vec![result.technique.name.to_string()];
        for cell in &cells {
            row.extend([
                cell.nodes.to_string(),
                cell.saved.to_string(),
                fixed(cell.vs_full_width),
            ]);
        }
        row.extend(cells.iter().skip(1).map(|c| fixed(c.vs_first_column)));
        let all = cells
            .iter()
            .fold((0, 0), |(r, s), c| (r + c.reductions, s + c.re_searched));
        row.push(if all.0 == 0 {
            "–".into()
        } else {
            killerscope_engine::percent(all.1, all.0)
        });
        table.row(row);
    }
    table.write(out)
}

/// CSV: one line per technique and ordering column.
pub fn csv(
    out: &mut impl Write,
    labels: &[String],
    results: &[TechniqueResult],
) -> std::io::Result<()> {
    let Some(full) = results.first() else {
        return Ok(());
    };
    let mut csv = Csv::new(out);
    csv.row([
        "technique",
        "config",
        "nodes",
        "saved",
        "ratio_vs_full_width",
        "ratio_vs_first_config",
        "reductions",
        "re_searched",
    ])?;
    let four = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.4}"));
    for result in results {
        for (k, label) in labels.iter().enumerate() {
            let c = result.against(full, k);
            csv.row([
                result.technique.name.to_string(),
                label.clone(),
                c.nodes.to_string(),
                c.saved.to_string(),
                four(c.vs_full_width),
                four(c.vs_first_column),
                c.reductions.to_string(),
                c.re_searched.to_string(),
            ])?;
        }
    }
    csv.flush()
}

/// JSON: one document, a row per technique with a cell per ordering column.
pub fn json(
    out: &mut impl Write,
    labels: &[String],
    results: &[TechniqueResult],
    depth: u8,
) -> std::io::Result<()> {
    let Some(full) = results.first() else {
        return Ok(());
    };
    let rows: Vec<Value> = results
        .iter()
        .map(|result| {
            let cells: Vec<Value> = labels
                .iter()
                .enumerate()
                .map(|(k, label)| {
                    let c = result.against(full, k);
                    json!({
                        "config": label,
                        "nodes": c.nodes,
                        "saved": i64::try_from(c.saved).unwrap_or(i64::MAX),
                        "ratio_vs_full_width": c.vs_full_width,
                        "ratio_vs_first_config": c.vs_first_column,
                        "reductions": c.reductions,
                        "re_searched": c.re_searched,
                        "re_search_rate": (c.reductions > 0).then(|| re_search_rate(&c)),
                    })
                })
                .collect();
            json!({
                "technique": result.technique.name,
                "search": result.technique.selective.to_string(),
                "configs": cells,
            })
        })
        .collect();
    let doc = json!({ "depth": depth, "techniques": rows });
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(nodes: u64) -> Cost {
        Cost::with_nodes(nodes)
    }

    #[test]
    fn saved_nodes_and_ratios_are_taken_against_the_same_column_full_width() {
        let rows = techniques();
        let full = TechniqueResult::new(
            &rows[0],
            vec![vec![cost(1000), cost(500)], vec![cost(200), cost(100)]],
            2,
        );
        let lmr = TechniqueResult::new(
            &rows[3],
            vec![vec![cost(250), cost(250)], vec![cost(50), cost(50)]],
            2,
        );
        let killers_off = lmr.against(&full, 0);
        assert_eq!((killers_off.nodes, killers_off.saved), (300, 900));
        assert!((killers_off.vs_full_width.unwrap() - 0.25).abs() < 1e-9);
        let killers_on = lmr.against(&full, 1);
        assert_eq!((killers_on.nodes, killers_on.saved), (300, 300));
        assert!((killers_on.vs_full_width.unwrap() - 0.5).abs() < 1e-9);
        // With LMR the second column no longer beats the first: the ratio is 1.
        assert!((killers_on.vs_first_column.unwrap() - 1.0).abs() < 1e-9);
        let mut text = Vec::new();
        markdown(
            &mut text,
            &["killers=0".into(), "killers=2".into()],
            &[full, lmr],
            6,
            2,
        )
        .unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("| lmr | 300 | 900 | 0.25 | 300 | 300 | 0.50 | 1.00 | – |"));
        assert!(text.contains("| full width | 1200 | 0 | 1.00 | 600 | 0 | 1.00 | 0.50 | – |"));
    }

    #[test]
    fn rows_are_full_width_each_technique_alone_and_all() {
        let names: Vec<&str> = techniques().iter().map(|t| t.name).collect();
        assert_eq!(
            names,
            [
                "full width",
                "aspiration",
                "nmp",
                "lmr",
                "futility",
                "mdp",
                "all"
            ]
        );
        for t in &techniques()[1..6] {
            assert!(t.selective.any(), "{}", t.name);
            let on = t
                .selective
                .settings()
                .iter()
                .filter(|(_, v)| v == "on")
                .count();
            assert_eq!(on, 1, "{} turns on exactly one switch", t.name);
        }
    }
}
