//! A trace from an engine that is not killerscope (tests/other_engine: fail-hard, no TT, no
//! quiescence, its own source labels) reads into the tree, the killer and countermove tables,
//! the statistics and the explorer's panels exactly as that engine searched.

use crate::other_engine;
use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_engine::CutoffStats;
use killerscope_explorer::Session;
use killerscope_explorer::Settings;
use killerscope_explorer::library;
use killerscope_log::EventLog;
use killerscope_log::{Bound, MoveSource, NodeKind, SourceColour};
use killerscope_trace::{Replay, SearchTree};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use other_engine::{Truth, trace};
use tui_support::{draw, press, screen};

fn imported() -> (EventLog, Truth) {
    let (text, truth) = trace(4);
    let (log, summary) =
        import_reader(text.as_bytes(), ImportOptions::default()).expect("the trace imports");
    assert_eq!(summary.unknown_kinds, truth.unknown_kinds);
    assert_eq!(summary.unknown_keys, truth.unknown_keys);
    assert_eq!(
        summary.undeclared_sources, 1,
        "capture-history is not in its header"
    );
    assert_eq!(summary.skipped, 0);
    (log, truth)
}

fn source(log: &EventLog, label: &str) -> MoveSource {
    let row = log
        .header()
        .sources
        .rows()
        .iter()
        .find(|r| r.label == label);
    MoveSource::from_code(row.unwrap_or_else(|| panic!("a row for {label}")).code)
}

#[test]
fn the_tree_is_the_other_engines_tree() {
    let (log, truth) = imported();
    let tree = SearchTree::build(log.events());
    assert_eq!(tree.len(), truth.nodes.len());
    assert_eq!(tree.roots().len(), 4, "one root per iteration");
    assert_eq!(tree.open_nodes().count(), 0);
    for (id, &(ply, score, bound)) in truth.nodes.iter().enumerate() {
        let node = tree.node(id as u32).expect("a node");
        let bound = match bound {
            "lower" => Bound::Lower,
            "upper" => Bound::Upper,
            _ => Bound::Exact,
        };
        assert_eq!(node.ply(), ply, "node {id}");
        assert_eq!(node.result(), Some((score, bound)), "node {id}");
        assert_eq!(node.kind(), NodeKind::Main, "no quiescence");
        assert!(!node.tt_hit(), "no transposition table");
        if bound == Bound::Lower && node.depth() > 0 {
            assert!(
                node.cutoff().is_some(),
                "a fail-hard cut node records its cutoff"
            );
        }
    }
    let pvs: Vec<Vec<String>> = log
        .pvs()
        .iter()
        .map(|pv| pv.iter().map(ToString::to_string).collect())
        .collect();
    let expected: Vec<Vec<String>> = truth
        .iterations
        .iter()
        .map(|(_, pv)| pv.iter().map(ToString::to_string).collect())
        .collect();
    assert_eq!(pvs, expected);
}

#[test]
fn killers_countermoves_and_stats_are_the_other_engines() {
    let (log, truth) = imported();
    let mut replay = Replay::for_header(log.header());
    replay.extend(log.events());
    let end = log.len();
    for (&ply, row) in &truth.killers {
        let got: Vec<String> = replay
            .killer_row(ply, end)
            .as_slice()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(got, *row, "killer row at ply {ply}");
    }
    let counters: Vec<(String, String)> = replay
        .countermoves_at(end)
        .into_iter()
        .map(|(key, reply, _)| {
            let to = killerscope_chess::Square::from_index(key.to_index());
            (to.to_string(), reply.to_string())
        })
        .collect();
    for (answered, reply) in &truth.counters {
        let to = &answered[2..4];
        assert!(
            counters.iter().any(|(t, r)| t == to && r == reply),
            "countermove {reply} for …{to} in {counters:?}"
        );
    }

    let mut stats = CutoffStats::new();
    log.replay_into(&mut stats);
    assert_eq!(stats.nodes(), truth.nodes.len() as u64);
    assert_eq!((stats.q_nodes, stats.tt_hits), (0, 0));
    assert_eq!(stats.killer_stores, truth.killer_stores);
    assert_eq!(stats.cutoffs, truth.cutoffs.values().sum::<u64>());
    for (label, &n) in &truth.cutoffs {
        assert_eq!(
            stats.cutoffs_by(source(&log, label)),
            n,
            "cutoffs by {label}"
        );
    }
    for (label, &n) in &truth.tries {
        assert_eq!(stats.tries.get(source(&log, label)), n, "tries of {label}");
    }
    let sources = &log.header().sources;
    assert_eq!(sources.killer_slot(source(&log, "killer-b")), Some(1));
    assert_eq!(
        sources.colour(source(&log, "capture-history")),
        SourceColour::Plain
    );
    assert_eq!(
        sources.colour(source(&log, "followup")),
        SourceColour::Plain,
        "an unknown colour name"
    );
    assert_eq!(sources.colour(source(&log, "counter")), SourceColour::Green);
}

#[test]
fn the_explorer_shows_its_sources_and_killers() {
    let (log, truth) = imported();
    let root = Position::startpos();
    let settings = Settings {
        depth: 4,
        killers: 2,
        ..Settings::default()
    };
    let mut app = tui_support::App::new(killerscope_explorer::Explorer::new(
        root.clone(),
        settings,
        library::embedded(),
    ));
    app.open_session(Session::from_log(root, log));
    let main = screen(&draw(&mut app, 160, 48));
    for name in ["first killer", "follow-up history", "capture-history"] {
        assert!(main.contains(name), "{name} in the stats panel:\n{main}");
    }
    assert!(main.contains("depth 4/4"), "{main}");
    let killer = truth
        .killers
        .get(&1)
        .and_then(|row| row.first())
        .expect("a killer at ply 1");
    let panel: Vec<&str> = main.lines().filter(|l| l.contains("│  1 ")).collect();
    assert!(!panel.is_empty(), "a killer row for ply 1:\n{main}");
    assert!(
        panel
            .iter()
            .any(|l| l.contains(killer) || l.contains(&killer[2..4])),
        "the ply-1 killer {killer} is shown: {panel:?}"
    );
    press(&mut app, KeyCode::Char('?'));
    let help = screen(&draw(&mut app, 160, 48));
    for row in [
        "source: follow-up history",
        "source: capture-history",
        "source: first killer",
    ] {
        assert!(help.contains(row), "legend row {row:?}:\n{help}");
    }
}
