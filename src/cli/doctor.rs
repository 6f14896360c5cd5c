//! `killerscope doctor FILE`: the move-ordering doctor ([`killerscope_trace::doctor`]) over a
//! `.kslog` or any engine's JSON Lines trace — each finding with its code, severity, count out
//! of its chances, the first nodes with their line from the root and why it costs; or one JSON
//! document (`--format json`). Exit status 1 when a bug or a suspect is found, 0 when none, 2 on an
//! error: an engine's CI runs it as a test.

use super::CliError;
use super::fold_progress;
use super::reading::{Reading, skipped_lines};
use clap::Args;
use killerscope_analysis::{
    doctor, doctor::Diagnosis, doctor::Doctor, doctor::Example, doctor::Severity,
};
use killerscope_chess::Position;
use killerscope_engine::fmt::grouped;
use killerscope_engine::percent;
use killerscope_log::LogHeader;
use killerscope_text::printable;
use killerscope_trace::{FoldControl, RecordStream};
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// Arguments of `killerscope doctor`.
#[derive(Args, Debug)]
pub struct DoctorArgs {
    /// The .kslog file or JSON Lines trace (any engine's: docs/trace-schema.md).
    file: PathBuf,
    #[command(flatten)]
    format: super::grammar::TextOrJson,
    /// How many nodes to show per finding, the first by id.
    #[arg(long, value_name = "N", default_value_t = doctor::DEFAULT_EXAMPLES)]
    examples: usize,
    /// How a trace is read.
    #[command(flatten)]
    reading: Reading,
}

/// Runs the doctor and prints its findings; `Ok(true)` when a bug or a suspect was found.
pub fn run(args: &DoctorArgs) -> Result<bool, CliError> {
    let record = RecordStream::open(&args.file, args.reading.options())?;
    let header = record.header().clone();
    let skipped = record
        .import_summary()
        .map(skipped_lines)
        .unwrap_or_default();
    let bar = fold_progress::bar(record.event_count(), "doctor");
    let mut tick = fold_progress::tick(&bar);
    let mut control = FoldControl::default().on_progress(&mut tick);
    let diagnosis = Doctor::run(record, args.examples, &mut control)?;
    bar.finish_and_clear();
    let file = printable(&args.file.display().to_string()).into_owned();
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.format.json() {
        writeln!(out, "{}", to_json(&file, &header, &diagnosis))?;
    } else {
        write_text(&mut out, (&file, &header), &skipped, &diagnosis)?;
    }
    out.flush()?;
    Ok(diagnosis.fails())
}

/// The killers' hit rate over every try, and over the legal ones when some were illegal.
fn hit_rates(d: &Diagnosis) -> String {
    let k = &d.killers;
    let all = format!("hit rate {}", percent(k.cuts, k.tries));
    if k.illegal == 0 {
        return all;
    }
    format!(
        "{all}, over the legal tries only {}",
        percent(k.cuts, k.legal())
    )
}

/// An example node: its id, place and line from the root (a Black first move marked `…f5`, as
/// lines are written), and what happened there.
fn example_line(e: &Example, black_first: bool) -> String {
    let line = e.line_text(black_first);
    let line = line.as_deref().unwrap_or("(root)");
    format!(
        "node {} · ply {} · depth {} · {}: {}",
        e.node,
        e.ply,
        e.depth,
        printable(line),
        e.detail
    )
}

