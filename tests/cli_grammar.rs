//! The command line's one grammar (docs/commands.md): every spelling from before it still
//! works and does what its new spelling does; the reference in docs/commands.md is what the
//! program generates; the man page and completion scripts are generated; the help is short at
//! the top and complete where it lists.

use crate::binary;

use binary::{run, text};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

fn ok(args: &[&str]) -> Output {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
    o
}

/// A scratch directory of this test binary's own.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_grammar")
        .join(name);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Every old spelling, as (command, old spelling, an invocation with it, the same with the new
/// spelling): both must succeed with the same standard output. `@LOG` is a small recorded
/// search, `@OUT` a file or directory the command writes (a different one per run).
const OLD_SPELLINGS: &[(&str, &str, &[&str], &[&str])] = &[
    (
        "search",
        "--json",
        &["search", "-d", "2", "--json"],
        &["search", "-d", "2", "--format", "json"],
    ),
    (
        "search",
        "--ordering",
        &["search", "-d", "3", "--ordering", "killers=0"],
        &["search", "-d", "3", "--config", "killers=0"],
    ),
    (
        "search",
        "--search",
        &["search", "-d", "3", "--search", "nmp=on"],
        &["search", "-d", "3", "--config", "nmp=on"],
    ),
    (
        "search",
        "--killers",
        &["search", "-d", "3", "--killers", "1"],
        &["search", "-d", "3", "--config", "killers=1"],
    ),
    (
        "search",
        "--no-tt",
        &["search", "-d", "3", "--no-tt"],
        &["search", "-d", "3", "--config", "tt=off"],
    ),
    (
        "search",
        "--no-history",
        &["search", "-d", "3", "--no-history"],
        &["search", "-d", "3", "--config", "history=off"],
    ),
    (
        "search",
        "--no-mvv-lva",
        &["search", "-d", "3", "--no-mvv-lva"],
        &["search", "-d", "3", "--config", "mvvlva=off"],
    ),
    (
        "search",
        "--log",
        &["search", "-d", "2", "--log", "@OUT"],
        &["search", "-d", "2", "-o", "@OUT"],
    ),
    (
        "diff",
        "--json",
        &["diff", "@LOG", "@LOG", "--json"],
        &["diff", "@LOG", "@LOG", "--format", "json"],
    ),
    (
        "bench",
        "--json",
        &["bench", "-d", "2", "--json"],
        &["bench", "-d", "2", "--format", "json"],
    ),
    (
        "bench",
        "--log-dir",
        &["bench", "-d", "1", "--log-dir", "@OUT"],
        &["bench", "-d", "1", "-o", "@OUT"],
    ),
    (
        "bench",
        "--ordering",
        &["bench", "-d", "2", "--ordering", "killers=0"],
        &["bench", "-d", "2", "--config", "killers=0"],
    ),
    (
        "bench",
        "--search",
        &["bench", "-d", "2", "--search", "lmr=on"],
        &["bench", "-d", "2", "--config", "lmr=on"],
    ),
    (
        "bench",
        "--killers",
        &["bench", "-d", "2", "--killers", "1"],
        &["bench", "-d", "2", "--config", "killers=1"],
    ),
    (
        "bench",
        "--no-tt",
        &["bench", "-d", "2", "--no-tt"],
        &["bench", "-d", "2", "--config", "tt=off"],
    ),
    (
        "bench",
        "--no-history",
        &["bench", "-d", "2", "--no-history"],
        &["bench", "-d", "2", "--config", "history=off"],
    ),
    (
        "bench",
        "--no-mvv-lva",
        &["bench", "-d", "2", "--no-mvv-lva"],
        &["bench", "-d", "2", "--config", "mvvlva=off"],
    ),
    (
        "compare",
        "--json",
        &["compare", "-d", "2", "--ladder", "--rungs", "tt", "--json"],
        &[
            "compare", "-d", "2", "--ladder", "--rungs", "tt", "--format", "json",
        ],
    ),
    (
        "compare",
        "--csv",
        &["compare", "-d", "2", "--ladder", "--rungs", "tt", "--csv"],
        &[
            "compare", "-d", "2", "--ladder", "--rungs", "tt", "--format", "csv",
        ],
    ),
    (
        "compare",
        "--svg",
        &[
            "compare", "-d", "2", "--ladder", "--rungs", "tt", "--svg", "@OUT",
        ],
        &[
            "compare", "-d", "2", "--ladder", "--rungs", "tt", "-o", "@OUT",
        ],
    ),
    (
        "doctor",
        "--json",
        &["doctor", "@LOG", "--json"],
        &["doctor", "@LOG", "--format", "json"],
    ),
    (
        "exercise",
        "--ordering",
        &["exercise", "-d", "3", "--ordering", "killers=1"],
        &["exercise", "-d", "3", "--config", "killers=1"],
    ),
    (
        "log query",
        "--json",
        &["log", "query", "@LOG", "type=CUT", "--json"],
        &["log", "query", "@LOG", "type=CUT", "--format", "json"],
    ),
    (
        "log why",
        "--json",
        &["log", "why", "@LOG", "--node", "0", "--json"],
        &["log", "why", "@LOG", "--node", "0", "--format", "json"],
    ),
    (
        "log report",
        "--json",
        &["log", "report", "@LOG", "--json"],
        &["log", "report", "@LOG", "--format", "json"],
    ),
    (
        "log report",
        "--csv",
        &["log", "report", "@LOG", "--csv"],
        &["log", "report", "@LOG", "--format", "csv"],
    ),
    (
        "log export",
        "--jsonl",
        &["log", "export", "@LOG", "--jsonl"],
        &["log", "export", "@LOG", "--format", "jsonl"],
    ),
    (
        "log export",
        "--speedscope",
        &["log", "export", "@LOG", "--speedscope"],
        &["log", "export", "@LOG", "--format", "speedscope"],
    ),
    (
        "log export",
        "--pgn",
        &["log", "export", "@LOG", "--pgn"],
        &["log", "export", "@LOG", "--format", "pgn"],
    ),
    (
        "log dot",
        "--depth",
        &["log", "dot", "@LOG", "--depth", "1"],
        &["log", "dot", "@LOG", "--levels", "1"],
    ),
    (
        "log plot",
        "--colour",
        &[
            "log", "plot", "@LOG", "--chart", "icicle", "--colour", "source", "-o", "-",
        ],
        &[
            "log",
            "plot",
            "@LOG",
            "--chart",
            "icicle",
            "--color-by",
            "source",
            "-o",
            "-",
        ],
    ),
    (
        "log audit",
        "--technique",
        &[
            "log",
            "audit",
            "@SELECTIVE",
            "--technique",
            "nmp",
            "--limit",
            "3",
        ],
        &[
            "log",
            "audit",
            "@SELECTIVE",
            "--techniques",
            "nmp",
            "--limit",
            "3",
        ],
    ),
];

/// The old spellings of `tui`, which opens a terminal: each is accepted and read (a bad
/// value is refused naming it), where an unknown option would be refused as unknown.
const TUI_OLD_SPELLINGS: &[(&str, &str)] = &[
    ("--ordering", "--ordering"),
    ("--search", "--search"),
    ("--killers", "--killers"),
];

/// Commands whose lines hold measured times, which differ from run to run.
fn untimed(command: &str, stdout: &[u8]) -> String {
    let out = text(stdout);
    match command {
        "search" | "bench" => "(timed)".to_string() + &out.lines().count().to_string(),
        _ => out,
    }
}

/// The recorded searches the old spellings read: `@LOG` a plain one, `@SELECTIVE` one with
/// null-move pruning on.
fn logs() -> (String, String) {
    let dir = scratch("logs");
    let plain = dir.join("plain.kslog");
    ok(&["search", "-d", "3", "-o", path(&plain)]);
    let selective = dir.join("selective.kslog");
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    ok(&[
        "search",
        "--fen",
        fen,
        "-d",
        "4",
        "--config",
        "nmp=on",
        "-o",
        path(&selective),
    ]);
    (path(&plain).to_string(), path(&selective).to_string())
}

fn fill(args: &[&str], logs: &(String, String), out: &Path) -> Vec<String> {
    args.iter()
        .map(|a| match *a {
            "@LOG" => logs.0.clone(),
            "@SELECTIVE" => logs.1.clone(),
            "@OUT" => path(out).to_string(),
            other => other.to_string(),
        })
        .collect()
}

#[test]
fn every_old_spelling_does_what_its_new_spelling_does() {
    let logs = logs();
    let dir = scratch("outputs");
    for (k, (command, old, with_old, with_new)) in OLD_SPELLINGS.iter().enumerate() {
        let outputs = [dir.join(format!("{k}-old")), dir.join(format!("{k}-new"))];
        let runs: Vec<Output> = [with_old, with_new]
            .iter()
            .zip(&outputs)
            .map(|(args, out)| {
                let args = fill(args, &logs, out);
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                ok(&args)
            })
            .collect();
        assert_eq!(
            untimed(command, &runs[0].stdout),
            untimed(command, &runs[1].stdout),
            "{command} {old}: the old spelling printed something else"
        );
        let written: Vec<bool> = outputs.iter().map(|o| o.exists()).collect();
        assert_eq!(
            written[0], written[1],
            "{command} {old}: wrote a file with one spelling only"
        );
        if with_old.contains(&"@OUT") {
            assert!(written[0], "{command} {old}: wrote nothing");
        }
    }
    // Timed commands: the old and new spellings search the same tree.
    for (old, new) in [
        (
            &["search", "-d", "4", "--ordering", "killers=0", "--json"][..],
            &["search", "-d", "4", "--config", "killers=0", "--json"][..],
        ),
        (
            &["bench", "-d", "3", "--search", "lmr=on", "--json"][..],
            &["bench", "-d", "3", "--config", "lmr=on", "--json"][..],
        ),
    ] {
        let nodes = |args: &[&str]| {
            let doc: serde_json::Value =
                serde_json::from_slice(&ok(args).stdout).expect("one JSON document");
            doc.get("nodes")
                .or(doc.get("bench"))
                .cloned()
                .expect("a node count")
        };
        assert_eq!(
            nodes(old),
            nodes(new),
            "{old:?} and {new:?} searched different trees"
        );
    }
}

#[test]
fn tui_accepts_its_old_spellings() {
    for (old, named) in TUI_OLD_SPELLINGS {
        let o = run(&["tui", old, "killers=9"]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "tui {old}: {err}");
        assert!(
            !err.contains("unexpected argument"),
            "tui {old} is unknown: {err}"
        );
        assert!(err.contains(named), "tui {old}: {err}");
    }
}

#[test]
fn fen_takes_the_position_as_words_or_as_an_option() {
    let fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
    let words = ok(&[
        "fen",
        "8/8/8/4k3/8/8/4P3/4K3",
        "w",
        "-",
        "-",
        "0",
        "1",
        "--ascii",
    ]);
    let option = ok(&["fen", "--fen", fen, "--ascii"]);
    assert_eq!(text(&words.stdout), text(&option.stdout));
    let o = run(&["fen"]);
    assert_eq!(o.status.code(), Some(2), "fen with no position");
}

/// The old spellings docs/commands.md lists, as `command --option` (from each section's
/// "Old spellings" line).
fn documented_old_spellings(doc: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut command = String::new();
    for line in doc.lines() {
        if let Some(heading) = line.strip_prefix("### killerscope") {
            command = heading.trim().to_string();
        }
        if let Some(list) = line.strip_prefix("Old spellings, still accepted: ") {
            for item in list.split("; ") {
                let old = item.trim_start_matches('`');
                let old = old.split(['`', ' ']).next().unwrap_or_default();
                found.insert(format!("{command} {old}"));
            }
        }
    }
    found
}

#[test]
fn every_documented_old_spelling_is_tested() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/commands.md"))
        .expect("docs/commands.md");
    let documented = documented_old_spellings(&doc);
    let tested: BTreeSet<String> = OLD_SPELLINGS
        .iter()
        .map(|(command, old, ..)| format!("{command} {old}"))
        .chain(
            TUI_OLD_SPELLINGS
                .iter()
                .map(|(old, _)| format!("tui {old}")),
        )
        .collect();
    assert!(documented.len() >= 30, "too few found: {documented:?}");
    let untested: Vec<&String> = documented.difference(&tested).collect();
    assert!(
        untested.is_empty(),
        "old spellings with no test: {untested:?}"
    );
}

