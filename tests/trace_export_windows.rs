//! A window's two bounds are exported alike: both in the mate form when both have one, else
//! both as integers, so a root window of ±32000 reads `-32000, 32000` and not
//! `{"mate":0}, 32000`; a cutoff's beta is written as its node's window was. The export still
//! reads back to the same scores, and export → import → export gives the same bytes.

use killerscope_trace::write_jsonl;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use serde_json::{Value, json};

/// Imports `lines` and exports the log again, line by line.
fn round_trip(lines: &[&str]) -> Vec<Value> {
    let text = lines.join("\n") + "\n";
    let (log, _) = import_reader(text.as_bytes(), ImportOptions::default()).expect("imports");
    let mut out = Vec::new();
    write_jsonl(&log, &mut out).expect("Vec write");
    let again = import_reader(&out[..], ImportOptions::default()).expect("its export imports");
    let mut twice = Vec::new();
    write_jsonl(&again.0, &mut twice).expect("Vec write");
    assert_eq!(out, twice, "export -> import -> export is exact");
    let text = String::from_utf8(out).expect("UTF-8");
    text.lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

fn window(line: &Value) -> (Value, Value) {
    (line["alpha"].clone(), line["beta"].clone())
}

#[test]
fn a_mate_score_window_exports_its_bounds_alike() {
    let lines = round_trip(&[
        r#"{"type":"header","schema":1}"#,
        r#"{"type":"node_enter","depth":2,"alpha":{"mate":0},"beta":32000}"#,
        r#"{"type":"move_tried","move":"e2e4"}"#,
        r#"{"type":"node_enter","depth":1,"alpha":{"mate":0},"beta":{"mate":1},"move":"e2e4"}"#,
        r#"{"type":"move_tried","move":"e7e5"}"#,
        r#"{"type":"cutoff","move":"e7e5","score":{"mate":1}}"#,
        r#"{"type":"node_exit","score":{"mate":1}}"#,
        r#"{"type":"move_tried","move":"d2d4"}"#,
        r#"{"type":"cutoff","move":"d2d4","score":32000}"#,
        r#"{"type":"node_exit","score":32000}"#,
    ]);
    // The root's window: mated here (-32000) and its mirror (32000), both integers.
    assert_eq!(window(&lines[0]), (json!(-32000), json!(32000)));
    // A window that is mates on both sides keeps the mate form.
    assert_eq!(window(&lines[2]), (json!({"mate": 0}), json!({"mate": 1})));
    assert_eq!(lines[4]["beta"], json!({"mate": 1}));
    // The root's cutoff writes its beta as the root's window did.
    assert_eq!(lines[7]["beta"], json!(32000));
}

#[test]
fn aspiration_windows_export_alike() {
    let lines = round_trip(&[
        r#"{"type":"header","schema":1}"#,
        r#"{"type":"node_enter","depth":1,"alpha":-32000,"beta":32000}"#,
        r#"{"type":"node_exit","score":0}"#,
        r#"{"type":"aspiration","depth":1,"alpha":{"mate":0},"beta":32000,"outcome":"inside"}"#,
    ]);
    assert_eq!(window(&lines[2]), (json!(-32000), json!(32000)));
}
