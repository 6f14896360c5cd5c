//! JSON Lines and Graphviz exports.

use crate::trace_common;

use killerscope_log::{Event, EventKind};
use killerscope_trace::{DOT_NODE_LIMIT, SearchTree, write_dot, write_jsonl};
use serde_json::Value;
use trace_common::toy_log;

#[test]
fn jsonl_has_one_valid_object_per_event() {
    let log = toy_log(4);
    let mut out = Vec::new();
    write_jsonl(&log, &mut out).expect("Vec write");
    let text = String::from_utf8(out).expect("UTF-8");
    let mut lines: Vec<&str> = text.lines().collect();
    let header: Value = serde_json::from_str(lines.remove(0)).expect("a header line");
    assert_eq!(header["type"], "header");
    assert_eq!(header["schema"], 1);
    assert_eq!(header["fen"], log.header().fen.as_str());
    let sources = header["sources"].as_array().expect("a source list");
    assert_eq!(sources.len(), log.header().sources.rows().len());
    assert_eq!(lines.len(), log.len());
    let names: Vec<&str> = EventKind::ALL.iter().map(|k| k.name()).collect();
    for (i, (line, event)) in lines.iter().zip(log.events()).enumerate() {
        let v: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {i}: {e}: {line}"));
        assert_eq!(v["i"], i);
        assert_eq!(v["type"], event.kind().name());
        assert!(names.contains(&v["type"].as_str().expect("type is a string")));
        match event {
            Event::KillerStore { ply, mv, slots } => {
                assert_eq!(v["ply"], *ply);
                assert_eq!(v["move"], mv.to_string());
                let expected: Vec<Value> = slots
                    .as_slice()
                    .iter()
                    .map(|m| {
                        if m.is_null() {
                            Value::Null
                        } else {
                            Value::from(m.to_string())
                        }
                    })
                    .collect();
                assert_eq!(v["slots"], Value::Array(expected), "empty slots are null");
            }
            Event::NodeEnter { ply: 0, .. } => assert_eq!(v["move"], Value::Null),
            Event::Cutoff { score, beta, .. } if score.abs() < 30_000 => {
                assert_eq!(v["score"], *score);
                assert_eq!(v["beta"], *beta);
                assert!(v["source"].is_string() && v["ply"].is_u64());
            }
            Event::Iteration { nodes, .. } => {
                assert_eq!(v["nodes"], nodes.get());
                assert!(v["pv"].is_array());
            }
            _ => {}
        }
    }
}

#[test]
fn dot_marks_cutoff_edges_and_respects_depth() {
    let log = toy_log(4);
    let tree = SearchTree::build(log.events());
    let root = *tree.roots().last().expect("a root");
    let mut out = Vec::new();
    write_dot(&tree, root, 2, None, &Default::default(), &mut out).expect("Vec write");
    let dot = String::from_utf8(out).expect("UTF-8");
    assert!(dot.starts_with("digraph search {") && dot.trim_end().ends_with('}'));
    let drawn = dot
        .lines()
        .filter(|l| l.trim_start().starts_with('n') && l.contains("[label=\"#"))
        .count();
    let within: usize = std::iter::once(1)
        .chain(tree.children(root).map(|c| 1 + tree.children(c).count()))
        .sum();
    assert_eq!(drawn, within);
    let cut_children = tree
        .children(root)
        .chain(
            tree.children(root)
                .flat_map(|c| tree.children(c).collect::<Vec<_>>()),
        )
        .filter(|&c| {
            let parent = tree
                .node(c)
                .and_then(|n| n.parent())
                .and_then(|p| tree.node(p));
            parent.and_then(|p| p.cutoff()).is_some()
                && tree.node(c).and_then(|n| n.next_sibling()).is_none()
        })
        .count();
    assert!(cut_children > 0);
    assert_eq!(dot.matches("color=red").count(), cut_children);
}

#[test]
fn dot_stops_at_the_node_limit() {
    let tree = SearchTree::build(toy_log(6).events());
    let root = *tree.roots().last().expect("a root");
    assert!(tree.subtree_size(root) as usize > DOT_NODE_LIMIT);
    let mut out = Vec::new();
    write_dot(&tree, root, 64, None, &Default::default(), &mut out).expect("Vec write");
    let dot = String::from_utf8(out).expect("UTF-8");
    let drawn = dot.lines().filter(|l| l.contains("[label=\"#")).count();
    assert_eq!(drawn, DOT_NODE_LIMIT);
    assert!(dot.contains("node limit reached"));
}