fn write_text(
    out: &mut impl Write,
    (file, header): (&str, &LogHeader),
    skipped: &[String],
    d: &Diagnosis,
) -> std::io::Result<()> {
    writeln!(out, "doctor   {file}")?;
    if !header.engine.is_empty() {
        writeln!(out, "engine   {}", printable(&header.engine))?;
    }
    if !header.ordering.is_empty() {
        writeln!(out, "ordering {}", printable(&header.ordering_text()))?;
    }
    let unfinished = match d.unfinished {
        0 => String::new(),
        n => format!(" ({} unfinished: the log ends inside them)", grouped(n)),
    };
    writeln!(out, "nodes    {}{unfinished}", grouped(d.nodes))?;
    let k = &d.killers;
    writeln!(
        out,
        "killers  {} tried, {} illegal, {} cut off: {}",
        grouped(k.tries),
        grouped(k.illegal),
        grouped(k.cuts),
        hit_rates(d)
    )?;
    for line in skipped {
        writeln!(out, "trace    {}", printable(line))?;
    }
    let black_first = Position::from_fen(&header.fen)
        .is_ok_and(|p| p.side_to_move() == killerscope_chess::Color::Black);
    for f in &d.findings {
        writeln!(out)?;
        writeln!(out, "{:<8} {}: {}", f.severity().name(), f.code, f.tally())?;
        if f.code == doctor::Code::IllegalKiller {
            writeln!(out, "         killer {}", hit_rates(d))?;
        }
        writeln!(out, "         {}", f.code.info().why)?;
        for e in &f.examples {
            writeln!(out, "         - {}", example_line(e, black_first))?;
        }
    }
    if !d.unchecked.is_empty() {
        writeln!(out)?;
        writeln!(out, "not checked")?;
        for u in &d.unchecked {
            writeln!(out, "         {}: {}", u.code, printable(&u.reason))?;
        }
    }
    writeln!(out)?;
    writeln!(out, "verdict  {}", verdict(d))
}

/// The closing line: what was found and the exit status it gives.
fn verdict(d: &Diagnosis) -> String {
    let counts = [Severity::Bug, Severity::Suspect, Severity::Note].map(|s| {
        let n = d.count_of(s);
        let name = s.name();
        if n == 1 {
            format!("1 {name}")
        } else {
            format!("{n} {name}s")
        }
    });
    let checks = d.checks.len();
    if d.findings.is_empty() {
        return format!("no findings in {checks} checks: exit status 0");
    }
    let status = if d.fails() { 1 } else { 0 };
    format!("{}: exit status {status}", counts.join(", "))
}

fn example_json(e: &Example) -> Value {
    json!({
        "node": e.node,
        "ply": e.ply,
        "depth": e.depth,
        "kind": e.kind.name(),
        "line": e.line,
        "detail": e.detail,
    })
}

fn to_json(file: &str, header: &LogHeader, d: &Diagnosis) -> Value {
    let share = |n: u64, of: u64| (of > 0).then(|| n as f64 / of as f64);
    let findings: Vec<Value> = d
        .findings
        .iter()
        .map(|f| {
            json!({
                "code": f.code.name(),
                "severity": f.severity().name(),
                "count": f.count,
                "chances": f.chances,
                "chances_of": f.code.info().chances,
                "share": share(f.count, f.chances),
                "why": f.code.info().why,
                "examples": f.examples.iter().map(example_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    let checks: Vec<Value> = d
        .checks
        .iter()
        .map(|c| json!({"code": c.code.name(), "count": c.count, "chances": c.chances}))
        .collect();
    let unchecked: Vec<Value> = d
        .unchecked
        .iter()
        .map(|u| json!({"code": u.code.name(), "reason": u.reason}))
        .collect();
    let k = &d.killers;
    json!({
        "file": file,
        "engine": header.engine,
        "nodes": d.nodes,
        "unfinished": d.unfinished,
        "killers": {
            "tries": k.tries,
            "illegal": k.illegal,
            "cuts": k.cuts,
            "hit_rate": share(k.cuts, k.tries),
            "legal_hit_rate": share(k.cuts, k.legal()),
        },
        "findings": findings,
        "checks": checks,
        "unchecked": unchecked,
        "bugs": d.count_of(Severity::Bug),
        "suspects": d.count_of(Severity::Suspect),
        "notes": d.count_of(Severity::Note),
        "fails": d.fails(),
    })
}
