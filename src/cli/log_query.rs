//! `killerscope log query FILE 'EXPR'`: the nodes of a log that match a query
//! ([`killerscope_analysis::node_query`]) — their count, and the first matches by id with their path in
//! SAN and what the query can test — as text or one JSON document. The log is streamed, so a
//! query over 100 million events runs in the memory of the matches it prints.

use super::CliError;
use super::fold_progress;
use clap::Args;
use killerscope_analysis::{FIELDS, NodeQuery, QueryMatch, QueryResult};
use killerscope_chess::{Move, Position};
use killerscope_engine::fmt;
use killerscope_engine::score::mate_distance;
use killerscope_log::LogHeader;
use killerscope_text::{ordinal, printable, quote};
use killerscope_trace::line::Step;
use killerscope_trace::{FoldControl, RecordStream, WalkedNode, san_steps, uci_steps};
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// Arguments of `killerscope log query`.
#[derive(Args, Debug)]
#[command(after_help = fields_help())]
pub struct QueryArgs {
    /// The .kslog file or JSON Lines trace.
    file: PathBuf,
    /// The query, e.g. 'type=CUT and cut.rank>1 and tt_tried and not tt_cut' (quote it):
    /// tests of the fields below with = != < <= > >=, true-or-false fields alone, `line MOVES`
    /// (nodes at or under that line from the root), joined by and, or, not and parentheses.
    query: String,
    #[command(flatten)]
    format: super::grammar::TextOrJson,
    /// How many matches to print, the first by id (the count is always of every match).
    #[arg(long, default_value_t = 20)]
    limit: usize,
    /// How a trace is read.
    #[command(flatten)]
    reading: super::reading::Reading,
}

/// The fields a query can test, listed under `--help` from the one table the parser reads.
fn fields_help() -> String {
    let width = FIELDS.iter().map(|f| f.name.len()).max().unwrap_or(0);
    let mut text = String::from("Fields:\n");
    for f in FIELDS {
        text.push_str(&format!("  {:<width$}  {}\n", f.name, f.help));
    }
    text.push_str(&format!(
        "  {:<width$}  the node's path from the root starts with these moves (SAN or UCI, -- for a null move)\n",
        "line MOVES"
    ));
    text.push_str(
        "\nA test of a value the node lacks (the score of an unfinished node, cut.rank where \
         nothing cut) is false; `not` turns it true.",
    );
    text
}

/// Runs the command.
pub fn run(args: &QueryArgs) -> Result<(), CliError> {
    let options = args.reading.options();
    let record = RecordStream::open(&args.file, options)?;
    let header = record.header().clone();
    let query = NodeQuery::compile(&args.query, &header)
        .map_err(|e| CliError::new(format!("log query {}: {e}", quote(&args.query))))?;
    let bar = fold_progress::bar(record.event_count(), "querying");
    let mut tick = fold_progress::tick(&bar);
    let mut control = FoldControl::default().on_progress(&mut tick);
    let result = query.run(record, args.limit, &mut control)?;
    bar.finish_and_clear();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let root = Position::from_fen(&header.fen).ok();
    if args.format.json() {
        writeln!(out, "{}", to_json(args, &header, root.as_ref(), &result))?;
    } else {
        write_text(&mut out, args, &header, root.as_ref(), &result)?;
    }
    Ok(out.flush()?)
}

fn write_text(
    out: &mut impl Write,
    args: &QueryArgs,
    header: &LogHeader,
    root: Option<&Position>,
    result: &QueryResult,
) -> std::io::Result<()> {
    writeln!(
        out,
        "query    {}",
        killerscope_text::quote_within(&args.query, 300)
    )?;
    writeln!(
        out,
        "log      {} ({} nodes)",
        printable(&args.file.display().to_string()),
        fmt::grouped(result.nodes)
    )?;
    let shown = result.matches.len() as u64;
    let more = if shown < result.count {
        format!(" (the first {shown} by id; --limit N for more)")
    } else {
        String::new()
    };
    writeln!(out, "matches  {}{more}", fmt::grouped(result.count))?;
    if result.matches.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:>9} {:>4} {:>3} {:>5} {:<4} {:>6} {:<15} {:<16} {:<8} {:>9}  path",
        "id", "iter", "ply", "depth", "type", "score", "window", "cut", "tt", "nodes"
    )?;
    for m in &result.matches {
        writeln!(out, "{}", text_row(header, root, m))?;
    }
    Ok(())
}

