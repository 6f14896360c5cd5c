//! `log stats`: the summary of a log, folded in one pass over its events (`Tally`), so a log
//! of any size is summarized in constant memory — the events come a chunk at a time from a
//! `LogReader`, or from a trace imported into memory.

use super::CliError;
use super::reading::skipped_lines;
use super::selective_report::selective_lines;
use killerscope_chess::Move;
use killerscope_engine::CutoffStats;
use killerscope_engine::percent;
use killerscope_engine::score::format_uci;
use killerscope_log::{EVENT_BYTES, Event, EventKind, LogHeader};
use killerscope_log::{MoveSource, SearchObserver};
use killerscope_text::printable;
use killerscope_trace::jsonl::ImportSummary;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// What the summary counts, folded over the events in order.
#[derive(Debug, Default)]
pub(super) struct Tally {
    /// Events of each kind, by `EventKind::index()`.
    counts: [u64; EventKind::ALL.len()],
    /// The search's own statistics, replayed.
    stats: CutoffStats,
    /// The deepest ply a node was entered at.
    max_ply: u8,
    /// Nodes open after the last event (an exit with none open is ignored, as the tree does).
    open: usize,
    /// Depth, score and node count of each iteration event.
    iterations: Vec<(u8, i32, u64)>,
    /// The move the last event announced illegal, for the try right after it.
    announced: Option<Move>,
    /// Illegal tries per source code (a pseudo-legal engine's: they count as misses).
    illegal_by_source: BTreeMap<u8, u64>,
}

impl Tally {
    /// Folds in the next events.
    pub(super) fn feed(&mut self, chunk: &[Event]) {
        for &event in chunk {
            self.counts[event.kind().index()] += 1;
            self.stats.observe(event);
            let announced = self.announced.take();
            match event {
                Event::Illegal { mv } if !mv.is_null() => self.announced = Some(mv),
                Event::MoveTried { mv, source, .. } if announced == Some(mv) => {
                    *self.illegal_by_source.entry(source.code()).or_default() += 1;
                }
                Event::NodeEnter { ply, .. } => {
                    self.max_ply = self.max_ply.max(ply);
                    self.open += 1;
                }
                Event::NodeExit { .. } => self.open = self.open.saturating_sub(1),
                Event::Iteration {
                    depth,
                    score,
                    nodes,
                } => self.iterations.push((depth, score, nodes.get())),
                _ => {}
            }
        }
    }
}

/// Prints the summary of a log of `events` events, whose header is `h`, from its `tally`.
pub(super) fn print(
    (file, h, truncated): (&Path, &LogHeader, bool),
    summary: Option<&ImportSummary>,
    (events, pvs): (u64, &[Vec<Move>]),
    tally: &Tally,
    mut out: impl Write,
) -> Result<(), CliError> {
    print_header((file, h, truncated), summary, tally.open, &mut out)?;
    print_events(events, tally, &mut out)?;
    print_cutoffs(h, tally, &mut out)?;
    print_tables(h, tally, &mut out)?;
    let stats = &tally.stats;
    for line in selective_lines(&stats.selective, 12) {
        writeln!(out, "{line}")?;
    }
    for (k, &(depth, score, nodes)) in tally.iterations.iter().enumerate() {
        let pv = pvs.get(k).map_or(&[][..], Vec::as_slice);
        let pv: Vec<String> = pv.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "iteration:  depth {depth} score {} nodes {nodes} pv {}",
            format_uci(score),
            pv.join(" ")
        )?;
    }
    Ok(out.flush()?)
}

/// The header's lines (file, position, switches, engine, sources), whether the record is
/// whole, and what an import skipped.
fn print_header(
    (file, h, truncated): (&Path, &LogHeader, bool),
    summary: Option<&ImportSummary>,
    open: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    // Header strings are the file's text, not ours: shown escaped (`printable`) so that a
    // crafted header cannot drive the terminal.
    let or_none = |s: &str| {
        if s.is_empty() {
            "(none)".to_string()
        } else {
            printable(s).into_owned()
        }
    };
    writeln!(
        out,
        "file:       {}",
        printable(&file.display().to_string())
    )?;
    writeln!(out, "fen:        {}", printable(&h.fen))?;
    writeln!(out, "ordering:   {}", or_none(&h.ordering_text()))?;
    writeln!(out, "limits:     {}", or_none(&h.limits_text()))?;
    writeln!(out, "filter:     {}", or_none(&h.filter))?;
    writeln!(out, "engine:     {}", or_none(&h.engine))?;
    let sources: Vec<String> = h
        .sources
        .rows()
        .iter()
        .map(|r| format!("{} {}", r.code, printable(&r.label)))
        .collect();
    writeln!(out, "sources:    {}", or_none(&sources.join(", ")))?;
    let truncated = match truncated {
        false => "no".into(),
        true => format!("yes: {}", why_truncated(h, summary, open)),
    };
    writeln!(out, "truncated:  {truncated}")?;
    if let Some(summary) = summary {
        writeln!(out, "trace:      {} lines imported", summary.lines)?;
        for line in skipped_lines(summary) {
            writeln!(out, "  {}", printable(&line))?;
        }
    }
    Ok(())
}

