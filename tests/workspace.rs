//! The workspace's crates are the layers, and the compiler keeps their direction (a crate can
//! name only the crates it depends on, and a dependency pointing up would close a cycle). What
//! the compiler does not keep is where the heavy external crates go: these tests read each
//! crate's manifest and hold the terminal crates to the terminal layer, the command-line parser
//! and the plotting crate to the binary, and the log format's crate — what an engine links to
//! record its own search — to a few small dependencies.

use std::fs;
use std::path::Path;

/// The crates of the workspace, bottom first.
const LAYERS: [&str; 8] = [
    "text", "chess", "log", "engine", "trace", "analysis", "explorer", "tui",
];

/// The names in the `[dependencies]` tables of a manifest (target-specific ones included).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line.ends_with("dependencies]") && !line.contains("dev-dependencies");
            continue;
        }
        if in_deps && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or("");
            names.push(name.to_string());
        }
    }
    names
}

fn manifest(dir: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join("Cargo.toml");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn layer_dependencies(layer: &str) -> Vec<String> {
    dependencies(&manifest(&format!("crates/{layer}")))
}

#[test]
fn every_layer_depends_only_on_layers_below_it() {
    for (at, layer) in LAYERS.iter().enumerate() {
        for dep in layer_dependencies(layer) {
            if let Some(name) = dep.strip_prefix("killerscope-") {
                let below = LAYERS[..at].contains(&name);
                assert!(below, "{layer} depends on {dep}, which is not below it");
            }
        }
    }
}

#[test]
fn only_the_terminal_crate_and_the_binary_use_a_terminal() {
    for layer in LAYERS {
        let deps = layer_dependencies(layer);
        for terminal in ["ratatui", "crossterm", "tui-tree-widget"] {
            let allowed = layer == "tui";
            let uses = deps.iter().any(|d| d == terminal);
            assert!(allowed || !uses, "{layer} uses {terminal}");
        }
    }
}

#[test]
fn only_the_binary_parses_a_command_line_or_draws_plots() {
    for layer in LAYERS {
        let deps = layer_dependencies(layer);
        for name in ["clap", "plotters", "indicatif"] {
            assert!(!deps.iter().any(|d| d == name), "{layer} uses {name}");
        }
    }
    let root = dependencies(&manifest("."));
    assert!(
        root.iter().any(|d| d == "clap"),
        "the binary parses its command line"
    );
}

#[test]
fn the_log_crate_stands_on_the_rules_and_at_most_three_external_crates() {
    let deps = layer_dependencies("log");
    let (internal, external): (Vec<&String>, Vec<&String>) =
        deps.iter().partition(|d| d.starts_with("killerscope-"));
    assert!(external.len() <= 3, "the log crate depends on {external:?}");
    assert_eq!(internal, ["killerscope-text", "killerscope-chess"]);
}

/// Every file of `tests/` runs: the integration tests are one crate (`autotests = false`), so a
/// new file that `tests/suite.rs` does not declare, and that is not a `[[test]]` of its own in
/// the manifest, would never be compiled — its tests silently lost.
#[test]
fn every_test_file_is_a_module_of_the_suite_or_a_test_of_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let suite = fs::read_to_string(root.join("tests/suite.rs")).expect("tests/suite.rs");
    let cargo = manifest(".");
    let mut lost = Vec::new();
    for entry in fs::read_dir(root.join("tests")).expect("tests/") {
        let path = entry.expect("a directory entry").path();
        let (Some(stem), Some("rs")) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.extension().and_then(|e| e.to_str()),
        ) else {
            continue;
        };
        let declared = suite.lines().any(|l| l.trim() == format!("mod {stem};"));
        let own_test = cargo.contains(&format!("path = \"tests/{stem}.rs\""));
        if !declared && !own_test {
            lost.push(stem.to_string());
        }
    }
    assert!(
        lost.is_empty(),
        "tests/ files that no test target compiles (add `mod NAME;` to tests/suite.rs): {lost:?}"
    );
}
