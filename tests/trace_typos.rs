//! Typos in a trace are named: the first key or event kind the schema does not have is named
//! with its line and column and the name it may have meant, the rest are counted, and
//! `--strict` refuses them (`log import`, `log stats`, `log dot`, `log plot`, `tui --log`,
//! `tui --follow`: tests/tui_follow.rs).

use crate::binary;
use crate::import_support;

use import_support::{HEADER, ROOT, import};
use killerscope::{cli::tui::TuiArgs, cli::tui::prepare};
use killerscope_explorer::library;
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};

const TYPO_KEY: &str = r#"{"type":"move_tried","move":"e2e4","souce":"tt","scroe":1}"#;
const TYPO_KIND: &str = r#"{"type":"cutof","move":"e2e4","score":120}"#;

#[test]
fn the_first_unknown_key_is_named_with_a_guess_and_the_rest_counted() {
    let (_, summary) = import(&[HEADER, ROOT, TYPO_KEY]);
    assert_eq!(summary.unknown_keys, 2);
    let first = summary.first_unknown.expect("named");
    assert!(
        first.contains("line 3, column 36")
            && first.contains(r#"unknown key "souce" in move_tried (did you mean "source"?)"#),
        "{first}"
    );
}

#[test]
fn an_unknown_kind_is_named_too_and_a_key_the_kind_does_not_use_is_unknown() {
    let uses = r#"{"type":"node_exit","score":0,"depth":3}"#;
    let (_, summary) = import(&[HEADER, ROOT, TYPO_KIND, uses]);
    assert_eq!((summary.unknown_kinds, summary.unknown_keys), (1, 1));
    let first = summary.first_unknown.expect("named");
    assert!(
        first.contains("line 3, column 9")
            && first.contains(r#"unknown event kind "cutof" (did you mean "cutoff"?)"#),
        "{first}"
    );
    let (_, summary) = import(&[HEADER, ROOT, uses]);
    let first = summary.first_unknown.expect("named");
    assert!(first.contains(r#"line 3, column 31 (byte"#), "{first}");
    assert!(
        first.contains(r#"unknown key "depth" in node_exit"#),
        "{first}"
    );
}

#[test]
fn strict_refuses_them_where_they_are() {
    let strict = ImportOptions {
        strict: true,
        ..ImportOptions::default()
    };
    for (line, column, what) in [(TYPO_KEY, 36, "\"souce\""), (TYPO_KIND, 9, "\"cutof\"")] {
        let text = [HEADER, ROOT, line].join("\n") + "\n";
        let err = import_reader(text.as_bytes(), strict).expect_err(line);
        assert_eq!((err.line, err.column), (3, column), "{err}");
        assert!(
            err.to_string().contains(what) && err.to_string().contains("--strict"),
            "{err}"
        );
    }
    let header = r#"{"type":"header","schema":1,"fenn":"8/8/8/8/8/8/8/K1k5 w - - 0 1"}"#;
    let err = import_reader(format!("{header}\n").as_bytes(), strict).expect_err("header key");
    assert!(err.to_string().contains(r#"line 1, column 29"#), "{err}");
    assert!(
        err.to_string()
            .contains(r#"unknown key "fenn" in the header"#),
        "{err}"
    );
}

#[test]
fn the_commands_name_them_and_refuse_them_with_strict() {
    let dir = std::env::temp_dir().join(format!("ks-typos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("typo.jsonl");
    let exit = r#"{"type":"node_exit","score":0}"#;
    std::fs::write(&path, [HEADER, ROOT, TYPO_KEY, exit].join("\n") + "\n").expect("write");
    let path = path.to_str().expect("UTF-8 path");
    let out_log = dir.join("typo.kslog");
    let out_log = out_log.to_str().expect("UTF-8 path");
    let import = binary::run(&["log", "import", path, "-o", out_log]);
    let stderr = binary::text(&import.stderr);
    assert!(import.status.success(), "{stderr}");
    assert!(stderr.contains("2 unknown keys skipped"), "{stderr}");
    assert!(
        stderr.contains(r#"first unknown: "#) && stderr.contains("did you mean"),
        "{stderr}"
    );
    for args in [
        vec!["log", "import", "--strict", path, "-o", out_log],
        vec!["log", "stats", "--strict", path],
        vec!["log", "dot", "--strict", path],
        vec!["tui", "--log", path, "--strict"],
    ] {
        let run = binary::run(&args);
        let stderr = binary::text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("line 3, column 36") && stderr.contains("souce"),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_explorer_names_the_first_one_when_it_opens_the_trace() {
    let dir = std::env::temp_dir().join(format!("ks-typos-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("typo.jsonl");
    let exit = r#"{"type":"node_exit","score":0}"#;
    std::fs::write(&path, [HEADER, ROOT, TYPO_KEY, exit].join("\n") + "\n").expect("write");
    let args = TuiArgs {
        log: Some(path),
        depth: 3,
        ..TuiArgs::default()
    };
    let prepared = prepare(&args, library::embedded()).expect("skipped, not refused");
    let said = prepared.app.message().expect("a note").text.clone();
    assert!(
        said.contains("2 unknown keys skipped")
            && said.contains(r#"line 3, column 36"#)
            && said.contains(r#"unknown key "souce" in move_tried (did you mean "source"?)"#)
            && said.contains("--strict refuses them"),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