fn text_row(header: &LogHeader, root: Option<&Position>, m: &QueryMatch) -> String {
    let n = &m.node;
    let (score, kind) = match (n.result, n.node_type()) {
        (Some((score, _)), Some(t)) => (fmt::score(score), t.label()),
        _ => ("…".to_string(), "open"),
    };
    let window = format!("[{},{}]", fmt::score(n.window.0), fmt::score(n.window.1));
    let path = san_steps(root, &m.path);
    let cut = n.cutoff.map_or_else(String::new, |c| {
        let text = cut_move_text(root, &m.path, c.mv);
        let rank = ordinal(u64::from(c.index) + 1);
        format!("{text} {rank} {}", header.sources.label(c.source))
    });
    let tt = match (n.tt, n.tt_move_tried, n.tt_move_cut) {
        (None, ..) => "",
        (Some(t), ..) if t.cutoff => "hit-cut",
        (Some(_), true, true) => "tried-cut",
        (Some(_), true, false) => "tried",
        (Some(_), false, _) => "hit",
    };
    let marks = marks_text(n);
    format!(
        "{:>9} {:>4} {:>3} {:>5} {:<4} {:>6} {:<15} {:<16} {:<8} {:>9}  {}{marks}",
        n.id,
        n.iteration,
        n.ply,
        n.depth,
        kind,
        score,
        window,
        cut,
        tt,
        fmt::grouped(n.subtree),
        if path.is_empty() {
            "(root)".to_string()
        } else {
            path.join(" ")
        }
    )
}

/// The cutting move in SAN, read in the node's position.
fn cut_move_text(root: Option<&Position>, path: &[Step], mv: Move) -> String {
    let mut line = path.to_vec();
    line.push(Step::Move(mv));
    san_steps(root, &line).pop().unwrap_or_default()
}

/// Selective-search marks after the path: `[reduced 2, re-search, null cut, pruned 3]`.
fn marks_text(n: &WalkedNode) -> String {
    let mut marks = Vec::new();
    if let Some(by) = n.reduced {
        marks.push(format!("reduced {by}"));
    }
    if n.re_search.is_some() {
        marks.push("re-search".to_string());
    }
    if let Some(null) = n.null_move {
        marks.push(
            if null.cutoff {
                "null cut"
            } else {
                "null tried"
            }
            .to_string(),
        );
    }
    if let Some((rule, _)) = n.pruned {
        marks.push(format!("pruned ({})", rule.name()));
    }
    if n.pruned_moves > 0 {
        marks.push(format!("{} moves pruned", n.pruned_moves));
    }
    if marks.is_empty() {
        String::new()
    } else {
        format!("  [{}]", marks.join(", "))
    }
}

fn to_json(
    args: &QueryArgs,
    header: &LogHeader,
    root: Option<&Position>,
    result: &QueryResult,
) -> Value {
    let matches: Vec<Value> = result
        .matches
        .iter()
        .map(|m| match_json(header, root, m))
        .collect();
    json!({
        "query": args.query,
        "file": args.file.display().to_string(),
        "nodes": result.nodes,
        "count": result.count,
        "limit": args.limit,
        "matches": matches,
    })
}

fn match_json(header: &LogHeader, root: Option<&Position>, m: &QueryMatch) -> Value {
    let n = &m.node;
    let score = |s: i32| match mate_distance(s) {
        Some(moves) => json!({ "mate": moves }),
        None => json!(s),
    };
    json!({
        "id": n.id,
        "path": san_steps(root, &m.path),
        "path_uci": uci_steps(&m.path),
        "iteration": n.iteration,
        "ply": n.ply,
        "depth": n.depth,
        "type": n.node_type().map(|t| t.label()),
        "score": n.result.map(|(s, _)| score(s)),
        "alpha": n.window.0,
        "beta": n.window.1,
        "cut": n.cutoff.map(|c| json!({
            "move": c.mv.to_string(),
            "san": cut_move_text(root, &m.path, c.mv),
            "rank": u32::from(c.index) + 1,
            "source": header.sources.raw_label(c.source),
        })),
        "tt": n.tt.map(|t| json!({
            "move": (!t.mv.is_null()).then(|| t.mv.to_string()),
            "ended_node": t.cutoff,
            "tried": n.tt_move_tried,
            "cut": n.tt_move_cut,
        })),
        "children": n.children,
        "nodes": n.subtree,
        "tried": n.tried,
        "reduced": n.reduced,
        "re_searched": n.re_search.is_some(),
        "null_move": n.null_move.map(|t| json!({ "score": t.score, "cut": t.cutoff })),
        "pruned": n.pruned.map(|(rule, _)| rule.name()),
        "pruned_moves": n.pruned_moves,
    })
}