/// Why a log ends mid-search, as far as it can tell: killerscope's recorder stops only at its
/// event cap or a write error (a stopped search closes its nodes); a trace whose header says
/// so was cut by its writer; any other log whose nodes are left open is a search stopped before
/// it closed them (its time or node limit, `stop`) — or a trace cut short.
fn why_truncated(h: &LogHeader, summary: Option<&ImportSummary>, open: usize) -> String {
    let open_nodes = |n: usize| format!("{n} node{} left open", if n == 1 { "" } else { "s" });
    match summary {
        Some(s) if s.open_at_end == 0 => {
            "its writer stopped recording mid-search (the header says \"truncated\")".into()
        }
        None if h.engine.starts_with("killerscope ") => {
            "recording stopped early (event cap or write error), the log ends mid-search".into()
        }
        _ if open == 0 => "the log says it ends mid-search".into(),
        _ => {
            let limit = h
                .limits
                .iter()
                .find(|(k, _)| matches!(k.as_str(), "movetime" | "nodes" | "infinite"))
                .map_or("its limit".to_string(), |(k, v)| {
                    format!("{} {}", k, printable(v)).trim_end().to_string()
                });
            format!(
                "the search was stopped ({limit}, or stop) before it closed its nodes — {}; or \
                 its trace was cut short",
                open_nodes(open)
            )
        }
    }
}

/// The events by kind.
fn print_events(events: u64, tally: &Tally, out: &mut impl Write) -> Result<(), CliError> {
    let bytes = events * EVENT_BYTES as u64;
    writeln!(
        out,
        "events:     {events} ({EVENT_BYTES} bytes each, {:.1} MiB)",
        bytes as f64 / (1024.0 * 1024.0)
    )?;
    for kind in EventKind::ALL {
        writeln!(
            out,
            "  {:<18}{:>12}",
            kind.name(),
            tally.counts[kind.index()]
        )?;
    }

    Ok(())
}

/// Nodes, and cutoffs by rank and by source (named by the log's own source table).
fn print_cutoffs(h: &LogHeader, tally: &Tally, out: &mut impl Write) -> Result<(), CliError> {
    let stats = &tally.stats;
    let max_ply = tally.max_ply;
    writeln!(
        out,
        "nodes:      {} (main {}, quiescence {}), deepest ply {max_ply}, open at end {}{}",
        stats.nodes(),
        stats.main_nodes,
        stats.q_nodes,
        tally.open,
        if h.filter.is_empty() {
            ""
        } else {
            "; counts cover the recorded nodes only"
        }
    )?;
    writeln!(
        out,
        "cutoffs:    {} in the main search, first move {} ({} more in quiescence)",
        stats.cutoffs,
        percent(stats.by_rank[0], stats.cutoffs),
        stats.q_cutoffs
    )?;
    writeln!(out, "  by rank:  {}", stats.rank_shares().join(", "))?;
    let named = h
        .sources
        .rows()
        .iter()
        .map(|r| MoveSource::from_code(r.code));
    let unnamed = stats
        .by_source
        .non_zero()
        .map(|(source, _)| source)
        .filter(|&s| h.sources.row(s).is_none());
    let line: Vec<String> = named
        .chain(unnamed)
        .map(|s| (s, stats.cutoffs_by(s)))
        .filter(|&(s, n)| n > 0 || stats.tries.get(s) > 0)
        .map(|(s, n)| {
            let label = h.sources.label(s);
            format!("{label} {n} ({})", percent(n, stats.cutoffs))
        })
        .collect();
    writeln!(out, "  by source: {}", line.join(", "))?;
    Ok(())
}

/// A hit rate, and the one over the legal tries when some were illegal.
fn hit_rate(tried: u64, cut: u64, illegal: u64) -> String {
    let all = percent(cut, tried);
    if illegal == 0 {
        return all;
    }
    format!(
        "{all}; {illegal} illegal, over the {} legal tries {}",
        tried - illegal,
        percent(cut, tried - illegal)
    )
}

/// Killers (every source the header calls one): each source's tries and hit rate and the
/// rate over them all — over the legal tries too when some were illegal — then the TT and
/// the illegal tries.
fn print_tables(h: &LogHeader, tally: &Tally, out: &mut impl Write) -> Result<(), CliError> {
    let stats = &tally.stats;
    // Every source the header calls a killer, per-ply slot or not (`SourceTable::is_killer`).
    let killers: Vec<(Cow<str>, u64, u64, u64)> = h
        .sources
        .killer_sources()
        .map(|row| {
            let source = MoveSource::from_code(row.code);
            (
                printable(&row.label),
                stats.tries.get(source),
                stats.cutoffs_by(source),
                tally.illegal_by_source.get(&row.code).copied().unwrap_or(0),
            )
        })
        .collect();
    let tried = killers.iter().map(|k| k.1).sum::<u64>();
    let cut = killers.iter().map(|k| k.2).sum::<u64>();
    let illegal = killers.iter().map(|k| k.3).sum::<u64>();
    writeln!(
        out,
        "killers:    {} stores, {tried} tried, {cut} cut off: hit rate {}",
        stats.killer_stores,
        hit_rate(tried, cut, illegal)
    )?;
    for (label, tried, cut, illegal) in killers.into_iter().filter(|k| k.1 > 0) {
        writeln!(
            out,
            "  {label}: tried {tried}, cut {cut} ({})",
            hit_rate(tried, cut, illegal)
        )?;
    }
    writeln!(
        out,
        "tt:         {} hits, {} cutoffs",
        stats.tt_hits, stats.tt_cutoffs
    )?;
    if stats.illegal_tries + stats.illegal_nulls > 0 {
        writeln!(
            out,
            "illegal:    {} tries left the king attacked, {} null moves made in check",
            stats.illegal_tries, stats.illegal_nulls
        )?;
    }
    Ok(())
}
