//! `killerscope log audit FILE [--techniques nmp,lmr,…] [--limit N] [--jobs N]`: was the pruning safe?
//! Every selective decision of the log is re-searched without its technique (same node, depth
//! and window, transposition table off) and judged sound or unsound; the report counts them per
//! technique and depth and lists the unsound ones with their line, window and both scores.
//!
//! A log the audit cannot judge — another engine's, one under switches this build does not
//! know, one recorded with a filter — gets what can be done: its decisions counted per
//! technique and depth, and what judging them would take.

use super::CliError;
use super::jobs::Progress;
use clap::Args;
use killerscope_analysis::collect_decisions;
use killerscope_analysis::table::{Align, Markdown};
use killerscope_analysis::{Auditor, Claim, Decision, Judging, Technique, Verdict};
use killerscope_chess::{Move, Position};
use killerscope_text::printable;
use killerscope_trace::jsonl::ImportOptions;
use killerscope_trace::line::Step;
use killerscope_trace::{read_record, san_steps};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `killerscope log audit`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// The .kslog file (or JSON Lines trace) of a killerscope search with selective search on
    /// (another engine's: its decisions are counted, and the report says what judging them
    /// would take).
    file: PathBuf,
    /// Only these techniques, comma-separated: nmp, lmr, futility, rfp, mdp (default: all).
    #[arg(long, value_name = "LIST", alias = "technique")]
    techniques: Option<String>,
    /// At most this many decisions of each technique, the first in the log.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    #[command(flatten)]
    jobs: super::jobs::Jobs,
}

/// One judged decision.
struct Judged {
    decision: Decision,
    verdict: Verdict,
}

/// Runs the audit and prints its report.
pub fn run(args: &AuditArgs) -> Result<(), CliError> {
    let techniques = techniques(args.techniques.as_deref())?;
    let (log, _) = read_record(&args.file, ImportOptions::default())?;
    let file = printable(&args.file.display().to_string()).into_owned();
    let chosen = choose(collect_decisions(log.events()), &techniques, args.limit);
    let auditor = match Auditor::new(log.header()) {
        Ok(auditor) => auditor,
        Err(why) => {
            let mut out = std::io::stdout().lock();
            counted(&mut out, &file, &why.to_string(), &chosen)?;
            out.flush()?;
            return Ok(());
        }
    };
    let progress = Progress::new(chosen.len(), 2, "decisions re-searched");
    let label = |d: &Decision| format!("{} at event {}", d.technique.key(), d.event);
    let watch = |decision: &Decision, step: Judging| match step {
        Judging::Started => progress.start(label(decision)),
        Judging::Finished => progress.finish(&label(decision)),
    };
    let verdicts = args.jobs.run(|| auditor.judge_all(&chosen, &watch))?;
    progress.clear();
    let mut judged = Vec::with_capacity(chosen.len());
    for (decision, verdict) in chosen.into_iter().zip(verdicts) {
        let verdict = verdict.map_err(|e| {
            CliError::new(format!(
                "log audit {file}: the decision at event {}: {e}",
                decision.event
            ))
        })?;
        judged.push(Judged { decision, verdict });
    }
    let root = Position::from_fen(&log.header().fen)?;
    let mut out = std::io::stdout().lock();
    report(&mut out, &file, &root, &judged)?;
    out.flush()?;
    Ok(())
}

/// The techniques `--technique` names (all of them when absent).
fn techniques(list: Option<&str>) -> Result<Vec<Technique>, CliError> {
    let Some(list) = list else {
        return Ok(Technique::ALL.to_vec());
    };
    list.split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|key| {
            Technique::from_key(key).ok_or_else(|| {
                let known: Vec<&str> = Technique::ALL.iter().map(|t| t.key()).collect();
                CliError::new(format!(
                    "--techniques: unknown technique \"{}\" (known: {})",
                    printable(key),
                    known.join(", ")
                ))
            })
        })
        .collect()
}

/// The decisions of the chosen techniques, at most `limit` of each, in log order.
fn choose(all: Vec<Decision>, techniques: &[Technique], limit: Option<usize>) -> Vec<Decision> {
    let mut taken: BTreeMap<Technique, usize> = BTreeMap::new();
    all.into_iter()
        .filter(|d| techniques.contains(&d.technique))
        .filter(|d| {
            let n = taken.entry(d.technique).or_default();
            *n += 1;
            limit.is_none_or(|limit| *n <= limit)
        })
        .collect()
}

/// Sound and unsound decisions of one technique at one depth.
#[derive(Clone, Copy, Default)]
struct Tally {
    sound: u64,
    unsound: u64,
}

