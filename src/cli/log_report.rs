//! `killerscope log report FILE [B]`: the ordering report ([`killerscope_analysis::ordering_report`])
//! of a log, as markdown, CSV or JSON — or of two logs side by side, with what changed marked.
//! Each log is streamed, so a report of 100 million events runs in constant memory.

mod figures;
mod killers;
mod side;
mod side_tables;

use super::CliError;
use super::fold_progress;
use clap::Args;
use figures::{COLUMNS, Figure, row_label, summary};
use killerscope_analysis::OrderingReport;
use killerscope_analysis::table::{Align, Csv, Markdown};
use killerscope_log::LogHeader;
use killerscope_text::printable;
use killerscope_trace::jsonl::ImportOptions;
use killerscope_trace::{FoldControl, RecordStream};
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The report's formats: `--format text` (markdown tables), `csv` (one table, a row per
/// remaining depth and node type) or `json`.
pub use super::grammar::TableFormat as ReportFormat;

/// Arguments of `killerscope log report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The .kslog file or JSON Lines trace.
    file: PathBuf,
    /// A second log to put beside the first, differences marked (e.g. the same search by the
    /// next commit).
    other: Option<PathBuf>,
    #[command(flatten)]
    format: super::grammar::Tables,
    /// How a trace is read.
    #[command(flatten)]
    reading: super::reading::Reading,
}

/// Runs the command.
pub fn run(args: &ReportArgs) -> Result<(), CliError> {
    let (a_header, a) = report_of(&args.file, args.reading.options())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    match &args.other {
        None => {
            let title = printable(&args.file.display().to_string()).into_owned();
            write_report(&mut out, args.format.format(), &title, &a_header, &a)?;
        }
        Some(other) => {
            let (b_header, b) = report_of(other, args.reading.options())?;
            let names = [args.file.as_path(), other.as_path()];
            side::write(
                &mut out,
                args.format.format(),
                names,
                [&a_header, &b_header],
                [&a, &b],
            )?;
        }
    }
    Ok(out.flush()?)
}

/// The report of the log at `file`, folded with a progress bar on a terminal.
fn report_of(file: &Path, options: ImportOptions) -> Result<(LogHeader, OrderingReport), CliError> {
    let record = RecordStream::open(file, options)?;
    let header = record.header().clone();
    let bar = fold_progress::bar(record.event_count(), "ordering report");
    let mut tick = fold_progress::tick(&bar);
    let mut control = FoldControl::default().on_progress(&mut tick);
    let report = OrderingReport::run(record, &mut control)?;
    bar.finish_and_clear();
    Ok((header, report))
}

/// Writes one report in `format`; `title` names what it covers (a file, a bench).
pub(super) fn write_report(
    out: &mut impl Write,
    format: ReportFormat,
    title: &str,
    header: &LogHeader,
    report: &OrderingReport,
) -> Result<(), CliError> {
    match format {
        ReportFormat::Text => markdown(out, title, header, report)?,
        ReportFormat::Csv => csv(out, report)?,
        ReportFormat::Json => writeln!(out, "{}", to_json(title, report))?,
    }
    Ok(())
}