#[test]
fn docs_commands_md_is_what_the_program_generates() {
    let generated = ok(&["--generate", "commands-md"]).stdout;
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/commands.md");
    let written = std::fs::read(file).expect("docs/commands.md");
    assert!(
        generated == written,
        "docs/commands.md differs from the command line: run \
         `killerscope --generate commands-md > docs/commands.md`"
    );
}

#[test]
fn generate_writes_a_man_page_and_completion_scripts() {
    let man = text(&ok(&["--generate", "man"]).stdout);
    assert!(
        man.starts_with(".ie") || man.contains(".TH killerscope"),
        "{man}"
    );
    for (what, marker) in [
        ("complete-bash", "complete -F"),
        ("complete-zsh", "#compdef killerscope"),
        ("complete-fish", "complete -c killerscope"),
        ("complete-powershell", "Register-ArgumentCompleter"),
    ] {
        let script = text(&ok(&["--generate", what]).stdout);
        assert!(script.contains(marker), "{what}: no {marker:?}");
        for word in ["compare", "bench", "jobs", "config", "format"] {
            assert!(script.contains(word), "{what} does not complete {word}");
        }
    }
    for command in ["perft", "compare", "doctor", "uci-trace"] {
        let named = format!("killerscope-{command}(1)");
        assert!(
            man.replace("\\-", "-").contains(&named),
            "the man page does not name {named}"
        );
    }
    let o = run(&["--generate", "man", "search"]);
    assert_eq!(o.status.code(), Some(2), "--generate stands alone");
}

