//! `log query` checked against an independent fold: searches are recorded, exported with `log
//! export --jsonl`, and this file folds the JSON lines itself (its own stack of open nodes, its
//! own reading of the schema) into the nodes each query should match. The ids `log query --json`
//! prints must be exactly those.

use crate::binary;
use binary::{run, text};

use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use killerscope_engine::{Limits, SearchConfig, SelectiveConfig};
use killerscope_trace::record_search;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// A node as the oracle reads it from the JSON lines.
#[derive(Clone, Debug, Default)]
struct OracleNode {
    id: u64,
    ply: i64,
    depth: i64,
    iteration: i64,
    quiescence: bool,
    alpha: i64,
    beta: i64,
    /// Moves from the root, UCI, `0000` for a null move.
    path: Vec<String>,
    score: Option<i64>,
    bound: Option<String>,
    cut: Option<(String, i64, String)>,
    tt_move: Option<Option<String>>,
    tt_tried: bool,
    tt_cut: bool,
    children: u64,
    subtree: u64,
    reduced: bool,
    re_searched: bool,
    null_move: bool,
    pruned: bool,
    key: Option<u64>,
}

impl OracleNode {
    fn node_type(&self) -> Option<&'static str> {
        let bound = self.bound.as_deref()?;
        Some(match (self.quiescence, bound) {
            (true, _) => "Q",
            (false, "exact") => "PV",
            (false, "lower") => "CUT",
            _ => "ALL",
        })
    }
}

/// A score as the schema writes it: centipawns, or `{"mate": n}` (read as far beyond any
/// threshold the queries use).
fn score(v: &Value) -> i64 {
    match v.get("mate").and_then(Value::as_i64) {
        Some(n) if n > 0 => 1_000_000,
        Some(_) => -1_000_000,
        None => v.as_i64().expect("a score is a number or a mate"),
    }
}

fn uci(v: &Value) -> String {
    v.as_str().unwrap_or("0000").to_string()
}

/// The oracle's fold: its own stack of open nodes, each with its position and the move of its
/// last child (a PVS re-search searches the same move again).
struct Oracle {
    root: Position,
    stack: Vec<(OracleNode, Option<Position>, Option<String>)>,
    done: Vec<OracleNode>,
    next_id: u64,
    iteration: i64,
    /// A `reduction` or `re_search` just read, for the node entered right after it.
    pending: Option<(String, String)>,
}

impl Oracle {
    fn enter(&mut self, e: &Value, before: Option<(String, String)>) {
        let mv = uci(&e["move"]);
        let depth = e["depth"].as_i64().expect("depth");
        if self.stack.is_empty() {
            self.iteration = depth;
        }
        let mut node = OracleNode {
            id: self.next_id,
            ply: e["ply"].as_i64().expect("ply"),
            depth,
            iteration: self.iteration,
            quiescence: e["kind"] == "quiescence",
            alpha: score(&e["alpha"]),
            beta: score(&e["beta"]),
            ..OracleNode::default()
        };
        self.next_id += 1;
        let pos = match self.stack.last() {
            None => Some(self.root.clone()),
            Some((parent, ppos, last_child)) => {
                node.path = parent.path.clone();
                node.path.push(mv.clone());
                node.re_searched = mv != "0000" && last_child.as_deref() == Some(mv.as_str());
                ppos.as_ref().and_then(|p| {
                    if mv == "0000" {
                        p.after_pass()
                    } else {
                        p.after_line(&[parse_uci(p, &mv).ok()?])
                    }
                })
            }
        };
        match before {
            Some((m, kind)) if m == mv && kind == "reduction" => node.reduced = true,
            Some((m, kind)) if m == mv && kind == "re_search" => node.re_searched = true,
            _ => {}
        }
        node.key = pos.as_ref().map(Position::key);
        self.stack.push((node, pos, None));
    }

    fn exit(&mut self, e: &Value) {
        let (mut node, _, _) = self.stack.pop().expect("an open node");
        node.score = Some(score(&e["score"]));
        node.bound = Some(e["bound"].as_str().expect("bound").to_string());
        node.subtree += 1;
        if let Some((parent, _, last)) = self.stack.last_mut() {
            parent.children += 1;
            parent.subtree += node.subtree;
            *last = Some(node.path.last().cloned().unwrap_or_default());
        }
        self.done.push(node);
    }

    /// An event of the innermost open node.
    fn own(&mut self, kind: &str, e: &Value) {
        let Some((node, _, _)) = self.stack.last_mut() else {
            return;
        };
        let is_tt_move = |node: &OracleNode, mv: &str| {
            node.tt_move
                .as_ref()
                .is_some_and(|t| t.as_deref() == Some(mv))
        };
        match kind {
            "move_tried" => node.tt_tried |= is_tt_move(node, &uci(&e["move"])),
            "cutoff" => {
                let mv = uci(&e["move"]);
                node.tt_cut = is_tt_move(node, &mv);
                let index = e["index"].as_i64().expect("index");
                let source = e["source"].as_str().expect("source").to_string();
                node.cut = Some((mv, index + 1, source));
            }
            "tt_hit" if node.tt_move.is_none() => {
                node.tt_move = Some(e["move"].as_str().map(str::to_string));
            }
            "null_move" => node.null_move = true,
            "pruned" => node.pruned = true,
            _ => {}
        }
    }
}

