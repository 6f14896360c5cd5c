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
    /// The last top-level node's remaining depth and ply, and whether an iteration event came
    /// after it (a search stopped mid-iteration leaves its last root without one).
    last_root: Option<(i8, u8, bool)>,
}

/// How a record ends, as its reader says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    /// Complete: the search, and the recording, ran to their end.
    Whole,
    /// Marked truncated: the log ends before the search did.
    Truncated,
    /// A `.kslog` its writer never finished (killed mid-search, or still writing).
    Unfinished,
}

impl Ending {
    /// The ending of a record its reader calls `truncated` and `unfinished`.
    pub(super) fn of(truncated: bool, unfinished: bool) -> Ending {
        match (truncated, unfinished) {
            (_, true) => Ending::Unfinished,
            (true, false) => Ending::Truncated,
            (false, false) => Ending::Whole,
        }
    }
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
                Event::NodeEnter { ply, depth, .. } => {
                    if self.open == 0 {
                        self.last_root = Some((depth, ply, false));
                    }
                    self.max_ply = self.max_ply.max(ply);
                    self.open += 1;
                }
                Event::NodeExit { .. } => self.open = self.open.saturating_sub(1),
                Event::Iteration {
                    depth,
                    score,
                    nodes,
                } => {
                    self.iterations.push((depth, score, nodes.get()));
                    if let Some(root) = &mut self.last_root {
                        root.2 = true;
                    }
                }
                _ => {}
            }
        }
    }

    /// The depth of the iteration a search was stopped in: its last root (a top-level node at
    /// ply 0) has no iteration event after it, while the log has iteration events or says it
    /// ends early (a log that never writes them is not taken for a stopped one).
    fn stopped_in(&self, h: &LogHeader, ending: Ending) -> Option<i8> {
        let (depth, ply, iterated) = self.last_root?;
        let claims = !self.iterations.is_empty() || ending != Ending::Whole;
        (h.filter.is_empty() && ply == 0 && !iterated && claims).then_some(depth)
    }

    /// The `truncated:` line: whether the log is whole and, when not, why it ends early — as
    /// far as the log can tell.
    fn truncation(&self, h: &LogHeader, ending: Ending, summary: Option<&ImportSummary>) -> String {
        let stopped = self.stopped_in(h, ending);
        let open = self.open;
        match (ending, stopped) {
            (Ending::Whole, None) => "no".into(),
            (Ending::Whole, Some(d)) => format!(
                "no: the search was stopped during its depth-{d} iteration, and the log holds \
                 all of it (its last root has no iteration event)"
            ),
            (Ending::Unfinished, _) => format!(
                "yes: its writer never finished the file (killed or crashed mid-search, or still \
                 writing): the events written so far, {open} nodes open, iterations without PVs"
            ),
            (Ending::Truncated, _) if open == 0 && summary.is_some() => {
                "yes: its writer stopped recording mid-search (the header says \"truncated\")"
                    .into()
            }
            (Ending::Truncated, Some(d)) if open == 0 => format!(
                "yes: the search was stopped during its depth-{d} iteration (every node is \
                 closed; its last root has no iteration event)"
            ),
            (Ending::Truncated, _) if open == 0 => "yes: the recording says it stopped early, \
                 between iterations (every node is closed)"
                .into(),
            (Ending::Truncated, _) => format!("yes: {}", open_at_end(h, summary, open)),
        }
    }
}

/// Prints the summary of a log of `events` events, whose header is `h`, from its `tally`.
pub(super) fn print(
    (file, h, ending): (&Path, &LogHeader, Ending),
    summary: Option<&ImportSummary>,
    (events, pvs): (u64, &[Vec<Move>]),
    tally: &Tally,
    mut out: impl Write,
) -> Result<(), CliError> {
    let truncated = tally.truncation(h, ending, summary);
    print_header((file, h, &truncated), summary, &mut out)?;
    print_events(events, tally, &mut out)?;
    print_cutoffs(h, tally, &mut out)?;
    print_tables(h, tally, &mut out)?;
    let stats = &tally.stats;
    for line in selective_lines(&stats.selective, 12) {
        writeln!(out, "{line}")?;
    }
    for (k, &(depth, score, nodes)) in tally.iterations.iter().enumerate() {
        // An unfinished log stores no PVs.
        let pv = pvs.get(k).map_or("(not stored)".into(), |pv| {
            let pv: Vec<String> = pv.iter().map(ToString::to_string).collect();
            pv.join(" ")
        });
        writeln!(
            out,
            "iteration:  depth {depth} score {} nodes {nodes} pv {pv}",
            format_uci(score),
        )?;
    }
    Ok(out.flush()?)
}

/// The header's lines (file, position, switches, engine, sources), whether the record is
/// whole, and what an import skipped.
fn print_header(
    (file, h, truncated): (&Path, &LogHeader, &str),
    summary: Option<&ImportSummary>,
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
    writeln!(out, "truncated:  {truncated}")?;
    if let Some(summary) = summary {
        // The lines after a second header are read past, not imported.
        let imported = summary.lines.saturating_sub(summary.lines_not_read);
        writeln!(out, "trace:      {imported} lines imported")?;
        for line in skipped_lines(summary) {
            writeln!(out, "  {}", printable(&line))?;
        }
    }
    Ok(())
}

/// Why a log ends mid-search with `open` nodes open, as far as it can tell: killerscope's
/// recorder stops only at its event cap or a write error (a stopped search closes its nodes); a
/// trace, or a search with a time or node limit, was stopped before it closed them (that limit,
/// `stop`) — or its trace was cut short; another writer's `.kslog` either.
fn open_at_end(h: &LogHeader, summary: Option<&ImportSummary>, open: usize) -> String {
    let open_nodes = format!("{open} node{} left open", if open == 1 { "" } else { "s" });
    if h.engine.starts_with("killerscope ") && summary.is_none() {
        return format!(
            "the log ends mid-search with {open_nodes}: recording stopped early (event cap or \
             write error)"
        );
    }
    let limit = h
        .limits
        .iter()
        .find(|(k, _)| matches!(k.as_str(), "movetime" | "nodes" | "infinite"))
        .map(|(k, v)| format!("{} {}", k, printable(v)).trim_end().to_string());
    match limit {
        None if summary.is_none() => format!(
            "the log ends mid-search with {open_nodes}: recording stopped early (an event cap or \
             a write error), or the engine was stopped without closing them"
        ),
        limit => format!(
            "the search was stopped ({}, or stop) before it closed its nodes — {open_nodes}; or \
             its trace was cut short",
            limit.unwrap_or_else(|| "its limit".into())
        ),
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
