//! The explorer on a selective search: the tree's markers (`R2`, `↻R`, `NM`, `NM✂`, `FUT×n`,
//! `RFP`, `ASP`) in snapshots at 80×24 and 160×48 and in ASCII, and the explain panel's
//! sentence for every kind of selective-search event, checked against the events themselves.
//! The start position searched to depth 7 with every technique on has them all.

use crate::tui_support;

use killerscope_chess::Notation;
use killerscope_engine::fmt;
use killerscope_engine::{SearchConfig, SelectiveConfig};
use killerscope_explorer::Prefs;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::{Event, PruneRule, WindowOutcome};
use killerscope_trace::{Marks, ReSearch};
use killerscope_tui::{widgets::explain, widgets::tree};
use tui_support::App;
use tui_support::{app_over, draw, record_config, screen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Back-rank mate in one: with mate distance pruning on, nodes after the mate is found are
/// pruned whole.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

fn selective_app(fen: &str, depth: u8, selective: SelectiveConfig) -> App {
    let config = SearchConfig {
        selective,
        ..SearchConfig::default()
    };
    app_over(fen, record_config(fen, depth, config))
}

fn start_app() -> App {
    selective_app(START, 7, SelectiveConfig::ALL)
}

/// Nodes of the last iteration whose marks pass `wanted`, in search order.
fn last_iteration(session: &Session, wanted: impl Fn(&Marks) -> bool) -> Vec<NodeId> {
    let root = *session.tree().roots().last().expect("a root");
    session
        .tree()
        .subtree(root)
        .filter(|&id| wanted(&session.marks(id)))
        .collect()
}

/// Every node (any iteration) whose marks pass `wanted`.
fn anywhere(session: &Session, wanted: impl Fn(&Marks) -> bool) -> Vec<NodeId> {
    (0..session.tree().len() as u32)
        .filter(|&id| wanted(&session.marks(id)))
        .collect()
}

/// The row label of `id` (`…Nf6`, `--`) in SAN.
fn label(session: &Session, id: NodeId) -> String {
    let before = session.position_at(session.parent(id));
    let node = session.node(id).expect("node exists");
    killerscope_trace::line::node_label_known(Some(&before), node, Notation::San).0
}

fn explained(session: &Session, id: NodeId) -> String {
    explain::text(session, id, Notation::San)
}

#[test]
fn the_tree_marks_reductions_re_searches_null_moves_and_windows_160x48() {
    let mut app = start_app();
    let research = last_iteration(app.session(), |m| m.research == Some(ReSearch::Reduction));
    let id = *research
        .first()
        .expect("a reduced move fails high and is re-searched");
    // Open a node cut by its null move below the re-searched one, so its pass shows too.
    let after = last_iteration(app.session(), |m| m.null_move.is_some_and(|n| n.cutoff))
        .into_iter()
        .find(|&n| n > app.session().tree().subtree(id).end)
        .expect("a later node is cut by its null move");
    let pass = app
        .session()
        .first_child(Some(after))
        .expect("its null-move search");
    app.update(killerscope_explorer::Action::SelectNode(pass));
    app.update(killerscope_explorer::Action::SelectNode(id));
    draw(&mut app, 160, 48);
    let text = screen(&draw(&mut app, 160, 48));
    for marker in [
        "Search tree · selective ·",
        "R2 ",
        "↻R ✂",
        "NM✂",
        "-- ",
        " NM ",
        "ASP ok",
        "ASP low",
        "ASP high",
    ] {
        assert!(text.contains(marker), "{marker} missing:\n{text}");
    }
    insta::assert_snapshot!("selective_tree_160x48", text);
}

#[test]
fn a_node_with_futility_pruned_moves_shows_the_count_and_names_them_80x24() {
    let mut app = start_app();
    let pruned = last_iteration(app.session(), |m| m.pruned_moves >= 3);
    let id = *pruned.first().expect("a node prunes moves by futility");
    app.update(killerscope_explorer::Action::SelectNode(id));
    draw(&mut app, 80, 24);
    let text = screen(&draw(&mut app, 80, 24));
    let count = app.session().marks(id).pruned_moves;
    assert!(text.contains(&format!("FUT×{count}")), "{text}");
    assert!(explained(app.session(), id).contains("pruned by futility"));
    insta::assert_snapshot!("selective_futility_80x24", text);
}

#[test]
fn ascii_markers_read_without_unicode() {
    let mut app = start_app().map(|e| {
        e.with_prefs(Prefs {
            ascii: true,
            ..Prefs::default()
        })
    });
    let research = last_iteration(app.session(), |m| m.research == Some(ReSearch::Reduction));
    app.update(killerscope_explorer::Action::SelectNode(research[0]));
    draw(&mut app, 160, 48);
    let text = screen(&draw(&mut app, 160, 48));
    let tree_panel: String = text
        .lines()
        .map(|l| l.chars().skip(44).take(64).collect::<String>() + "\n")
        .collect();
    for marker in ["reR x ", "NMx", "R2 x "] {
        assert!(
            tree_panel.contains(marker),
            "{marker} missing:\n{tree_panel}"
        );
    }
    assert!(
        !tree_panel.contains('✂') && !tree_panel.contains('↻'),
        "{tree_panel}"
    );
}

#[test]
fn a_reduced_move_says_by_how_much_where_it_stood_and_what_came_of_it() {
    let app = start_app();
    let s = app.session();
    let reduced = anywhere(s, |m| m.reduced.is_some());
    let mut seen = (false, false);
    for &id in &reduced {
        let node = s.node(id).expect("node");
        let enter = node.enter_event();
        let Event::Reduction { by, .. } = s.events().get(enter - 1).expect("an event") else {
            panic!("a reduced node follows its Reduction event");
        };
        let Event::MoveTried { index, source, .. } = s.events().get(enter - 2).expect("an event")
        else {
            panic!("the Reduction follows the MoveTried");
        };
        let text = explained(s, id);
        let plies = if by == 1 { "ply" } else { "plies" };
        let head = format!(
            "{} was searched {by} {plies} shallower (late quiet move {}, ordered by {})",
            label(s, id),
            index + 1,
            s.header().sources.label(source)
        );
        assert!(text.contains(&head), "{head:?} not in {text:?}");
        let again = s.next_sibling(id).is_some_and(|n| {
            s.events()
                .get(s.node(n).expect("node").enter_event() - 1)
                .expect("an event")
                == Event::ReSearch {
                    mv: node.mv(),
                    reason: killerscope_log::ReSearchReason::Reduction,
                }
        });
        if again {
            assert!(
                text.contains("it failed high (above")
                    && text.contains("searched again at full depth"),
                "{text}"
            );
            seen.0 = true;
        } else {
            assert!(text.contains("the reduction stood"), "{text}");
            seen.1 = true;
        }
    }
    assert_eq!(seen, (true, true), "both outcomes occur");
}

#[test]
fn a_re_search_after_a_reduction_is_told_from_a_pvs_re_search() {
    let app = start_app();
    let s = app.session();
    let lmr = anywhere(s, |m| m.research == Some(ReSearch::Reduction));
    assert!(!lmr.is_empty());
    for &id in &lmr {
        let by = s
            .marks(s.prev_sibling(id).expect("the reduced search"))
            .reduced;
        let text = explained(s, id);
        let by = by.expect("the previous sibling was reduced");
        let plies = if by == 1 { "ply" } else { "plies" };
        let expected = format!(
            "Re-search at full depth: {}, searched {by} {plies} shallower, failed high, so it is searched again at full depth",
            label(s, id),
        );
        assert!(text.contains(&expected), "{text}");
        assert!(!text.contains("with the full window"), "{text}");
    }
    let pvs = anywhere(s, |m| m.research == Some(ReSearch::Pvs));
    let text = explained(s, pvs[0]);
    assert!(
        text.contains("searched again with the full window"),
        "{text}"
    );
}

#[test]
fn null_moves_are_passes_that_cut_or_do_not() {
    let app = start_app();
    let s = app.session();
    let searches = anywhere(s, |m| m.null_search);
    let (mut cut, mut failed) = (0, 0);
    for &id in &searches {
        let parent = s.parent(id).expect("a null-move search has a parent");
        let tried = s
            .marks(parent)
            .null_move
            .expect("the parent reports its null move");
        let passer = match s.position_at(Some(parent)).side_to_move() {
            killerscope_chess::Color::White => "White",
            killerscope_chess::Color::Black => "Black",
        };
        assert!(label(s, id).ends_with("--"), "{}", label(s, id));
        let text = explained(s, id);
        let head = format!(
            "Null move: {passer} passed instead of moving (R = {}, searched to depth {})",
            tried.reduction, tried.depth
        );
        assert!(text.contains(&head), "{text}");
        let beta = s.node(parent).expect("parent").window().1;
        let parent_text = explained(s, parent);
        if tried.cutoff {
            cut += 1;
            assert!(text.contains("so the node above was cut"), "{text}");
            let sentence = format!(
                "Null move: {passer} passed; the reduced search (R = {}, depth {}) still scored {} ≥ β {}, so this node was cut without searching a move.",
                tried.reduction,
                tried.depth,
                fmt::score(tried.score),
                fmt::score(beta)
            );
            assert!(parent_text.ends_with(&sentence), "{parent_text}");
        } else {
            failed += 1;
            assert!(
                text.contains("so the node above searched its moves"),
                "{text}"
            );
            assert!(
                parent_text.contains("It first tried a null move"),
                "{parent_text}"
            );
        }
    }
    assert!(cut > 0 && failed > 0, "cut {cut}, failed {failed}");
}

#[test]
fn reverse_futility_and_mate_distance_prune_whole_nodes() {
    let app = start_app();
    let s = app.session();
    let rfp = anywhere(s, |m| {
        matches!(m.pruned, Some((PruneRule::ReverseFutility, _)))
    });
    let id = *rfp.first().expect("reverse futility prunes a node");
    let node = s.node(id).expect("node");
    let Event::Pruned { score, .. } = s
        .events()
        .get(node.exit_event().expect("closed") - 1)
        .expect("an event")
    else {
        panic!("the node's last event is its pruning");
    };
    let text = explained(s, id);
    let expected = format!(
        "Reverse futility: the static evaluation minus a margin, {}, already beat β {} at depth {}",
        fmt::score(score),
        fmt::score(node.window().1),
        node.depth()
    );
    assert!(text.contains(&expected), "{text}");

    let mdp_on = SelectiveConfig {
        mate_distance: true,
        ..SelectiveConfig::default()
    };
    let app = selective_app(BACK_RANK, 3, mdp_on);
    let s = app.session();
    let mdp = anywhere(s, |m| {
        matches!(m.pruned, Some((PruneRule::MateDistance, _)))
    });
    let id = *mdp
        .first()
        .expect("mate distance prunes once Rd8# is found");
    let text = explained(s, id);
    assert!(
        text.contains("Mate distance pruning: a mate already found nearer the root"),
        "{text}"
    );
    let row = tree::row_line(
        s,
        tree::RowStyle {
            theme: &killerscope_tui::Theme::mono(),
            notation: Notation::San,
            ascii: false,
            live: false,
            hidden_cut: None,
            compact: false,
        },
        id,
        &label(s, id),
        Some(&s.position_at(Some(id))),
        false,
    );
    let row: String = row.spans.iter().map(|sp| sp.content.as_ref()).collect();
    assert!(row.contains("MDP"), "{row}");
}

#[test]
fn futility_pruned_moves_are_named_in_the_chosen_notation() {
    let app = start_app();
    let s = app.session();
    let id = anywhere(s, |m| m.pruned_moves >= 2)[0];
    let node = s.node(id).expect("node");
    // The pruned moves, found independently: `Pruned` events that belong to this very node.
    let own: Vec<killerscope_chess::Move> = s
        .tree()
        .event_range(id)
        .filter(|&i| s.node_at_event(i) == Some(id))
        .filter_map(|i| match s.events().get(i).expect("an event") {
            Event::Pruned {
                mv,
                rule: PruneRule::Futility,
                ..
            } => Some(mv),
            _ => None,
        })
        .collect();
    assert_eq!(own.len(), usize::from(node.pruned_moves()));
    let pos = s.position_at(Some(id));
    for notation in Notation::ALL {
        let text = explain::text(s, id, notation);
        let names: Vec<String> = own
            .iter()
            .map(|&mv| {
                let name = notation.format(&pos, mv);
                if pos.side_to_move() == killerscope_chess::Color::Black {
                    format!("…{name}")
                } else {
                    name
                }
            })
            .collect();
        let list = format!(
            "{} ({} moves) were pruned by futility, never searched",
            names.join(", "),
            own.len()
        );
        assert!(text.contains(&list), "{list:?} not in {text:?}");
    }
}

#[test]
fn aspiration_windows_say_how_they_fell_and_how_they_widened() {
    let app = start_app();
    let s = app.session();
    let roots = s.tree().roots();
    let mut outcomes = Vec::new();
    for (k, &root) in roots.iter().enumerate() {
        let Some(window) = s.marks(root).aspiration else {
            continue;
        };
        let text = explained(s, root);
        let bounds = format!(
            "[{}, {}]",
            fmt::score(window.alpha),
            fmt::score(window.beta)
        );
        let next = roots
            .get(k + 1)
            .and_then(|&n| s.node(n))
            .map(|n| n.window());
        match window.outcome {
            WindowOutcome::Inside => assert!(text.contains(&format!("Aspiration window {bounds} around the previous iteration's score held at depth {}", window.depth)), "{text}"),
            WindowOutcome::FailLow | WindowOutcome::FailHigh => {
                let (a, b) = next.expect("a failed window is searched again");
                let how = if window.outcome == WindowOutcome::FailLow { "failed low" } else { "failed high" };
                let expected = format!("Aspiration window {bounds} {how} at depth {}", window.depth);
                assert!(text.contains(&expected), "{text}");
                assert!(text.contains(&format!("widened to [{}, {}]", fmt::score(a), fmt::score(b))), "{text}");
            }
        }
        outcomes.push(window.outcome);
    }
    for outcome in [
        WindowOutcome::Inside,
        WindowOutcome::FailLow,
        WindowOutcome::FailHigh,
    ] {
        assert!(
            outcomes.contains(&outcome),
            "{outcome:?} occurs in the start position's search"
        );
    }
}
