//! `log why` on a fail-hard engine's trace: a node that returned its bound where its search
//! found more — a stand pat above beta, a cutting move's search above beta, every move below
//! alpha — is said to be clamped, naming the bound and what was found, instead of tracing the
//! bound to "the static evaluation: the quiescence node stood pat" (issue 35). A fail-soft
//! trace's coincidences (a stand pat exactly at alpha) are not called clamps.

use crate::binary;

use killerscope_analysis::{Origin, explain_score, origin_text};
use killerscope_trace::{NodeId, SearchTree};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};

const HEADER: &str = r#"{"type":"header","schema":1,"engine":"fail-hard","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}"#;

fn origin(lines: &[&str], node: NodeId) -> Origin {
    let text = std::iter::once(HEADER)
        .chain(lines.iter().copied())
        .collect::<Vec<_>>()
        .join("\n");
    let (log, _) = import_reader(text.as_bytes(), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let tree = SearchTree::build(log.events());
    explain_score(&tree, log.events(), node)
        .expect("a node")
        .origin
}

fn enter(mv: Option<&str>, alpha: i32, beta: i32, kind: &str) -> String {
    let mv = mv.map_or("null".to_string(), |m| format!("\"{m}\""));
    format!(
        r#"{{"type":"node_enter","depth":1,"alpha":{alpha},"beta":{beta},"move":{mv},"kind":"{kind}"}}"#
    )
}

fn exit(score: i32, bound: &str) -> String {
    format!(r#"{{"type":"node_exit","score":{score},"bound":"{bound}"}}"#)
}

fn stand_pat(score: i32) -> String {
    format!(r#"{{"type":"static_score","kind":"stand_pat","score":{score}}}"#)
}

#[test]
fn a_stand_pat_above_beta_returned_as_beta_is_a_clamp() {
    let lines = [
        enter(None, -100, 100, "main"),
        enter(Some("e2e4"), -100, 100, "quiescence"),
        stand_pat(150),
        exit(100, "lower"),
        exit(-100, "upper"),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let born = origin(&lines, 0);
    assert_eq!(
        born,
        Origin::Clamped {
            beta: true,
            bound: 100,
            found: 150,
            from: "the stand pat"
        }
    );
    let text = origin_text(born);
    assert!(
        text.contains("beta") && text.contains("fail-hard") && !text.contains("stood pat"),
        "{text}"
    );

    // Fail-soft, the same stand pat is returned as it is: the static evaluation.
    let soft = [
        enter(None, -100, 100, "main"),
        enter(Some("e2e4"), -100, 100, "quiescence"),
        stand_pat(150),
        exit(150, "lower"),
        exit(-150, "upper"),
    ];
    let soft: Vec<&str> = soft.iter().map(String::as_str).collect();
    assert!(matches!(
        origin(&soft, 0),
        Origin::StaticEval {
            inferred: false,
            ..
        }
    ));
}

#[test]
fn every_move_below_alpha_returned_as_alpha_is_a_clamp() {
    let lines = [
        enter(None, -50, 50, "main"),
        enter(Some("e2e4"), -50, 50, "quiescence"),
        stand_pat(80),
        exit(80, "lower"),
        enter(Some("d2d4"), -50, 50, "quiescence"),
        stand_pat(70),
        exit(70, "lower"),
        exit(-50, "upper"),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_eq!(
        origin(&lines, 0),
        Origin::Clamped {
            beta: false,
            bound: -50,
            found: -70,
            from: "the best move's search"
        }
    );
}

#[test]
fn a_cut_returned_as_beta_below_what_the_move_found_is_a_clamp() {
    let lines = [
        enter(None, -50, 50, "main"),
        r#"{"type":"move_tried","move":"e2e4","index":0}"#.to_string(),
        enter(Some("e2e4"), -50, 50, "quiescence"),
        stand_pat(-90),
        exit(-90, "upper"),
        r#"{"type":"cutoff","move":"e2e4","score":90}"#.to_string(),
        exit(50, "lower"),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_eq!(
        origin(&lines, 0),
        Origin::Clamped {
            beta: true,
            bound: 50,
            found: 90,
            from: "the cutting move's search"
        }
    );
}

#[test]
fn log_why_prints_the_clamp() {
    let lines = [
        HEADER.to_string(),
        enter(None, -100, 100, "main"),
        enter(Some("e2e4"), -100, 100, "quiescence"),
        stand_pat(150),
        exit(100, "lower"),
        exit(-100, "upper"),
    ];
    let file = std::env::temp_dir().join(format!("ks-why-clamp-{}.jsonl", std::process::id()));
    std::fs::write(&file, lines.join("\n") + "\n").expect("write");
    let out = binary::run(&["log", "why", file.to_str().expect("UTF-8"), "--node", "0"]);
    let text = binary::text(&out.stdout);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    assert!(
        text.contains("born at node 1: the node's beta (+100), returned fail-hard: the stand pat gave +150, above it"),
        "{text}"
    );
    let json = binary::run(&[
        "log",
        "why",
        file.to_str().expect("UTF-8"),
        "--node",
        "0",
        "--json",
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(doc["origin"]["kind"], "clamped");
    std::fs::remove_file(&file).ok();
}
