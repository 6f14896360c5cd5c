//! The schema documents (docs/trace-schema.md, docs/trace-schema.json) describe what the export
//! writes: every event kind has a section and a JSON Schema definition, and every line of a
//! real export carries only keys its definition lists and every key it requires.

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::EventKind;
use killerscope_log::{LogHeader, Recorder};
use killerscope_trace::write_jsonl;
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

fn schema() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/trace-schema.json"
    ))
    .expect("docs/trace-schema.json");
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// A search that produces every kind of event: selective search on, countermoves, mate
/// killers, from a position with a mate in it.
fn export_with_every_kind() -> String {
    let fen = "6k1/5ppp/8/8/8/3q4/5PPP/3R2K1 w - - 0 1";
    let config = SearchConfig {
        ordering: "countermove=on,matekillers=on".parse().expect("ordering"),
        selective: "all=on".parse().expect("selective"),
        ..SearchConfig::default()
    };
    let limits = Limits::depth(7);
    let header = LogHeader::new(fen, &config.ordering, &limits).with_selective(&config.selective);
    let mut recorder = Recorder::new(header);
    let stop = AtomicBool::new(false);
    let root = Position::from_fen(fen).expect("FEN");
    Searcher::new(config).search(&root, &[], &limits, &stop, &mut recorder, &mut |_| {});
    let mut out = Vec::new();
    write_jsonl(&recorder.into_log(), &mut out).expect("Vec write");
    String::from_utf8(out).expect("UTF-8")
}

/// The kinds killerscope's own search never emits (a pseudo-legal engine's illegal tries),
/// exported from an imported trace that has them.
fn export_of_foreign_kinds() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pseudo_legal.jsonl");
    let (log, _) = killerscope_trace::jsonl::import_file(
        std::path::Path::new(path),
        killerscope_trace::jsonl::ImportOptions::default(),
    )
    .expect("the fixture imports");
    let mut out = Vec::new();
    write_jsonl(&log, &mut out).expect("Vec write");
    String::from_utf8(out).expect("UTF-8")
}

fn keys(def: &Value, field: &str) -> BTreeSet<String> {
    match &def[field] {
        Value::Object(map) => map.keys().cloned().collect(),
        Value::Array(items) => items
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        _ => BTreeSet::new(),
    }
}

#[test]
fn every_kind_is_documented_in_both_files() {
    let schema = schema();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-schema.md"))
        .expect("docs/trace-schema.md");
    for kind in EventKind::ALL {
        let name = kind.name();
        assert!(
            doc.contains(&format!("### `{name}`")),
            "no section for {name}"
        );
        let def = &schema["$defs"][name];
        assert_eq!(
            def["properties"]["type"]["const"], name,
            "no definition for {name}"
        );
    }
}

#[test]
fn the_export_uses_the_documented_keys() {
    let schema = schema();
    let text = export_with_every_kind() + &export_of_foreign_kinds();
    let mut seen = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).expect("JSON");
        let kind = v["type"].as_str().expect("a type");
        let def = &schema["$defs"][kind];
        let allowed = keys(def, "properties");
        let present: BTreeSet<String> = v.as_object().expect("an object").keys().cloned().collect();
        assert!(
            present.is_subset(&allowed),
            "line {n}: {present:?} not all in {allowed:?}"
        );
        assert!(
            keys(def, "required").is_subset(&present),
            "line {n}: {line}"
        );
        seen.insert(kind.to_string());
    }
    for kind in EventKind::ALL {
        assert!(
            seen.contains(kind.name()),
            "the search produced no {}",
            kind.name()
        );
    }
}