fn markdown(
    out: &mut impl Write,
    title: &str,
    header: &LogHeader,
    report: &OrderingReport,
) -> std::io::Result<()> {
    writeln!(out, "# Ordering report: {title}")?;
    writeln!(out)?;
    writeln!(out, "- position: `{}`", printable(&header.fen))?;
    if !header.ordering.is_empty() {
        writeln!(out, "- ordering: `{}`", printable(&header.ordering_text()))?;
    }
    if !header.engine.is_empty() {
        writeln!(out, "- engine: {}", printable(&header.engine))?;
    }
    for line in summary(report) {
        writeln!(out, "- {line}")?;
    }
    writeln!(out)?;
    writeln!(out, "## Per remaining depth and node type")?;
    writeln!(out)?;
    let mut table = depth_table(COLUMNS.iter().map(|c| c.name.to_string()));
    for (key, stats) in &report.rows {
        let (depth, kind) = row_label(key);
        let cells = COLUMNS.iter().map(|c| (c.value)(stats).text());
        table.row([depth, kind.to_string()].into_iter().chain(cells));
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(out, "## Cut-index histogram (rank of the cutting move)")?;
    writeln!(out)?;
    let buckets = killerscope_analysis::RANK_BUCKETS;
    let mut table = depth_table(buckets.iter().map(|b| b.to_string()));
    for (key, stats) in report.rows.iter().filter(|(_, s)| s.cutoffs > 0) {
        let (depth, kind) = row_label(key);
        let cells = stats.ranks.iter().map(|&n| Figure::Count(n).text());
        table.row([depth, kind.to_string()].into_iter().chain(cells));
    }
    table.write(out)?;
    writeln!(out)?;
    writeln!(out, "## Source of each cutting move")?;
    writeln!(out)?;
    let sources = report.cutting_sources();
    let labels = sources.iter().map(|&c| {
        report
            .sources
            .label(killerscope_log::MoveSource::from_code(c))
            .into_owned()
    });
    let mut table = depth_table(labels);
    for (key, stats) in report.rows.iter().filter(|(_, s)| s.cutoffs > 0) {
        let (depth, kind) = row_label(key);
        let cells = sources.iter().map(|c| {
            Figure::Share(stats.by_source.get(c).copied().unwrap_or(0), stats.cutoffs).text()
        });
        table.row([depth, kind.to_string()].into_iter().chain(cells));
    }
    table.write(out)?;
    killers::markdown(out, report)
}

/// One CSV table: a row per remaining depth and node type, then the full-width and quiescence
/// totals (depth `all`).
fn csv(out: &mut impl Write, report: &OrderingReport) -> std::io::Result<()> {
    let sources = report.cutting_sources();
    let mut head = vec!["depth".to_string(), "type".to_string()];
    head.extend(COLUMNS.iter().map(|c| c.key.to_string()));
    head.extend(
        killerscope_analysis::RANK_BUCKETS
            .iter()
            .map(|b| format!("rank_{b}")),
    );
    head.extend(sources.iter().map(|&c| {
        let label = report
            .sources
            .raw_label(killerscope_log::MoveSource::from_code(c));
        format!("source_{label}")
    }));
    let killer_codes: Vec<Option<u8>> = report.killer_sources().into_iter().map(Some).collect();
    let killer_labels: Vec<String> = killer_codes
        .iter()
        .flatten()
        .map(|&c| {
            let source = killerscope_log::MoveSource::from_code(c);
            report.sources.raw_label(source).into_owned()
        })
        .collect();
    head.extend(killers::csv_heads(killer_labels.iter().map(String::as_str)));
    let mut csv = Csv::new(out);
    csv.row(&head)?;
    let totals = [
        ("all", "main", &report.main),
        ("all", "Q", &report.quiescence),
    ];
    let rows = report.rows.iter().map(|(key, s)| {
        let (depth, kind) = row_label(key);
        (depth, kind.to_string(), s)
    });
    let totals = totals
        .into_iter()
        .map(|(d, k, s)| (d.to_string(), k.to_string(), s));
    for (depth, kind, stats) in rows.chain(totals) {
        let mut cells = vec![depth, kind];
        cells.extend(COLUMNS.iter().map(|c| (c.value)(stats).raw()));
        cells.extend(stats.ranks.iter().map(u64::to_string));
        cells.extend(
            sources
                .iter()
                .map(|c| stats.by_source.get(c).copied().unwrap_or(0).to_string()),
        );
        cells.extend(killers::csv_cells(&stats.killers, &killer_codes));
        csv.row(cells)?;
    }
    csv.flush()
}

/// A markdown table whose rows are a remaining depth and a node type, then `heads`.
pub(super) fn depth_table(heads: impl Iterator<Item = String>) -> Markdown {
    let first = [
        ("depth".to_string(), Align::Right),
        ("type".to_string(), Align::Left),
    ];
    Markdown::new(first.into_iter().chain(heads.map(|h| (h, Align::Right))))
}

/// The report as one JSON value.
pub(super) fn to_json(title: &str, report: &OrderingReport) -> Value {
    let stats_json = |s: &killerscope_analysis::OrderingStats| {
        let mut v = serde_json::Map::new();
        for c in COLUMNS {
            v.insert(c.key.to_string(), (c.value)(s).json());
        }
        let ranks: serde_json::Map<String, Value> = killerscope_analysis::RANK_BUCKETS
            .iter()
            .zip(s.ranks)
            .map(|(b, n)| (b.to_string(), json!(n)))
            .collect();
        v.insert("ranks".into(), Value::Object(ranks));
        let sources: serde_json::Map<String, Value> = s
            .by_source
            .iter()
            .map(|(&c, &n)| {
                let label = report
                    .sources
                    .raw_label(killerscope_log::MoveSource::from_code(c));
                (label.into_owned(), json!(n))
            })
            .collect();
        v.insert("sources".into(), Value::Object(sources));
        v.insert("killers".into(), killers::json(report, &s.killers));
        Value::Object(v)
    };
    let rows: Vec<Value> = report
        .rows
        .iter()
        .map(|(key, s)| {
            let mut v = stats_json(s);
            v["depth"] = json!(key.0.0);
            v["type"] = json!(key.1.label());
            v
        })
        .collect();
    let killer_rows: Vec<Value> = report
        .killer_rows()
        .iter()
        .map(|(depth, k)| {
            let mut v = killers::json(report, k);
            v["depth"] = json!(depth.0);
            v
        })
        .collect();
    json!({
        "log": title,
        "killer_rows": killer_rows,
        "main": stats_json(&report.main),
        "quiescence": stats_json(&report.quiescence),
        "tree": report.tree,
        "minimal_tree": report.minimal,
        "removable": report.removable_share(),
        "unfinished": report.unfinished,
        "rows": rows,
    })
}
