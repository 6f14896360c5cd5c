//! `killerscope log why FILE --node ID`: where a node's score came from
//! ([`killerscope_analysis::provenance`]) — the chain of children that made it, each with its score,
//! window and bound, down to where the number was born.

use super::CliError;
use clap::Args;
use killerscope_analysis::{
    Origin, ScoreChain, Via, explain_score, origin_text, score_text, via_text,
};
use killerscope_chess::Position;
use killerscope_engine::fmt;
use killerscope_engine::score::mate_distance;
use killerscope_log::SourceTable;
use killerscope_text::printable;
use killerscope_trace::line::Step;
use killerscope_trace::{NodeId, SearchTree, read_record, san_steps};
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// Arguments of `killerscope log why`.
#[derive(Args, Debug)]
pub struct WhyArgs {
    /// The .kslog file or JSON Lines trace.
    file: PathBuf,
    /// The node (its id, as `log query`, `log dot` and the explorer give it).
    #[arg(long)]
    node: NodeId,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// How a trace is read.
    #[command(flatten)]
    reading: super::reading::Reading,
}

/// Runs the command.
pub fn run(args: &WhyArgs) -> Result<(), CliError> {
    let (log, _) = read_record(&args.file, args.reading.options())?;
    let tree = SearchTree::build(log.events().clone());
    let Some(chain) = explain_score(&tree, log.events(), args.node) else {
        return Err(CliError::new(format!(
            "log why: no node {} in {} (it has {} nodes, ids 0..{})",
            args.node,
            printable(&args.file.display().to_string()),
            tree.len(),
            tree.len()
        )));
    };
    let root = Position::from_fen(&log.header().fen).ok();
    let path = path_to(&tree, args.node);
    let moves = chain_moves(&path, &chain);
    let sources = &log.header().sources;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        writeln!(out, "{}", to_json(root.as_ref(), &moves, &chain, sources))?;
    } else {
        write_text(&mut out, root.as_ref(), &moves, &chain, sources)?;
    }
    Ok(out.flush()?)
}

/// The line from the root to `id`, passes included.
fn path_to(tree: &SearchTree, id: NodeId) -> Vec<Step> {
    tree.line(id).into_iter().map(|(_, step)| step).collect()
}

/// The line to each link: the asked node's, then one step more per link (a pass for the
/// null-move search).
fn chain_moves(path: &[Step], chain: &ScoreChain) -> Vec<Vec<Step>> {
    let mut line = path.to_vec();
    let mut all = vec![line.clone()];
    for link in &chain.links[1..] {
        line.push(if link.mv.is_null() {
            Step::Pass
        } else {
            Step::Move(link.mv)
        });
        all.push(line.clone());
    }
    all
}

fn write_text(
    out: &mut impl Write,
    root: Option<&Position>,
    moves: &[Vec<Step>],
    chain: &ScoreChain,
    sources: &SourceTable,
) -> std::io::Result<()> {
    let first = &chain.links[0];
    let path = san_steps(root, &moves[0]);
    let (score, bound) = score_text(first);
    writeln!(
        out,
        "node {}: {}",
        first.node,
        if path.is_empty() {
            "(root)".to_string()
        } else {
            path.join(" ")
        }
    )?;
    writeln!(
        out,
        "score {score} ({bound}) in [{}, {}]",
        fmt::score(first.window.0),
        fmt::score(first.window.1)
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:>9}  {:<7} {:<4} {:>6}  {:<15} {:<12} how",
        "node", "move", "type", "score", "window", "bound"
    )?;
    for (k, link) in chain.links.iter().enumerate() {
        let line = san_steps(root, &moves[k]);
        let mv = if k == 0 {
            line.last().cloned().unwrap_or_else(|| "(root)".into())
        } else {
            line.last().cloned().unwrap_or_default()
        };
        let next = chain
            .links
            .get(k + 1)
            .and_then(|_| san_steps(root, &moves[k + 1]).pop())
            .unwrap_or_default();
        let how = link.via.map_or_else(
            || origin_text(chain.origin),
            |v| via_text(v, &next, sources),
        );
        let (score, bound) = score_text(link);
        let kind = link.node_type.map_or("open", |t| t.label());
        let window = format!(
            "[{},{}]",
            fmt::score(link.window.0),
            fmt::score(link.window.1)
        );
        writeln!(
            out,
            "{:>9}  {mv:<7} {kind:<4} {score:>6}  {window:<15} {bound:<12} {how}",
            link.node
        )?;
    }
    let last = chain.links.last().map_or(first.node, |l| l.node);
    writeln!(out)?;
    writeln!(out, "born at node {last}: {}", origin_text(chain.origin))
}

fn origin_json(origin: Origin) -> Value {
    let (kind, inferred) = match origin {
        Origin::StaticEval {
            ply_limit: false,
            inferred,
        } => ("stand_pat", inferred),
        Origin::StaticEval {
            ply_limit: true,
            inferred,
        } => ("ply_limit", inferred),
        Origin::TtHit => ("tt_hit", false),
        Origin::Checkmate { inferred } => ("checkmate", inferred),
        Origin::Stalemate { inferred } => ("stalemate", inferred),
        Origin::Draw(kind) => (kind.name(), false),
        Origin::Pruned(rule) => (rule.name(), false),
        Origin::NullMoveBound => ("null_move_mate", false),
        Origin::Unknown(_) => ("unknown", false),
    };
    json!({ "kind": kind, "inferred": inferred, "text": origin_text(origin) })
}

fn to_json(
    root: Option<&Position>,
    moves: &[Vec<Step>],
    chain: &ScoreChain,
    sources: &SourceTable,
) -> Value {
    let score = |s: i32| match mate_distance(s) {
        Some(m) => json!({ "mate": m }),
        None => json!(s),
    };
    let links: Vec<Value> = chain
        .links
        .iter()
        .enumerate()
        .map(|(k, link)| {
            let via = link.via.map(|v| match v {
                Via::Cut { mv, index, source } => json!({
                    "kind": "cut", "move": mv.to_string(), "rank": u32::from(index) + 1,
                    "source": sources.raw_label(source),
                }),
                Via::Best { mv } => json!({ "kind": "best", "move": mv.to_string() }),
                Via::NullMove => json!({ "kind": "null_move" }),
            });
            json!({
                "node": link.node,
                "path": san_steps(root, &moves[k]),
                "type": link.node_type.map(|t| t.label()),
                "score": link.result.map(|(s, _)| score(s)),
                "bound": link.result.map(|(_, b)| b.name()),
                "alpha": link.window.0,
                "beta": link.window.1,
                "via": via,
            })
        })
        .collect();
    json!({ "chain": links, "origin": origin_json(chain.origin) })
}
