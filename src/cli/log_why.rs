//! `killerscope log why FILE --node ID`: where a node's score came from
//! ([`killerscope_analysis::provenance`]) — the chain of children that made it, each with its score,
//! window and bound, down to where the number was born.
//!
//! Linear in the chain's length, in time and memory, so a chain a hundred thousand plies deep
//! prints in a moment: the line to the node is played once, and each link's move is written
//! from the position the previous link reached (one step played per link), not from the root.
//! The text says the chain's length when it is long; the JSON gives each link its move and the
//! asked node its path, once.

use super::CliError;
use clap::Args;
use killerscope_analysis::{
    Origin, ScoreChain, Via, explain_score, origin_text, score_text, via_text,
};
use killerscope_chess::Notation;
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

/// A chain this many links long or longer has its length said before its rows.
const LONG_CHAIN: usize = 20;

/// Arguments of `killerscope log why`.
#[derive(Args, Debug)]
pub struct WhyArgs {
    /// The .kslog file or JSON Lines trace.
    file: PathBuf,
    /// The node (its id, as `log query`, `log dot` and the explorer give it).
    #[arg(long)]
    node: NodeId,
    #[command(flatten)]
    format: super::grammar::TextOrJson,
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
    let path: Vec<Step> = tree.line(args.node).into_iter().map(|(_, s)| s).collect();
    let path = san_steps(root.as_ref(), &path);
    let moves = link_moves(root.as_ref(), &tree, &chain);
    let sources = &log.header().sources;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.format.json() {
        write_json(&mut out, &path, &moves, &chain, sources)?;
    } else {
        write_text(&mut out, &path, &moves, &chain, sources)?;
    }
    Ok(out.flush()?)
}

/// Each link's move in SAN (`--` for a pass; the first link's own move, `(root)` for a root),
/// written from the position the link before it reached: the line to the first link is played
/// once, then one step per link. From the first step that cannot be played on, coordinates.
fn link_moves(root: Option<&Position>, tree: &SearchTree, chain: &ScoreChain) -> Vec<String> {
    let first = chain.links[0].node;
    let mut line = tree.line(first).into_iter().map(|(_, s)| s);
    let mut pos = root.cloned();
    let mut last = None;
    // The line's last step is the first link's move: played from the position before it.
    for step in line.by_ref() {
        last = Some(match pos.take() {
            Some(before) => {
                let text = step.text(&before, Notation::San);
                pos = step.play(&before);
                text
            }
            None => step.coordinates(Notation::San),
        });
    }
    let mut moves = Vec::with_capacity(chain.links.len());
    moves.push(last.unwrap_or_else(|| "(root)".into()));
    for link in &chain.links[1..] {
        let step = Step::of_move(link.mv);
        moves.push(match pos.take() {
            Some(before) => {
                let text = step.text(&before, Notation::San);
                pos = step.play(&before);
                text
            }
            None => step.coordinates(Notation::San),
        });
    }
    moves
}

fn write_text(
    out: &mut impl Write,
    path: &[String],
    moves: &[String],
    chain: &ScoreChain,
    sources: &SourceTable,
) -> std::io::Result<()> {
    let first = &chain.links[0];
    let (score, bound) = score_text(first);
    let shown = if path.is_empty() {
        "(root)".to_string()
    } else {
        path.join(" ")
    };
    writeln!(out, "node {}: {shown}", first.node)?;
    writeln!(
        out,
        "score {score} ({bound}) in [{}, {}]",
        fmt::score(first.window.0),
        fmt::score(first.window.1)
    )?;
    let last = chain.links.last().map_or(first.node, |l| l.node);
    if chain.links.len() >= LONG_CHAIN {
        writeln!(
            out,
            "chain: {} links, {} plies down from node {} to node {last}",
            fmt::grouped(chain.links.len() as u64),
            fmt::grouped(chain.links.len() as u64 - 1),
            first.node
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:>9}  {:<7} {:<4} {:>6}  {:<15} {:<12} how",
        "node", "move", "type", "score", "window", "bound"
    )?;
    for (k, link) in chain.links.iter().enumerate() {
        let how = match (link.via, moves.get(k + 1)) {
            (Some(via), Some(next)) => via_text(via, next, sources),
            _ => origin_text(chain.origin),
        };
        let (score, bound) = score_text(link);
        let kind = link.node_type.map_or("open", |t| t.label());
        let window = format!(
            "[{},{}]",
            fmt::score(link.window.0),
            fmt::score(link.window.1)
        );
        writeln!(
            out,
            "{:>9}  {:<7} {kind:<4} {score:>6}  {window:<15} {bound:<12} {how}",
            link.node, moves[k]
        )?;
    }
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
        Origin::Clamped { .. } => ("clamped", false),
        Origin::Unknown(_) => ("unknown", false),
    };
    json!({ "kind": kind, "inferred": inferred, "text": origin_text(origin) })
}

fn score_json(s: i32) -> Value {
    match mate_distance(s) {
        Some(m) => json!({ "mate": m }),
        None => json!(s),
    }
}

/// One JSON document, written a link at a time: `node`, `path` (the asked node's line in
/// SAN), `length`, `chain` (each link with its `move`) and `origin`.
fn write_json(
    out: &mut impl Write,
    path: &[String],
    moves: &[String],
    chain: &ScoreChain,
    sources: &SourceTable,
) -> std::io::Result<()> {
    let first = chain.links[0].node;
    write!(
        out,
        "{{\"node\":{first},\"path\":{},\"length\":{},\"chain\":[",
        json!(path),
        chain.links.len()
    )?;
    for (k, link) in chain.links.iter().enumerate() {
        let via = link.via.map(|v| match v {
            Via::Cut { mv, index, source } => json!({
                "kind": "cut", "move": mv.to_string(), "rank": u32::from(index) + 1,
                "source": sources.raw_label(source),
            }),
            Via::Best { mv } => json!({ "kind": "best", "move": mv.to_string() }),
            Via::NullMove => json!({ "kind": "null_move" }),
        });
        let row = json!({
            "node": link.node,
            "move": moves[k],
            "type": link.node_type.map(|t| t.label()),
            "score": link.result.map(|(s, _)| score_json(s)),
            "bound": link.result.map(|(_, b)| b.name()),
            "alpha": link.window.0,
            "beta": link.window.1,
            "via": via,
        });
        write!(out, "{}{row}", if k == 0 { "" } else { "," })?;
    }
    writeln!(out, "],\"origin\":{}}}", origin_json(chain.origin))
}
