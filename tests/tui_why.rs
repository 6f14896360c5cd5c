//! "Where did this score come from?" in the explorer: `y` traces the selected node's score and
//! the Explain panel shows the chain (the words of `killerscope log why`); `Y` walks it, one
//! node down per press, opening the tree's path, and ends at the node where the score was
//! born. `trace::provenance` computed straight from the log is the oracle.

use crate::tui_support;

use std::collections::BTreeMap;

use crossterm::event::KeyCode;
use killerscope_analysis::{Origin, ScoreChain, Via, explain_score, origin_text};
use killerscope_engine::{SearchConfig, SelectiveConfig};
use killerscope_trace::NodeId;
use killerscope_tui::widgets::explain::ExplainPanel;
use tui_support::{App, app_over, press, puzzle_app, record_config, screen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Back-rank mate in one.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

fn message(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

fn oracle(app: &App, id: NodeId) -> ScoreChain {
    let session = app.session();
    explain_score(session.tree(), session.events(), id).expect("a node of the tree")
}

/// Where a chain ends, in a word.
fn birthplace(origin: Origin) -> &'static str {
    match origin {
        Origin::StaticEval { .. } => "eval",
        Origin::TtHit => "tt",
        Origin::Checkmate { .. } => "mate",
        Origin::Stalemate { .. } | Origin::Draw(_) => "draw",
        Origin::Pruned(_) => "pruned",
        Origin::NullMoveBound => "null move mate",
        Origin::Clamped { .. } => "clamped",
        Origin::Unknown(_) => "unknown",
    }
}

/// Selects `id`, shows its chain with `y`, and walks it to the end with `Y`, checking each
/// step against the oracle; returns the chain.
fn walk(app: &mut App, id: NodeId) -> ScoreChain {
    let expected = oracle(app, id);
    app.update(killerscope_explorer::Action::SelectNode(id));
    press(app, KeyCode::Char('y'));
    let (chain, at) = app
        .views()
        .why
        .chain_at(Some(id))
        .expect("y shows the chain");
    assert_eq!((chain, at), (&expected, 0), "node {id}");
    for (k, link) in expected.links.iter().enumerate().skip(1) {
        press(app, KeyCode::Char('Y'));
        assert_eq!(
            app.view().selected_node(),
            Some(link.node),
            "node {id}: Y step {k}"
        );
        let parent = app.session().parent(link.node).expect("below the node");
        assert!(
            app.view().is_open(parent),
            "node {id}: the tree opened the path to step {k}"
        );
    }
    let born = origin_text(expected.origin);
    if expected.links.len() > 1 {
        assert!(message(app).contains(&born), "{}", message(app));
    }
    let last = expected.links.last().expect("a link").node;
    press(app, KeyCode::Char('Y'));
    assert_eq!(app.view().selected_node(), Some(last), "Y stays at the end");
    assert!(message(app).contains("born here"), "{}", message(app));
    assert!(message(app).contains(&born), "{}", message(app));
    expected
}

/// Walks, for each birthplace met in a selective search of `fen`, the node with the longest
/// chain ending there, and one chain through a null-move cut if any; returns the birthplaces.
fn walk_every_birthplace(fen: &str, depth: u8) -> (Vec<&'static str>, bool) {
    let config = SearchConfig {
        selective: SelectiveConfig::ALL,
        ..SearchConfig::default()
    };
    let mut app = app_over(fen, record_config(fen, depth, config));
    let nodes = app.session().tree().len() as NodeId;
    let mut by_origin: BTreeMap<&str, (usize, NodeId)> = BTreeMap::new();
    let mut via_null = None;
    for id in 0..nodes {
        let chain = oracle(&app, id);
        let len = chain.links.len();
        let entry = by_origin
            .entry(birthplace(chain.origin))
            .or_insert((len, id));
        if len > entry.0 {
            *entry = (len, id);
        }
        let nulls = chain.links.iter().any(|l| l.via == Some(Via::NullMove));
        if via_null.is_none() && nulls && len > 2 {
            via_null = Some(id);
        }
    }
    assert!(
        !by_origin.contains_key("unknown"),
        "every chain of a finished search ends where a number is born: {by_origin:?}"
    );
    for (&kind, &(len, id)) in &by_origin {
        let chain = walk(&mut app, id);
        assert_eq!(chain.links.len(), len, "{kind}");
        assert_eq!(birthplace(chain.origin), kind);
    }
    if let Some(id) = via_null {
        let chain = walk(&mut app, id);
        assert!(chain.links.iter().any(|l| l.via == Some(Via::NullMove)));
    }
    (by_origin.into_keys().collect(), via_null.is_some())
}

#[test]
fn y_walks_down_to_where_the_score_was_born_on_selective_searches() {
    let (born, via_null) = walk_every_birthplace(START, 6);
    assert!(born.contains(&"eval") && born.contains(&"tt"), "{born:?}");
    assert!(via_null, "a chain through a null-move cut");
    // Mate distance pruning prunes whole nodes once the mate is found.
    let (born, _) = walk_every_birthplace(BACK_RANK, 4);
    assert!(
        born.contains(&"mate") && born.contains(&"pruned"),
        "{born:?}"
    );
}

#[test]
fn the_explain_panel_shows_the_chain_with_the_step_the_selection_is_on() {
    let mut app = puzzle_app();
    let root = *app.session().tree().roots().last().expect("a root");
    app.update(killerscope_explorer::Action::SelectNode(root));
    press(&mut app, KeyCode::Char('y'));
    assert!(message(&app).contains("Y walks"), "{}", message(&app));
    press(&mut app, KeyCode::Char('Y'));
    press(&mut app, KeyCode::Char('Y'));
    let text = screen(&app.panel(&ExplainPanel, 100, 24));
    assert!(text.contains("Where the score of node"), "{text}");
    assert!(text.contains("▶"), "{text}");
    insta::assert_snapshot!("tui_why_explain_chain", text);

    // n writes the chain's moves in the next notation (UCI).
    press(&mut app, KeyCode::Char('n'));
    let uci = screen(&app.panel(&ExplainPanel, 100, 24));
    let chain = oracle(&app, root);
    let second = chain.links[1].mv.to_string();
    assert!(uci.contains(&second), "{second} in\n{uci}");

    // Leaving the chain hides it; y on its first node hides it too.
    app.update(killerscope_explorer::Action::SelectNode(root));
    press(&mut app, KeyCode::Char('y'));
    assert!(
        app.views().why.chain_at(Some(root)).is_none(),
        "y again hides it"
    );
    let text = screen(&app.panel(&ExplainPanel, 100, 24));
    assert!(!text.contains("Where the score"), "{text}");
}