/// The report: a table per technique and depth, then every unsound decision.
fn report(
    out: &mut impl Write,
    file: &str,
    root: &Position,
    judged: &[Judged],
) -> Result<(), CliError> {
    let mut table: BTreeMap<(Technique, i32), Tally> = BTreeMap::new();
    for j in judged {
        let cell = table
            .entry((j.decision.technique, j.decision.node_depth))
            .or_default();
        if j.verdict.sound {
            cell.sound += 1;
        } else {
            cell.unsound += 1;
        }
    }
    writeln!(
        out,
        "Audit of {file}: {} selective decisions re-searched without their technique \
         (same node, depth and window; TT off).\n",
        judged.len()
    )?;
    let mut report = Markdown::new([
        ("technique", Align::Left),
        ("node depth", Align::Right),
        ("decisions", Align::Right),
        ("sound", Align::Right),
        ("unsound", Align::Right),
        ("unsound share", Align::Right),
    ]);
    for technique in Technique::ALL {
        let rows: Vec<_> = table.iter().filter(|((t, _), _)| *t == technique).collect();
        if rows.is_empty() {
            continue;
        }
        let mut total = Tally::default();
        for ((_, depth), cell) in &rows {
            report.row(row(technique.key(), &depth.to_string(), cell));
            total.sound += cell.sound;
            total.unsound += cell.unsound;
        }
        report.row(row(&format!("**{technique}**"), "all", &total));
    }
    report.write(out)?;
    let unsound: Vec<&Judged> = judged.iter().filter(|j| !j.verdict.sound).collect();
    if unsound.is_empty() {
        writeln!(out, "\nNo unsound decision.")?;
        return Ok(());
    }
    writeln!(out, "\nUnsound decisions ({}):\n", unsound.len())?;
    for j in unsound {
        writeln!(out, "{}", describe(root, j))?;
    }
    Ok(())
}

fn row(name: &str, depth: &str, cell: &Tally) -> [String; 6] {
    let all = cell.sound + cell.unsound;
    let share = if all == 0 {
        0.0
    } else {
        100.0 * cell.unsound as f64 / all as f64
    };
    [
        name.to_string(),
        depth.to_string(),
        all.to_string(),
        cell.sound.to_string(),
        cell.unsound.to_string(),
        format!("{share:.1}%"),
    ]
}

/// The report of a log that cannot be judged: why, what it would take, and its decisions
/// counted per technique and depth.
fn counted(
    out: &mut impl Write,
    file: &str,
    why: &str,
    decisions: &[Decision],
) -> Result<(), CliError> {
    writeln!(out, "Audit of {file}: not judged: {why}.\n")?;
    if decisions.is_empty() {
        writeln!(out, "The log records no selective decision to count.")?;
        return Ok(());
    }
    writeln!(
        out,
        "Its {} selective decisions, counted but not judged:\n",
        decisions.len()
    )?;
    let mut table: BTreeMap<(Technique, i32), u64> = BTreeMap::new();
    for d in decisions {
        *table.entry((d.technique, d.node_depth)).or_default() += 1;
    }
    let mut rows = Markdown::new([
        ("technique", Align::Left),
        ("node depth", Align::Right),
        ("decisions", Align::Right),
    ]);
    for ((technique, depth), n) in table {
        rows.row([technique.to_string(), depth.to_string(), n.to_string()]);
    }
    Ok(rows.write(out)?)
}

/// One unsound decision in a line: technique, iteration, the line in SAN (`--` for a pass),
/// the window, what was claimed and what the full search found.
fn describe(root: &Position, judged: &Judged) -> String {
    let d = &judged.decision;
    let side = match d.claim {
        Claim::High => format!("≥ {}", d.beta),
        Claim::Low => format!("≤ {}", d.alpha),
    };
    format!(
        "- {} · iteration {} · event {} · line {} · searched to depth {} in ({}, {}) · claimed \
         {side} (score {}) · searched in full: {}",
        d.technique,
        d.iteration,
        d.event,
        line_text(root, &d.path),
        d.depth,
        d.alpha,
        d.beta,
        d.claimed,
        judged.verdict.score
    )
}

/// The line from the root in SAN, `--` for a pass (the moves were checked legal when judged).
fn line_text(root: &Position, path: &[Move]) -> String {
    if path.is_empty() {
        return "(root)".to_string();
    }
    let steps: Vec<Step> = path.iter().map(|&mv| Step::of_move(mv)).collect();
    san_steps(Some(root), &steps).join(" ")
}
