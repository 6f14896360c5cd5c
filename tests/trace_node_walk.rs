//! The streamed node walk (what `log query` and `log report` fold over) against the tree index
//! and the explorer's marks, built from the same events by other code: every node the walk
//! hands out must say what `SearchTree`, `Node` and `Marks` say of it — and its "cut by the
//! first move" size must equal the same size computed by recursion over the tree.

use crate::chess_common as common;

use killerscope_chess::Position;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, SelectiveConfig};
use killerscope_trace::{Marks, NodeId, NodeWalk, SearchTree, WalkedNode, record_search};
use killerscope_trace::{line::Step, line::position_at};
use std::collections::HashMap;

/// Nodes of `id`'s subtree if every cut node in it were cut by its first move: a cut node keeps
/// the last search of its cutting move alone. Iterative (post-order over ids).
fn minimal_sizes(tree: &SearchTree) -> Vec<u64> {
    let mut minimal = vec![0u64; tree.len()];
    for id in (0..tree.len() as NodeId).rev() {
        let node = tree.node(id).expect("in range");
        let children: Vec<NodeId> = tree.children(id).collect();
        let cut_child = node.cutoff().and_then(|c| {
            children
                .iter()
                .rev()
                .find(|&&k| tree.node(k).is_some_and(|k| k.mv() == c.mv))
        });
        minimal[id as usize] = 1 + match cut_child {
            Some(&k) => minimal[k as usize],
            None => children.iter().map(|&k| minimal[k as usize]).sum(),
        };
    }
    minimal
}

fn check(fen: &str, config: SearchConfig, depth: u8) {
    let root = Position::from_fen(fen).expect("valid FEN");
    let (log, _) = record_search(&root, config, &Limits::depth(depth));
    let tree = SearchTree::build(log.events());
    let minimal = minimal_sizes(&tree);
    let mut walked: HashMap<u64, WalkedNode> = HashMap::new();
    let mut walk = NodeWalk::with_positions(Some(root.clone()));
    walk.feed(log.events(), &mut |node, path| {
        let id = node.id as NodeId;
        let line: Vec<Step> = tree.line(id).into_iter().map(|(_, step)| step).collect();
        assert_eq!(path.steps(), line.as_slice(), "line of node {id}");
        let at = position_at(&tree, &root, id);
        assert_eq!(path.position(), at.as_ref(), "position of node {id}");
        walked.insert(node.id, node.clone());
    });
    walk.finish(&mut |_, _| panic!("a whole search leaves no node open"));
    assert_eq!(walked.len(), tree.len(), "{fen}: every node once");
    for id in 0..tree.len() as NodeId {
        let n = tree.node(id).expect("in range");
        let w = &walked[&u64::from(id)];
        let marks = Marks::of(&tree, log.events(), id);
        let root_depth = tree
            .root_of(id)
            .and_then(|r| tree.node(r))
            .map(|r| r.depth());
        let what = format!("{fen} depth {depth}, node {id}");
        assert_eq!(
            (w.ply, w.depth, w.kind, w.mv, w.window),
            (n.ply(), n.depth(), n.kind(), n.mv(), n.window()),
            "{what}"
        );
        assert_eq!(w.result, n.result(), "{what}");
        assert_eq!(w.cutoff, n.cutoff(), "{what}");
        assert_eq!(
            (w.tt.is_some(), w.tt.is_some_and(|t| t.cutoff)),
            (n.tt_hit(), n.tt_cutoff()),
            "{what}"
        );
        assert_eq!(w.children, n.child_count(), "{what}");
        assert_eq!(w.subtree, u64::from(tree.subtree_size(id)), "{what}");
        assert_eq!(w.minimal, minimal[id as usize], "{what}");
        assert_eq!(Some(w.iteration), root_depth, "{what}");
        assert_eq!(w.top_level, n.parent().is_none(), "{what}");
        assert_eq!(w.reduced, marks.reduced, "{what}");
        assert_eq!(w.re_search, marks.research, "{what}");
        assert_eq!(w.null_move, marks.null_move, "{what}");
        assert_eq!(w.pruned, marks.pruned, "{what}");
        assert_eq!(w.pruned_moves, u32::from(marks.pruned_moves), "{what}");
        assert_eq!(w.is_null_search(), marks.null_search, "{what}");
        if let Some(cut) = n.cutoff() {
            let before: u64 = tree
                .children(id)
                .take_while(|&k| tree.node(k).is_some_and(|k| k.mv() != cut.mv))
                .map(|k| u64::from(tree.subtree_size(k)))
                .sum();
            assert_eq!(
                w.before_cut, before,
                "{what}: nodes before the cutting search"
            );
        }
    }
}

#[test]
fn the_walk_says_what_the_tree_says_of_every_node() {
    let selective = SearchConfig {
        selective: "all=on".parse::<SelectiveConfig>().expect("valid"),
        ..SearchConfig::default()
    };
    let no_killers = SearchConfig {
        ordering: "killers=0,history=off"
            .parse::<OrderingConfig>()
            .expect("valid"),
        ..SearchConfig::default()
    };
    for (k, fen) in common::SEEDS.iter().enumerate() {
        check(fen, SearchConfig::default(), 4);
        check(fen, if k % 2 == 0 { selective } else { no_killers }, 5);
    }
}
