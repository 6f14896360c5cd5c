//! What `killerscope search` prints: UCI `info` lines, the text summary of cutoffs by rank and
//! ordering source, and the same as one JSON object.

use crate::{cli::selective_report::selective_json, cli::selective_report::selective_lines};
use killerscope_chess::san;
use killerscope_chess::{Move, Position};
use killerscope_engine::{
    CutoffStats, IterationReport, OrderingConfig, SearchReport, nodes_per_second,
};
use killerscope_engine::{RANK_LABELS, percent};
use killerscope_engine::{score::format_uci, score::mate_distance};
use killerscope_log::{MoveSource, SOURCES, SourceInfo};
use serde_json::{Value, json};
use std::io::Write;

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sources this configuration can produce, in report order.
fn sources(ordering: &OrderingConfig) -> impl Iterator<Item = &'static SourceInfo> {
    SOURCES
        .iter()
        .filter(move |row| ordering.uses(MoveSource::from_code(row.code)))
}

fn best_move_text(pos: &Position, report: &SearchReport) -> String {
    if report.best_move.is_null() {
        let why = if pos.in_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        return format!("(none): {why}");
    }
    format!("{} ({})", report.best_move, san(pos, report.best_move))
}

/// Writes the text summary after the `info` lines.
pub(super) fn write_summary(
    out: &mut impl Write,
    pos: &Position,
    ordering: &OrderingConfig,
    report: &SearchReport,
    stats: &CutoffStats,
) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(out, "bestmove      {}", best_move_text(pos, report))?;
    writeln!(
        out,
        "score         {}   depth {}   pv {}",
        format_uci(report.score),
        report.depth,
        moves_text(&report.pv)
    )?;
    writeln!(
        out,
        "nodes         {} (main {}, quiescence {})",
        report.nodes,
        report.nodes - report.qnodes,
        report.qnodes
    )?;
    writeln!(
        out,
        "beta cutoffs  {} in the main search, {} in quiescence",
        stats.cutoffs, stats.q_cutoffs
    )?;
    writeln!(
        out,
        "  first move  {} of main-search cutoffs",
        percent(stats.by_rank[0], stats.cutoffs)
    )?;
    writeln!(out, "  by rank     {}", stats.rank_shares().join(" · "))?;
    let by_source: Vec<String> = sources(ordering)
        .map(|row| {
            let n = stats.cutoffs_by(MoveSource::from_code(row.code));
            format!("{} {n} ({})", row.name, percent(n, stats.cutoffs))
        })
        .collect();
    writeln!(out, "  by source   {}", by_source.join(" · "))?;
    let killer_slots: Vec<String> = SOURCES
        .iter()
        .filter(|row| row.killer_slot.is_some())
        .map(|row| (row, MoveSource::from_code(row.code)))
        .filter(|&(_, source)| stats.tries.get(source) > 0)
        .map(|(row, source)| {
            let (cut, tried) = (stats.cutoffs_by(source), stats.tries.get(source));
            format!(
                "{} cut {cut} of {tried} tries ({})",
                row.name,
                percent(cut, tried)
            )
        })
        .collect();
    writeln!(out, "killer stores {}", stats.killer_stores)?;
    if !killer_slots.is_empty() {
        writeln!(out, "  killers     {}", killer_slots.join(" · "))?;
    }
    writeln!(
        out,
        "TT hits       {} ({} ended the node)",
        stats.tt_hits, stats.tt_cutoffs
    )?;
    for line in selective_lines(&stats.selective, 14) {
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "time          {} ms ({:.2} Mnps)",
        report.elapsed.as_millis(),
        nodes_per_second(report.nodes, report.elapsed) as f64 / 1e6
    )?;
    writeln!(out, "ordering      {ordering}")
}

/// A score as JSON: centipawns, or `{"mate": n}`.
fn score_json(score: i32) -> Value {
    match mate_distance(score) {
        Some(moves) => json!({ "mate": moves }),
        None => json!(score),
    }
}

/// The whole search as one JSON object.
pub(super) fn to_json(
    pos: &Position,
    ordering: &OrderingConfig,
    report: &SearchReport,
    stats: &CutoffStats,
    iterations: &[IterationReport],
) -> Value {
    let mut by_source = serde_json::Map::new();
    for row in sources(ordering) {
        let n = stats.cutoffs_by(MoveSource::from_code(row.code));
        by_source.insert(row.key.to_string(), json!(n));
    }
    let killer_slots = stats.killer_slots();
    let mut by_rank = serde_json::Map::new();
    for (label, n) in RANK_LABELS.iter().zip(stats.by_rank) {
        by_rank.insert((*label).to_string(), json!(n));
    }
    let bestmove = if report.best_move.is_null() {
        Value::Null
    } else {
        json!(report.best_move.to_string())
    };
    let iterations: Vec<Value> = iterations
        .iter()
        .map(|it| {
            json!({
                "depth": it.depth,
                "seldepth": it.seldepth,
                "score": score_json(it.score),
                "nodes": it.nodes,
                "time_ms": it.elapsed.as_millis() as u64,
                "pv": it.pv.iter().map(Move::to_string).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "fen": pos.to_fen(),
        "ordering": ordering.to_string(),
        "bestmove": bestmove,
        "score": score_json(report.score),
        "depth": report.depth,
        "pv": report.pv.iter().map(Move::to_string).collect::<Vec<_>>(),
        "nodes": report.nodes,
        "qnodes": report.qnodes,
        "cutoffs": {
            "total": stats.cutoffs,
            "quiescence": stats.q_cutoffs,
            "by_source": by_source,
            "by_rank": by_rank,
        },
        "first_move_cutoff_rate": stats.first_move_cutoff_rate(),
        "killer_stores": stats.killer_stores,
        "killer_tries": killer_slots.map(|(tried, _)| tried),
        "killer_cutoffs": killer_slots.map(|(_, cut)| cut),
        "tt_hits": stats.tt_hits,
        "tt_cutoffs": stats.tt_cutoffs,
        "selective": selective_json(&stats.selective),
        "time_ms": report.elapsed.as_millis() as u64,
        "nps": nodes_per_second(report.nodes, report.elapsed),
        "iterations": iterations,
    })
}