#[test]
fn help_is_short_at_the_top_and_complete_where_it_lists() {
    let top = text(&ok(&["--help"]).stdout);
    let commands = top
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty());
    for line in commands {
        assert!(line.chars().count() <= 100, "a long one-liner: {line}");
    }
    let log = text(&ok(&["log", "--help"]).stdout);
    for sub in [
        "stats", "export", "import", "dot", "query", "report", "why", "plot", "audit",
    ] {
        assert!(
            log.contains(&format!("\n  {sub} ")),
            "log --help omits {sub}"
        );
    }
    for word in ["JSON Lines", "speedscope", "PGN"] {
        assert!(log.contains(word), "log --help does not say {word}");
    }
    let uci = text(&ok(&["uci", "--help"]).stdout);
    let options = uci
        .lines()
        .filter(|l| {
            l.contains(" (spin")
                || l.contains(" (check")
                || l.contains(" (combo")
                || l.contains(" (button")
                || l.contains(" (string")
        })
        .count();
    assert!(options >= 15, "uci --help names {options} options:\n{uci}");
    ok(&["help", "--help"]);
}

/// The options a `--help` shows, one per line.
fn shown_options(command: &[&str]) -> String {
    let mut args = command.to_vec();
    args.push("--help");
    let help = text(&ok(&args).stdout);
    help.lines()
        .filter(|l| l.trim_start().starts_with('-'))
        .map(|l| format!("{l} \n"))
        .collect()
}

#[test]
fn no_concept_is_spelled_two_ways_in_any_help() {
    for (command, old, ..) in OLD_SPELLINGS {
        let words: Vec<&str> = command.split(' ').collect();
        let options = shown_options(&words);
        assert!(
            !options.contains(&format!("{old} ")),
            "{command} --help shows {old}:\n{options}"
        );
    }
    let commands: &[&[&str]] = &[
        &["perft"],
        &["fen"],
        &["tui"],
        &["search"],
        &["compare"],
        &["diff"],
        &["bench"],
        &["lesson"],
        &["uci-trace"],
        &["exercise"],
        &["doctor"],
        &["log", "stats"],
        &["log", "export"],
        &["log", "import"],
        &["log", "dot"],
        &["log", "query"],
        &["log", "report"],
        &["log", "why"],
        &["log", "plot"],
        &["log", "audit"],
    ];
    for command in commands {
        let options = shown_options(command);
        for old in [
            "--json ",
            "--csv ",
            "--ordering ",
            "--svg ",
            "--log-dir ",
            "--colour ",
        ] {
            assert!(
                !options.contains(old),
                "{command:?} --help shows {old}:\n{options}"
            );
        }
    }
}
