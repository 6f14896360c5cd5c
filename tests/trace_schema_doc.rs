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

fn doc() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-schema.md"))
        .expect("docs/trace-schema.md")
}

/// The text of `doc` from the line `heading` to the next heading of the same level.
fn section<'d>(doc: &'d str, heading: &str) -> &'d str {
    let start = doc.find(heading).unwrap_or_else(|| panic!("no {heading}"));
    let level = heading.split(' ').next().expect("#s").to_string() + " ";
    let rest = &doc[start + heading.len()..];
    let end = rest.find(&format!("\n{level}")).unwrap_or(rest.len());
    &rest[..end]
}

/// The C example's header line: the string literals of its `EMIT` joined, their `\"`
/// escapes undone.
fn c_example_header(code: &str) -> String {
    let emit = &code[code
        .find("EMIT(\"{\\\"type\\\":\\\"header")
        .expect("a header EMIT")..];
    let emit = &emit[..emit.find(");").expect("the EMIT ends")];
    // An escaped quote is part of a literal; the others open and close literals.
    let marked = emit.replace("\\\"", "\u{1}");
    let literals: String = marked.split('"').skip(1).step_by(2).collect();
    literals.replace('\u{1}', "\"")
}

#[test]
fn the_c_example_declares_every_source_it_emits() {
    let doc = doc();
    let code = section(&doc, "## Example: a minimal alpha-beta in C");
    let header = c_example_header(code);
    let header: Value = serde_json::from_str(&header).expect("the header is JSON");
    let declared: BTreeSet<&str> = header["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .map(|s| s["label"].as_str().expect("a label"))
        .collect();
    let comment = code
        .lines()
        .find(|l| l.contains("source_of(Move m);"))
        .expect("source_of's declaration");
    let emitted: BTreeSet<&str> = comment.split('"').skip(1).step_by(2).collect();
    assert!(emitted.len() >= 5, "{comment}");
    assert!(
        emitted.is_subset(&declared),
        "{emitted:?} not all in {declared:?}"
    );
    let killers = header["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .filter(|s| s["killer_slot"].is_u64())
        .count();
    assert_eq!(
        killers, 2,
        "the killer table needs the killer slots declared"
    );
    // The header reads as killerscope reads it, the roles and slots as declared.
    let line = serde_json::to_string(&header).expect("JSON") + "\n";
    let trace = line + "{\"type\":\"node_enter\",\"depth\":1,\"alpha\":0,\"beta\":1}\n";
    let (log, summary) = killerscope_trace::jsonl::import_reader(
        trace.as_bytes(),
        killerscope_trace::jsonl::ImportOptions::default(),
    )
    .expect("imports");
    assert_eq!(summary.unknown_keys, 0);
    let sources = &log.header().sources;
    let killer = |label: &str| {
        sources
            .rows()
            .iter()
            .find(|r| r.label == label)
            .map(|r| sources.is_killer(killerscope_log::MoveSource::from_code(r.code)))
    };
    assert_eq!(killer("killer1"), Some(true));
    assert_eq!(killer("tt"), Some(false));
}

#[test]
fn every_corner_is_answered_with_two_lines_the_schema_allows() {
    let schema = schema();
    let doc = doc();
    let corners = section(&doc, "## Corners");
    let mut answered = 0;
    for n in 1..=12 {
        let item = corners
            .split(&format!("\n{n}. **"))
            .nth(1)
            .unwrap_or_else(|| panic!("no corner {n}"));
        let block = item.split("```json\n").nth(1).expect("an example");
        let block = &block[..block.find("```").expect("its end")];
        let lines: Vec<&str> = block
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(lines.len(), 2, "corner {n}: {block}");
        for line in lines {
            let v: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{n}: {e}: {line}"));
            let kind = v["type"].as_str().expect("a type");
            let def = &schema["$defs"][kind];
            assert!(def.is_object(), "corner {n}: no definition for {kind}");
            let present: BTreeSet<String> =
                v.as_object().expect("object").keys().cloned().collect();
            assert!(
                present.is_subset(&keys(def, "properties")),
                "corner {n}: {line}"
            );
            assert!(
                keys(def, "required").is_subset(&present),
                "corner {n}: {line}"
            );
        }
        answered += 1;
    }
    assert_eq!(answered, 12);
    assert_eq!(
        schema["$defs"]["truncated"]["properties"]["type"]["const"],
        "truncated"
    );
    assert!(doc.contains("### `truncated`"));
}
