//! The layers keep pointing one way: the explorer's model (`src/explorer`) names no terminal
//! crate, only the terminal layer and the two commands that open the explorer (`cli/tui.rs`,
//! `cli/lesson.rs`) use `crate::tui`, and nothing below the explorer uses it or the explorer.
//! Read from the source text, so a new file is checked the day it is added.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in fs::read_dir(&at).expect("a source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The code of a file without its comments (doc comments may name the terminal, to say why
/// the file does not use it).
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("a readable source file");
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files below `dir` whose code mentions any of `names`.
fn naming(dir: &str, names: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    rust_files(&root)
        .into_iter()
        .filter(|path| {
            let code = code(path);
            names.iter().any(|name| code.contains(name))
        })
        .map(|path| path.display().to_string())
        .collect()
}

#[test]
fn the_explorer_model_knows_no_terminal() {
    let found = naming(
        "src/explorer",
        &["ratatui", "crossterm", "tui_tree_widget", "crate::tui"],
    );
    assert!(found.is_empty(), "the model uses the terminal in {found:?}");
}

#[test]
fn only_the_commands_that_open_the_explorer_use_the_terminal_layer() {
    let mut found = naming("src", &["crate::tui"]);
    found.retain(|path| {
        let path = path.replace('\\', "/");
        !path.contains("/src/tui/")
            && !path.ends_with("/src/cli/tui.rs")
            && !path.ends_with("/src/cli/lesson.rs")
    });
    assert!(found.is_empty(), "outside the terminal layer: {found:?}");
}

#[test]
fn the_engine_and_the_trace_know_nothing_above_them() {
    for dir in ["src/chess", "src/search", "src/trace"] {
        let found = naming(
            dir,
            &["crate::explorer", "crate::tui", "crate::cli", "crate::plot"],
        );
        assert!(found.is_empty(), "{dir} reaches up in {found:?}");
    }
    let found = naming("src/chess", &["crate::search", "crate::trace"]);
    assert!(found.is_empty(), "chess reaches up in {found:?}");
}