/// Every node of the exported trace, in the order they closed.
fn oracle_nodes(jsonl: &str) -> Vec<OracleNode> {
    let mut lines = jsonl.lines();
    let header: Value = serde_json::from_str(lines.next().expect("a header")).expect("JSON");
    let mut oracle = Oracle {
        root: Position::from_fen(header["fen"].as_str().expect("fen")).expect("valid FEN"),
        stack: Vec::new(),
        done: Vec::new(),
        next_id: 0,
        iteration: 0,
        pending: None,
    };
    for line in lines {
        let e: Value = serde_json::from_str(line).expect("JSON line");
        let kind = e["type"].as_str().expect("type");
        let before = oracle.pending.take();
        match kind {
            "node_enter" => oracle.enter(&e, before),
            "node_exit" => oracle.exit(&e),
            "reduction" | "re_search" => oracle.pending = Some((uci(&e["move"]), kind.to_string())),
            _ => oracle.own(kind, &e),
        }
    }
    oracle.done
}

type Predicate = Box<dyn Fn(&OracleNode) -> bool>;

/// Queries and what each means, written again here in plain Rust over the oracle's nodes.
fn queries(nodes: &[OracleNode]) -> Vec<(String, Predicate)> {
    let deep = nodes
        .iter()
        .filter(|n| n.path.len() >= 2 && !n.path.contains(&"0000".to_string()))
        .max_by_key(|n| n.subtree)
        .expect("a node two plies deep");
    let line = deep.path[..2].to_vec();
    let key = nodes
        .iter()
        .filter(|n| n.ply == 3)
        .find_map(|n| n.key)
        .expect("a node at ply 3");
    let cut_move = nodes
        .iter()
        .find_map(|n| n.cut.as_ref().filter(|c| c.1 > 1).map(|c| c.0.clone()))
        .expect("a late cutoff");
    let line_for = line.clone();
    let cut_for = cut_move.clone();
    vec![
        (
            "type=CUT and cut.rank>1 and tt_tried and not tt_cut".into(),
            Box::new(|n: &OracleNode| {
                n.node_type() == Some("CUT")
                    && n.cut.as_ref().is_some_and(|c| c.1 > 1)
                    && n.tt_tried
                    && !n.tt_cut
            }),
        ),
        (
            "ply>=2 and depth<=1 and type=ALL".into(),
            Box::new(|n: &OracleNode| n.ply >= 2 && n.depth <= 1 && n.node_type() == Some("ALL")),
        ),
        (
            "score>50 or score<-50".into(),
            Box::new(|n: &OracleNode| n.score.is_some_and(|s| !(-50..=50).contains(&s))),
        ),
        (
            "cut.source=K1 and iteration=3".into(),
            Box::new(|n: &OracleNode| {
                n.iteration == 3 && n.cut.as_ref().is_some_and(|c| c.2 == "K1")
            }),
        ),
        (
            "reduced or re_searched or null_move or pruned".into(),
            Box::new(|n: &OracleNode| n.reduced || n.re_searched || n.null_move || n.pruned),
        ),
        (
            "tt_hit and not tt_tried and (children>=10 or nodes>100)".into(),
            Box::new(|n: &OracleNode| {
                n.tt_move.is_some() && !n.tt_tried && (n.children >= 10 || n.subtree > 100)
            }),
        ),
        (
            "not (type=PV or type=Q) and alpha>-100 and beta<=100".into(),
            Box::new(|n: &OracleNode| {
                !matches!(n.node_type(), Some("PV" | "Q")) && n.alpha > -100 && n.beta <= 100
            }),
        ),
        (
            format!("line {} {}", line[0], line[1]),
            Box::new(move |n: &OracleNode| n.path.starts_with(&line_for)),
        ),
        (
            format!("key={key:016x}"),
            Box::new(move |n: &OracleNode| n.key == Some(key)),
        ),
        (
            format!("cut.move={cut_move} and type!=Q"),
            Box::new(move |n: &OracleNode| {
                n.node_type() != Some("Q")
                    && n.node_type().is_some()
                    && n.cut.as_ref().is_some_and(|c| c.0 == cut_for)
            }),
        ),
    ]
}

fn temp_log(name: &str, fen: &str, config: SearchConfig, depth: u8) -> PathBuf {
    let pos = Position::from_fen(fen).expect("valid FEN");
    let (log, _) = record_search(&pos, config, &Limits::depth(depth));
    assert!(!log.is_truncated());
    let path = std::env::temp_dir().join(format!("ks-query-{}-{name}.kslog", std::process::id()));
    log.write_file(&path).expect("temp dir is writable");
    path
}

