//! `log export --jsonl` never writes a character a terminal acts on raw: U+009B (CSI) and DEL in
//! an imported trace's engine name and source labels came out as they were, where `log stats`
//! prints `\u{9b}`. They are written as JSON escapes, which read back to the same text.

use crate::binary;
use binary::{run, text};

use crate::other_engine;

#[test]
fn control_characters_in_header_strings_are_exported_as_json_escapes() {
    let dir = std::env::temp_dir().join(format!("ks-export-escapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (lines, _) = other_engine::trace(4);
    // JSON escapes in the input: the trace itself is clean text.
    let hostile = lines
        .replace("other 0.1", "other\\u009b[2J\\u007f\\u202e 0.1")
        .replace("killer-a", "killer\\u009b31m-a");
    let path = |name: &str| {
        dir.join(name)
            .to_str()
            .expect("UTF-8 temp path")
            .to_string()
    };
    std::fs::write(path("in.jsonl"), hostile).expect("write");
    let out = run(&["log", "import", &path("in.jsonl"), "-o", &path("a.kslog")]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let export = |kslog: &str| {
        let out = run(&["log", "export", "--jsonl", kslog]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        out.stdout
    };
    let first = export(&path("a.kslog"));
    let exported = String::from_utf8(first.clone()).expect("UTF-8");
    let raw: Vec<char> = exported
        .chars()
        .filter(|&c| c.is_control() && c != '\n' || c == '\u{202e}')
        .collect();
    assert!(raw.is_empty(), "raw characters {raw:?} in the export");
    let header = exported.lines().next().expect("a header line");
    assert!(
        header.contains(r"other\u009b[2J\u007f\u202e 0.1"),
        "{header}"
    );
    assert!(exported.contains(r#""source":"killer\u009b31m-a""#));
    let parsed: serde_json::Value = serde_json::from_str(header).expect("JSON");
    let engine = parsed["engine"].as_str().expect("an engine name");
    assert!(
        engine.starts_with("other\u{9b}[2J\u{7f}\u{202e} 0.1"),
        "{engine:?}"
    );

    // The escapes read back to the same text: export → import → export gives the same bytes.
    std::fs::write(path("again.jsonl"), &first).expect("write");
    let out = run(&[
        "log",
        "import",
        &path("again.jsonl"),
        "-o",
        &path("b.kslog"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(export(&path("b.kslog")), first);
    let _ = std::fs::remove_dir_all(&dir);
}