fn query_ids(file: &str, query: &str) -> (u64, BTreeSet<u64>) {
    let out = run(&["log", "query", file, query, "--json", "--limit", "1000000"]);
    assert!(out.status.success(), "{query}: {}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ids = v["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["id"].as_u64().expect("id"))
        .collect();
    (v["count"].as_u64().expect("count"), ids)
}

#[test]
fn query_results_equal_an_independent_fold_of_the_export() {
    let selective = SearchConfig {
        selective: "all=on".parse::<SelectiveConfig>().expect("valid switches"),
        ..SearchConfig::default()
    };
    let logs = [
        (
            "start",
            killerscope_chess::START_FEN,
            SearchConfig::default(),
            5,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            selective,
            4,
        ),
        (
            "puzzle",
            "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1",
            selective,
            5,
        ),
    ];
    let mut matched_somewhere = Vec::new();
    for (name, fen, config, depth) in logs {
        let path = temp_log(name, fen, config, depth);
        let file = path.to_str().expect("UTF-8 temp path");
        let export = run(&["log", "export", "--jsonl", file]);
        assert!(export.status.success(), "{}", text(&export.stderr));
        let nodes = oracle_nodes(&text(&export.stdout));
        let queries = queries(&nodes);
        matched_somewhere.resize(queries.len(), false);
        for (k, (query, holds)) in queries.into_iter().enumerate() {
            let expected: BTreeSet<u64> = nodes.iter().filter(|n| holds(n)).map(|n| n.id).collect();
            let (count, ids) = query_ids(file, &query);
            assert_eq!(count, expected.len() as u64, "{name}: count of {query}");
            assert_eq!(ids, expected, "{name}: ids of {query}");
            matched_somewhere[k] |= !expected.is_empty();
        }
        std::fs::remove_file(&path).expect("cleanup");
    }
    assert!(
        matched_somewhere.iter().all(|&m| m),
        "every query matches nodes of some log: {matched_somewhere:?}"
    );
}

#[test]
fn san_and_uci_name_the_same_moves_and_the_limit_keeps_the_first_ids() {
    let path = temp_log(
        "san",
        killerscope_chess::START_FEN,
        SearchConfig::default(),
        4,
    );
    let file = path.to_str().expect("UTF-8 temp path");
    let (uci_count, uci_ids) = query_ids(file, "ply=1 and move=g1f3");
    let (san_count, san_ids) = query_ids(file, "ply=1 and move=Nf3");
    assert!(uci_count > 0);
    assert_eq!((uci_count, &uci_ids), (san_count, &san_ids));
    let (_, cut_uci) = query_ids(file, "cut.move=b8c6");
    let (_, cut_san) = query_ids(file, "cut.move=Nc6");
    assert_eq!(cut_uci, cut_san);

    let (count, all) = query_ids(file, "type=CUT");
    let out = run(&["log", "query", file, "type=CUT", "--json", "--limit", "7"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let first: Vec<u64> = v["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["id"].as_u64().expect("id"))
        .collect();
    assert_eq!(v["count"].as_u64(), Some(count));
    assert_eq!(first, all.iter().copied().take(7).collect::<Vec<_>>());
    std::fs::remove_file(&path).expect("cleanup");
}

#[test]
fn errors_name_the_column_and_exit_2() {
    let path = temp_log(
        "err",
        killerscope_chess::START_FEN,
        SearchConfig::default(),
        2,
    );
    let file = path.to_str().expect("UTF-8 temp path");
    for (query, needle) in [
        ("type=CUT and cutrank>1", "column 14: unknown field"),
        ("type=FOO", "column 6: a node type is PV, CUT, ALL or Q"),
        ("depth", "column 6: `depth` needs a comparison"),
        ("(ply=1", "column 7: expected ) to close the ( at column 1"),
        ("cut.source=K9", "column 12: the log names no source"),
        ("line e2e4 e2e4", "column 11: `line`"),
        ("type<CUT", "column 1: `type` is a node type"),
        ("", "column 1: the query is empty"),
    ] {
        let out = run(&["log", "query", file, query]);
        assert_eq!(out.status.code(), Some(2), "{query}");
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{query}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    std::fs::remove_file(&path).expect("cleanup");
}

#[test]
fn the_docs_list_every_field_the_parser_knows() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/workbench.md"))
        .expect("docs/workbench.md");
    for field in killerscope_analysis::FIELDS {
        assert!(
            docs.contains(&format!("`{}`", field.name)),
            "docs/workbench.md does not list the field {}",
            field.name
        );
    }
    let help = run(&["log", "query", "--help"]);
    let help = text(&help.stdout);
    for field in killerscope_analysis::FIELDS {
        assert!(
            help.contains(field.name),
            "--help does not list {}",
            field.name
        );
    }
}
